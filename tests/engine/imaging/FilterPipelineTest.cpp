// The pipeline (R2C once, half-plane mask, C2R) against a straightforward full-plane double-precision DFT
// filter, and the backends against each other.

#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <random>

using namespace spectrascope;
using namespace spectrascope::imaging;

namespace {

using Spectrum = std::vector<std::complex<double>>;

Spectrum dft2(const Spectrum& in, int w, int h, int sign)
{
  Spectrum out(in.size());
  const double tau = 2 * std::numbers::pi;
  for (int l = 0; l < h; ++l)
    for (int k = 0; k < w; ++k) {
      std::complex<double> sum;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          sum += in[y * w + x] * std::polar(1.0, sign * tau * (double(k * x) / w + double(l * y) / h));
      out[l * w + k] = sum;
    }
  return out;
}

PlanarImage randomImage(int w, int h, int channels, unsigned seed)
{
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> pixel(0, 255);
  PlanarImage image{std::size_t(w), std::size_t(h), std::size_t(channels), {}};
  image.values.resize(image.channels * image.planeSize());
  for (float& v : image.values)
    v = pixel(random);
  return image;
}

// Full-plane reference: DFT, multiply by the centred mask moved to unshifted order, inverse, real part.
std::vector<double> referenceFilter(const float* plane, int w, int h, const std::vector<float>& centred)
{
  Spectrum x(std::size_t(w) * h);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = plane[i];
  Spectrum f = dft2(x, w, h, -1);
  for (int l = 0; l < h; ++l)
    for (int k = 0; k < w; ++k)
      f[l * w + k] *= centred[((l + h / 2) % h) * w + (k + w / 2) % w];
  const Spectrum y = dft2(f, w, h, +1);
  std::vector<double> out(y.size());
  for (std::size_t i = 0; i < y.size(); ++i)
    out[i] = y[i].real() / (double(w) * h);
  return out;
}

// Odd sizes so that every bin has its (-u, -v) partner and the full-plane reference is exactly real.
const std::pair<int, int> kSizes[] = {{9, 7}, {15, 5}, {11, 11}};

} // namespace

TEST(FilterPipeline, MatchesFullPlaneReferenceForEveryKind)
{
  Engine engine("fftw");
  const std::vector<MaskSpec> specs = {
      {MaskKind::LowPass, MaskProfile::Ideal, 0.2, 0.3, 2, {}},
      {MaskKind::HighPass, MaskProfile::Gaussian, 0.15, 0.3, 2, {}},
      {MaskKind::BandPass, MaskProfile::Butterworth, 0.1, 0.3, 3, {}},
      {MaskKind::BandStop, MaskProfile::Ideal, 0.1, 0.25, 2, {}},
      {MaskKind::Notch, MaskProfile::Ideal, 0.1, 0.2, 2, {{2, -1, 1}}},
  };
  for (auto [w, h] : kSizes) {
    FilterPipeline pipeline(engine, randomImage(w, h, 3, unsigned(w * h)));
    for (const MaskSpec& spec : specs) {
      const PlanarImage out = pipeline.applyFloat(halfPlaneMask(spec, w, h));
      const auto centred = centredMask(spec, w, h);
      for (std::size_t c = 0; c < 3; ++c) {
        const auto expected = referenceFilter(pipeline.image().plane(c), w, h, centred);
        for (std::size_t i = 0; i < expected.size(); ++i)
          ASSERT_NEAR(out.plane(c)[i], expected[i], 2e-3)
              << toString(spec.kind) << " " << w << "x" << h << " channel " << c << " pixel " << i;
      }
    }
  }
}

TEST(FilterPipeline, AllPassMaskGivesTheImageBackOnEvenSizes)
{
  Engine engine("fftw");
  for (auto [w, h] : {std::pair{64, 48}, std::pair{600, 400}, std::pair{1000, 872}}) {
    const PlanarImage image = randomImage(w, h, 1, 7);
    FilterPipeline pipeline(engine, image);
    const std::vector<float> ones((w / 2 + 1) * h, 1.0f);
    const PlanarImage out = pipeline.applyFloat(ones);
    for (std::size_t i = 0; i < image.values.size(); ++i)
      ASSERT_NEAR(out.values[i], image.values[i], 2e-2);
  }
}

TEST(FilterPipeline, LogMagnitudeIsCentredAndScaled)
{
  Engine engine("fftw");
  const int w = 9, h = 6;
  const PlanarImage image = randomImage(w, h, 1, 3);
  FilterPipeline pipeline(engine, image);
  Spectrum x(std::size_t(w) * h);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = image.values[i];
  const Spectrum f = dft2(x, w, h, -1);
  std::vector<double> logs(f.size());
  for (int cy = 0; cy < h; ++cy)
    for (int cx = 0; cx < w; ++cx)
      logs[cy * w + cx] = std::log1p(std::abs(f[((cy + h - h / 2) % h) * w + (cx + w - w / 2) % w]));
  const auto [lo, hi] = std::minmax_element(logs.begin(), logs.end());
  const auto bytes = pipeline.logMagnitudeImage(0);
  for (std::size_t i = 0; i < logs.size(); ++i)
    ASSERT_NEAR(bytes[i], (logs[i] - *lo) / (*hi - *lo) * 255, 0.51) << i;
  EXPECT_EQ(bytes[(h / 2) * w + w / 2], 255); // DC of a positive image is the largest bin, in the middle
}

TEST(FilterPipeline, UpdateReportNamesItsSteps)
{
  Engine engine("fftw");
  FilterPipeline pipeline(engine, randomImage(32, 24, 3, 1));
  ExecutionReport report;
  pipeline.apply(halfPlaneMask({MaskKind::LowPass, MaskProfile::Ideal, 0.1, 0.2, 2, {}}, 32, 24),
                 PixelRange::Clamp, &report);
  ASSERT_GE(report.records.size(), 3u);
  EXPECT_EQ(report.records.front().name, "mask multiply");
  EXPECT_EQ(report.records.back().name, "to 8 bits (clamp)");
  EXPECT_GT(report.wallMs, 0.0);
}

// Results are written into recycled memory without zeroing it first: every byte must be rewritten, for
// full results of the parametric path; previews (never recycled) must leave the kept buffer alone.
TEST(FilterPipeline, RecycledResultsEqualFreshOnes)
{
  Engine engine("fftw");
  const int w = 96, h = 80;
  const PlanarImage image = randomImage(w, h, 3, 5);
  const MaskSpec low{MaskKind::LowPass, MaskProfile::Gaussian, 0.05, 0.2, 2, {}};
  const MaskSpec high{MaskKind::HighPass, MaskProfile::Ideal, 0.1, 0.2, 2, {}};
  FilterPipeline fresh(engine, image), recycling(engine, image);
  for (PixelRange range : {PixelRange::Clamp, PixelRange::Normalize}) {
    recycling.recycle(recycling.apply(halfPlaneMask(high, w, h), PixelRange::Abs));
    const PlanarBytes again = recycling.applyParametric(low, false, range);
    EXPECT_EQ(again.values, fresh.applyParametric(low, false, range).values);
    PlanarBytes kept{again};
    const std::uint8_t* keptMemory = kept.values.data();
    recycling.recycle(std::move(kept));
    const std::vector<float> crop = composeCroppedHalfPlaneMask(low, w, h, 48, 40, nullptr, false);
    recycling.recycle(recycling.applyPreview(crop, 48, 40, range));
    EXPECT_EQ(recycling.applyPreview(crop, 48, 40, range).values,
              fresh.applyPreview(crop, 48, 40, range).values);
    // The full result after the previews writes into the kept buffer.
    EXPECT_EQ(recycling.applyParametric(low, false, range).values.data(), keptMemory);
  }
}

TEST(FilterPipeline, OpenClAndFftwAgreeWithinOneGreyLevel)
{
  std::unique_ptr<Engine> opencl;
  try {
    opencl = std::make_unique<Engine>("opencl");
  } catch (const EngineError& e) {
    GTEST_SKIP() << "no OpenCL backend here: " << e.what();
  }
  if (opencl->backendName().rfind("opencl", 0) != 0)
    GTEST_SKIP() << "no OpenCL device: " << opencl->fallbackReason();
  Engine fftw("fftw");
  const int w = 120, h = 90;
  const PlanarImage image = randomImage(w, h, 3, 11);
  FilterPipeline onGpu(*opencl, image), onCpu(fftw, image);
  if (onGpu.backendName().rfind("opencl", 0) != 0)
    GTEST_SKIP() << "the OpenCL backend cannot plan real transforms of this size: " << onGpu.fallbackReason();
  for (const MaskSpec& spec : {MaskSpec{MaskKind::LowPass, MaskProfile::Gaussian, 0.08, 0.2, 2, {}},
                               MaskSpec{MaskKind::HighPass, MaskProfile::Butterworth, 0.1, 0.2, 4, {}}}) {
    const auto mask = halfPlaneMask(spec, w, h);
    const PixelRange range = spec.kind == MaskKind::HighPass ? PixelRange::Normalize : PixelRange::Clamp;
    const PlanarBytes a = onGpu.apply(mask, range), b = onCpu.apply(mask, range);
    for (std::size_t i = 0; i < a.values.size(); ++i)
      ASSERT_LE(std::abs(int(a.values[i]) - int(b.values[i])), 1) << onGpu.backendName() << " pixel " << i;
  }
  // Single-precision sums in another order: a bin may round to the neighbouring grey level.
  const auto gpuSpectrum = onGpu.logMagnitudeImage(), cpuSpectrum = onCpu.logMagnitudeImage();
  ASSERT_EQ(gpuSpectrum.size(), cpuSpectrum.size());
  for (std::size_t i = 0; i < gpuSpectrum.size(); ++i)
    ASSERT_LE(std::abs(int(gpuSpectrum[i]) - int(cpuSpectrum[i])), 1) << "spectrum pixel " << i;
}

// A preview inverts the central crop of the masked spectrum: the whole spectrum gives apply()'s result;
// half of it gives the band-limited result sampled at every other pixel, at the same grey levels.
TEST(FilterPipelinePreview, CropIsTheBandLimitedDownsampleOfTheFullResult)
{
  Engine engine("fftw");
  const PlanarImage image = randomImage(64, 48, 3, 11);
  FilterPipeline pipeline(engine, image);
  MaskSpec spec;
  spec.profile = MaskProfile::Gaussian;
  spec.cutoff = 0.05; // negligible above the half-size crop's Nyquist frequency, 0.25
  const PlanarBytes full = pipeline.apply(halfPlaneMask(spec, 64, 48), PixelRange::Clamp);

  const PlanarBytes same = pipeline.applyPreview(
      composeCroppedHalfPlaneMask(spec, 64, 48, 64, 48, nullptr, false), 64, 48, PixelRange::Clamp);
  ASSERT_EQ(same.values.size(), full.values.size());
  for (std::size_t i = 0; i < full.values.size(); ++i)
    ASSERT_LE(std::abs(int(same.values[i]) - int(full.values[i])), 1) << "at " << i;

  ExecutionReport report;
  const PlanarBytes half = pipeline.applyPreview(
      composeCroppedHalfPlaneMask(spec, 64, 48, 32, 24, nullptr, false), 32, 24, PixelRange::Clamp, &report);
  ASSERT_EQ(half.width, 32u);
  ASSERT_EQ(half.height, 24u);
  EXPECT_FALSE(report.records.empty());
  for (std::size_t c = 0; c < 3; ++c)
    for (std::size_t y = 0; y < 24; ++y)
      for (std::size_t x = 0; x < 32; ++x)
        ASSERT_LE(std::abs(int(half.plane(c)[y * 32 + x]) - int(full.plane(c)[2 * y * 64 + 2 * x])), 1)
            << "channel " << c << " at " << x << "," << y;
}

TEST(FilterPipelinePreview, CroppedMaskEqualsTheFullMaskOnTheCrop)
{
  MaskSpec spec;
  spec.kind = MaskKind::BandStop;
  spec.notches = {{5, -3, 2}};
  const std::vector<float> full = composeHalfPlaneMask(spec, 40, 30, nullptr, true);
  const std::vector<float> crop = composeCroppedHalfPlaneMask(spec, 40, 30, 16, 12, nullptr, true);
  for (std::size_t y = 0; y < 12; ++y) {
    const long v = centredIndex(y, 12);
    for (std::size_t x = 0; x < 9; ++x)
      EXPECT_EQ(crop[y * 9 + x], full[std::size_t((v + 30) % 30) * 21 + x]) << x << "," << v;
  }
}

TEST(FilterPipelinePreview, ExtentFollowsTheViewAndNeverExceedsTheImage)
{
  using Extent = std::pair<std::size_t, std::size_t>;
  EXPECT_EQ(FilterPipeline::previewExtent(2048, 2048, 500, 400), Extent(500, 500));
  EXPECT_EQ(FilterPipeline::previewExtent(2048, 2048, 530, 400), Extent(540, 540)); // 2^2 3^3 5
  EXPECT_EQ(FilterPipeline::previewExtent(4000, 3000, 800, 800), Extent(1080, 800));
  EXPECT_EQ(FilterPipeline::previewExtent(300, 200, 1000, 1000), Extent(300, 200));
}
