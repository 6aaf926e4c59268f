// Lengths with a factor 2 and odd primes up to 7 in fewer local passes (the planner's balancedTwoRadices;
// OpenClOptions::usualRadices turns it off): the composite radices 6, 10, 12, 14, 20 and 24 of
// cl/odd_prime_dft.cl, each in the launch that takes it, on a real device (PoCL in CI, with the GPU's 48 KB
// of local memory) against FFTW in double and FFTW's property checks: rows, columns (2000 long), the
// audio lengths' launches, a real transform's fused rows, a convolution stage's FFTs (Bluestein's and
// Rader's), forward and inverse, in place and out of place; and the composites 6, 12 and 24 where a lone 3
// joins the twos beside a larger prime.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6; // AnySizeTest's bound
constexpr std::uint64_t kSeed = 47;

using test::with;

struct BalancedCase
{
  std::string label;
  TransformDescriptor d;
  std::string launch; // the radices of the launch that must run them
};
void PrintTo(const BalancedCase& c, std::ostream* os)
{
  *os << c.label << " " << c.d.toString();
}

std::vector<BalancedCase> balancedCases()
{
  using D = TransformDescriptor;
  const auto c2c = TransformKind::ComplexToComplex;
  std::vector<BalancedCase> c;
  // `inverseLaunch`: where the inverse runs in another launch (C2R rows keep their own pass before the
  // complex rows, which take the complex pick).
  const auto add = [&](const std::string& label, const D& d, const std::string& launch,
                       const std::string& inverseLaunch = {}) {
    c.push_back({label, d, launch});
    c.push_back({label + "_inverse_inplace",
                 with(d, d.kind == TransformKind::RealToComplex ? TransformKind::ComplexToReal : c2c,
                      Direction::Inverse, Placement::InPlace),
                 inverseLaunch.empty() ? launch : inverseLaunch});
  };
  add("rows_3000", D::complex1d(3000, 2), " r24x5x25"); // 24
  add("rows_1080", D::complex1d(1080, 2), " r12x6x15"); // 12, 6
  add("rows_1920", D::complex1d(1920, 2), " r16x8x15");
  add("rows_210", D::complex1d(210, 4), " r14x15");           // 14
  add("rows_4000", D::complex1d(4000, 2), " r20x20x10");      // 10, 20
  add("columns_8x1000", D::complex2d(8, 1000), " r10x10x10");
  add("columns_8x2000", D::complex2d(8, 2000), " r20x10x10"); // 20, along columns
  // Real rows hold at most 20 values a work-item where no pass more does (kRealRowBalancedValues).
  const auto real = [&](std::size_t n, std::size_t batch) {
    return with(D::complex1d(n, batch), TransformKind::RealToComplex, Direction::Forward,
                Placement::OutOfPlace);
  };
  add("real_rows_3000", real(3000, 3), " r20x5x15 +r2c_post", " r20x3x25");
  add("real_rows_1920", real(1920, 3), " r8x8x15 +r2c_post", " r8x24x5");
  // A convolution stage's FFTs: Bluestein's 4099 on 9216 = 144 x 64 (144 as 12 x 12), 10007 on 20160 =
  // 90 x 224 (10 x 9, 16 x 14); Rader's 3001 on 3000 in two launches of its own length.
  add("bluestein_4099", D::complex1d(4099, 2), " r12x12");
  add("bluestein_10007", D::complex1d(10007, 2), " r16x14");
  add("rader_3001", D::complex1d(3001, 2), " r24x5x25 +gather");
  // Beside a prime from 17 up and a 9, the lone 3 joins the twos (the planner's joinLoneThreeWithTwos):
  // 4104 as 24 x 9 x 19, 1026 as 6 x 9 x 19, Rader's 2053 on 2052 as 12 x 9 x 19 (one launch).
  add("lone_three_4104", D::complex1d(4104, 2), " r24x9x19");
  add("lone_three_1026", D::complex1d(1026, 3), " r6x9x19");
  add("lone_three_rader_2053", D::complex1d(2053, 2), " r12x9x19 +gather");
  return c;
}

OpenClBackend* backendFor(bool usualRadices)
{
  static std::unique_ptr<OpenClBackend> backends[2];
  std::unique_ptr<OpenClBackend>& backend = backends[usualRadices];
  if (!backend) {
    const auto device = test::preferredOpenClDevice();
    if (!device) return nullptr;
    OpenClOptions options;
    options.localMemoryBytes = 48 * 1024;
    options.usualRadices = usualRadices;
    backend = std::make_unique<OpenClBackend>(*device, options);
  }
  return backend.get();
}

class BalancedRadices : public testing::TestWithParam<BalancedCase>
{
protected:
  std::unique_ptr<Plan> plan;
  void SetUp() override
  {
    if (!backendFor(false)) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
    plan = backendFor(false)->createPlan(GetParam().d);
  }
};

TEST_P(BalancedRadices, RunInTheirLaunch)
{
  EXPECT_TRUE(test::anyLaunchNamed(test::launchRecords(*plan), GetParam().launch)) << GetParam().d.toString();
}

TEST_P(BalancedRadices, MatchFftwDouble)
{
  EXPECT_LE(test::errorAgainstReference(*plan, kSeed), kTolerance);
}

TEST_P(BalancedRadices, SatisfyFftwPropertyChecks)
{
  if (GetParam().d.kind != TransformKind::ComplexToComplex) GTEST_SKIP() << "properties are checked on c2c";
  EXPECT_LE(test::impulseError(*plan, kSeed + 1), kTolerance);
  EXPECT_LE(test::linearityError(*plan, kSeed + 2), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, kSeed + 3), kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Kernels, BalancedRadices, testing::ValuesIn(test::inPlaceLast(balancedCases())),
                         test::labelOf<testing::TestParamInfo<BalancedCase>>);

// The comparison knob plans the usual radices; rows of twos and fives alone that would save one pass
// only keep them too (2000 as 16 x 5 x 5 x 5, where 20 x 10 x 10 ran slower).
TEST(BalancedRadices, UsualRadicesOnTheKnobAndForRowsOfTwosAndFives)
{
  if (!backendFor(true)) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  const auto runs = [](bool usual, const TransformDescriptor& d, const std::string& launch) {
    return test::anyLaunchNamed(test::launchRecords(*backendFor(usual)->createPlan(d)), launch);
  };
  EXPECT_TRUE(runs(true, TransformDescriptor::complex1d(3000, 2), " r8x3x5x5x5"));
  EXPECT_TRUE(runs(false, TransformDescriptor::complex1d(2000, 2), " r16x5x5x5"));
}

// A tuned shape (PlanShape::balancedValues, which the tuning search tries) chooses them: the usual radices
// (1), or groupings whose work-items hold at most so many values on every line, complex rows and real rows
// alike; each plan still computes the transform.
TEST(BalancedRadices, ATunedShapeChoosesThem)
{
  OpenClBackend* backend = backendFor(false);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  const auto shapeOf = [](std::size_t values) {
    PlanShape shape;
    shape.balancedValues = values;
    return shape;
  };
  const auto realRows = [](std::size_t n) {
    return with(TransformDescriptor::complex1d(n, 3), TransformKind::RealToComplex, Direction::Forward,
                Placement::OutOfPlace);
  };
  struct Case
  {
    TransformDescriptor d;
    std::size_t values;
    std::string heuristic, tuned;
  };
  for (const Case& c : {Case{TransformDescriptor::complex1d(3000, 2), 1, " r24x5x25", " r8x3x5x5x5"},
                        Case{TransformDescriptor::complex1d(960, 2), 20, " r8x24x5", " r8x8x15"},
                        Case{realRows(1920), 25, " r8x8x15 +r2c_post", " r8x24x5 +r2c_post"}}) {
    EXPECT_TRUE(test::anyLaunchNamed(test::launchRecords(*backend->createPlan(c.d)), c.heuristic))
        << c.d.toString();
    const std::unique_ptr<OpenClPlan> tuned = backend->createPlan(c.d, shapeOf(c.values));
    EXPECT_TRUE(test::anyLaunchNamed(test::launchRecords(*tuned), c.tuned)) << c.d.toString();
    EXPECT_LE(test::errorAgainstReference(*tuned, kSeed), kTolerance) << c.d.toString();
  }
}

} // namespace
