// The device spectrogram (cl/stft.cl around the engine's R2C plans) against the host path on FFTW:
// the same row levels (the loudest bin of each row, in dB), the same per-bin levels, the same summary of
// every frame (newest, peak, power sum), per-kernel records.

#include "spectrascope/engine/audio/SpectrogramPipeline.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/Overview.h"

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
LevelRows logLikeRows(std::size_t bins, std::size_t rows)
{
  LevelRows m;
  for (std::size_t row = 0; row < rows; ++row) {
    const double low = std::pow(double(bins - 1), double(rows - 1 - row) / double(rows));
    const double high = std::pow(double(bins - 1), double(rows - row) / double(rows));
    const auto first = std::uint32_t(std::min<double>(bins - 1, std::floor(low)));
    m.rowBins.emplace_back(first,
                           std::max(first, std::uint32_t(std::min<double>(bins - 1, std::floor(high)))));
  }
  return m;
}

// Within 0.02 dB down to -80 dBFS; below, single-precision rounding of the transform grows relative to
// the level (0.1 dB down to -120), and the noise floor under that is not compared.
void expectSameLevels(const std::vector<float>& expected, const std::vector<float>& actual, const char* what)
{
  ASSERT_EQ(expected.size(), actual.size());
  double worstLoud = 0, worstQuiet = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const double difference = std::abs(expected[i] - actual[i]);
    if (expected[i] > -80)
      worstLoud = std::max(worstLoud, difference);
    else if (expected[i] > -120)
      worstQuiet = std::max(worstQuiet, difference);
  }
  EXPECT_LE(worstLoud, 0.02) << what << " above -80 dBFS differ by more than 0.02 dB";
  EXPECT_LE(worstQuiet, 0.1) << what << " from -120 to -80 dBFS differ by more than 0.1 dB";
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
  const LevelRows rows = logLikeRows(host.binCount(), 97);
  host.setRows(rows);
  onDevice.setRows(rows);

  const std::size_t bins = host.binCount();
  std::vector<float> expected(c.frames * 97), actual(c.frames * 97, 0);
  FrameSummary expectedSummary, actualSummary;
  host.levels(x, c.frames, expected, &expectedSummary);
  ExecutionReport report;
  onDevice.levels(x, c.frames, actual, &actualSummary, &report);
  expectSameLevels(expected, actual, "row levels");

  ASSERT_EQ(actualSummary.frames, c.frames) << "every frame is in the summary";
  expectSameLevels(expectedSummary.lastDb, actualSummary.lastDb, "newest frames");
  expectSameLevels(expectedSummary.peakDb, actualSummary.peakDb, "peaks");
  for (std::size_t k = 0; k < bins; ++k)
    EXPECT_NEAR(actualSummary.powerSum[k], expectedSummary.powerSum[k],
                1e-3 * expectedSummary.powerSum[k] + 1e-9)
        << "bin " << k;

  host.setRows({}); // one level per bin
  onDevice.setRows({});
  std::vector<float> perBin(c.frames * bins), perBinOnDevice(c.frames * bins);
  host.levels(x, c.frames, perBin);
  onDevice.levels(x, c.frames, perBinOnDevice);
  expectSameLevels(perBin, perBinOnDevice, "per-bin levels");

  auto has = [&](const std::string& name) {
    return std::any_of(report.records.begin(), report.records.end(),
                       [&](const KernelRecord& r) { return r.name == name && r.endNs >= r.startNs; });
  };
  EXPECT_TRUE(has("stft: window frames"));
  EXPECT_TRUE(has("stft: dB row maxima"));
  EXPECT_TRUE(has("stft: download levels"));
  EXPECT_TRUE(has("stft: frame summary"));
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

TEST(DeviceSpectrogram, ToneShowsItsLevelInItsRowOnly)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device (install PoCL to run the device spectrogram tests)";
  StftSettings s;
  s.frameLength = 2048;
  s.hop = 2048;
  Engine gpu("opencl:" + std::to_string(*device));
  SpectrogramPipeline pipeline(gpu, s);
  LevelRows m;
  for (std::uint32_t row = 0; row < 64; ++row) // linear rows of 16 bins, top first
    m.rowBins.emplace_back((63 - row) * 16, (63 - row) * 16 + 15);
  pipeline.setRows(m);
  std::vector<float> x(2048);
  for (std::size_t i = 0; i < x.size(); ++i) // -6 dBFS at bin 100 exactly: row 63 - 100/16 = 57
    x[i] = float(0.5 * std::sin(2 * std::numbers::pi * 100 * double(i) / 2048));
  std::vector<float> levels(64);
  pipeline.levels(x, 1, levels);
  EXPECT_NEAR(levels[57], -6.02, 0.05) << "the loudest of the row's 16 bins, not their mean";
  EXPECT_LT(levels[20], -100);
}

// The whole-file overview takes its levels from the pipeline, so on a device window, transform and dB run
// there: the same columns as on the host, merged the same way.
TEST(DeviceSpectrogram, OverviewMatchesTheHostOverview)
{
  const auto device = test::preferredOpenClDevice();
  if (!device) GTEST_SKIP() << "no OpenCL device (install PoCL to run the device spectrogram tests)";
  Engine cpu("fftw"), gpu("opencl:" + std::to_string(*device));
  const std::vector<float> x = testSignal(48000 * 2 + 777);
  OverviewBuilder onHost(cpu, 1024, 16), onDevice(gpu, 1024, 16);
  for (std::size_t at = 0; at < x.size(); at += 30000) { // chunks that split frames
    const std::span<const float> chunk =
        std::span<const float>(x).subspan(at, std::min<std::size_t>(30000, x.size() - at));
    onHost.consume(chunk);
    onDevice.consume(chunk);
  }
  EXPECT_EQ(onDevice.backendName().rfind("opencl", 0), 0u) << onDevice.backendName();
  ASSERT_EQ(onDevice.columns(), onHost.columns());
  ASSERT_EQ(onDevice.samplesPerColumn(), onHost.samplesPerColumn());
  expectSameLevels(onHost.db(), onDevice.db(), "overview columns");
}

} // namespace
} // namespace spectrascope::audio
