#include "DevicesCommand.h"

#include "ByteCount.h"
#include "CliError.h"
#include "spectrascope/engine/Backend.h"
#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/DeviceInfo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <iostream>

namespace spectrascope::cli {
namespace {

// Everything `devices` reports, gathered once and then rendered as text or JSON.
struct Inventory
{
  DeviceEnumeration opencl;
  std::vector<BackendChoice> backends;
  std::string requested;      // what "auto"/SPECTRASCOPE_BACKEND asks for
  std::string defaultBackend; // what that resolves to
  std::string defaultDevice;
  std::string fallbackReason;
};

Inventory takeInventory()
{
  Inventory inventory;
  inventory.opencl = enumerateOpenClDevices();
  inventory.backends = availableBackends();
  // The same call the GUI and `fft` make, so the answer cannot drift from what they will do.
  const SelectedBackend selected = selectBackend();
  inventory.requested = selected.requested;
  inventory.defaultBackend = selected.backend->name();
  inventory.defaultDevice = selected.backend->deviceName();
  inventory.fallbackReason = selected.fallbackReason;
  return inventory;
}

void printDevice(const OpenClDeviceInfo& d)
{
  std::cout << "  opencl:" << d.index << "  " << d.name << "\n"
            << "    platform:        " << d.platform << " (" << d.platformVendor << ", " << d.platformVersion
            << ")\n"
            << "    type:            " << d.type << "\n"
            << "    compute units:   " << d.computeUnits << "\n"
            << "    global memory:   " << formatBytes(d.globalMemBytes) << "\n"
            << "    local memory:    " << formatBytes(d.localMemBytes) << "\n"
            << "    max allocation:  " << formatBytes(d.maxAllocBytes) << "\n"
            << "    max work-group:  " << d.maxWorkGroupSize << "\n"
            << "    driver version:  " << d.driverVersion << "\n"
            << "    OpenCL version:  " << d.openclVersion << "\n";
}

void printText(const Inventory& inventory)
{
  std::cout << "OpenCL devices:\n";
  for (const OpenClDeviceInfo& d : inventory.opencl.devices)
    printDevice(d);
  if (inventory.opencl.devices.empty()) std::cout << "  none\n";
  if (!inventory.opencl.problem.empty()) std::cout << "  problem: " << inventory.opencl.problem << "\n";

  std::cout << "\nBackends (for --backend):\n";
  std::size_t width = 0;
  for (const BackendChoice& b : inventory.backends)
    width = std::max(width, b.name.size());
  for (const BackendChoice& b : inventory.backends)
    std::cout << "  " << b.name << std::string(width + 2 - b.name.size(), ' ') << b.description << "\n";

  std::cout << "\nDefault backend: " << inventory.defaultBackend << " — " << inventory.defaultDevice
            << "\n  requested: " << inventory.requested
            << (qEnvironmentVariableIsEmpty("SPECTRASCOPE_BACKEND") ? "\n"
                                                                    : " (from SPECTRASCOPE_BACKEND)\n");
  if (!inventory.fallbackReason.empty()) std::cout << "  fallback: " << inventory.fallbackReason << "\n";
}

QString q(const std::string& s)
{
  return QString::fromStdString(s);
}

QJsonObject deviceJson(const OpenClDeviceInfo& d)
{
  return QJsonObject{{"index", d.index},
                     {"backend", q("opencl:" + std::to_string(d.index))},
                     {"platform", q(d.platform)},
                     {"platformVendor", q(d.platformVendor)},
                     {"platformVersion", q(d.platformVersion)},
                     {"name", q(d.name)},
                     {"vendor", q(d.vendor)},
                     {"type", q(d.type)},
                     {"computeUnits", qint64(d.computeUnits)},
                     {"globalMemBytes", qint64(d.globalMemBytes)},
                     {"localMemBytes", qint64(d.localMemBytes)},
                     {"maxAllocBytes", qint64(d.maxAllocBytes)},
                     {"maxWorkGroupSize", qint64(d.maxWorkGroupSize)},
                     {"driverVersion", q(d.driverVersion)},
                     {"openclVersion", q(d.openclVersion)}};
}

void printJson(const Inventory& inventory)
{
  QJsonArray devices;
  for (const OpenClDeviceInfo& d : inventory.opencl.devices)
    devices.append(deviceJson(d));
  QJsonArray backends;
  for (const BackendChoice& b : inventory.backends)
    backends.append(QJsonObject{{"name", q(b.name)}, {"description", q(b.description)}});
  const QJsonObject defaults{{"requested", q(inventory.requested)},
                             {"backend", q(inventory.defaultBackend)},
                             {"device", q(inventory.defaultDevice)},
                             {"fallbackReason", q(inventory.fallbackReason)}};
  const QJsonObject root{{"openclDevices", devices},
                         {"openclProblem", q(inventory.opencl.problem)},
                         {"backends", backends},
                         {"default", defaults}};
  std::cout << QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

} // namespace

QString DevicesCommand::summary() const
{
  return QStringLiteral("List OpenCL devices and backends, and which backend is the default.");
}

int DevicesCommand::run(const QStringList& arguments)
{
  QCommandLineParser parser;
  parser.setApplicationDescription(summary());
  const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
  parser.addOption(json);
  if (auto done = parse(parser, arguments, {})) return *done;
  if (!parser.positionalArguments().isEmpty())
    throw usageError("devices takes no arguments, got '" +
                     parser.positionalArguments().first().toStdString() + "'");

  const Inventory inventory = takeInventory();
  if (parser.isSet(json))
    printJson(inventory);
  else
    printText(inventory);
  return Success;
}

} // namespace spectrascope::cli
