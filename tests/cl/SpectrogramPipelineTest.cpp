// The device spectrogram (cl/stft.cl around the engine's R2C plans) against the host path on FFTW:
// the same pixels up to one colormap step, the same dB column, per-kernel records.

#include "spectrascope/engine/audio/SpectrogramPipeline.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/Engine.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace spectrascope::audio {
namespace {

std::vector<float> testSignal(std::size_t n)
{
  std::mt19937 random(7);
  std::normal_distribution<float> noise(0, 0.01f);
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double t = double(i) / 48000;
    x[i] = float(0.5 * std::sin(2 * std::numbers::pi * 1000 * t) +
                 0.1 * std::sin(2 * std::numbers::pi * (200 + 2000 * t) * t)) +
           noise(random);
  }
  return x;
}

// Rows spread over the spectrum unevenly (one bin at the bottom, wide spans at the top), as a log axis.
ColumnMapping logLikeMapping(std::size_t bins, std::size_t rows)
{
  ColumnMapping m;
  m.colormap = "grayscale"; // every step its own colour, so the index is recoverable
  m.minDb = -100;
  m.maxDb = 0;
  for (std::size_t row = 0; row < rows; ++row) {
    const double low = std::pow(double(bins - 1), double(rows - 1 - row) / double(rows));
    const double high = std::pow(double(bins - 1), double(rows - row) / double(rows));
    const auto first = std::uint32_t(std::min<double>(bins - 1, std::floor(low)));
    m.rowBins.emplace_back(first,
                           std::max(first, std::uint32_t(std::min<double>(bins - 1, std::floor(high)))));
  }
  return m;
}

int grayLevel(std::uint32_t argb)
{
  return int(argb & 0xff);
}

struct Case
{
  std::size_t frameLength, hop, zeroPadding, frames;
  WindowType window;
};

class DeviceSpectrogram : public ::testing::TestWithParam<Case>
{
};

TEST_P(DeviceSpectrogram, MatchesTheHostPath)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device (install PoCL to run the device spectrogram tests)";
  const Case c = GetParam();
  StftSettings s;
  s.frameLength = c.frameLength;
  s.hop = c.hop;
  s.zeroPadding = c.zeroPadding;
  s.window = {c.window, 0};
  const std::vector<float> x = testSignal(Stft::samplesSpanned(c.frames, s));

  Engine cpu("fftw"), gpu("opencl:" + std::to_string(*device));
  SpectrogramPipeline host(cpu, s), onDevice(gpu, s);
  ASSERT_FALSE(host.onDevice());
  ASSERT_TRUE(onDevice.onDevice()) << gpu.fallbackReason();
  const ColumnMapping mapping = logLikeMapping(host.binCount(), 97);
  host.setMapping(mapping);
  onDevice.setMapping(mapping);

  const std::size_t rows = mapping.rows(), bins = host.binCount();
  std::vector<std::uint32_t> expected(c.frames * rows), actual(c.frames * rows, 0);
  std::vector<float> expectedDb(bins), actualDb(bins);
  host.columns(x, c.frames, expected, expectedDb);
  ExecutionReport report;
  onDevice.columns(x, c.frames, actual, actualDb, &report);

  int worst = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    worst = std::max(worst, std::abs(grayLevel(expected[i]) - grayLevel(actual[i])));
  EXPECT_LE(worst, 1) << "pixels differ by more than one colormap step";
  for (std::size_t k = 0; k < bins; ++k)
    if (expectedDb[k] > -150) EXPECT_NEAR(expectedDb[k], actualDb[k], 0.02) << "bin " << k;

  auto has = [&](const std::string& name) {
    return std::any_of(report.records.begin(), report.records.end(),
                       [&](const KernelRecord& r) { return r.name == name && r.endNs >= r.startNs; });
  };
  EXPECT_TRUE(has("stft: window frames"));
  EXPECT_TRUE(has("stft: dB + colormap"));
  EXPECT_TRUE(has("stft: download pixels"));
  EXPECT_TRUE(has("stft: dB column"));
  EXPECT_GT(report.records.size(), 6u) << "the transform's own kernels belong in the report too";
  EXPECT_EQ(report.backend, onDevice.backendName()) << "the timings panel names the backend";
  EXPECT_FALSE(report.device.empty()) << "and the device";
}

INSTANTIATE_TEST_SUITE_P(Sizes, DeviceSpectrogram,
                         ::testing::Values(Case{8192, 64, 1, 300, WindowType::Hann}, // > one batch
                                           Case{1000, 250, 1, 40, WindowType::BlackmanHarris},
                                           Case{64, 16, 1, 5, WindowType::Rectangular},
                                           Case{1024, 512, 4, 33, WindowType::FlatTop}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           const Case& c = info.param;
                           return "N" + std::to_string(c.frameLength) + "_hop" + std::to_string(c.hop) +
                                  "_pad" + std::to_string(c.zeroPadding) + "_frames" +
                                  std::to_string(c.frames);
                         });

TEST(DeviceSpectrogram, ToneLightsItsRowOnly)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device (install PoCL to run the device spectrogram tests)";
  StftSettings s;
  s.frameLength = 2048;
  s.hop = 2048;
  Engine gpu("opencl:" + std::to_string(*device));
  SpectrogramPipeline pipeline(gpu, s);
  ColumnMapping m;
  m.colormap = "grayscale";
  for (std::uint32_t row = 0; row < 64; ++row) // linear rows of 16 bins, top first
    m.rowBins.emplace_back((63 - row) * 16, (63 - row) * 16 + 15);
  pipeline.setMapping(m);
  std::vector<float> x(2048);
  for (std::size_t i = 0; i < x.size(); ++i) // bin 100 exactly: row 63 - 100/16 = 57
    x[i] = float(std::sin(2 * std::numbers::pi * 100 * double(i) / 2048));
  std::vector<std::uint32_t> pixels(64);
  pipeline.columns(x, 1, pixels, {});
  EXPECT_EQ(grayLevel(pixels[57]), 255) << "0 dBFS at the top of the range";
  EXPECT_LT(grayLevel(pixels[20]), 30);
}

} // namespace
} // namespace spectrascope::audio
