// Plane launches (cl/fft_mixed.cl's PLANE_WIDTH): the first two axes of a complex transform whose planes
// fit one launch, both transformed in that launch, on a real device (PoCL in CI, with the GPU's 48 KB of
// local memory) against FFTW in double and FFTW's property checks. Powers of two and mixed radices, prime
// radices along either axis, square and oblong planes, 2D and 3D (the third axis a launch of its
// own), batches, forward and inverse, in place and out of place; each case is checked to be one launch a
// plane, and against the rows and columns apart (the comparison knob) on the same input.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6; // AnySizeTest's bound
constexpr std::uint64_t kSeed = 43;

using PlaneCase = test::LabelledTransform;

using test::with;

std::vector<PlaneCase> planeCases()
{
  using D = TransformDescriptor;
  const auto c2c = TransformKind::ComplexToComplex;
  std::vector<PlaneCase> c;
  const auto add = [&](const std::string& label, const D& d) {
    c.push_back({label, d});
    c.push_back({label + "_inverse_inplace", with(d, c2c, Direction::Inverse, Placement::InPlace)});
  };
  add("2d_64x64", D::complex2d(64, 64, 2)); // the largest plane: 32 KB
  add("3d_64x64x8", D::complex3d(64, 64, 8));
  add("2d_oblong_128x8", D::complex2d(128, 8, 3));
  add("2d_oblong_4x256", D::complex2d(4, 256, 2));
  add("2d_mixed_12x10", D::complex2d(12, 10, 5));
  add("3d_mixed_12x10x6", D::complex3d(12, 10, 6, 2));
  add("2d_prime_radix_16x31", D::complex2d(16, 31, 3));
  add("2d_prime_radix_30x17", D::complex2d(30, 17, 3));
  add("3d_odd_9x7x5", D::complex3d(9, 7, 5, 2));
  add("2d_smallest_2x2", D::complex2d(2, 2, 7));
  c.push_back(
      {"3d_32x32x32_inplace", with(D::complex3d(32, 32, 32), c2c, Direction::Forward, Placement::InPlace)});
  return c;
}

OpenClBackend* backendFor(bool planesApart)
{
  static std::unique_ptr<OpenClBackend> backends[2];
  std::unique_ptr<OpenClBackend>& b = backends[planesApart];
  if (!b) {
    const auto device = test::preferredOpenClDevice();
    if (!device) return nullptr;
    OpenClOptions options;
    options.localMemoryBytes = 48 * 1024;
    options.planesApart = planesApart;
    b = std::make_unique<OpenClBackend>(*device, options);
  }
  return b.get();
}

std::size_t kernelLaunches(const std::vector<KernelRecord>& records)
{
  return std::size_t(std::count_if(records.begin(), records.end(), [](const KernelRecord& r) {
    return r.type == KernelRecord::Type::Kernel;
  }));
}

class PlaneLaunch : public testing::TestWithParam<PlaneCase>
{
protected:
  std::unique_ptr<Plan> plane, apart;
  void SetUp() override
  {
    if (!backendFor(false)) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
    plane = backendFor(false)->createPlan(GetParam().d);
    apart = backendFor(true)->createPlan(GetParam().d);
  }
};

TEST_P(PlaneLaunch, IsOneLaunchAPlane)
{
  const TransformDescriptor& d = GetParam().d;
  const std::vector<KernelRecord> records = test::launchRecords(*plane);
  const std::string tag = " +plane" + std::to_string(d.extent[0]) + "x" + std::to_string(d.extent[1]);
  EXPECT_TRUE(test::anyLaunchNamed(records, tag)) << d.toString();
  EXPECT_EQ(kernelLaunches(records), d.extent[2] > 1 ? 2u : 1u) << d.toString();
  const std::vector<KernelRecord> apartRecords = test::launchRecords(*apart);
  EXPECT_FALSE(test::anyLaunchNamed(apartRecords, "+plane")) << d.toString();
  EXPECT_EQ(kernelLaunches(apartRecords), d.extent[2] > 1 ? 3u : 2u) << d.toString();
}

TEST_P(PlaneLaunch, MatchesFftwDoubleAsTheAxesApartDo)
{
  EXPECT_LE(test::errorAgainstReference(*plane, kSeed), kTolerance);
  EXPECT_LE(test::errorAgainstReference(*apart, kSeed), kTolerance);
}

TEST_P(PlaneLaunch, SatisfiesFftwPropertyChecks)
{
  EXPECT_LE(test::impulseError(*plane, kSeed + 1), kTolerance);
  EXPECT_LE(test::linearityError(*plane, kSeed + 2), kTolerance);
  EXPECT_LE(test::timeShiftError(*plane, kSeed + 3), kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Kernels, PlaneLaunch, testing::ValuesIn(test::inPlaceLast(planeCases())),
                         test::labelOf<testing::TestParamInfo<PlaneCase>>);

// Planes above 64 x 64, of a prime above the radices, of a real transform or with one axis of length one
// take their axes apart; so do planes whose launch would not pay (six local passes, or 61 values a
// work-item).
TEST(PlaneLaunch, OnlyWherePlanesFitAndBothAxesAreComplexRadices)
{
  OpenClBackend* backend = backendFor(false);
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  for (const TransformDescriptor& d :
       {TransformDescriptor::complex2d(65, 64), TransformDescriptor::complex2d(67, 4),
        TransformDescriptor::complex2d(60, 60), TransformDescriptor::complex2d(61, 61),
        TransformDescriptor::complex2d(1, 64),
        with(TransformDescriptor::complex2d(64, 64), TransformKind::RealToComplex, Direction::Forward,
             Placement::OutOfPlace)})
    EXPECT_FALSE(test::anyLaunchNamed(test::launchRecords(*backend->createPlan(d)), "+plane"))
        << d.toString();
}

} // namespace
