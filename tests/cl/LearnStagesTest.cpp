// Every step-by-step algorithm of the Learn tab on a real OpenCL device (PoCL in CI): each stage the
// kernels return must equal the double-precision CPU reference of the same stage, the output must equal
// FFTW in double precision, and register exchange must hold each value where the diagram says. Every
// launch and transfer is timed for the Timings panel, and the 2D row/column passes equal FFTW's 2D DFT.
// The accuracy page's measurement on the device stays within the reference libraries' figures.

#include "OpenClTestDevice.h"
#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"
#include "spectrascope/engine/TransformDescriptor.h"
#include "spectrascope/engine/learn/Accuracy.h"
#include "spectrascope/engine/learn/Signals.h"
#include "spectrascope/engine/learn/StepRunner.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

using namespace spectrascope;
using namespace spectrascope::learn;

namespace {

// Float32 stages against double: about 1e-7 per stage; a wrong index or twiddle is off by O(1).
constexpr double kStageTolerance = 1e-5;

struct StepsCase
{
  Algorithm algorithm;
  std::size_t n;
  std::size_t workItems; // register exchange only
  std::string signal;
};

void PrintTo(const StepsCase& c, std::ostream* os)
{
  *os << algorithmName(c.algorithm) << " N=" << c.n << " T=" << c.workItems << " " << c.signal;
}

std::string caseName(const testing::TestParamInfo<StepsCase>& info)
{
  std::string name = std::string(algorithmName(info.param.algorithm)) + "_n" + std::to_string(info.param.n);
  if (info.param.workItems) name += "_t" + std::to_string(info.param.workItems);
  name += "_" + info.param.signal;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

std::vector<StepsCase> cases()
{
  std::vector<StepsCase> c;
  const std::vector<std::string> signals{"impulse", "step", "sine:3", "random:7"};
  for (Algorithm a : {Algorithm::Radix2Dit, Algorithm::Radix2Dif, Algorithm::Stockham, Algorithm::Radix4})
    for (std::size_t n : {2u, 4u, 8u, 32u, 128u, 4096u})
      for (const std::string& s : signals)
        if (n >= 32 || s == "random:7" || s == "impulse") c.push_back({a, n, 0, s});
  // Register exchange: Bainville's R = 2, larger R, a last group with fewer stages than log2 R
  // (N = 128, R = 8: groups of 3, 3, 1), one work-item holding everything, and the largest N.
  const std::pair<std::size_t, std::size_t> shapes[] = {{2, 1},  {8, 4},    {8, 2},    {8, 1},     {32, 16},
                                                        {64, 8}, {128, 16}, {256, 64}, {4096, 256}};
  for (auto [n, t] : shapes)
    for (const std::string& s : {std::string("random:7"), std::string("sine:3")})
      c.push_back({Algorithm::RegisterExchange, n, t, s});
  return c;
}

StepRunner* deviceRunner()
{
  static std::unique_ptr<StepRunner> runner;
  if (!runner) {
    const auto device = test::preferredOpenClDevice();
    if (!device) return nullptr;
    runner = std::make_unique<StepRunner>("opencl:" + std::to_string(*device));
  }
  return runner.get();
}

std::vector<Complex> signal(const std::string& spec, std::size_t n)
{
  return generateSignal(*parseSignalSpec(spec), n);
}

class LearnStages : public testing::TestWithParam<StepsCase>
{
protected:
  void SetUp() override
  {
    runner_ = deviceRunner();
    if (!runner_) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  }
  StepRunner* runner_ = nullptr;
};

TEST_P(LearnStages, EveryStageEqualsTheCpuReference)
{
  const StepsCase& c = GetParam();
  const Schedule schedule = makeSchedule(c.algorithm, c.n, c.workItems);
  const StepsResult r = runner_->run(schedule, signal(c.signal, c.n));
  ASSERT_TRUE(runner_->usesOpenCl());
  ASSERT_EQ(r.stages.size(), schedule.lastStage() + 1);
  for (std::size_t s = 0; s < r.stages.size(); ++s)
    EXPECT_LE(relativeError(r.stages[s], r.reference[s]), kStageTolerance) << "stage " << s;
}

TEST_P(LearnStages, OutputEqualsFftwInDouble)
{
  const StepsCase& c = GetParam();
  const std::vector<Complex> input = signal(c.signal, c.n);
  const StepsResult r = runner_->run(makeSchedule(c.algorithm, c.n, c.workItems), input);
  // FFTW gets exactly the float values the device got.
  std::vector<float> floats;
  for (const Complex& v : input)
    floats.insert(floats.end(), {float(v.real()), float(v.imag())});
  const std::vector<double> fftw = reference::transform(TransformDescriptor::complex1d(c.n, 1), floats);
  std::vector<Complex> expected(c.n);
  for (std::size_t k = 0; k < c.n; ++k)
    expected[k] = {fftw[2 * k], fftw[2 * k + 1]};
  EXPECT_LE(relativeError(r.output, expected), kStageTolerance);
}

TEST_P(LearnStages, StopAfterStageReturnsOnlyThoseStages)
{
  const StepsCase& c = GetParam();
  const Schedule schedule = makeSchedule(c.algorithm, c.n, c.workItems);
  const int stop = int(schedule.lastStage() / 2);
  const StepsResult r = runner_->run(schedule, signal(c.signal, c.n), stop);
  ASSERT_EQ(r.stages.size(), std::size_t(stop) + 1);
  EXPECT_LE(relativeError(r.stages.back(), r.reference[stop]), kStageTolerance);
  EXPECT_TRUE(r.output.empty()) << "no output before the last stage";
}

INSTANTIATE_TEST_SUITE_P(Algorithms, LearnStages, testing::ValuesIn(cases()), caseName);

TEST(LearnStagesDevice, RegisterExchangeReportsTheHoldersOfTheDiagram)
{
  StepRunner* runner = deviceRunner();
  if (!runner) GTEST_SKIP() << "no OpenCL device";
  const Schedule schedule = makeSchedule(Algorithm::RegisterExchange, 64, 8);
  const StepsResult r = runner->run(schedule, signal("random:3", 64));
  ASSERT_EQ(r.reportedHolders.size(), schedule.stages.size());
  for (std::size_t s = 0; s < schedule.stages.size(); ++s)
    EXPECT_EQ(r.reportedHolders[s], schedule.stages[s].holders);
  for (std::size_t s = 0; s < schedule.stages.size(); ++s)
    EXPECT_TRUE(r.stageMatches(s)) << s;
}

// The comparison can fail: neighbouring stages of a random input differ far beyond the tolerance, so a
// kernel that skipped or repeated a stage would be caught.
TEST(LearnStagesDevice, NeighbouringStagesDiffer)
{
  StepRunner* runner = deviceRunner();
  if (!runner) GTEST_SKIP() << "no OpenCL device";
  for (Algorithm a : allAlgorithms()) {
    const StepsResult r = runner->run(makeSchedule(a, 64), signal("random:5", 64));
    for (std::size_t s = 1; s < r.stages.size(); ++s)
      EXPECT_GT(relativeError(r.stages[s], r.reference[s - 1]), 100 * kStageTolerance)
          << algorithmName(a) << s;
  }
}

TEST(LearnStagesDevice, TooManyWorkItemsForTheDeviceIsAClearError)
{
  StepRunner* runner = deviceRunner();
  if (!runner) GTEST_SKIP() << "no OpenCL device";
  // 2048 work-items of 2 values: PoCL and most GPUs run at most 1024 or 4096 per group; either answer is fine
  // as long as a refusal is an EngineError, never a crash.
  try {
    const StepsResult r =
        runner->run(makeSchedule(Algorithm::RegisterExchange, 4096, 2048), signal("impulse", 4096));
    EXPECT_TRUE(r.stageMatches(r.stages.size() - 1));
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("work-items"), std::string::npos) << e.what();
  }
}

// The Timings panel gets one record per launch and per transfer, with device timestamps.
TEST(LearnStagesDevice, EveryLaunchAndTransferIsTimed)
{
  StepRunner* runner = deviceRunner();
  if (!runner) GTEST_SKIP() << "no OpenCL device";
  const Schedule schedule = makeSchedule(Algorithm::Radix2Dit, 16);
  const StepsResult r = runner->run(schedule, signal("random:3", 16));
  std::size_t kernels = 0, uploads = 0, downloads = 0;
  for (const KernelRecord& record : r.report.records) {
    kernels += record.type == KernelRecord::Type::Kernel;
    uploads += record.type == KernelRecord::Type::Upload;
    downloads += record.type == KernelRecord::Type::Download;
    EXPECT_GE(record.endNs, record.startNs) << record.name;
    EXPECT_GT(record.endNs, 0u) << record.name;
  }
  EXPECT_EQ(uploads, 1u);
  EXPECT_EQ(kernels, schedule.lastStage() + 1); // bit reversal, then one launch per stage
  EXPECT_EQ(downloads, schedule.lastStage() + 1);
  EXPECT_EQ(r.report.records[1].name, "book_bit_reverse"); // the gallery's book kernels themselves
  EXPECT_FALSE(r.report.device.empty());
}

// A random image, so every bin matters; 64 x 32 so rows and columns differ in length.
std::vector<float> randomImage(std::size_t width, std::size_t height)
{
  std::vector<float> pixels = reference::randomSignal(width * height, 11);
  for (float& p : pixels)
    p += 0.5f; // luminance is never negative
  return pixels;
}

void expectPassesEqualFftw(StepRunner& runner)
{
  const RowColumnPasses r = runner.runRowColumn(randomImage(64, 32), 64, 32);
  ASSERT_EQ(r.afterColumns.size(), 64u * 32u);
  EXPECT_TRUE(r.rowsMatch()) << r.rowError;
  EXPECT_TRUE(r.columnsMatch()) << r.fullError;
  // Can fail: the row pass alone is far from the 2D transform.
  bool rowsDifferFromColumns = false;
  for (std::size_t i = 0; i < r.afterRows.size(); ++i)
    rowsDifferFromColumns |= std::abs(r.afterRows[i] - r.afterColumns[i]) > 1e-3f;
  EXPECT_TRUE(rowsDifferFromColumns);
  ASSERT_FALSE(r.report.records.empty());
  EXPECT_EQ(r.report.records.front().name.rfind("rows: ", 0), 0u) << r.report.records.front().name;
  EXPECT_EQ(r.report.records.back().name.rfind("columns: ", 0), 0u) << r.report.records.back().name;
}

TEST(LearnRowColumn, PassesOnTheDeviceEqualTheFull2dTransform)
{
  StepRunner* runner = deviceRunner();
  if (!runner) GTEST_SKIP() << "no OpenCL device";
  expectPassesEqualFftw(*runner);
}

TEST(LearnRowColumn, PassesOnTheCpuEqualTheFull2dTransform)
{
  StepRunner runner("fftw");
  expectPassesEqualFftw(runner);
}

// Vertical stripes (every row alike): after the row pass all rows hold the same spectrum, so the column
// pass leaves energy only in row v = 0. Transforming columns first would not.
TEST(LearnRowColumn, StripesEndUpInTheFirstRowOnly)
{
  StepRunner runner("fftw");
  std::vector<float> stripes(32 * 16);
  for (std::size_t y = 0; y < 16; ++y)
    for (std::size_t x = 0; x < 32; ++x)
      stripes[y * 32 + x] = x % 4 < 2 ? 1.0f : 0.0f;
  const RowColumnPasses r = runner.runRowColumn(stripes, 32, 16);
  for (std::size_t x = 0; x < 32; ++x)
    EXPECT_NEAR(std::abs(r.afterRows[5 * 32 + x]), std::abs(r.afterRows[x]), 1e-4) << x;
  double firstRow = 0, rest = 0;
  for (std::size_t i = 0; i < r.afterColumns.size(); ++i)
    (i < 32 ? firstRow : rest) += std::abs(r.afterColumns[i]);
  EXPECT_GT(firstRow, 10.0);
  EXPECT_LT(rest, 1e-3);
}

TEST(LearnRowColumn, WrongPixelCountIsAClearError)
{
  StepRunner runner("fftw");
  EXPECT_THROW(runner.runRowColumn(std::vector<float>(10), 4, 4), EngineError);
}

} // namespace

// The accuracy page on this device: every transform the app runs stays as exact as the reference
// libraries on the GPU, never above cuFFT's largest figure (3.1e-7). Prints the figures the page shows.
TEST(LearnAccuracyOnDevice, AsExactAsTheReferenceLibraries)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device";
  Engine engine(createBackend("opencl:" + std::to_string(*device)));
  for (const auto& c : appTransforms()) {
    const AccuracyMeasurement m = measureAccuracy(engine, c, 20261121);
    std::printf("%-28s %-10s %.2e\n", c.label.c_str(), m.backend.c_str(), m.relativeError);
    EXPECT_LT(m.relativeError, peerAccuracy("cuFFT").back().relativeError) << c.label;
    EXPECT_GT(m.relativeError, 1e-9) << c.label;
    EXPECT_TRUE(m.fallbackReason.empty()) << c.label << ": " << m.fallbackReason;
  }
}
