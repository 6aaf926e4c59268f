// Mixed-radix columns in two rounds (cl/fft_mixed.cl's LINE_ROUNDS): a group of eight adjacent columns
// whose exchange buffer holds four of them, as on a GPU's 48 KB of local memory, or of four holding two
// (columns too long for four lines, in one launch), on a real device (PoCL in CI) against FFTW in double.
// Lengths of three passes (radices 3 to 16, one to three butterflies a work-item), forward and inverse, in
// place and out of place, a partial last group, columns of a 3D middle axis, a column launch with pass
// twiddles (a later launch of a long axis), and the complex columns of a real 2D transform; FFTW's property
// checks. Each case is checked to take the rounds.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6; // AnySizeTest's bound
constexpr std::uint64_t kSeed = 43;

struct RoundsCase
{
  std::string label;
  TransformDescriptor d;
  std::size_t maxPassLength = 0;
};

void PrintTo(const RoundsCase& c, std::ostream* os)
{
  *os << c.label << " " << c.d.toString();
}

// A GPU's 48 KB of local memory, where columns of 700 to 1400 hold four lines but not eight.
OpenClBackend* gpuSizedBackend(std::size_t maxPassLength)
{
  return test::sharedOpenClBackend(maxPassLength, false, false, false, 48 * 1024);
}

using test::with;

std::vector<RoundsCase> roundsCases()
{
  using D = TransformDescriptor;
  using K = TransformKind;
  std::vector<RoundsCase> c;
  c.push_back({"columns_16x768", D::complex2d(16, 768, 2)}); // 16 16 3: three butterflies
  c.push_back({"columns_20x768", D::complex2d(20, 768)});    // a partial last group
  c.push_back({"columns_12x832", D::complex2d(12, 832)});    // 8 8 13
  c.push_back({"columns_inverse_8x768",
               with(D::complex2d(8, 768), K::ComplexToComplex, Direction::Inverse, Placement::OutOfPlace)});
  c.push_back({"columns_3d_middle_8x720x2", D::complex3d(8, 720, 2)}); // 16 9 5
  c.push_back({"columns_r2c_30x768",
               with(D::complex2d(30, 768), K::RealToComplex, Direction::Forward, Placement::OutOfPlace)});
  c.push_back({"columns_c2r_30x768",
               with(D::complex2d(30, 768), K::ComplexToReal, Direction::Inverse, Placement::OutOfPlace)});
  // Columns of 720 x 720 in two launches of 720: the second with pass twiddles.
  c.push_back({"pass_twiddles_columns_2x518400", D::complex2d(2, 720 * 720), 720});
  c.push_back({"columns_inplace_inverse_12x832",
               with(D::complex2d(12, 832, 2), K::ComplexToComplex, Direction::Inverse, Placement::InPlace)});
  // One sector of lines in two rounds: 2000 = 16 x 5 x 5 x 5 and 1920 = 16 x 8 x 3 x 5 in one launch.
  c.push_back({"one_sector_columns_8x2000", D::complex2d(8, 2000)});
  c.push_back({"one_sector_columns_inverse_6x1920",
               with(D::complex2d(6, 1920), K::ComplexToComplex, Direction::Inverse, Placement::OutOfPlace)});
  c.push_back({"one_sector_columns_r2c_14x2000",
               with(D::complex2d(14, 2000), K::RealToComplex, Direction::Forward, Placement::OutOfPlace)});
  return c;
}

class ColumnRounds : public testing::TestWithParam<RoundsCase>
{
};

TEST_P(ColumnRounds, MatchesFftwDouble)
{
  OpenClBackend* backend = gpuSizedBackend(GetParam().maxPassLength);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  const std::unique_ptr<Plan> plan = backend->createPlan(GetParam().d);
  EXPECT_TRUE(test::anyLaunchNamed(test::launchRecords(*plan), "+rounds2")) << "the columns take two rounds";
  EXPECT_LE(test::errorAgainstReference(*plan, kSeed), kTolerance);
}

TEST_P(ColumnRounds, SatisfiesFftwPropertyChecks)
{
  if (GetParam().d.kind != TransformKind::ComplexToComplex) GTEST_SKIP() << "the property checks are complex";
  OpenClBackend* backend = gpuSizedBackend(GetParam().maxPassLength);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  const std::unique_ptr<Plan> plan = backend->createPlan(GetParam().d);
  EXPECT_LE(test::impulseError(*plan, 22), kTolerance);
  EXPECT_LE(test::linearityError(*plan, 23), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, 24), kTolerance);
}

// A convolution's launches that load or store a strided axis through their hooks (here Rader's one-launch
// stage on 1008 of 1009-long columns, gathering and scattering adjacent columns) keep their groups: the
// rounds carry no hook, and the kernel refuses the combination.
TEST(ColumnRoundsElsewhere, RaderColumnsKeepTheirHooks)
{
  OpenClBackend* backend = gpuSizedBackend(0);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  for (const TransformDescriptor& d :
       {TransformDescriptor::complex2d(64, 1009), TransformDescriptor::complex2d(8, 1009)}) {
    const std::unique_ptr<Plan> plan = backend->createPlan(d);
    EXPECT_FALSE(test::anyLaunchNamed(test::launchRecords(*plan), "+rounds")) << d.toString();
    EXPECT_LE(test::errorAgainstReference(*plan, kSeed), kTolerance) << d.toString();
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, ColumnRounds, testing::ValuesIn(test::inPlaceLast(roundsCases())),
                         [](const testing::TestParamInfo<RoundsCase>& info) { return info.param.label; });

} // namespace
