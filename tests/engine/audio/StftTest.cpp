// The STFT through the engine: amplitude correction per window, tones in the right bins, and every
// value against a direct STFT in double precision (naive DFT) on seeded random data.
#include "spectrascope/engine/audio/Stft.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>

using namespace spectrascope;
using namespace spectrascope::audio;

namespace {

std::vector<float> sine(std::size_t n, double cyclesPerSample, double amplitude = 1.0, double phase = 0.3)
{
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = float(amplitude * std::sin(2 * M_PI * cyclesPerSample * double(i) + phase));
  return x;
}

// |X[k]| / (sum(w)/2) of frame `frame`, directly from the definition, in double precision.
std::vector<double> referenceFrame(const std::vector<float>& x, const StftSettings& s, std::size_t frame)
{
  const auto w = makeWindow(s.window, s.frameLength);
  double sum = 0;
  for (double v : w)
    sum += v;
  const std::size_t n = s.fftSize();
  std::vector<double> out(s.binCount());
  for (std::size_t k = 0; k < out.size(); ++k) {
    std::complex<double> acc = 0;
    for (std::size_t i = 0; i < s.frameLength; ++i)
      acc +=
          double(x[frame * s.hop + i]) * w[i] * std::polar(1.0, -2 * M_PI * double((k * i) % n) / double(n));
    out[k] = std::abs(acc) / (sum / 2);
  }
  return out;
}

class AmplitudeCorrectionTest : public testing::TestWithParam<WindowSpec>
{
};

TEST_P(AmplitudeCorrectionTest, FullScaleSineAtBinCentreReadsZeroDb)
{
  Engine engine("fftw");
  StftSettings s;
  s.frameLength = 1024;
  s.hop = 512;
  s.window = GetParam();
  Stft stft(engine, s);
  const std::size_t bin = 100;
  const auto x = sine(4096, double(bin) / 1024.0);
  const std::size_t frames = Stft::frameCount(x.size(), s);
  ASSERT_EQ(frames, 7u);
  std::vector<float> db(frames * stft.binCount());
  stft.decibels(x, frames, db);
  for (std::size_t f = 0; f < frames; ++f) {
    const float* row = db.data() + f * stft.binCount();
    EXPECT_NEAR(row[bin], 0.0, 0.05) << windowName(s.window) << " frame " << f;
    for (std::size_t k = 0; k < stft.binCount(); ++k)
      EXPECT_LE(row[k], row[bin] + 1e-3);
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryWindow, AmplitudeCorrectionTest,
    testing::Values(WindowSpec{WindowType::Rectangular, 0}, WindowSpec{WindowType::Hann, 0},
                    WindowSpec{WindowType::Hamming, 0}, WindowSpec{WindowType::Blackman, 0},
                    WindowSpec{WindowType::BlackmanHarris, 0}, WindowSpec{WindowType::FlatTop, 0},
                    WindowSpec{WindowType::Kaiser, 8.6}, WindowSpec{WindowType::Gaussian, 0}));

TEST(StftTest, KnownTonesLandInTheirBinsForPowerOfTwoAndOtherSizes)
{
  Engine engine("fftw");
  for (std::size_t n : {1000u, 2048u, 4410u}) {
    StftSettings s;
    s.frameLength = n;
    s.hop = n / 4;
    Stft stft(engine, s);
    const double rate = 44100;
    // 440 Hz and 5 kHz at half scale each.
    std::vector<float> x(n * 3);
    for (std::size_t i = 0; i < x.size(); ++i)
      x[i] = float(0.5 * std::sin(2 * M_PI * 440 * double(i) / rate) +
                   0.5 * std::sin(2 * M_PI * 5000 * double(i) / rate));
    const std::size_t frames = Stft::frameCount(x.size(), s);
    std::vector<float> mag(frames * stft.binCount());
    stft.magnitudes(x, frames, mag);
    for (std::size_t f = 0; f < frames; ++f) {
      std::span<const float> row(mag.data() + f * stft.binCount(), stft.binCount());
      for (double tone : {440.0, 5000.0}) {
        const std::size_t expected = std::size_t(std::lround(tone * double(n) / rate));
        std::size_t best = expected - 3;
        for (std::size_t k = expected - 3; k <= expected + 3; ++k)
          if (row[k] > row[best]) best = k;
        EXPECT_EQ(best, expected) << "N=" << n << " tone " << tone;
        // Between bin centres the Hann scalloping loss is at most 1.42 dB.
        EXPECT_GT(row[best], 0.5 * 0.84);
      }
    }
  }
}

TEST(StftTest, MatchesDirectStftOnRandomDataAcrossBatchBoundaries)
{
  Engine engine("fftw");
  std::mt19937 random(20261121);
  std::uniform_real_distribution<float> uniform(-1, 1);
  for (auto [length, pad, hop] :
       {std::tuple{64u, 1u, 16u}, std::tuple{100u, 2u, 37u}, std::tuple{48u, 1u, 48u}}) {
    StftSettings s;
    s.frameLength = length;
    s.zeroPadding = pad;
    s.hop = hop;
    s.window = {WindowType::Blackman, 0};
    Stft stft(engine, s);
    // More frames than one engine call takes, so chunking and batch rounding are exercised.
    const std::size_t frames = stft.maxBatch() + 3;
    std::vector<float> x(Stft::samplesSpanned(frames, s) + 5);
    for (auto& v : x)
      v = uniform(random);
    ASSERT_EQ(Stft::frameCount(x.size(), s), frames);
    std::vector<float> mag(frames * stft.binCount());
    stft.magnitudes(x, frames, mag);
    for (std::size_t f : {std::size_t(0), std::size_t(1), stft.maxBatch() - 1, stft.maxBatch(), frames - 1}) {
      const auto reference = referenceFrame(x, s, f);
      double peak = 0;
      for (double v : reference)
        peak = std::max(peak, v);
      for (std::size_t k = 0; k < reference.size(); ++k)
        ASSERT_NEAR(mag[f * stft.binCount() + k], reference[k], 1e-5 * peak + 1e-7)
            << "L=" << length << " pad=" << pad << " frame " << f << " bin " << k;
    }
  }
}

TEST(StftTest, DecibelsAreTwentyLog10OfTheMagnitudesOverTheWholeRange)
{
  // Levels from full scale down to the floor: noise whose loudness falls by 20 dB per frame, then
  // silence, so the conversion is checked over 300 dB of power and at the floor.
  Engine engine("fftw");
  StftSettings s;
  s.frameLength = 512;
  s.hop = 512;
  Stft stft(engine, s);
  const std::size_t frames = 16;
  std::mt19937 random(7);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::vector<float> x(frames * 512, 0.0f);
  for (std::size_t f = 0; f + 1 < frames; ++f)
    for (std::size_t i = 0; i < 512; ++i)
      x[f * 512 + i] = float(std::pow(10.0, -double(f))) * noise(random);
  std::vector<float> db(frames * stft.binCount()), magnitude(db.size());
  stft.decibels(x, frames, db);
  stft.magnitudes(x, frames, magnitude);
  for (std::size_t i = 0; i < db.size(); ++i)
    ASSERT_NEAR(db[i], Stft::toDecibels(magnitude[i]), 1e-3) << "bin " << i << ", magnitude " << magnitude[i];
  EXPECT_EQ(db.back(), Stft::kFloorDb);
}

TEST(StftTest, FrameCountHasNoPaddingAtTheEnds)
{
  StftSettings s;
  s.frameLength = 1024;
  s.hop = 256;
  EXPECT_EQ(Stft::frameCount(1023, s), 0u);
  EXPECT_EQ(Stft::frameCount(1024, s), 1u);
  EXPECT_EQ(Stft::frameCount(1279, s), 1u);
  EXPECT_EQ(Stft::frameCount(1280, s), 2u);
  EXPECT_EQ(Stft::samplesSpanned(2, s), 1280u);
}

TEST(StftTest, RejectsBadSettings)
{
  Engine engine("fftw");
  StftSettings s;
  s.hop = 0;
  EXPECT_THROW((Stft{engine, s}), EngineError);
  s.hop = 1;
  s.frameLength = 1;
  EXPECT_THROW((Stft{engine, s}), EngineError);
}

} // namespace
