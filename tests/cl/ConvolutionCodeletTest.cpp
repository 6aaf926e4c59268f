// The 31- and 43-point codelets' convolution form (cl/odd_prime_dft.cl's CONV_CODELET_31 and _43: five
// correlations of (P - 1) / 6 through a DFT of length 3), on a real device (PoCL in CI) against FFTW in
// double: 43 in complex lines alone and beside other radices, in real rows (R2C and C2R) and in Rader's
// convolution FFTs; 31 on complex lines of a warp of work-items (961 = 31 x 31) and in Rader's one-launch
// stage, with and without the rest of its rows. Each case is
// checked to take the form where the planner chose it (the launch names say so), to be as accurate as the
// direct form on the same input (-DPRIME_CONV=0, the comparison switch) and, complex, FFTW's property
// checks.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6; // AnySizeTest's bound
constexpr std::uint64_t kSeed = 43;

struct CodeletCase
{
  std::string label;
  TransformDescriptor d;
  const char* launch; // the launch name's mark of the form
};

void PrintTo(const CodeletCase& c, std::ostream* os)
{
  *os << c.label;
}

std::vector<CodeletCase> codeletCases()
{
  using D = TransformDescriptor;
  using test::with;
  const auto c2c = TransformKind::ComplexToComplex;
  return {
      {"n43", D::complex1d(43, 5), "+conv43"},
      {"n1849", D::complex1d(1849, 3), "+conv43"},
      {"n1849_inverse_inplace", with(D::complex1d(1849, 3), c2c, Direction::Inverse, Placement::InPlace),
       "+conv43"},
      {"n2107", D::complex1d(2107, 2), "+conv43"}, // 7 x 7 x 43
      {"r2c_n1849",
       with(D::complex1d(1849, 3), TransformKind::RealToComplex, Direction::Forward, Placement::OutOfPlace),
       "+conv43"},
      {"c2r_n1849",
       with(D::complex1d(1849, 3), TransformKind::ComplexToReal, Direction::Inverse, Placement::OutOfPlace),
       "+conv43"},
      {"n961", D::complex1d(961, 3), "+conv31"},
      {"rader_n947", D::complex1d(947, 3), "+conv43"}, // 946 = 2 x 11 x 43, two launches
      {"rader_n683", D::complex1d(683, 3), "+conv31"}, // 682 = 2 x 11 x 31, one launch
      {"rader_n683_inverse_inplace", with(D::complex1d(683, 3), c2c, Direction::Inverse, Placement::InPlace),
       "+conv31"},
      {"rader_rest_n1366", D::complex1d(1366, 3), "+conv31"}, // with the rest of its rows
  };
}

OpenClBackend* backend()
{
  return test::sharedOpenClBackend(0, false, false, false);
}

// The direct form for the plans created while it lives: the switch is a build option, part of the
// program cache's key, read at each program's build.
class DirectForm
{
public:
  DirectForm() { ::setenv("SPECTRASCOPE_CL_OPTIONS", "-DPRIME_CONV=0", 1); }
  ~DirectForm() { ::unsetenv("SPECTRASCOPE_CL_OPTIONS"); }
  DirectForm(const DirectForm&) = delete;
  DirectForm& operator=(const DirectForm&) = delete;
};

class ConvolutionCodelet : public testing::TestWithParam<CodeletCase>
{
protected:
  void SetUp() override
  {
    if (!backend()) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  }
};

TEST_P(ConvolutionCodelet, MatchesFftwDoubleAsWellAsTheDirectForm)
{
  const std::unique_ptr<Plan> plan = backend()->createPlan(GetParam().d);
  EXPECT_TRUE(test::anyLaunchNamed(test::launchRecords(*plan), GetParam().launch));
  const double error = test::errorAgainstReference(*plan, kSeed);
  EXPECT_LE(error, kTolerance);
  if (GetParam().d.direction != Direction::Forward) return; // the same sums in the other sign
  double directError = 0;
  {
    const DirectForm direct;
    const std::unique_ptr<Plan> plan = backend()->createPlan(GetParam().d);
    directError = test::errorAgainstReference(*plan, kSeed);
  }
  std::printf("%s: convolution form %.3g, direct form %.3g\n", GetParam().label.c_str(), error, directError);
  EXPECT_LE(error, 1.02 * directError);
}

TEST_P(ConvolutionCodelet, SatisfiesFftwPropertyChecks)
{
  if (GetParam().d.kind != TransformKind::ComplexToComplex) GTEST_SKIP() << "the property checks are complex";
  const std::unique_ptr<Plan> plan = backend()->createPlan(GetParam().d);
  EXPECT_LE(test::impulseError(*plan, 22), kTolerance);
  EXPECT_LE(test::linearityError(*plan, 23), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, 24), kTolerance);
}

// 31's codelet keeps its direct form on lines of a few work-items and on real rows, even and odd (the
// planner test says why).
TEST(ConvolutionCodeletForms, ThirtyOneDirectOnShortAndRealLines)
{
  if (!backend()) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  using test::with;
  for (const TransformDescriptor& d :
       {TransformDescriptor::complex1d(31, 4),
        with(TransformDescriptor::complex1d(1922, 2), TransformKind::RealToComplex, Direction::Forward,
             Placement::OutOfPlace),
        with(TransformDescriptor::complex1d(1023, 2), TransformKind::RealToComplex, Direction::Forward,
             Placement::OutOfPlace)}) {
    const std::unique_ptr<Plan> plan = backend()->createPlan(d);
    EXPECT_FALSE(test::anyLaunchNamed(test::launchRecords(*plan), "+conv31")) << d.toString();
    EXPECT_LE(test::errorAgainstReference(*plan, kSeed), kTolerance) << d.toString();
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, ConvolutionCodelet, testing::ValuesIn(test::inPlaceLast(codeletCases())),
                         test::labelOf<testing::TestParamInfo<CodeletCase>>);

} // namespace
