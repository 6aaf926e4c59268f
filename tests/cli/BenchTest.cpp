// spectrascope-bench end to end: its JSON record (the fields the GPU comparison scripts read), the
// accuracy it reports, its refusals of bad arguments, and "auto" on a machine without OpenCL.

#include "CliProcess.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;

CliResult runBench(const QStringList& arguments,
                   const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
  return runProgram(QStringLiteral(SPECTRASCOPE_BENCH), arguments, environment);
}

std::vector<QJsonObject> jsonLines(const std::string& text)
{
  std::vector<QJsonObject> records;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line.front() == '{')
      records.push_back(QJsonDocument::fromJson(QByteArray::fromStdString(line)).object());
  return records;
}

TEST(Bench, JsonRecordsCarryTheComparisonFields)
{
  const CliResult run = runBench({"--backend", "fftw", "--sizes", "64,16x8,4x4x4", "--elements", "4096",
                                  "--reps", "1", "--calls", "1", "--json"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const std::vector<QJsonObject> records = jsonLines(run.out);
  ASSERT_EQ(records.size(), 3u) << run.out;
  for (const char* field : {"lib", "backend", "device", "kind", "nx", "ny", "nz", "batch", "ms", "gflops",
                            "gbps", "copy_fraction", "rel_err", "kernels"})
    EXPECT_TRUE(records[0].contains(QString::fromLatin1(field))) << field;
  EXPECT_EQ(records[0]["lib"].toString(), QStringLiteral("spectrascope"));
  EXPECT_EQ(records[0]["backend"].toString(), QStringLiteral("fftw"));
  EXPECT_EQ(records[0]["batch"].toInt(), 64);
  EXPECT_EQ(records[1]["ny"].toInt(), 8);
  EXPECT_EQ(records[2]["nz"].toInt(), 4);
  for (const QJsonObject& r : records) {
    EXPECT_GT(r["ms"].toDouble(), 0.0);
    EXPECT_LT(r["rel_err"].toDouble(), 1e-6); // against FFTW in double precision
  }
}

TEST(Bench, BadArgumentsAreUsageErrors)
{
  const CliResult size = runBench({"--sizes", "abc"});
  EXPECT_EQ(size.exitCode, 2);
  EXPECT_THAT(size.err, HasSubstr("bad size 'abc'"));
  const CliResult zero = runBench({"--sizes", "1024x0"});
  EXPECT_EQ(zero.exitCode, 2);
  const CliResult backend = runBench({"--backend", "quantum", "--sizes", "64"});
  EXPECT_EQ(backend.exitCode, 2);
  EXPECT_THAT(backend.err, HasSubstr("unknown backend 'quantum'"));
  const CliResult suite = runBench({"--suite", "everything"});
  EXPECT_EQ(suite.exitCode, 2);
  const CliResult reps = runBench({"--reps", "0"});
  EXPECT_EQ(reps.exitCode, 2);
  const CliResult option = runBench({"--fast"});
  EXPECT_EQ(option.exitCode, 2);
  EXPECT_THAT(option.err, HasSubstr("unknown option '--fast'"));
}

TEST(Bench, AutoWithoutOpenClMeasuresFftwAndSaysWhy)
{
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(EMPTY_ICD_VENDORS));
  const CliResult run = runBench(
      {"--sizes", "256", "--elements", "1024", "--reps", "1", "--calls", "1", "--json"}, environment);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.err, HasSubstr("using FFTW"));
  const std::vector<QJsonObject> records = jsonLines(run.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0]["backend"].toString(), QStringLiteral("fftw"));
  // A backend named explicitly does not fall back: the measurement would not be what was asked for.
  const CliResult named = runBench({"--backend", "opencl", "--sizes", "256"}, environment);
  EXPECT_EQ(named.exitCode, 1);
}

} // namespace
} // namespace spectrascope::test
