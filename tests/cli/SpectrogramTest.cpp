// `spectrascope-cli spectrogram` end to end: known tones and a chirp land in the right bins of the CSV,
// the PNG is frames x (N/2+1), and bad audio files are refused with exit code 2.

#include "CliProcess.h"

#include <QFile>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <fstream>
#include <random>
#include <sstream>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;
using testing::StartsWith;

const QString kData = QStringLiteral(SPECTRASCOPE_TEST_DATA);

std::vector<std::vector<double>> readCsv(const QString& path)
{
  std::ifstream in(path.toStdString());
  std::vector<std::vector<double>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ','))
      row.push_back(std::stod(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

// Width and height from the PNG's IHDR chunk (bytes 16..23, big-endian).
std::pair<int, int> pngSize(const QString& path)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {0, 0};
  const QByteArray head = file.read(24);
  if (head.size() < 24 || !head.startsWith("\x89PNG")) return {0, 0};
  auto be32 = [&](int at) {
    return (int(uchar(head[at])) << 24) | (int(uchar(head[at + 1])) << 16) | (int(uchar(head[at + 2])) << 8) |
           int(uchar(head[at + 3]));
  };
  return {be32(16), be32(20)};
}

bool isLocalPeak(const std::vector<double>& row, std::size_t k, std::size_t reach)
{
  for (std::size_t j = k - reach; j <= k + reach; ++j)
    if (j != k && row[j] > row[k]) return false;
  return true;
}

// A 16-bit mono PCM WAV of `samples` (already in the int16 range).
void writeWav(const QString& path, const std::vector<std::int16_t>& samples, int rate)
{
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  auto u32 = [&](std::uint32_t v) { file.write(reinterpret_cast<const char*>(&v), 4); };
  auto u16 = [&](std::uint16_t v) { file.write(reinterpret_cast<const char*>(&v), 2); };
  const std::uint32_t bytes = std::uint32_t(samples.size() * 2);
  file.write("RIFF");
  u32(36 + bytes);
  file.write("WAVEfmt ");
  u32(16);
  u16(1); // PCM
  u16(1); // mono
  u32(std::uint32_t(rate));
  u32(std::uint32_t(rate) * 2);
  u16(2);
  u16(16);
  file.write("data");
  u32(bytes);
  file.write(reinterpret_cast<const char*>(samples.data()), qint64(bytes));
}

class Spectrogram : public testing::Test
{
protected:
  void SetUp() override { ASSERT_TRUE(dir_.isValid()); }
  QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

  CliResult expectRefused(const QString& input)
  {
    const CliResult run = runCli({QStringLiteral("spectrogram"), input, path("out.png")});
    EXPECT_FALSE(run.crashed) << run.err;
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_THAT(run.err, StartsWith("spectrascope-cli: "));
    EXPECT_THAT(run.err, HasSubstr(input.toStdString()));
    EXPECT_FALSE(QFile::exists(path("out.png")));
    return run;
  }

  QTemporaryDir dir_;
};

TEST_F(Spectrogram, TonesLandInTheirBinsAndTheImageIsFramesByBins)
{
  // 48 kHz, N = 4800: 10 Hz per bin, so 440, 1000 and 5000 Hz are bins 44, 100 and 500.
  const CliResult run = runCli({QStringLiteral("spectrogram"), kData + "/tones_440_1000_5000.wav",
                                path("t.png"), "--fft", "4800", "--hop", "1200", "--csv", path("t.csv")});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto rows = readCsv(path("t.csv"));
  ASSERT_GT(rows.size(), 5u);
  // 288000 bytes of 16-bit mono = 144000 samples: (144000 - 4800) / 1200 + 1 frames.
  EXPECT_EQ(rows.size(), (144000u - 4800u) / 1200u + 1u);
  const auto [width, height] = pngSize(path("t.png"));
  EXPECT_EQ(width, int(rows.size()));
  EXPECT_EQ(height, 4800 / 2 + 1);
  double loudest = -1000;
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 2401u);
    for (double v : row) {
      EXPECT_LE(v, 0.0);
      EXPECT_GE(v, -100.0);
      loudest = std::max(loudest, v);
    }
    for (std::size_t bin : {44u, 100u, 500u}) {
      EXPECT_TRUE(isLocalPeak(row, bin, 5)) << "bin " << bin;
      EXPECT_GT(row[bin], -20.0) << "bin " << bin;
    }
  }
  EXPECT_EQ(loudest, 0.0);
}

TEST_F(Spectrogram, ChirpRisesFrom100HzTo15kHz)
{
  // 44.1 kHz, N = 4410: 10 Hz per bin.
  const CliResult run =
      runCli({QStringLiteral("spectrogram"), kData + "/chirp_100_15000.wav", path("c.png"), "--fft", "4410",
              "--hop", "2205", "--window", "blackmanharris", "--colormap", "magma", "--csv", path("c.csv")});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto rows = readCsv(path("c.csv"));
  ASSERT_GT(rows.size(), 10u);
  EXPECT_EQ(pngSize(path("c.png")), std::make_pair(int(rows.size()), 2206));
  std::vector<std::size_t> peaks;
  for (const auto& row : rows)
    peaks.push_back(std::size_t(std::max_element(row.begin(), row.end()) - row.begin()));
  EXPECT_LE(peaks.front(), 25u);  // below 250 Hz at the start
  EXPECT_GE(peaks.back(), 1300u); // above 13 kHz at the end
  EXPECT_LE(peaks.back(), 1510u);
  for (std::size_t f = 1; f < peaks.size(); ++f)
    EXPECT_GE(peaks[f] + 1, peaks[f - 1]) << "frame " << f;
}

TEST_F(Spectrogram, CsvMatchesADirectStftInDoublePrecision)
{
  // Seeded noise plus a tone; N = 100 (not a power of two), hop 30, Hamming as scipy defines it.
  const std::size_t n = 100, hop = 30, count = 1000;
  std::mt19937 random(6);
  std::uniform_int_distribution<int> noise(-3000, 3000);
  std::vector<std::int16_t> samples(count);
  for (std::size_t i = 0; i < count; ++i)
    samples[i] = std::int16_t(noise(random) + 12000 * std::sin(2 * M_PI * 0.123 * double(i)));
  writeWav(path("noise.wav"), samples, 8000);
  const CliResult run =
      runCli({QStringLiteral("spectrogram"), path("noise.wav"), path("n.png"), "--fft", "100", "--hop", "30",
              "--window", "hamming", "--range", "80", "--csv", path("n.csv")});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto rows = readCsv(path("n.csv"));
  const std::size_t frames = (count - n) / hop + 1, bins = n / 2 + 1;
  ASSERT_EQ(rows.size(), frames);
  // Reference: |sum x[kH+i] w[i] e^{-2 pi i k i / N}| with w[i] = 0.54 - 0.46 cos(2 pi i / N), then dB
  // relative to the loudest bin of the file, clipped to [-80, 0].
  std::vector<double> magnitude(frames * bins);
  double loudest = 0;
  for (std::size_t f = 0; f < frames; ++f)
    for (std::size_t k = 0; k < bins; ++k) {
      std::complex<double> sum = 0;
      for (std::size_t i = 0; i < n; ++i)
        sum += samples[f * hop + i] / 32768.0 * (0.54 - 0.46 * std::cos(2 * M_PI * double(i) / double(n))) *
               std::polar(1.0, -2 * M_PI * double((k * i) % n) / double(n));
      magnitude[f * bins + k] = std::abs(sum);
      loudest = std::max(loudest, std::abs(sum));
    }
  for (std::size_t f = 0; f < frames; ++f) {
    ASSERT_EQ(rows[f].size(), bins);
    for (std::size_t k = 0; k < bins; ++k) {
      const double expected = std::clamp(20 * std::log10(magnitude[f * bins + k] / loudest), -80.0, 0.0);
      // float32 FFT: well inside 0.01 dB for bins within 60 dB of the loudest; 0.001 is the CSV's rounding.
      const double tolerance = expected > -60 ? 0.01 : 0.2;
      ASSERT_NEAR(rows[f][k], expected, tolerance) << "frame " << f << " bin " << k;
    }
  }
}

TEST_F(Spectrogram, RefusesATruncatedWav)
{
  QFile source(kData + "/tones_440_1000_5000.wav");
  ASSERT_TRUE(source.open(QIODevice::ReadOnly));
  QFile cut(path("cut.wav"));
  ASSERT_TRUE(cut.open(QIODevice::WriteOnly));
  cut.write(source.read(100000));
  cut.close();
  EXPECT_THAT(expectRefused(path("cut.wav")).err, HasSubstr("truncated"));
}

TEST_F(Spectrogram, RefusesAnEmptyFileATextFileAndAMissingFile)
{
  QFile(path("empty.wav")).open(QIODevice::WriteOnly);
  EXPECT_THAT(expectRefused(path("empty.wav")).err, HasSubstr("empty"));
  {
    QFile text(path("notes.wav"));
    ASSERT_TRUE(text.open(QIODevice::WriteOnly));
    text.write("these are not samples\n");
  }
  EXPECT_THAT(expectRefused(path("notes.wav")).err, HasSubstr("not a readable audio file"));
  expectRefused(path("missing.wav"));
}

TEST_F(Spectrogram, RefusesUnknownWindowsAndColormaps)
{
  for (const QStringList extra : {QStringList{"--window", "triangle"}, QStringList{"--colormap", "jet"},
                                  QStringList{"--fft", "8"}, QStringList{"--range", "-3"}}) {
    const CliResult run = runCli(
        QStringList{QStringLiteral("spectrogram"), kData + "/chirp_100_15000.wav", path("x.png")} + extra);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_FALSE(QFile::exists(path("x.png")));
  }
}

} // namespace
} // namespace spectrascope::test
