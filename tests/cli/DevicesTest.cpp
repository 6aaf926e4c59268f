// `spectrascope-cli devices` lists what the engine finds, in text and JSON, and names the default backend.

#include "CliProcess.h"
#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/DeviceInfo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;

TEST(Devices, ListsEveryOpenClDeviceWithItsIndex)
{
  const DeviceEnumeration expected = enumerateOpenClDevices();
  if (expected.devices.empty()) GTEST_SKIP() << "no OpenCL device on this machine: " << expected.problem;
  const CliResult run = runCli({"devices"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  for (const OpenClDeviceInfo& d : expected.devices) {
    EXPECT_THAT(run.out, HasSubstr("opencl:" + std::to_string(d.index) + "  " + d.name));
    EXPECT_THAT(run.out, HasSubstr(d.platform));
    EXPECT_THAT(run.out, HasSubstr(d.driverVersion));
  }
}

TEST(Devices, ListsThePoclDeviceWhenThereIsOne)
{
  const DeviceEnumeration all = enumerateOpenClDevices();
  const auto pocl = std::find_if(all.devices.begin(), all.devices.end(), [](const OpenClDeviceInfo& d) {
    return d.platform.find("Portable Computing Language") != std::string::npos;
  });
  if (pocl == all.devices.end()) GTEST_SKIP() << "no PoCL device on this machine";
  const CliResult run = runCli({"devices"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("Portable Computing Language"));
  EXPECT_THAT(run.out, HasSubstr(pocl->name));
}

TEST(Devices, NamesTheDefaultBackendAsTheEngineResolvesIt)
{
  const SelectedBackend selected = selectBackend();
  const CliResult run = runCli({"devices"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("Default backend: " + selected.backend->name()));
  if (!selected.fallbackReason.empty())
    EXPECT_THAT(run.out, HasSubstr("fallback: " + selected.fallbackReason));
}

TEST(Devices, JsonHasTheSameDevices)
{
  const DeviceEnumeration expected = enumerateOpenClDevices();
  const CliResult run = runCli({"devices", "--json"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  QJsonParseError error;
  const QJsonDocument json = QJsonDocument::fromJson(QByteArray::fromStdString(run.out), &error);
  ASSERT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
  const QJsonArray devices = json.object().value("openclDevices").toArray();
  ASSERT_EQ(std::size_t(devices.size()), expected.devices.size());
  for (std::size_t i = 0; i < expected.devices.size(); ++i)
    EXPECT_EQ(devices[qsizetype(i)].toObject().value("name").toString().toStdString(),
              expected.devices[i].name);
  EXPECT_FALSE(json.object().value("default").toObject().value("backend").toString().isEmpty());
}

TEST(Devices, RefusesArguments)
{
  const CliResult run = runCli({"devices", "extra"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_THAT(run.err, HasSubstr("spectrascope-cli: devices takes no arguments"));
}

} // namespace
} // namespace spectrascope::test
