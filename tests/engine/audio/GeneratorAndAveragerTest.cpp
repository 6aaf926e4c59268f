// The Qt-free parts of live analysis: the test signal generator and the spectrum's averaging and peak
// hold, including the summaries that carry every analysed frame.

#include "spectrascope/engine/audio/FrameSummary.h"
#include "spectrascope/engine/audio/SignalGenerator.h"
#include "spectrascope/engine/audio/SpectrumAverager.h"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <numbers>
#include <utility>
#include <vector>

namespace spectrascope::audio {
namespace {

double powerDb(std::initializer_list<std::pair<double, double>> weightedDb)
{
  double power = 0, weight = 0;
  for (const auto& [w, db] : weightedDb) {
    power += w * std::pow(10.0, db / 10);
    weight += w;
  }
  return 10 * std::log10(power / weight);
}

// A 1 kHz sine at a peak level, at 48 kHz.
GeneratorSettings sineAt(double levelDbfs)
{
  GeneratorSettings s;
  s.waveform = Waveform::Sine;
  s.frequencyHz = 1000;
  s.levelDbfs = levelDbfs;
  return s;
}

TEST(SignalGeneratorTest, SineHasTheRequestedLevel)
{
  SignalGenerator generator(sineAt(-6));
  std::vector<float> block(4800);
  generator.generate(block);
  float peak = 0;
  for (float v : block)
    peak = std::max(peak, std::abs(v));
  EXPECT_TRUE(std::abs(peak - std::pow(10.0f, -6.0f / 20.0f)) < 1e-3f);
}

// A level change mid-stream (the level slider dragged while the tone plays) must not step the gain: on a
// sine near its peak, -40 -> 0 dBFS in one sample is a jump of almost full scale, heard as a click.
TEST(SignalGeneratorTest, LevelChangeRampsWithoutAStep)
{
  SignalGenerator generator(sineAt(-40));
  std::vector<float> before(4810); // 100.2 cycles: the change lands near the sine's peak
  generator.generate(before);
  generator.setSettings(sineAt(0));
  std::vector<float> after(4800);
  generator.generate(after);

  // No neighbouring samples differ by more than a steady full-scale 1 kHz sine's do (2 pi 1000 / 48000).
  const double steadyStep = 2 * std::numbers::pi * 1000 / 48000;
  double largestStep = std::abs(after[0] - before.back());
  for (std::size_t i = 1; i < after.size(); ++i)
    largestStep = std::max(largestStep, double(std::abs(after[i] - after[i - 1])));
  EXPECT_LE(largestStep, steadyStep * 1.01);
  // ... and the new level is reached within 25 ms.
  float peakAfterRamp = 0;
  for (std::size_t i = 1200; i < after.size(); ++i)
    peakAfterRamp = std::max(peakAfterRamp, std::abs(after[i]));
  EXPECT_NEAR(peakAfterRamp, 1.0f, 1e-3f);
}

TEST(SpectrumAveragerTest, FollowsItsModes)
{
  const std::vector<float> loud(8, -20.0f), quiet(8, -40.0f);
  SpectrumAverager a;
  AveragingSettings s;
  s.mode = AveragingMode::None;
  s.peakHold = true;
  s.peakDecayDbPerSecond = 10;
  a.setSettings(s);
  a.add(loud, 0.1);
  for (int i = 0; i < 5; ++i)
    a.add(quiet, 0.1);
  EXPECT_EQ(a.displayed()[3], -40.0f);
  EXPECT_TRUE(std::abs(a.peaks()[3] + 25) < 1e-4) << a.peaks()[3]; // 0.5 s at 10 dB/s
  EXPECT_EQ(a.framesAveraged(), std::size_t(1));

  // Exponential, T = 1 s: after a second of quiet frames the loud first one keeps the weight 1/e.
  s.mode = AveragingMode::Exponential;
  s.seconds = 1;
  s.peakDecayDbPerSecond = 0;
  a.setSettings(s);
  EXPECT_TRUE(a.displayed().empty()); // a new average starts afresh
  a.add(loud, 0.125);
  for (int i = 0; i < 8; ++i)
    a.add(quiet, 0.125);
  const double expected = powerDb({{std::exp(-1.0), -20}, {1 - std::exp(-1.0), -40}});
  EXPECT_TRUE(std::abs(a.displayed()[0] - expected) < 1e-3) << a.displayed()[0];
  EXPECT_EQ(a.framesAveraged(), std::size_t(9));
  EXPECT_TRUE(std::abs(a.peaks()[0] + 20) < 1e-4); // held over the average: its highest value, no decay

  // Linear, T = 1 s: the mean power of the frames of the last second (8 frames of 0.125 s).
  s.mode = AveragingMode::Linear;
  a.setSettings(s);
  for (int i = 0; i < 8; ++i)
    a.add(loud, 0.125);
  EXPECT_TRUE(std::abs(a.displayed()[0] + 20) < 1e-4);
  for (int i = 0; i < 4; ++i)
    a.add(quiet, 0.125);
  EXPECT_EQ(a.framesAveraged(), std::size_t(8));
  EXPECT_TRUE(std::abs(a.displayed()[0] - powerDb({{4, -20}, {4, -40}})) < 1e-3) << a.displayed()[0];
  for (int i = 0; i < 8; ++i)
    a.add(quiet, 0.125);
  EXPECT_TRUE(std::abs(a.displayed()[0] + 40) < 1e-3); // the loud frames have left the window
  EXPECT_EQ(a.secondsAveraged(), 1.0);
  EXPECT_TRUE(std::abs(a.peaks()[0] + 20) < 1e-4);

  // Another FFT size starts afresh; turning peak hold off drops its trace, not the average.
  a.add(std::vector<float>(16, -30.0f), 0.125);
  EXPECT_EQ(a.displayed().size(), std::size_t(16));
  EXPECT_EQ(a.framesAveraged(), std::size_t(1));
  s.peakHold = false;
  a.setSettings(s);
  EXPECT_TRUE(a.peaks().empty());
  EXPECT_EQ(a.displayed().size(), std::size_t(16));
}

TEST(SpectrumAveragerTest, LinearWindowStaysBounded)
{
  // 20 s of 1 ms frames into a 10 s window: 10000 frames are averaged in at most kMaxSlots + 2 slots.
  SpectrumAverager a;
  AveragingSettings s;
  s.mode = AveragingMode::Linear;
  s.seconds = 10;
  a.setSettings(s);
  std::vector<float> frame(513, -50.0f);
  for (int i = 0; i < 20000; ++i) {
    frame[100] = i % 2 ? -10.0f : -30.0f; // alternating: the mean power of -10 and -30 dB
    a.add(frame, 0.001);
  }
  EXPECT_TRUE(a.slotCount() <= SpectrumAverager::kMaxSlots + 2) << a.slotCount();
  EXPECT_TRUE(a.secondsAveraged() >= 10 - 1e-6 &&
              a.secondsAveraged() <= 10 + 10.0 / SpectrumAverager::kMaxSlots + 1e-6);
  EXPECT_TRUE(a.framesAveraged() >= 10000 && a.framesAveraged() <= 10000 + 160);
  EXPECT_TRUE(std::abs(a.displayed()[7] + 50) < 1e-3);
  EXPECT_TRUE(std::abs(a.displayed()[100] - powerDb({{1, -10}, {1, -30}})) < 0.01) << a.displayed()[100];
}

// Without averaging, peak hold takes the peak of every frame a summary carries, not just the newest.
TEST(SpectrumAveragerTest, PeakHoldSeesEveryFrameOfASummary)
{
  SpectrumAverager a;
  a.setSettings(AveragingSettings{AveragingMode::None, 1.0, true, 0});
  FrameSummary summary;
  std::vector<float> frame(8, -60.0f);
  for (int k = 0; k < 8; ++k) { // a tone stepping through the bins, one frame each
    frame.assign(8, -60.0f);
    frame[std::size_t(k)] = -6.0f;
    summary.addFrame(frame);
  }
  a.add(summary, 0.01);
  EXPECT_EQ(a.displayed()[7], -6.0f); // the newest frame
  EXPECT_EQ(a.displayed()[0], -60.0f);
  for (float peak : a.peaks())
    EXPECT_EQ(peak, -6.0f);
  EXPECT_EQ(a.framesAveraged(), 1u);

  // A linear average counts the frames and takes their mean power.
  a.setSettings(AveragingSettings{AveragingMode::Linear, 1.0, true, 0});
  a.add(summary, 0.01);
  EXPECT_EQ(a.framesAveraged(), 8u);
  EXPECT_NEAR(a.displayed()[3], powerDb({{1, -6}, {7, -60}}), 1e-3);
}

} // namespace
} // namespace spectrascope::audio
