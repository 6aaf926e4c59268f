// The OpenCL kernels beyond power-of-two complex transforms, on a real device (PoCL in CI), against FFTW
// in double precision: mixed radices 3 to 61 (cl/fft_mixed.cl) in one and several launches, Rader (prime
// lengths and one larger prime factor, RaderTest.cpp has more) or Bluestein for other lengths, real
// transforms through the half-length complex transform (cl/real_fft.cl; odd rows two to a full-length
// complex row, OddRealRowsTest.cpp has more) in 1D, 2D and 3D, in place (padded rows) and out of place.
// Every length 1..1024: LengthSweepTest.cpp.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

#include <map>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6;

struct SizeCase
{
  std::string label;
  TransformDescriptor d;
  std::size_t maxPassLength = 0;
};

void PrintTo(const SizeCase& c, std::ostream* os)
{
  *os << c.label << " " << c.d.toString();
}

OpenClBackend* backendFor(std::size_t maxPassLength, bool genericShapes = false)
{
  return test::sharedOpenClBackend(maxPassLength, genericShapes);
}

using test::with;

void addComplex(std::vector<SizeCase>& c)
{
  using D = TransformDescriptor;
  for (std::size_t n : {3u, 5u, 6u, 7u, 11u, 12u, 13u, 45u, 49u, 121u, 169u, 1000u, 1080u, 1920u, 4000u})
    c.push_back({"mixed_n" + std::to_string(n), D::complex1d(n, 3)});
  c.push_back({"mixed_inverse_inplace_n360", with(D::complex1d(360, 2), TransformKind::ComplexToComplex,
                                                  Direction::Inverse, Placement::InPlace)});
  c.push_back({"mixed_twopass_n1000", D::complex1d(1000, 2), 40});
  c.push_back({"mixed_threepass_n44100", D::complex1d(44100), 50});
  c.push_back({"mixed_2d_1920x1080", D::complex2d(1920, 1080)});
  c.push_back({"mixed_2d_multipass_columns_30x3000", D::complex2d(30, 3000), 64});
  c.push_back({"mixed_3d_12x10x6", D::complex3d(12, 10, 6, 2)});
  for (std::size_t n : {17u, 19u, 97u, 1009u, 65537u})
    c.push_back({"prime_n" + std::to_string(n), D::complex1d(n, 2)});
  c.push_back({"prime_inverse_inplace_n257", with(D::complex1d(257, 2), TransformKind::ComplexToComplex,
                                                  Direction::Inverse, Placement::InPlace)});
  // Prime radices 17 to 31 (dftOddPrime), alone, together, squared, in a pass with a pass twiddle (1023 in
  // launches of at most 40: 33, then 31 with ns = 33), along columns and the middle axis.
  for (std::size_t n : {17u, 19u, 23u, 29u, 31u, 899u, 961u, 1023u, 2001u})
    c.push_back({"prime_radix_n" + std::to_string(n), D::complex1d(n, 3)});
  c.push_back(
      {"prime_radix_inverse_inplace_n1023",
       with(D::complex1d(1023, 2), TransformKind::ComplexToComplex, Direction::Inverse, Placement::InPlace)});
  c.push_back({"prime_radix_twopass_n1023", D::complex1d(1023, 2), 40});
  c.push_back({"prime_radix_2d_columns_12x1023", D::complex2d(12, 1023, 2)});
  c.push_back({"prime_radix_3d_6x29x5", D::complex3d(6, 29, 5)});
  // Prime radices 37 to 61: alone, two in one launch (1517 = 37 x 41, 3599 = 59 x 61), with smaller radices
  // (999 = 27 x 37, 767 = 13 x 59), in a pass with a pass twiddle whose row is longer than 32 (999 in
  // launches of at most 40: 27, then 37 with ns = 27), along columns.
  for (std::size_t n : {37u, 41u, 43u, 47u, 53u, 59u, 61u, 1517u, 3599u, 999u, 767u})
    c.push_back({"large_prime_radix_n" + std::to_string(n), D::complex1d(n, 2)});
  c.push_back({"large_prime_radix_twopass_n999", D::complex1d(999, 2), 40});
  c.push_back({"large_prime_radix_2d_columns_12x999", D::complex2d(12, 999, 2)});
  // Composite radices, two stages in registers (cl/odd_prime_dft.cl): 9 (153 = 9 x 17, 2187 = 9 x 9 x 9 x 3),
  // 15 (3375 = 9 x 15 x 5 x 5), 21 (483 = 21 x 23), 25 (3125 = 25 x 25 x 5), 27 (999 above), forward and
  // inverse in place; along columns 15 (675 = 9 x 15 x 5) and 27 (243 = 27 x 9), and 2025 in two launches;
  // 15 in Rader's one-launch stage is 4801's (RaderTest).
  for (std::size_t n : {153u, 483u, 3125u, 2187u, 3375u})
    c.push_back({"composite_radix_n" + std::to_string(n), D::complex1d(n, 2)});
  c.push_back(
      {"composite_radix_inverse_inplace_n3125",
       with(D::complex1d(3125, 2), TransformKind::ComplexToComplex, Direction::Inverse, Placement::InPlace)});
  c.push_back({"composite_radix_2d_columns_12x2025", D::complex2d(12, 2025, 2)});
  c.push_back({"composite_radix_2d_columns_12x675", D::complex2d(12, 675, 2)});
  c.push_back({"composite_radix_2d_columns_12x243", D::complex2d(12, 243, 2)});
  // A 3 or a 2 joined with 11 or 13 (33, 39, 22, 26): 858 = 33 x 26, 1209 = 39 x 31, 2002 = 7 x 22 x 13,
  // 2046 = 2 x 33 x 31, forward and inverse in place, along columns, and in two launches (858 x 858).
  for (std::size_t n : {858u, 1209u, 2002u, 2046u})
    c.push_back({"joined_radix_n" + std::to_string(n), D::complex1d(n, 2)});
  c.push_back(
      {"joined_radix_inverse_inplace_n858",
       with(D::complex1d(858, 2), TransformKind::ComplexToComplex, Direction::Inverse, Placement::InPlace)});
  c.push_back({"joined_radix_2d_columns_12x858", D::complex2d(12, 858, 2)});
  c.push_back({"joined_radix_twopass_n736164", D::complex1d(858 * 858)});
  c.push_back({"team_factor_2d_737x300", D::complex2d(737, 300)});    // 11 x 67: a team pass on 67, then 11
  c.push_back({"rader_factor_2d_1067x300", D::complex2d(1067, 300)}); // 11 x 97: Rader's on 97, then 11
  c.push_back({"bluestein_2d_columns_64x1411", D::complex2d(64, 1411)});
  c.push_back({"bluestein_2d_1411x1411", D::complex2d(1411, 1411)}); // 17 x 83 along both axes
  c.push_back({"prime_radix_3d_8x17x4", D::complex3d(8, 17, 4)});
  c.push_back({"bluestein_2d_4757x3", D::complex2d(4757, 3)}); // 67 x 71
}

void addReal(std::vector<SizeCase>& c)
{
  using D = TransformDescriptor;
  const auto both = [&](const std::string& label, D d, std::size_t maxPass = 0) {
    for (Placement p : {Placement::OutOfPlace, Placement::InPlace}) {
      const std::string where = p == Placement::InPlace ? "_inplace" : "";
      c.push_back(
          {"r2c_" + label + where, with(d, TransformKind::RealToComplex, Direction::Forward, p), maxPass});
      c.push_back(
          {"c2r_" + label + where, with(d, TransformKind::ComplexToReal, Direction::Inverse, p), maxPass});
    }
  };
  for (std::size_t n : {2u, 4u, 6u, 10u, 64u, 1000u, 4096u})
    both("n" + std::to_string(n), D::complex1d(n, 2));
  both("twopass_n2048", D::complex1d(2048, 2), 32);
  // R2C rows over two and three launches: the last pairs mirrored lines (REAL_ROWS 3), rows of a 2D array
  // too.
  both("threepass_n16384", D::complex1d(16384, 2), 32);
  both("twopass_n256", D::complex1d(256, 3), 16);
  both("twopass_2d_512x6", D::complex2d(512, 6), 16);
  both("prime_radix_n34", D::complex1d(34, 3));
  both("prime_radix_n2046", D::complex1d(2046, 2));
  both("odd_prime_radix_n1023", D::complex1d(1023, 3));
  for (std::size_t n : {1u, 3u, 15u, 1001u})
    both("odd_n" + std::to_string(n), D::complex1d(n, 2));
  both("odd_2d_451x300", D::complex2d(451, 300));
  both("odd_3d_9x7x5", D::complex3d(9, 7, 5, 2));
  both("2d_64x32", D::complex2d(64, 32, 2));
  both("2d_200x150", D::complex2d(200, 150));
  both("2d_1024x1024", D::complex2d(1024, 1024));
  both("3d_16x8x4", D::complex3d(16, 8, 4, 2));
  both("3d_30x17x6", D::complex3d(30, 17, 6));
}

std::vector<SizeCase> sizeCases()
{
  std::vector<SizeCase> c;
  addComplex(c);
  addReal(c);
  return c;
}

class AnySize : public testing::TestWithParam<SizeCase>
{
protected:
  std::unique_ptr<Plan> plan;
  void SetUp() override
  {
    OpenClBackend* backend = backendFor(GetParam().maxPassLength);
    if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
    plan = backend->createPlan(GetParam().d);
  }
};

TEST_P(AnySize, MatchesFftwDouble)
{
  EXPECT_LE(test::errorAgainstReference(*plan, 21), kTolerance);
}

TEST_P(AnySize, SatisfiesFftwPropertyChecks)
{
  if (GetParam().d.kind != TransformKind::ComplexToComplex) GTEST_SKIP() << "the property checks are complex";
  EXPECT_LE(test::impulseError(*plan, 22), kTolerance);
  EXPECT_LE(test::linearityError(*plan, 23), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, 24), kTolerance);
}

TEST(AnySizeGeneric, GenericShapeProgramMatchesFftwDouble)
{
  OpenClBackend* backend = backendFor(50, true);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  for (const TransformDescriptor& d :
       {TransformDescriptor::complex1d(1000, 3), TransformDescriptor::complex1d(44100),
        TransformDescriptor::complex2d(30, 210), TransformDescriptor::complex1d(1009)})
    EXPECT_LE(test::errorAgainstReference(*backend->createPlan(d), 25), kTolerance) << d.toString();
}

// Rows in two launches on a GPU's 48 KB, where the split avoids launches with one or two factors of 2:
// 44100 as 196 x 225, 12000 as 96 x 125, 90000 as 240 x 375, forward and inverse, against FFTW in double.
TEST(AnySizeRows, TwoLaunchSplitsOnAGpusLocalMemory)
{
  OpenClBackend* backend = test::sharedOpenClBackend(0, false, false, false, 48 * 1024);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  struct Case
  {
    TransformDescriptor d;
    std::string first;
  };
  for (const Case& c : {Case{TransformDescriptor::complex1d(44100), "len196"},
                        Case{TransformDescriptor::complex1d(12000, 2), "len96"},
                        Case{TransformDescriptor::complex1d(90000, 1, Direction::Inverse), "len240"}}) {
    const std::unique_ptr<Plan> plan = backend->createPlan(c.d);
    std::vector<std::string> launches;
    for (const KernelRecord& r : test::launchRecords(*plan))
      if (r.type == KernelRecord::Type::Kernel) launches.push_back(r.name);
    ASSERT_EQ(launches.size(), 2u) << c.d.toString();
    EXPECT_NE(launches.front().find(c.first), std::string::npos) << launches.front();
    EXPECT_LE(test::errorAgainstReference(*plan, 26), kTolerance) << c.d.toString();
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, AnySize, testing::ValuesIn(test::inPlaceLast(sizeCases())),
                         [](const testing::TestParamInfo<SizeCase>& info) { return info.param.label; });

} // namespace
