// Where an overview's frames lie when the input does not end on a whole frame: a recording shorter
// than one frame, or the stretch after the last whole frame. finish() analyses what is left as one
// more frame (the input's last frame's worth of samples, or a short input centred between zeros), so
// every sample of the file is in some column and the last column looks like the rest.

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/Overview.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

using namespace spectrascope;
using namespace spectrascope::audio;

namespace {
constexpr double kRate = 48000;
constexpr std::size_t kFft = 2048;
constexpr double kToneHz = 1000;

// 1 kHz at -6 dBFS over [from, to) of `length` samples, silence elsewhere.
std::vector<float> toneBetween(std::size_t length, std::size_t from, std::size_t to)
{
  std::vector<float> x(length, 0.0f);
  for (std::size_t i = from; i < to; ++i)
    x[i] = float(0.5 * std::sin(2 * std::numbers::pi * kToneHz * double(i) / kRate));
  return x;
}

// The loudest bin of a column and its level.
std::pair<std::size_t, float> loudestBin(const OverviewBuilder& b, std::size_t column)
{
  const float* db = b.db().data() + column * b.bins();
  const auto it = std::max_element(db, db + b.bins());
  return {std::size_t(it - db), *it};
}

std::size_t toneBin()
{
  return std::size_t(std::lround(kToneHz * double(kFft) / kRate));
}
} // namespace

TEST(OverviewShortInput, AFileShorterThanAFrameIsOneColumnWithItsTone)
{
  Engine engine("fftw");
  OverviewBuilder b(engine, kFft);
  b.consume(toneBetween(960, 0, 960)); // 20 ms
  EXPECT_EQ(b.columns(), 0u) << "no whole frame yet";
  b.finish();
  ASSERT_EQ(b.columns(), 1u);
  const auto [bin, level] = loudestBin(b, 0);
  EXPECT_NEAR(double(bin), double(toneBin()), 1.0);
  EXPECT_GT(level, -30.0f) << "the tone, not silence";
}

TEST(OverviewShortInput, TheStretchAfterTheLastWholeFrameGetsAColumnOfItsOwn)
{
  Engine engine("fftw");
  // 0.05 s: one whole frame (0..2047) and 352 samples after it.
  OverviewBuilder b(engine, kFft);
  b.consume(toneBetween(2400, 0, 2400));
  b.finish();
  ASSERT_EQ(b.columns(), 2u) << "the last 352 samples are part of the picture";
  for (std::size_t c = 0; c < 2; ++c) {
    const auto [bin, level] = loudestBin(b, c);
    EXPECT_NEAR(double(bin), double(toneBin()), 1.0) << "column " << c;
    EXPECT_GT(level, -30.0f) << "column " << c;
  }
}

TEST(OverviewShortInput, TheLastColumnShowsItsOwnStretchNotTheFilesStart)
{
  Engine engine("fftw");
  // The tone only in the last 352 samples: the first column is silent, the second holds the tone (at
  // the end of its frame, so the window's tail takes some 30 dB off, as from any column's edge).
  OverviewBuilder silentStart(engine, kFft);
  silentStart.consume(toneBetween(2400, 2048, 2400));
  silentStart.finish();
  ASSERT_EQ(silentStart.columns(), 2u);
  EXPECT_LT(loudestBin(silentStart, 0).second, -100.0f);
  EXPECT_GT(loudestBin(silentStart, 1).second, -50.0f);
  // The tone only at the start, before the last frame (samples 352 to 2399): the last column stays far
  // below it.
  OverviewBuilder silentEnd(engine, kFft);
  silentEnd.consume(toneBetween(2400, 0, 300));
  silentEnd.finish();
  ASSERT_EQ(silentEnd.columns(), 2u);
  EXPECT_GT(loudestBin(silentEnd, 0).second, -50.0f);
  EXPECT_LT(loudestBin(silentEnd, 1).second, -100.0f);
}

TEST(OverviewShortInput, WholeFramesAreUnchangedAndNothingLeftAddsNoColumn)
{
  Engine engine("fftw");
  OverviewBuilder b(engine, kFft);
  b.consume(toneBetween(2 * kFft, 0, 2 * kFft));
  b.finish();
  EXPECT_EQ(b.columns(), 2u);
  OverviewBuilder empty(engine, kFft);
  empty.finish();
  EXPECT_EQ(empty.columns(), 0u);
}

// A steady tone to the end: the last column's floor is the first column's, not a hard stop's spread. With
// zeros after the input's end it read -42 dB at 12 kHz against -100 in the first column.
TEST(OverviewShortInput, TheLastColumnOfASteadyToneLooksLikeTheOthers)
{
  Engine engine("fftw");
  OverviewBuilder b(engine, kFft);
  b.consume(toneBetween(2400, 0, 2400));
  b.finish();
  ASSERT_EQ(b.columns(), 2u);
  const std::size_t far = std::size_t(std::lround(12000.0 * double(kFft) / kRate));
  const float first = b.db()[far], last = b.db()[b.bins() + far];
  EXPECT_LT(first, -90.0f);
  EXPECT_LT(last, -90.0f) << "first column " << first;
}

// A few samples read their own level, whatever the frame: ten samples of a -6 dBFS sine read -46 dB in
// a 2048-sample frame and -52 in 4096 when corrected as if they filled it.
TEST(OverviewShortInput, AFewSamplesReadTheirOwnLevelWhateverTheFrame)
{
  Engine engine("fftw");
  std::vector<float> levels;
  for (std::size_t fft : {kFft, 2 * kFft}) {
    OverviewBuilder b(engine, fft);
    std::vector<float> burst(10);
    for (std::size_t i = 0; i < burst.size(); ++i)
      burst[i] = float(0.5 * std::cos(2 * std::numbers::pi * 5000.0 * (double(i) - 4.5) / kRate));
    b.consume(burst);
    b.finish();
    ASSERT_EQ(b.columns(), 1u);
    const float level = loudestBin(b, 0).second;
    EXPECT_NEAR(level, -6.02, 3.0) << "frame " << fft;
    levels.push_back(level);
  }
  EXPECT_NEAR(levels[0], levels[1], 0.1);
}
