// FLAC and Ogg Vorbis through the shared reader: files written here with libsndfile (a 1 kHz sine at
// -6 dBFS) are read back with the right facts, samples (FLAC: exactly) and spectrum peak.

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/PeakInterpolation.h"
#include "spectrascope/engine/audio/SoundFileReader.h"
#include "spectrascope/engine/audio/Stft.h"

#include <sndfile.h>

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

using namespace spectrascope;
using namespace spectrascope::audio;

namespace {
constexpr int kRate = 48000;
constexpr double kToneHz = 1000;

// One second: channel 0 the tone at half scale, channel 1 (if any) silent; 16-bit values.
std::vector<std::int16_t> toneFrames(int channels)
{
  std::vector<std::int16_t> frames(std::size_t(kRate * channels), 0);
  for (int i = 0; i < kRate; ++i)
    frames[std::size_t(i * channels)] =
        std::int16_t(std::lround(16384 * std::sin(2 * M_PI * kToneHz * i / kRate)));
  return frames;
}

// False (with the reason in `why`) when this libsndfile cannot write the format.
bool writeWithLibsndfile(const std::string& path, int format, int channels, std::string& why)
{
  SF_INFO info{};
  info.samplerate = kRate;
  info.channels = channels;
  info.format = format;
  if (!sf_format_check(&info)) {
    why = "libsndfile here cannot write this format";
    return false;
  }
  SNDFILE* file = sf_open(path.c_str(), SFM_WRITE, &info);
  if (!file) {
    why = sf_strerror(nullptr);
    return false;
  }
  const std::vector<std::int16_t> frames = toneFrames(channels);
  const sf_count_t written = sf_writef_short(file, frames.data(), kRate);
  sf_close(file);
  if (written != kRate) why = "wrote " + std::to_string(written) + " frames";
  return written == kRate;
}

// Names carry the process id: other test runs (another build tree) may write beside these.
std::string temporary(const std::string& name)
{
  return (std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "-" + name)).string();
}

// The strongest frequency and its level (dBFS) of the samples' mean spectrum, FFT 4800 (10 Hz bins).
std::pair<double, double> peakOf(const std::vector<float>& samples)
{
  Engine engine("fftw");
  StftSettings s;
  s.frameLength = 4800;
  s.hop = 2400;
  Stft stft(engine, s);
  const std::size_t frames = Stft::frameCount(samples.size(), s);
  std::vector<float> magnitudes(frames * stft.binCount()), mean(stft.binCount(), 0.0f);
  stft.magnitudes(samples, frames, magnitudes);
  for (std::size_t f = 0; f < frames; ++f)
    for (std::size_t k = 0; k < mean.size(); ++k)
      mean[k] += magnitudes[f * mean.size() + k] / float(frames);
  for (float& v : mean)
    v = Stft::toDecibels(v);
  const auto peak = interpolatePeak(mean, strongestBin(mean, 1));
  return {peak.bin * kRate / 4800.0, peak.value};
}
} // namespace

TEST(SoundFileFormats, ReadsStereoFlacExactlyWithChannelChoice)
{
  const std::string path = temporary("spectrascope-tone.flac");
  std::string why;
  // The README promises FLAC: a libsndfile without it is a failure, not a skip.
  ASSERT_TRUE(writeWithLibsndfile(path, SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 2, why)) << "FLAC: " << why;
  SoundFileReader left(path, ChannelChoice{0});
  EXPECT_EQ(left.sampleRate(), kRate);
  EXPECT_EQ(left.channels(), 2);
  EXPECT_EQ(left.framesHint(), kRate);
  EXPECT_NE(left.formatName().find("FLAC"), std::string::npos) << left.formatName();
  EXPECT_EQ(left.note(), "");
  std::vector<float> samples;
  while (left.read(samples, 10000) > 0) {
  }
  ASSERT_EQ(samples.size(), std::size_t(kRate));
  const std::vector<std::int16_t> written = toneFrames(2);
  for (std::size_t i = 0; i < samples.size(); i += 997) // lossless: every sample as written
    ASSERT_EQ(samples[i], written[2 * i] / 32768.0f) << "sample " << i;
  const auto [hz, db] = peakOf(samples);
  EXPECT_NEAR(hz, kToneHz, 1.0);
  EXPECT_NEAR(db, -6.02, 0.05);

  SoundFileReader mix(path); // the mean of a half-scale tone and silence: -12 dBFS
  std::vector<float> mixed;
  while (mix.read(mixed, 10000) > 0) {
  }
  EXPECT_NEAR(peakOf(mixed).second, -12.04, 0.05);
  std::filesystem::remove(path);
}

TEST(SoundFileFormats, ReadsOggVorbis)
{
  const std::string path = temporary("spectrascope-tone.ogg");
  std::string why;
  ASSERT_TRUE(writeWithLibsndfile(path, SF_FORMAT_OGG | SF_FORMAT_VORBIS, 1, why)) << "Ogg Vorbis: " << why;
  SoundFileReader reader(path);
  EXPECT_EQ(reader.sampleRate(), kRate);
  EXPECT_EQ(reader.channels(), 1);
  EXPECT_NE(reader.formatName().find("OGG"), std::string::npos) << reader.formatName();
  EXPECT_NE(reader.formatName().find("Vorbis"), std::string::npos) << reader.formatName();
  std::vector<float> samples;
  while (reader.read(samples, 10000) > 0) {
  }
  // Lossy, but the length and the tone survive: within a few packets of a second, 1 kHz at about -6 dB.
  EXPECT_NEAR(double(samples.size()), double(kRate), 2048.0);
  const auto [hz, db] = peakOf(samples);
  EXPECT_NEAR(hz, kToneHz, 1.0);
  EXPECT_NEAR(db, -6.02, 1.0);
  std::filesystem::remove(path);
}
