// Per-device tuning on a real OpenCL device (PoCL in CI): the search stores its choice, a fresh backend
// plans from the stored shape without searching, a budget bounds Measure-mode planning (counted in
// candidates, never in wall time), Cached mode never searches, and every shape the search can pick
// computes the right transform (each knob value against FFTW double and the property checks).

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "PlanTuner.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/Plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <random>
#include <set>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 1e-6;

std::filesystem::path freshDirectory()
{
  static std::mt19937_64 random(std::random_device{}());
  return std::filesystem::temp_directory_path() / ("spectrascope-tune-" + std::to_string(random()));
}

std::unique_ptr<OpenClBackend>
backendIn(const std::filesystem::path& dir, OpenClOptions::Tuning tuning = OpenClOptions::Tuning::Cached,
          std::chrono::milliseconds measureBudget = OpenClOptions{}.measureBudget)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) return nullptr;
  OpenClOptions options;
  options.cacheDirectory = dir;
  options.tuning = tuning;
  options.measureBudget = measureBudget;
  return std::make_unique<OpenClBackend>(*device, options);
}

std::string fileText(const std::filesystem::path& file)
{
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A transform whose knobs give many distinct schedules: an unbounded search times several (see
// SearchStoresAShapeThatAFreshBackendUses), so a budget has something to cut.
TransformDescriptor manySchedules()
{
  return TransformDescriptor::complex1d(256, 64);
}

PlanShape shapeWith(std::size_t PlanShape::*knob, std::size_t value)
{
  PlanShape s;
  s.*knob = value;
  return s;
}

void expectCorrect(const Plan& plan, std::uint64_t seed)
{
  EXPECT_LE(test::errorAgainstReference(plan, seed), kTolerance) << plan.descriptor().toString();
  if (plan.descriptor().kind != TransformKind::ComplexToComplex) return; // the property checks are complex
  EXPECT_LE(test::impulseError(plan, seed), kTolerance) << plan.descriptor().toString();
  EXPECT_LE(test::timeShiftError(plan, seed), kTolerance) << plan.descriptor().toString();
}

// Heuristic plans (no tuning file) whose launches are at most `maxPassLength` long.
OpenClOptions splitOptions(std::size_t maxPassLength)
{
  OpenClOptions options;
  options.cacheDirectory = freshDirectory();
  options.tuning = OpenClOptions::Tuning::Heuristic;
  options.maxPassLength = maxPassLength;
  return options;
}

std::string firstKernelName(const Plan& plan)
{
  const std::vector<float> input(plan.descriptor().inputFloats(), 0.0f);
  std::vector<float> output(plan.descriptor().outputFloats());
  ExecutionReport report;
  plan.execute(input, output, &report);
  for (const KernelRecord& r : report.records)
    if (r.type == KernelRecord::Type::Kernel) return r.name;
  return {};
}

} // namespace

TEST(Tuning, SearchStoresAShapeThatAFreshBackendUses)
{
  const auto dir = freshDirectory();
  auto backend = backendIn(dir);
  if (!backend) GTEST_SKIP() << "no OpenCL device";
  const TransformDescriptor d = TransformDescriptor::complex1d(256, 64);
  ASSERT_FALSE(backend->tuningCache().find(d));

  const TuningOutcome outcome = backend->tune(d);
  EXPECT_FALSE(outcome.budgetExhausted);
  EXPECT_FALSE(backend->tuningCache().isPartial(d));
  EXPECT_GT(outcome.searchMs, 0);
  EXPECT_GE(outcome.candidatesMeasured, 2); // the heuristic shape and at least one other
  EXPECT_GT(outcome.candidatesSkipped, 0);  // knob values that change nothing at this size are not timed
  EXPECT_GT(outcome.heuristicMs, 0);
  EXPECT_LE(outcome.chosenMs, outcome.heuristicMs);
  ASSERT_TRUE(backend->tuningCache().find(d));
  EXPECT_EQ(*backend->tuningCache().find(d), outcome.chosen);

  auto fresh = backendIn(dir);
  ASSERT_TRUE(fresh->tuningCache().find(d));
  EXPECT_EQ(*fresh->tuningCache().find(d), outcome.chosen);
  expectCorrect(*fresh->createPlan(d), 11);
  std::filesystem::remove_all(dir);
}

TEST(Tuning, MeasureModeTunesOnFirstPlanOnly)
{
  const auto dir = freshDirectory();
  auto backend = backendIn(dir, OpenClOptions::Tuning::Measure);
  if (!backend) GTEST_SKIP() << "no OpenCL device";
  TransformDescriptor d = TransformDescriptor::complex2d(32, 16, 2);
  d.placement = Placement::InPlace;
  EXPECT_EQ(backend->tuningCache().size(), 0u);
  expectCorrect(*backend->createPlan(d), 12);
  EXPECT_EQ(backend->tuningCache().size(), 1u);
  backend->createPlan(d); // found in the cache: no second search, no second entry
  EXPECT_EQ(backend->tuningCache().size(), 1u);
  std::filesystem::remove_all(dir);
}

// A budget far below one candidate's cost: the heuristic shape is timed (it is the fallback), and the
// check before each further candidate stops the search at once; one candidate may already be under way
// when the budget runs out, never two.
TEST(Tuning, TinyBudgetTimesTheHeuristicAndAtMostOneMore)
{
  const auto dir = freshDirectory();
  auto backend = backendIn(dir, OpenClOptions::Tuning::Measure, std::chrono::milliseconds(1));
  if (!backend) GTEST_SKIP() << "no OpenCL device";
  const TransformDescriptor d = manySchedules();
  const std::unique_ptr<Plan> plan = backend->createPlan(d);
  const std::optional<TuningOutcome> search = backend->lastPlanSearch();
  ASSERT_TRUE(search);
  EXPECT_TRUE(search->budgetExhausted);
  EXPECT_GE(search->candidatesMeasured, 1);
  EXPECT_LE(search->candidatesMeasured, 2);
  EXPECT_GT(search->heuristicMs, 0);
  EXPECT_GT(search->searchMs, 0);
  ASSERT_TRUE(backend->tuningCache().find(d));
  EXPECT_EQ(*backend->tuningCache().find(d), search->chosen);
  EXPECT_TRUE(backend->tuningCache().isPartial(d));
  expectCorrect(*plan, 14);
  std::filesystem::remove_all(dir);
}

TEST(Tuning, ZeroBudgetTimesOnlyTheHeuristicShape)
{
  const auto dir = freshDirectory();
  auto backend = backendIn(dir, OpenClOptions::Tuning::Heuristic);
  if (!backend) GTEST_SKIP() << "no OpenCL device";
  const TransformDescriptor d = manySchedules();
  const TuningOutcome outcome = backend->tune(d, SearchBudget::zero());
  EXPECT_EQ(outcome.candidatesMeasured, 1);
  EXPECT_TRUE(outcome.budgetExhausted);
  EXPECT_TRUE(outcome.chosen.isDefault());
  EXPECT_GT(outcome.heuristicMs, 0);
  EXPECT_EQ(outcome.chosenMs, outcome.heuristicMs);
  EXPECT_TRUE(backend->tuningCache().isPartial(d));
  std::filesystem::remove_all(dir);
}

// What a budgeted search stored makes the next start plan instantly, in Cached and in Measure mode alike:
// neither searches again, and the file is left as it was (still marked partial).
TEST(Tuning, BudgetedWinnerIsUsedByFreshBackendsWithoutSearching)
{
  const auto dir = freshDirectory();
  auto measuring = backendIn(dir, OpenClOptions::Tuning::Measure, std::chrono::milliseconds(1));
  if (!measuring) GTEST_SKIP() << "no OpenCL device";
  const TransformDescriptor d = manySchedules();
  measuring->createPlan(d);
  ASSERT_TRUE(measuring->lastPlanSearch());
  const PlanShape winner = measuring->lastPlanSearch()->chosen;
  const std::string stored = fileText(measuring->tuningCache().file());
  ASSERT_FALSE(stored.empty());

  for (OpenClOptions::Tuning tuning : {OpenClOptions::Tuning::Cached, OpenClOptions::Tuning::Measure}) {
    auto fresh = backendIn(dir, tuning, std::chrono::milliseconds(1));
    ASSERT_TRUE(fresh->tuningCache().find(d));
    EXPECT_EQ(*fresh->tuningCache().find(d), winner);
    const std::unique_ptr<Plan> plan = fresh->createPlan(d);
    EXPECT_FALSE(fresh->lastPlanSearch());
    EXPECT_TRUE(fresh->tuningCache().isPartial(d));
    EXPECT_EQ(fileText(fresh->tuningCache().file()), stored);
    expectCorrect(*plan, 15);
  }

  // An unbounded search replaces the partial choice with a complete one.
  const TuningOutcome full = measuring->tune(d);
  EXPECT_FALSE(full.budgetExhausted);
  EXPECT_GT(full.candidatesMeasured, 2);
  EXPECT_FALSE(measuring->tuningCache().isPartial(d));
  std::filesystem::remove_all(dir);
}

// The GUI's mode: its first frame must never wait on a search, whatever the cache holds.
TEST(Tuning, CachedModeNeverSearches)
{
  const auto dir = freshDirectory();
  auto backend = backendIn(dir, OpenClOptions::Tuning::Cached);
  if (!backend) GTEST_SKIP() << "no OpenCL device";
  TransformDescriptor d = TransformDescriptor::complex2d(64, 32, 2);
  expectCorrect(*backend->createPlan(d), 16);
  EXPECT_FALSE(backend->lastPlanSearch());
  EXPECT_EQ(backend->tuningCache().size(), 0u);
  EXPECT_FALSE(std::filesystem::exists(backend->tuningCache().file()));
  std::filesystem::remove_all(dir);
}

TEST(Tuning, HeuristicModeIgnoresTheCache)
{
  const auto dir = freshDirectory();
  auto tuned = backendIn(dir);
  if (!tuned) GTEST_SKIP() << "no OpenCL device";
  const TransformDescriptor d = TransformDescriptor::complex1d(64, 4);
  PlanShape odd;
  odd.maxRadix = 4;
  tuned->tuningCache().store(d, odd, 1.0);
  auto heuristic = backendIn(dir, OpenClOptions::Tuning::Heuristic);
  EXPECT_EQ(firstKernelName(*tuned->createPlan(d)), "fft_pass axis0 len64 r4");
  EXPECT_EQ(firstKernelName(*heuristic->createPlan(d)),
            "fft_pass axis0 len64 r8"); // short contiguous lines: radix 8
  expectCorrect(*tuned->createPlan(d), 13);
  std::filesystem::remove_all(dir);
}

// Every value of every knob the search tries, on transforms where that knob changes the launches.
struct KnobCase
{
  const char* label;
  std::size_t PlanShape::*knob;
  std::size_t value;
  TransformDescriptor d;
};

void PrintTo(const KnobCase& c, std::ostream* os)
{
  *os << c.label << " " << c.d.toString();
}

class TuningKnob : public testing::TestWithParam<KnobCase>
{
};

TEST_P(TuningKnob, ShapeComputesTheTransform)
{
  auto backend = backendIn(freshDirectory(), OpenClOptions::Tuning::Heuristic);
  if (!backend) GTEST_SKIP() << "no OpenCL device";
  const KnobCase& c = GetParam();
  std::unique_ptr<OpenClPlan> plan;
  try {
    plan = backend->createPlan(c.d, shapeWith(c.knob, c.value));
  } catch (const EngineError& e) {
    GTEST_SKIP() << "this device cannot run the shape: " << e.what();
  }
  expectCorrect(*plan, 21);
}

// Other splits of an axis in two launches (PlanShape::firstLaunch): the plan takes the split asked for
// and still computes the transform (48000 in 200 and 240, a 2D axis of 6000 in 75 and 80, 2^14 in 64 and
// 256), and the search's candidates are the heuristic's two lengths the other way round first, then the
// pairs nearest an even split, within the pass-length cap.
TEST(Tuning, OtherSplitsOfTwoLaunchAxes)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device";
  OpenClBackend backend(*device, splitOptions(256)); // two launches on any device
  struct Case
  {
    TransformDescriptor d;
    std::size_t first;
    std::string firstLaunch;
  };
  for (const Case& c : {Case{TransformDescriptor::complex1d(48000), 200, "len200 "},
                        Case{TransformDescriptor::complex2d(8, 6000), 75, "len75 "},
                        Case{TransformDescriptor::complex1d(1u << 14, 2), 64, "len64 "}}) {
    const std::unique_ptr<OpenClPlan> plan =
        backend.createPlan(c.d, shapeWith(&PlanShape::firstLaunch, c.first));
    const std::vector<KernelRecord> launches = test::launchRecords(*plan);
    ASSERT_FALSE(launches.empty());
    const auto firstOfAxis = std::find_if(launches.begin(), launches.end(), [&](const KernelRecord& r) {
      return r.name.find(c.d.extent[1] > 1 ? "axis1" : "axis0") != std::string::npos;
    });
    ASSERT_NE(firstOfAxis, launches.end());
    EXPECT_NE(firstOfAxis->name.find(c.firstLaunch), std::string::npos) << firstOfAxis->name;
    expectCorrect(*plan, 25);
  }
  const std::vector<std::size_t> candidates =
      detail::firstLaunchCandidates(backend, TransformDescriptor::complex1d(48000));
  ASSERT_FALSE(candidates.empty());
  EXPECT_EQ(candidates.front(), 200u) << "the heuristic's 240 x 200 the other way round";
  EXPECT_EQ(std::set<std::size_t>(candidates.begin(), candidates.end()),
            (std::set<std::size_t>{192, 200, 250}))
      << "within the cap of 256, as even as may be";
  EXPECT_TRUE(detail::firstLaunchCandidates(backend, TransformDescriptor::complex1d(200)).empty());
}

// The shape's knobs reach a convolution stage's own FFTs. Bluestein's 1019 on 2048 in launches of at most
// 64 (32 x 64 by the filter launch's fit): the search's convolution splits are 64 first (the heuristic's
// the other way round, which makes 32 the filter launch's length); the plan takes the split asked for and
// the filter launch the rest, and still computes the transform; the group size knob reaches the stage's
// launches; and each such shape has a signature of its own, so the search times it rather than skipping
// it as the heuristic's. Rader's 1009 (1008 = 36 x 28 at most 64 a launch, 36 as 6 x 6) the same.
TEST(Tuning, ConvolutionStagesFollowTheShape)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device";
  OpenClOptions options = splitOptions(64);
  OpenClBackend backend(*device, options);
  struct Case
  {
    TransformDescriptor d;
    std::size_t otherFirst;
    std::string firstLaunch, filterLaunch;
  };
  options.bluesteinOnly = true;
  OpenClBackend bluestein(*device, options);
  for (const auto& [b, c] : {std::pair<OpenClBackend*, Case>{&bluestein,
                                                             {TransformDescriptor::complex1d(1019, 2), 64,
                                                              "len64 r", "ns64 +filter+inverse_start"}},
                             std::pair<OpenClBackend*, Case>{&backend,
                                                             {TransformDescriptor::complex1d(1009, 2), 28,
                                                              "len28 r", "ns28 +filter+inverse_start"}}}) {
    const std::vector<std::size_t> candidates = detail::convolutionSplitCandidates(*b, c.d);
    ASSERT_FALSE(candidates.empty()) << c.d.toString();
    EXPECT_EQ(candidates.front(), c.otherFirst) << c.d.toString();
    const PlanShape split = shapeWith(&PlanShape::convolutionFirstLaunch, c.otherFirst);
    const std::unique_ptr<OpenClPlan> plan = b->createPlan(c.d, split);
    std::vector<KernelRecord> launches = test::launchRecords(*plan);
    std::erase_if(launches, [](const KernelRecord& r) { return r.type != KernelRecord::Type::Kernel; });
    ASSERT_GE(launches.size(), 3u) << c.d.toString();
    EXPECT_NE(launches[0].name.find(c.firstLaunch), std::string::npos) << launches[0].name;
    EXPECT_NE(launches[1].name.find(c.filterLaunch), std::string::npos) << launches[1].name;
    expectCorrect(*plan, 26);
    const std::string heuristic = detail::scheduleSignature(*b, c.d, PlanShape{});
    EXPECT_NE(detail::scheduleSignature(*b, c.d, split), heuristic) << c.d.toString();
    EXPECT_NE(detail::scheduleSignature(*b, c.d, shapeWith(&PlanShape::stridedGroupSize, 64)), heuristic)
        << "smaller groups over adjacent lines change the stage's launches";
  }
  EXPECT_TRUE(detail::convolutionSplitCandidates(backend, TransformDescriptor::complex1d(1024)).empty());
}

// Rader's route is a knob (PlanShape::raderLaunches): 1427, which the planner's rule gives two launches,
// takes one with rader=1, and 683 two with rader=2; a length without Rader's stage keeps its launches, so
// the search does not time the knob there.
TEST(Tuning, RaderRouteIsMeasuredNotRuled)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device";
  OpenClBackend backend(*device, OpenClOptions{});
  const auto kernels = [&](const TransformDescriptor& d, const PlanShape& shape) {
    std::size_t count = 0;
    for (const KernelRecord& r : test::launchRecords(*backend.createPlan(d, shape)))
      count += r.type == KernelRecord::Type::Kernel;
    return count;
  };
  const TransformDescriptor n1427 = TransformDescriptor::complex1d(1427, 2),
                            n683 = TransformDescriptor::complex1d(683, 2);
  EXPECT_GE(kernels(n1427, PlanShape{}), 2u);
  EXPECT_EQ(kernels(n1427, shapeWith(&PlanShape::raderLaunches, 1)), 1u);
  EXPECT_EQ(kernels(n683, PlanShape{}), 1u);
  EXPECT_GE(kernels(n683, shapeWith(&PlanShape::raderLaunches, 2)), 2u);
  const TransformDescriptor n1024 = TransformDescriptor::complex1d(1024, 2);
  const std::string heuristic = detail::scheduleSignature(backend, n1024, PlanShape{});
  for (std::size_t value : {1u, 2u})
    EXPECT_EQ(detail::scheduleSignature(backend, n1024, shapeWith(&PlanShape::raderLaunches, value)),
              heuristic);
}

namespace {

TransformDescriptor realForward(std::size_t nx, std::size_t ny, std::size_t batch)
{
  TransformDescriptor d = TransformDescriptor::complex2d(nx, ny, batch);
  d.kind = TransformKind::RealToComplex;
  return d;
}

} // namespace

INSTANTIATE_TEST_SUITE_P(
    Shapes, TuningKnob,
    testing::Values(
        KnobCase{"radix8_n4096", &PlanShape::maxRadix, 8, TransformDescriptor::complex1d(4096, 2)},
        KnobCase{"radix16_2d_8x1024", &PlanShape::maxRadix, 16, TransformDescriptor::complex2d(8, 1024)},
        KnobCase{"radix16_r2c_16x1024", &PlanShape::maxRadix, 16, realForward(16, 1024, 1)},
        KnobCase{"radix4_n2048", &PlanShape::maxRadix, 4, TransformDescriptor::complex1d(2048, 2)},
        KnobCase{"radix4_n512_inverse", &PlanShape::maxRadix, 4,
                 TransformDescriptor::complex1d(512, 3, Direction::Inverse)},
        KnobCase{"radix8_2d_128x64", &PlanShape::maxRadix, 8, TransformDescriptor::complex2d(128, 64)},
        KnobCase{"group32_n64", &PlanShape::groupSize, 32, TransformDescriptor::complex1d(64, 40)},
        KnobCase{"group512_n16", &PlanShape::groupSize, 512, TransformDescriptor::complex1d(16, 300)},
        KnobCase{"strided64_2d_64x64", &PlanShape::stridedGroupSize, 64,
                 TransformDescriptor::complex2d(64, 64)},
        KnobCase{"strided1024_2d_32x32", &PlanShape::stridedGroupSize, 1024,
                 TransformDescriptor::complex2d(32, 32, 3)},
        KnobCase{"lines16_2d_256x8", &PlanShape::adjacentLines, 16, TransformDescriptor::complex2d(256, 8)},
        KnobCase{"lines2_3d_16x8x8", &PlanShape::adjacentLines, 2, TransformDescriptor::complex3d(16, 8, 8)},
        KnobCase{"pass256_n65536", &PlanShape::maxPassLength, 256, TransformDescriptor::complex1d(65536)},
        KnobCase{"pass1024_n4096", &PlanShape::maxPassLength, 1024, TransformDescriptor::complex1d(4096, 2)},
        KnobCase{"pass256_mixed_n6000", &PlanShape::maxPassLength, 256, TransformDescriptor::complex1d(6000)},
        KnobCase{"local16k_n4096", &PlanShape::localMemory, 16384, TransformDescriptor::complex1d(4096, 2)},
        KnobCase{"local16k_2d_512x64", &PlanShape::localMemory, 16384,
                 TransformDescriptor::complex2d(512, 64)},
        KnobCase{"radix8_r2c_512x6", &PlanShape::maxRadix, 8, realForward(512, 6, 2)},
        KnobCase{"pass64_r2c_1024", &PlanShape::maxPassLength, 64, realForward(1024, 1, 1)},
        KnobCase{"usual_radices_n3000", &PlanShape::balancedValues, 1,
                 TransformDescriptor::complex1d(3000, 2)},
        KnobCase{"balanced16_n3000", &PlanShape::balancedValues, 16, TransformDescriptor::complex1d(3000, 2)},
        KnobCase{"balanced20_n960", &PlanShape::balancedValues, 20, TransformDescriptor::complex1d(960, 2)},
        KnobCase{"balanced25_r2c_1920", &PlanShape::balancedValues, 25, realForward(1920, 1, 2)},
        KnobCase{"rader_one_launch_n1427", &PlanShape::raderLaunches, 1,
                 TransformDescriptor::complex1d(1427, 2)},
        KnobCase{"rader_one_launch_r2c_2029", &PlanShape::raderLaunches, 1, realForward(2029, 1, 2)},
        KnobCase{"rader_two_launches_n683", &PlanShape::raderLaunches, 2,
                 TransformDescriptor::complex1d(683, 2)}),
    [](const testing::TestParamInfo<KnobCase>& info) { return std::string(info.param.label); });
