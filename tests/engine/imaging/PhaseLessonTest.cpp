// The phase lesson's reconstructions against FFTW in double precision: the spectrum of the magnitude-only
// picture is |F| (zero phase), that of the phase-only picture has magnitude one and F's phase, and a swap
// has one picture's magnitude and the other's phase. Runs on FFTW and, where there is one, on an OpenCL
// device (PoCL in CI), through the engine's 2D plans.

#include "spectrascope/engine/imaging/PhaseLesson.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <numbers>

using namespace spectrascope;
using namespace spectrascope::imaging;

namespace {

using Spectrum = std::vector<std::complex<double>>;

// A small picture with structure: a bright rectangle and a diagonal stripe pattern on noise.
PlanarImage picture(std::size_t w, std::size_t h, std::uint64_t seed)
{
  PlanarImage image{w, h, 1, reference::randomSignal(w * h, seed)};
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      float& v = image.values[y * w + x];
      v = 60 + 20 * v + 40 * std::sin(0.3 * double(x + 2 * y + seed));
      if (x > w / 4 && x < w / 2 && y > h / 3 && y < 2 * h / 3) v += 100;
    }
  return image;
}

Spectrum spectrumOf(const PlanarImage& image)
{
  std::vector<float> interleaved(image.planeSize() * 2);
  for (std::size_t i = 0; i < image.planeSize(); ++i)
    interleaved[2 * i] = image.values[i];
  const std::vector<double> out =
      reference::transform(TransformDescriptor::complex2d(image.width, image.height), interleaved);
  Spectrum s(image.planeSize());
  for (std::size_t i = 0; i < s.size(); ++i)
    s[i] = {out[2 * i], out[2 * i + 1]};
  return s;
}

double relativeError(const Spectrum& actual, const Spectrum& expected)
{
  double diff = 0, norm = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    diff += std::norm(actual[i] - expected[i]);
    norm += std::norm(expected[i]);
  }
  return std::sqrt(diff / norm);
}

class PhaseLessonTest : public ::testing::TestWithParam<std::string>
{
protected:
  void SetUp() override
  {
    try {
      engine_ = std::make_unique<Engine>(createBackend(GetParam()));
    } catch (const EngineError& e) {
      GTEST_SKIP() << GetParam() << ": " << e.what();
    }
  }
  std::unique_ptr<Engine> engine_;
};

// Odd and even sizes, width != height (rows and columns must not be confused).
constexpr std::size_t kWidth = 48, kHeight = 30;
constexpr double kTolerance = 1e-5; // single precision through two transforms

TEST_P(PhaseLessonTest, MagnitudeOnlyHasTheImagesSpectrumMagnitudeAndNoPhase)
{
  const PlanarImage a = picture(kWidth, kHeight, 1);
  const PlanarImage m = PhaseLesson(*engine_).magnitudeOnly(a);
  ASSERT_EQ(m.width, kWidth);
  ASSERT_EQ(m.height, kHeight);
  Spectrum expected = spectrumOf(a);
  for (auto& v : expected)
    v = std::abs(v);
  EXPECT_LT(relativeError(spectrumOf(m), expected), kTolerance);
}

TEST_P(PhaseLessonTest, PhaseOnlyHasUnitMagnitudeAndTheImagesPhase)
{
  const PlanarImage a = picture(kWidth, kHeight, 2);
  const Spectrum s = spectrumOf(PhaseLesson(*engine_).phaseOnly(a));
  const Spectrum original = spectrumOf(a);
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_NEAR(std::abs(s[i]), 1.0, 1e-4) << "bin " << i;
    ASSERT_NEAR(std::abs(std::arg(s[i] / original[i])), 0.0, 1e-3) << "bin " << i;
  }
}

TEST_P(PhaseLessonTest, SwapHasTheFirstMagnitudeAndTheSecondPhase)
{
  const PlanarImage a = picture(kWidth, kHeight, 3), b = picture(kWidth, kHeight, 4);
  const PhaseLessonResult all = PhaseLesson(*engine_).all(a, b);
  const Spectrum A = spectrumOf(a), B = spectrumOf(b);
  Spectrum ab(A.size()), ba(A.size());
  for (std::size_t i = 0; i < A.size(); ++i) {
    ab[i] = std::polar(std::abs(A[i]), std::arg(B[i]));
    ba[i] = std::polar(std::abs(B[i]), std::arg(A[i]));
  }
  EXPECT_LT(relativeError(spectrumOf(all.magnitudeAPhaseB), ab), kTolerance);
  EXPECT_LT(relativeError(spectrumOf(all.magnitudeBPhaseA), ba), kTolerance);
  EXPECT_LT(relativeError(spectrumOf(PhaseLesson(*engine_).swapped(a, b)), ab), kTolerance);
  // all() gives the same single reconstructions as the separate calls.
  Spectrum magnitudeOnly = A;
  for (auto& v : magnitudeOnly)
    v = std::abs(v);
  EXPECT_LT(relativeError(spectrumOf(all.magnitudeOnly), magnitudeOnly), kTolerance);
}

// Two pictures of blocks at different places, on faint noise: structure that is not periodic.
PlanarImage blocks(std::size_t side, std::size_t shift, std::uint64_t seed)
{
  PlanarImage image{side, side, 1, reference::randomSignal(side * side, seed)};
  for (std::size_t y = 0; y < side; ++y)
    for (std::size_t x = 0; x < side; ++x) {
      float& v = image.values[y * side + x];
      v = 50 + 10 * v;
      if (x >= shift && x < shift + side / 4 && y >= side / 8 && y < side / 2) v += 150;
      if (x >= side / 2 && x < side - shift / 2 && y >= side / 2 + shift / 4 && y < side - 4) v += 100;
    }
  return image;
}

double correlation(const PlanarImage& a, const PlanarImage& p)
{
  double ma = 0, mp = 0;
  for (std::size_t i = 0; i < a.planeSize(); ++i) {
    ma += a.values[i];
    mp += p.values[i];
  }
  ma /= double(a.planeSize());
  mp /= double(a.planeSize());
  double cov = 0, va = 0, vp = 0;
  for (std::size_t i = 0; i < a.planeSize(); ++i) {
    cov += (a.values[i] - ma) * (p.values[i] - mp);
    va += (a.values[i] - ma) * (a.values[i] - ma);
    vp += (p.values[i] - mp) * (p.values[i] - mp);
  }
  return cov / std::sqrt(va * vp);
}

// The phase carries where things are: a swap looks like the picture whose phase it has, and the
// phase-only picture resembles the original more than the magnitude-only one does.
TEST_P(PhaseLessonTest, PhaseCarriesTheStructure)
{
  const PlanarImage a = blocks(64, 6, 5), b = blocks(64, 30, 6);
  const PhaseLessonResult r = PhaseLesson(*engine_).all(a, b);
  EXPECT_GT(correlation(b, r.magnitudeAPhaseB), correlation(a, r.magnitudeAPhaseB) + 0.2);
  EXPECT_GT(correlation(a, r.magnitudeBPhaseA), correlation(b, r.magnitudeBPhaseA) + 0.2);
  EXPECT_GT(correlation(a, r.phaseOnly), std::abs(correlation(a, r.magnitudeOnly)));
  EXPECT_TRUE(PhaseLesson(*engine_).all(a, {}).magnitudeAPhaseB.values.empty());
  std::printf(
      "correlations: swap with its phase's picture %.2f / with its magnitude's %.2f; phase only %.2f, "
      "magnitude only %.2f\n",
      correlation(b, r.magnitudeAPhaseB), correlation(a, r.magnitudeAPhaseB), correlation(a, r.phaseOnly),
      correlation(a, r.magnitudeOnly));
}

TEST_P(PhaseLessonTest, RefusesImagesOfDifferentSizesOrPlanes)
{
  const PhaseLesson lesson(*engine_);
  EXPECT_THROW(lesson.swapped(picture(8, 8, 1), picture(8, 6, 2)), EngineError);
  EXPECT_THROW(lesson.magnitudeOnly(PlanarImage{}), EngineError);
  PlanarImage colour{4, 4, 3, std::vector<float>(48)};
  EXPECT_THROW(lesson.phaseOnly(colour), EngineError);
}

INSTANTIATE_TEST_SUITE_P(Backends, PhaseLessonTest, ::testing::Values("fftw", "opencl"),
                         [](const auto& info) { return info.param; });

TEST(PhaseLessonDisplay, CentredPutsTheOriginInTheMiddleAndStretches)
{
  PlanarImage r{8, 6, 1, std::vector<float>(48, 0.0f)};
  r.values[0] = 100; // the peak of a magnitude-only reconstruction sits at (0, 0)
  r.values[1] = -5;
  const PlanarBytes centred = forDisplay(r, PhaseLessonDisplay::Centred);
  EXPECT_EQ(centred.values[3 * 8 + 4], 255);
  EXPECT_EQ(centred.values[3 * 8 + 5], 0);
  const PlanarBytes plain = forDisplay(r, PhaseLessonDisplay::Stretched);
  EXPECT_EQ(plain.values[0], 255);
  EXPECT_EQ(plain.values[1], 0);
}

} // namespace
