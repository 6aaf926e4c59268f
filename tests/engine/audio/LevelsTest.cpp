// The host spectrogram pipeline hands out levels (dB), not colours: a row shows the loudest bin it
// covers, and every frame reaches the summary the spectrum view's peak hold and averages are made from.

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/FrameSummary.h"
#include "spectrascope/engine/audio/SpectrogramPipeline.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace spectrascope::audio {
namespace {

std::vector<float> tone(std::size_t n, double cyclesPerSample, double amplitude)
{
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = float(amplitude * std::sin(2 * std::numbers::pi * cyclesPerSample * double(i)));
  return x;
}

TEST(SpectrogramLevels, ARowShowsTheLoudestBinItCovers)
{
  Engine engine("fftw");
  StftSettings s;
  s.frameLength = 4096;
  s.hop = 4096;
  SpectrogramPipeline pipeline(engine, s);
  EXPECT_EQ(pipeline.levelsPerFrame(), pipeline.binCount()) << "one level per bin by default";
  LevelRows rows;
  rows.rowBins = {{0, 99}, {100, 1999}, {2000, 2048}}; // a 10 kHz tone at 48 kHz is bin 853.3
  pipeline.setRows(rows);
  const std::vector<float> x = tone(4096, 10000.0 / 48000, 0.5); // -6.02 dBFS
  std::vector<float> levels(3);
  pipeline.levels(x, 1, levels);
  // Between bins, Hann's scalloping costs up to 1.42 dB; the mean of the row's 1900 bins would be ~-40.
  EXPECT_NEAR(levels[1], -6.02, 1.5);
  EXPECT_LT(levels[0], -80);
  EXPECT_LT(levels[2], -80);
  EXPECT_THROW(pipeline.setRows(LevelRows{{{0, 5000}}}), std::exception);
}

TEST(SpectrogramLevels, EveryFrameReachesTheSummary)
{
  Engine engine("fftw");
  StftSettings s;
  s.frameLength = 256;
  s.hop = 256;
  SpectrogramPipeline pipeline(engine, s);
  // Frame 3 of 8 holds a tone at bin 32; the newest frame is silent: only a summary of every frame sees it.
  std::vector<float> x(8 * 256, 0.0f);
  const std::vector<float> burst = tone(256, 32.0 / 256, 1.0);
  std::copy(burst.begin(), burst.end(), x.begin() + 3 * 256);
  std::vector<float> levels(8 * pipeline.binCount());
  FrameSummary summary;
  pipeline.levels(x, 8, levels, &summary);
  EXPECT_EQ(summary.frames, 8u);
  EXPECT_NEAR(summary.peakDb[32], 0.0, 0.01);
  EXPECT_LT(summary.lastDb[32], -200);
  EXPECT_NEAR(summary.powerSum[32], 1.0, 1e-3);

  FrameSummary later;
  later.addFrame(std::vector<float>(pipeline.binCount(), -20.0f));
  summary.merge(later);
  EXPECT_EQ(summary.frames, 9u);
  EXPECT_NEAR(summary.peakDb[32], 0.0, 0.01);
  EXPECT_FLOAT_EQ(summary.lastDb[32], -20.0f);
}

} // namespace
} // namespace spectrascope::audio
