// The kernel gallery on a real OpenCL device (PoCL in CI): every variant against FFTW in double precision
// and FFTW's impulse, linearity and time-shift checks, from N = 2 to the largest size each allows in CI
// time; work-group sizes the benchmark sweeps; the launch records; the limits it refuses cleanly.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"
#include "spectrascope/engine/gallery/GallerySweep.h"
#include "spectrascope/engine/gallery/GalleryVariant.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

using namespace spectrascope;
using gallery::Variant;

namespace {

// The on-the-fly variants' twiddles (sinpi/cospi of exact fractions) are as accurate as the tables.
constexpr double kTolerance = 1e-6;
// Large enough to exercise many stages and scattered access, small enough for PoCL on two CI cores.
constexpr std::size_t kLargestTested = std::size_t{1} << 20;

OpenClBackend* sharedBackend()
{
  static std::unique_ptr<OpenClBackend> backend;
  if (!backend) {
    const auto device = test::preferredOpenClDevice();
    if (!device) return nullptr;
    backend = std::make_unique<OpenClBackend>(*device);
  }
  return backend.get();
}

struct GalleryCase
{
  Variant variant;
  std::size_t n, batch;
  gallery::GalleryOptions options;
  std::string label;
};

void PrintTo(const GalleryCase& c, std::ostream* os)
{
  *os << c.label;
}

GalleryCase make(Variant v, std::size_t n, std::size_t batch, std::size_t workGroupSize = 0)
{
  std::string label =
      std::string(gallery::info(v).key) + "_n" + std::to_string(n) + "_b" + std::to_string(batch);
  if (workGroupSize) label += "_wg" + std::to_string(workGroupSize);
  return {v, n, batch, {workGroupSize}, label};
}

// n == 0 stands for the largest N the variant allows on the device, capped at kLargestTested. The
// device is asked in SetUp, not while the cases are registered (static initialisation time).
std::vector<GalleryCase> galleryCases()
{
  std::vector<GalleryCase> cases;
  for (const gallery::VariantInfo& v : gallery::allVariants()) {
    for (std::size_t n : {2u, 4u, 8u, 16u, 32u, 128u, 1024u, 4096u, 65536u})
      cases.push_back(make(v.variant, n, n < 64 ? 5 : n < 65536 ? 2 : 1));
    cases.push_back(make(v.variant, 0, 1));
    cases.back().label = std::string(v.key) + "_largest";
  }
  // Work-group sizes of the book's Table 6.1 sweep, and register exchanges of 2, 4 and 8 values.
  for (std::size_t wg : {1u, 16u, 32u, 256u})
    cases.push_back(make(Variant::BookRadix2, 4096, 2, wg));
  for (std::size_t wg : {1u, 256u})
    cases.push_back(make(Variant::Fft4Reordered, 2048, 1, wg));
  for (std::size_t half : {1u, 2u, 4u, 64u})
    cases.push_back(make(Variant::RegisterExchange, 8192, 2, half));
  return cases;
}

class GalleryVariantTest : public testing::TestWithParam<GalleryCase>
{
protected:
  std::unique_ptr<OpenClPlan> plan;
  std::size_t n = 0;
  void SetUp() override
  {
    OpenClBackend* backend = sharedBackend();
    if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
    const GalleryCase& c = GetParam();
    const std::size_t largest = std::min(kLargestTested, gallery::maxLength(c.variant, backend->info()));
    if (c.n > largest) GTEST_SKIP() << c.label << ": N <= " << largest << " on this device";
    n = c.n ? c.n : largest;
    try {
      plan = gallery::createPlan(c.variant, *backend, TransformDescriptor::complex1d(n, c.batch), c.options);
    } catch (const EngineError& e) {
      // The compiled kernel may allow fewer work-items per group than the device (NVIDIA: the compact
      // kernel's registers cap it at 256); the gallery refuses with that reason, which is the behaviour.
      if (e.kind() == EngineError::Kind::Unsupported && std::string(e.what()).find("this kernel allows") != std::string::npos)
        GTEST_SKIP() << e.what();
      throw;
    }
  }
};

TEST_P(GalleryVariantTest, MatchesFftwDouble)
{
  EXPECT_LE(test::errorAgainstReference(*plan, 21), kTolerance);
}

TEST_P(GalleryVariantTest, SatisfiesFftwPropertyChecks)
{
  if (n > 65536) GTEST_SKIP() << "property checks run up to 2^16 (the reference check covers the rest)";
  EXPECT_LE(test::impulseError(*plan, 22), kTolerance);
  EXPECT_LE(test::linearityError(*plan, 23), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, 24), kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Gallery, GalleryVariantTest, testing::ValuesIn(galleryCases()),
                         [](const testing::TestParamInfo<GalleryCase>& info) { return info.param.label; });

class GalleryTest : public testing::Test
{
protected:
  OpenClBackend* backend = nullptr;
  void SetUp() override
  {
    backend = sharedBackend();
    if (!backend) GTEST_SKIP() << "no OpenCL device";
  }
};

// The error measure the tests rely on does see a wrong transform: the output of the forward transform
// against the reference of the inverse one (a different, equally plausible-looking result).
TEST_F(GalleryTest, ErrorMeasureDetectsAWrongTransform)
{
  const TransformDescriptor d = TransformDescriptor::complex1d(256, 2);
  auto plan = gallery::createPlan(Variant::Fft3Coalesced, *backend, d);
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), 5);
  const std::vector<float> output = test::runPlan(*plan, input);
  TransformDescriptor inverse = d;
  inverse.direction = Direction::Inverse;
  inverse.normalization = Normalization::Unscaled;
  EXPECT_LE(reference::relativeL2Error(output, reference::transform(d, input)), kTolerance);
  EXPECT_GT(reference::relativeL2Error(output, reference::transform(inverse, input)), 0.5);
}

std::size_t countKernels(const ExecutionReport& report)
{
  return std::size_t(std::count_if(report.records.begin(), report.records.end(), [](const KernelRecord& r) {
    return r.type == KernelRecord::Type::Kernel;
  }));
}

TEST_F(GalleryTest, ReportsEveryLaunchWithItsShapeAndTheTransfers)
{
  const std::size_t n = 1024;
  const std::size_t log2n = std::size_t(std::countr_zero(n));
  const std::map<Variant, std::size_t> expectedLaunches{
      {Variant::BookRadix2, 1 + log2n},        {Variant::Fft1Permuted, log2n},
      {Variant::Fft3Coalesced, 1 + log2n},     {Variant::CompactSingleGroup, 1},
      {Variant::Fft4Reordered, 1 + 2 * log2n}, {Variant::RegisterExchange, 2}};
  for (const auto& [variant, launches] : expectedLaunches) {
    // The compact kernel is one launch at any N; 256 fits its work-group on every device (NVIDIA caps
    // the compiled kernel at 256 work-items, i.e. N = 512).
    const std::size_t size = variant == Variant::CompactSingleGroup ? 256 : n;
    auto plan = gallery::createPlan(variant, *backend, TransformDescriptor::complex1d(size, 3));
    std::vector<float> in(plan->descriptor().inputFloats(), 0.25f), out(in.size());
    ExecutionReport report;
    plan->execute(in, out, &report);
    SCOPED_TRACE(std::string(gallery::info(variant).key));
    EXPECT_EQ(countKernels(report), launches);
    EXPECT_EQ(report.records.front().type, KernelRecord::Type::Upload);
    EXPECT_EQ(report.records.back().type, KernelRecord::Type::Download);
    for (const KernelRecord& r : report.records) {
      EXPECT_GE(r.endNs, r.startNs) << r.name;
      EXPECT_GT(r.bytes, 0u) << r.name;
      if (r.type != KernelRecord::Type::Kernel) continue;
      EXPECT_EQ(r.globalSize[1], 3u) << r.name; // batch along the second dimension
      EXPECT_GT(r.localSize[0], 0u) << r.name;
      EXPECT_EQ(r.globalSize[0] % r.localSize[0], 0u) << r.name;
    }
  }
}

TEST_F(GalleryTest, RefusesWhatItCannotDoWithAReason)
{
  using D = TransformDescriptor;
  const auto why = [&](Variant v, const D& d, gallery::GalleryOptions o = {}) {
    return gallery::cannotPlan(v, *backend, d, o).value_or("");
  };
  EXPECT_NE(why(Variant::BookRadix2, D::complex1d(1000)).find("power of two"), std::string::npos);
  EXPECT_NE(why(Variant::BookRadix2, D::complex1d(1024, 1, Direction::Inverse)).find("forward"),
            std::string::npos);
  EXPECT_NE(why(Variant::Fft1Permuted, D::complex2d(64, 64)).find("1D"), std::string::npos);
  EXPECT_NE(why(Variant::Fft3Coalesced, D::complex1d(1024), {48}).find("power of two"), std::string::npos);
  const std::size_t compactMax = gallery::maxLength(Variant::CompactSingleGroup, backend->info());
  EXPECT_NE(why(Variant::CompactSingleGroup, D::complex1d(compactMax * 2)).find("N <="), std::string::npos);
  EXPECT_EQ(why(Variant::CompactSingleGroup, D::complex1d(compactMax)), "");
  EXPECT_NE(why(Variant::RegisterExchange, D::complex1d(gallery::kGalleryMaxLength * 2)).find("N <="),
            std::string::npos);
  EXPECT_THROW(gallery::createPlan(Variant::BookRadix2, *backend, D::complex1d(12)), EngineError);
}

TEST_F(GalleryTest, SweepMeasuresVariantsAndFftwAndStopsWhenCancelled)
{
  gallery::SweepSettings settings;
  settings.minSeconds = 0;
  settings.minCalls = 2;
  const gallery::SweepPoint p =
      gallery::measureVariant(Variant::RegisterExchange, *backend, 4096, 1, {}, settings);
  EXPECT_TRUE(p.skipped.empty()) << p.skipped;
  EXPECT_GT(p.deviceMs, 0);
  EXPECT_GT(p.gigabytesPerSecond(), 0);
  EXPECT_LE(p.relErr, kTolerance);
  EXPECT_FALSE(p.kernels.empty());

  std::atomic<bool> cancel{true};
  settings.cancel = &cancel;
  EXPECT_THROW(gallery::measureVariant(Variant::BookRadix2, *backend, 4096, 1, {}, settings),
               gallery::SweepCancelled);

  const gallery::SweepPoint skipped =
      gallery::measureVariant(Variant::CompactSingleGroup, *backend, gallery::kGalleryMaxLength, 1, {}, {});
  EXPECT_FALSE(skipped.skipped.empty());
}

} // namespace
