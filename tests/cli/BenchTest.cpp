// spectrascope-bench end to end: its JSON record (the fields the GPU comparison scripts read), the
// accuracy it reports, its refusals of bad arguments, "auto" on a machine without OpenCL, and planning
// with measurement under a time limit (--measure-plans).

#include "CliProcess.h"
#include "spectrascope/engine/DeviceInfo.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
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

std::optional<QJsonObject> planRecord(const std::string& text)
{
  for (const QJsonObject& r : jsonLines(text))
    if (r.contains(QStringLiteral("plan"))) return r;
  return std::nullopt;
}

// A zero limit times the heuristic shape alone and says the limit cut the search short; the next run
// plans from what the first stored, without a search. Counts and flags only: speed is never asserted.
TEST(Bench, MeasurePlansSearchesOnceWithinTheLimit)
{
  if (enumerateOpenClDevices().devices.empty()) GTEST_SKIP() << "no OpenCL device";
  QTemporaryDir cache;
  ASSERT_TRUE(cache.isValid());
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("SPECTRASCOPE_CACHE_DIR"), cache.path());
  const QStringList arguments = {"--backend",        "opencl", "--sizes", "256", "--elements", "4096",
                                 "--reps",           "1",      "--calls", "1",   "--no-check", "--json",
                                 "--measure-plans=0"};
  const CliResult first = runBench(arguments, environment);
  ASSERT_EQ(first.exitCode, 0) << first.err;
  const std::optional<QJsonObject> searched = planRecord(first.out);
  ASSERT_TRUE(searched) << first.out;
  EXPECT_TRUE((*searched)["searched"].toBool());
  EXPECT_EQ((*searched)["measured"].toInt(), 1);
  EXPECT_TRUE((*searched)["budget_exhausted"].toBool());
  EXPECT_GT((*searched)["search_ms"].toDouble(), 0.0);
  EXPECT_EQ(
      (*searched)["shape"].toString(),
      QStringLiteral("radix=0 group=0 strided=0 lines=0 pass=0 local=0 first=0 conv=0 balanced=0 rader=0"));

  const CliResult second = runBench(arguments, environment);
  ASSERT_EQ(second.exitCode, 0) << second.err;
  const std::optional<QJsonObject> stored = planRecord(second.out);
  ASSERT_TRUE(stored) << second.out;
  EXPECT_FALSE((*stored)["searched"].toBool());
  EXPECT_FALSE(stored->contains(QStringLiteral("measured")));
}

TEST(Bench, MeasurePlansArgumentsAreChecked)
{
  const CliResult word = runBench({"--measure-plans=soon"});
  EXPECT_EQ(word.exitCode, 2);
  EXPECT_THAT(word.err, HasSubstr("--measure-plans needs a whole number from 0 to"));
  const CliResult both = runBench({"--no-tuning", "--measure-plans"});
  EXPECT_EQ(both.exitCode, 2);
  EXPECT_THAT(both.err, HasSubstr("--measure-plans and --no-tuning contradict"));
  const CliResult help = runBench({"--help"});
  EXPECT_THAT(help.out, HasSubstr("--measure-plans[=MS]"));
}

} // namespace
} // namespace spectrascope::test
