// Team passes (cl/fft_mixed.cl's TEAM_PRIME): a prime factor from 67 to 89 as the first local pass of one
// mixed-radix launch, a direct DFT shared by a team of work-items, on a real device (PoCL in CI) against
// FFTW in double. Every team prime alone and times rests of one and two passes (composite radices and
// powers of two; spans that divide (P - 1) / 2 and spans that leave the last work-item of a team short),
// forward and inverse, in place and out of place, batches of one line per group and of several; the
// direct form and the convolution form (TEAM_CONV, five correlations of (P - 1) / 6 for 67 and 79); along
// columns and the middle axis; real rows, odd (in pairs) and even (the fused pairwise step); FFTW's
// property checks. Each case is checked to be the one team launch, and against Rader's stage on the same
// input (the comparison knob).

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6; // AnySizeTest's bound
constexpr std::uint64_t kSeed = 41;

using TeamCase = test::LabelledTransform;

using test::with;

std::vector<TeamCase> teamCases()
{
  using D = TransformDescriptor;
  const auto c2c = TransformKind::ComplexToComplex;
  std::vector<TeamCase> c;
  // Each case is a program of its own on a cold kernel cache (seconds to build on PoCL), so the inverse
  // (a sign in the same code) runs on the smallest and largest prime and on one and two rest passes only.
  const auto add = [&](const std::string& label, const D& d, bool inverseToo = true) {
    c.push_back({label, d});
    if (inverseToo)
      c.push_back({label + "_inverse_inplace", with(d, c2c, Direction::Inverse, Placement::InPlace)});
  };
  for (std::size_t p : {67u, 71u, 73u, 79u, 83u, 89u})
    add("n" + std::to_string(p), D::complex1d(p, 5), p == 67 || p == 89);
  // One rest pass: 1809 = 67 x 27 (span 11), 1136 = 71 x 16 (7), 747 = 83 x 9 (5), 1095 = 73 x 15 (8),
  // 2403 = 89 x 27 (11); two: 2010 = 67 x 2 x 15 (7), 2370 = 79 x 2 x 15 (7).
  for (std::size_t n : {1809u, 1136u, 747u, 1095u, 2403u, 2010u, 2370u})
    add("n" + std::to_string(n), D::complex1d(n, 3), n == 1809 || n == 2010);
  // The convolution form (1809, 2010 and 2370 above): 2133 = 79 x 27, 1975 = 79 x 25 (125 work-items in
  // 128), 2077 = 67 x 31 (beside the 31-point codelet).
  for (std::size_t n : {2133u, 1975u, 2077u})
    add("n" + std::to_string(n), D::complex1d(n, 3), n == 1975);
  c.push_back({"n1072_inplace", with(D::complex1d(1072, 7), c2c, Direction::Forward, Placement::InPlace)});
  c.push_back({"n1809_inverse", with(D::complex1d(1809, 2), c2c, Direction::Inverse, Placement::OutOfPlace)});
  add("2d_columns_16x67", D::complex2d(16, 67, 2));
  add("2d_columns_8x89", D::complex2d(8, 89, 3));
  add("2d_columns_12x1072", D::complex2d(12, 1072)); // four lines a group (two with 48 KB: below)
  add("2d_rows_1809x6", D::complex2d(1809, 6));
  add("3d_middle_4x79x3", D::complex3d(4, 79, 3, 2));
  for (Placement p : {Placement::OutOfPlace, Placement::InPlace}) {
    const std::string where = p == Placement::InPlace ? "_inplace" : "";
    for (const auto& [label, d] :
         {std::pair{"n1809", D::complex1d(1809, 3)}, std::pair{"n2144", D::complex1d(2144, 3)},
          std::pair{"2d_1809x4", D::complex2d(1809, 4)}}) {
      c.push_back({std::string("r2c_") + label + where,
                   with(d, TransformKind::RealToComplex, Direction::Forward, p)});
      c.push_back({std::string("c2r_") + label + where,
                   with(d, TransformKind::ComplexToReal, Direction::Inverse, p)});
    }
  }
  return c;
}

OpenClBackend* backendFor(bool noTeamPasses)
{
  return test::sharedOpenClBackend(0, false, false, noTeamPasses);
}

bool hasTeamLaunch(const Plan& plan)
{
  return test::anyLaunchNamed(test::launchRecords(plan), "+team");
}

class TeamPass : public testing::TestWithParam<TeamCase>
{
protected:
  void SetUp() override
  {
    if (!backendFor(false)) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  }
};

TEST_P(TeamPass, MatchesFftwDoubleInOneTeamLaunch)
{
  const std::unique_ptr<Plan> plan = backendFor(false)->createPlan(GetParam().d);
  EXPECT_TRUE(hasTeamLaunch(*plan));
  const double error = test::errorAgainstReference(*plan, kSeed);
  EXPECT_LE(error, kTolerance);
  // As accurate as Rader's stage on the same input, within the spread of float rounding: forward only,
  // since Rader's inverse is more programs to build for the same sums in the other sign.
  if (GetParam().d.direction != Direction::Forward) return;
  const std::unique_ptr<Plan> rader = backendFor(true)->createPlan(GetParam().d);
  EXPECT_FALSE(hasTeamLaunch(*rader));
  const double raderError = test::errorAgainstReference(*rader, kSeed);
  std::printf("%s: team %.3g, Rader %.3g\n", GetParam().label.c_str(), error, raderError);
  EXPECT_LE(error, 1.5 * raderError);
}

TEST_P(TeamPass, SatisfiesFftwPropertyChecks)
{
  if (GetParam().d.kind != TransformKind::ComplexToComplex) GTEST_SKIP() << "the property checks are complex";
  const std::unique_ptr<Plan> plan = backendFor(false)->createPlan(GetParam().d);
  EXPECT_LE(test::impulseError(*plan, 22), kTolerance);
  EXPECT_LE(test::linearityError(*plan, 23), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, 24), kTolerance);
}

// Complex lines of 67 or 79 over 24 to 32 butterflies take the team pass's convolution form (TEAM_CONV),
// real rows its direct form (the planner test says why): the launches say which.
TEST(TeamPassForms, ConvolutionFormOnComplexLinesDirectOnRealRows)
{
  OpenClBackend* backend = backendFor(false);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  const auto named = [&](const TransformDescriptor& d, const char* name) {
    return test::anyLaunchNamed(test::launchRecords(*backend->createPlan(d)), name);
  };
  EXPECT_TRUE(named(TransformDescriptor::complex1d(1809, 2), "+team67conv"));
  EXPECT_TRUE(named(TransformDescriptor::complex1d(2133, 2), "+team79conv"));
  EXPECT_TRUE(named(TransformDescriptor::complex2d(1809, 4), "+team67conv"));
  const TransformDescriptor real = with(TransformDescriptor::complex1d(1809, 2), TransformKind::RealToComplex,
                                        Direction::Forward, Placement::OutOfPlace);
  EXPECT_TRUE(named(real, "+team67"));
  EXPECT_FALSE(named(real, "+team67conv"));
  EXPECT_FALSE(named(TransformDescriptor::complex1d(737, 2), "+team67conv")); // 11 butterflies
}

// Columns of 1072 take two lines a group where four do not fit 48 KB of local memory (a GPU's; the planner
// test says which), the same program with another LINES: against FFTW on the device with that limit.
TEST(TeamPassColumns, TwoLinesAGroupWithin48KB)
{
  OpenClBackend* backend = test::sharedOpenClBackend(0, false, false, false, 48 * 1024);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  for (Direction dir : {Direction::Forward, Direction::Inverse}) {
    const TransformDescriptor d =
        with(TransformDescriptor::complex2d(12, 1072), TransformKind::ComplexToComplex, dir,
             dir == Direction::Inverse ? Placement::InPlace : Placement::OutOfPlace);
    const std::unique_ptr<Plan> plan = backend->createPlan(d);
    EXPECT_TRUE(hasTeamLaunch(*plan)) << d.toString();
    EXPECT_LE(test::errorAgainstReference(*plan, kSeed), kTolerance) << d.toString();
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, TeamPass, testing::ValuesIn(test::inPlaceLast(teamCases())),
                         test::labelOf<testing::TestParamInfo<TeamCase>>);

} // namespace
