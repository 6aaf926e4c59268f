// Every length 1..1024 on a real OpenCL device (PoCL in CI): complex forward then inverse, and real
// forward then inverse, give x back. The generic-shape program (the mixed-radix source with the length,
// radices and work-items per line as arguments) keeps this to a handful of program builds; AnySizeTest
// covers the length-specialised programs.
//
// PoCL would still compile a work-group function for every distinct work-group size, and the size follows
// the length (work-items per line = length over its largest radix, up to 128): on an empty kernel cache
// that cost about 10 minutes for the sweep. ctest runs this executable with
// POCL_WORK_GROUP_SPECIALIZATION=0 (tests/cl/CMakeLists.txt), so PoCL runs its one generic work-group
// function for every size: the same kernel code, on every length, without a compile per length. The
// sweep is split into interleaved shards (lengths k, k + 4, k + 8, ...), each its own ctest entry.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6;
constexpr std::size_t kLongestSweptLength = 1024;
constexpr std::size_t kSweepShards = 4;

OpenClBackend* genericShapeBackend()
{
  static std::unique_ptr<OpenClBackend> backend = [] {
    const auto device = test::preferredOpenClDevice();
    if (!device) return std::unique_ptr<OpenClBackend>();
    OpenClOptions o;
    o.genericMixedShapes = true;
    return std::make_unique<OpenClBackend>(*device, o);
  }();
  return backend.get();
}

TransformDescriptor with(TransformDescriptor d, TransformKind kind, Direction dir)
{
  d.kind = kind;
  d.direction = dir;
  d.placement = Placement::OutOfPlace;
  return d;
}

class AnySizeRoundTrip : public testing::TestWithParam<std::size_t>
{
};

TEST_P(AnySizeRoundTrip, EveryLengthUpTo1024)
{
  OpenClBackend* backend = genericShapeBackend();
  if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
  const std::size_t first = GetParam() == 0 ? kSweepShards : GetParam();
  for (std::size_t n = first; n <= kLongestSweptLength; n += kSweepShards) {
    const TransformDescriptor d = TransformDescriptor::complex1d(n, 2);
    auto forward = backend->createPlan(d);
    auto inverse = backend->createPlan(with(d, TransformKind::ComplexToComplex, Direction::Inverse));
    EXPECT_LE(test::roundTripError(*forward, *inverse, n), kTolerance) << "c2c n=" << n;
    auto r2c = backend->createPlan(with(d, TransformKind::RealToComplex, Direction::Forward));
    auto c2r = backend->createPlan(with(d, TransformKind::ComplexToReal, Direction::Inverse));
    EXPECT_LE(test::roundTripError(*r2c, *c2r, n), kTolerance) << "r2c n=" << n;
  }
}

// Shard k checks the lengths n with n % 4 == k (shard 0: 4, 8, ..., 1024).
INSTANTIATE_TEST_SUITE_P(Lengths, AnySizeRoundTrip, testing::Range<std::size_t>(0, kSweepShards),
                         [](const testing::TestParamInfo<std::size_t>& info) {
                           return "n_mod_" + std::to_string(kSweepShards) + "_is_" +
                                  std::to_string(info.param);
                         });

} // namespace
