// Reading a file fast without changing a sample: 16-bit PCM read as stored and converted by the reader
// gives exactly what libsndfile's own float reading gives, whatever the channel choice; the prefetcher
// delivers a file's chunks in order, stops at a frame limit, lets go promptly, and passes a reader's
// error on; the whole-file overview built from prefetched chunks equals one computed from all samples
// at once.

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/audio/Overview.h"
#include "spectrascope/engine/audio/SoundFilePrefetcher.h"
#include "spectrascope/engine/audio/SoundFileReader.h"
#include "spectrascope/engine/audio/Stft.h"

#include "OverviewReference.h"

#include <sndfile.h>

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace spectrascope;
using namespace spectrascope::audio;

namespace {
constexpr int kRate = 48000;

std::string temporary(const std::string& name)
{
  return (std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "-" + name)).string();
}

// A file of seeded random 16-bit samples, the extremes -32768 and 32767 among the first.
std::string writeRandomPcm16(const std::string& name, int channels, int format, std::size_t frames)
{
  const std::string path = temporary(name);
  std::mt19937 random(11);
  std::uniform_int_distribution<int> value(-32768, 32767);
  std::vector<std::int16_t> samples(frames * std::size_t(channels));
  for (auto& s : samples)
    s = std::int16_t(value(random));
  samples[0] = -32768;
  samples[1] = 32767;
  SF_INFO info{};
  info.samplerate = kRate;
  info.channels = channels;
  info.format = format;
  SNDFILE* file = sf_open(path.c_str(), SFM_WRITE, &info);
  EXPECT_NE(file, nullptr) << sf_strerror(nullptr);
  if (!file) return path;
  EXPECT_EQ(sf_writef_short(file, samples.data(), sf_count_t(frames)), sf_count_t(frames));
  sf_close(file);
  return path;
}

// What libsndfile's float reading gives for the channel choice, mixed as the reader has always mixed.
std::vector<float> libsndfileFloats(const std::string& path, int channel)
{
  SF_INFO info{};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  std::vector<float> interleaved(std::size_t(info.frames * info.channels));
  sf_readf_float(file, interleaved.data(), info.frames);
  sf_close(file);
  std::vector<float> out(std::size_t(info.frames));
  const std::size_t stride = std::size_t(info.channels);
  for (std::size_t f = 0; f < out.size(); ++f) {
    if (channel >= 0) {
      out[f] = interleaved[f * stride + std::size_t(channel)];
    } else if (stride == 2) {
      out[f] = 0.5f * (interleaved[2 * f] + interleaved[2 * f + 1]);
    } else {
      float sum = 0;
      for (std::size_t c = 0; c < stride; ++c)
        sum += interleaved[f * stride + c];
      out[f] = sum * (1.0f / float(stride));
    }
  }
  return out;
}

std::vector<float> readAll(SoundFileReader& reader, std::size_t chunk)
{
  std::vector<float> samples;
  while (reader.read(samples, chunk) > 0) {
  }
  return samples;
}
} // namespace

TEST(SoundFileReader, SixteenBitSamplesAreExactlyLibsndfilesFloats)
{
  struct Case
  {
    const char* name;
    int channels, format;
  };
  for (const Case& c : {Case{"mono16.wav", 1, SF_FORMAT_WAV | SF_FORMAT_PCM_16},
                        Case{"stereo16.wav", 2, SF_FORMAT_WAV | SF_FORMAT_PCM_16},
                        Case{"three16.wav", 3, SF_FORMAT_WAV | SF_FORMAT_PCM_16},
                        Case{"stereo16.flac", 2, SF_FORMAT_FLAC | SF_FORMAT_PCM_16},
                        Case{"stereo24.wav", 2, SF_FORMAT_WAV | SF_FORMAT_PCM_24}}) {
    const std::string path = writeRandomPcm16(c.name, c.channels, c.format, 10007);
    for (int channel = ChannelChoice::kMix; channel < c.channels; ++channel) {
      SoundFileReader reader(path, ChannelChoice{channel});
      const std::vector<float> expected = libsndfileFloats(path, channel), actual = readAll(reader, 999);
      ASSERT_EQ(actual.size(), expected.size()) << c.name;
      for (std::size_t i = 0; i < actual.size(); ++i)
        ASSERT_EQ(actual[i], expected[i]) << c.name << ", channel " << channel << ", frame " << i;
    }
    std::filesystem::remove(path);
  }
}

TEST(SoundFilePrefetcher, DeliversTheFileInOrder)
{
  const std::string path = writeRandomPcm16("prefetch.wav", 2, SF_FORMAT_WAV | SF_FORMAT_PCM_16, 100003);
  SoundFileReader direct(path);
  const std::vector<float> expected = readAll(direct, 4096);
  SoundFileReader reader(path);
  std::vector<float> chunk, all;
  std::size_t chunks = 0;
  {
    SoundFilePrefetcher ahead(reader, 1000);
    while (const std::size_t got = ahead.next(chunk)) {
      EXPECT_EQ(got, chunk.size());
      EXPECT_LE(got, 1000u);
      all.insert(all.end(), chunk.begin(), chunk.end());
      ++chunks;
    }
    EXPECT_EQ(ahead.next(chunk), 0u) << "the end stays the end";
  }
  EXPECT_EQ(chunks, 101u);
  EXPECT_EQ(all, expected);
  std::filesystem::remove(path);
}

TEST(SoundFilePrefetcher, StopsAtTheFrameLimit)
{
  SoundFileReader reader(std::string(SPECTRASCOPE_TEST_DATA) + "/tones_440_1000_5000.wav");
  std::vector<float> chunk;
  std::size_t frames = 0;
  SoundFilePrefetcher ahead(reader, 1000, 2500);
  while (const std::size_t got = ahead.next(chunk))
    frames += got;
  EXPECT_EQ(frames, 2500u);
}

TEST(SoundFilePrefetcher, LetsGoOfTheReaderWithinAFewChunks)
{
  SoundFileReader reader(std::string(SPECTRASCOPE_TEST_DATA) + "/tones_440_1000_5000.wav");
  const std::size_t total = 3 * 48000, chunkFrames = 1000;
  {
    SoundFilePrefetcher ahead(reader, chunkFrames);
    std::vector<float> chunk;
    ASSERT_EQ(ahead.next(chunk), chunkFrames);
  } // a cancelled open: the prefetcher goes while most of the file is unread
  const std::size_t rest = readAll(reader, 4096).size();
  EXPECT_GE(rest, total - (SoundFilePrefetcher::kDepth + 2) * chunkFrames)
      << "the prefetcher read on after it was destroyed";
}

TEST(SoundFilePrefetcher, PassesTheReadersErrorOn)
{
  // A FLAC file whose audio frames are overwritten with noise from the first frame's sync code on: the
  // header opens, the first read fails.
  const std::string path = writeRandomPcm16("damaged.flac", 1, SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 48000);
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::size_t firstFrame = bytes.find("\xff\xf8", 42); // after "fLaC" and the stream info
    ASSERT_NE(firstFrame, std::string::npos);
    std::mt19937 random(3);
    std::string noise(bytes.size() - firstFrame, '\0');
    for (char& c : noise)
      c = char(random() | 1); // never a sync code's zero bits: the decoder finds no frame to resume at
    file.seekp(std::streamoff(firstFrame));
    file.write(noise.data(), std::streamsize(noise.size()));
  }
  SoundFileReader reader(path);
  std::vector<float> chunk;
  SoundFilePrefetcher ahead(reader, 4096);
  try {
    while (ahead.next(chunk) > 0) {
    }
    FAIL() << "a file whose audio is noise was read without an error";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("reading failed"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

TEST(OverviewBuilder, FromPrefetchedChunksEqualsTheWholeSignalsLevels)
{
  const std::string file = std::string(SPECTRASCOPE_TEST_DATA) + "/chirp_100_15000.wav";
  SoundFileReader direct(file);
  const std::vector<float> signal = readAll(direct, 1 << 16);
  Engine engine("fftw");
  constexpr std::size_t kFft = 256, kColumns = 8;
  SoundFileReader reader(file);
  OverviewBuilder builder(engine, kFft, kColumns);
  {
    SoundFilePrefetcher ahead(reader, 5000); // not a multiple of the frame: samples carry over
    std::vector<float> chunk;
    while (ahead.next(chunk) > 0)
      builder.consume(chunk);
  }
  ASSERT_GE(builder.columns(), kColumns);
  ASSERT_LE(builder.columns(), 2 * kColumns);
  ASSERT_GT(builder.samplesPerColumn(), kFft) << "columns were merged";
  test::expectLoudestFramesPerColumn(builder, signal, kFft);
}
