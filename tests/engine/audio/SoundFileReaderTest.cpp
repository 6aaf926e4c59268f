// The shared audio file reader: known files, channel choice, seeking, clear refusals of bad files and
// absurd headers, and cut-off files read as far as they go.

#include "spectrascope/engine/audio/SoundFileReader.h"
#include "spectrascope/engine/Errors.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

using namespace spectrascope;
using namespace spectrascope::audio;

namespace {
const std::string kData = SPECTRASCOPE_TEST_DATA;

// The files the tests write, removed when the test program ends.
struct TemporaryFiles
{
  std::vector<std::filesystem::path> paths;
  ~TemporaryFiles()
  {
    std::error_code ignored;
    for (const auto& path : paths)
      std::filesystem::remove(path, ignored);
  }
} temporaryFiles;

// Names carry the process id: other test runs (another build tree) may write beside these.
std::string writeTemporary(const std::string& name, const std::string& bytes)
{
  const auto path = std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "-" + name);
  std::ofstream(path, std::ios::binary) << bytes;
  temporaryFiles.paths.push_back(path);
  return path.string();
}

void expectRefusal(const std::string& path, const std::string& words)
{
  try {
    SoundFileReader reader(path);
    FAIL() << path << " was accepted";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.kind(), EngineError::Kind::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}
} // namespace

TEST(SoundFileReader, ReadsAWholeFileInChunks)
{
  SoundFileReader reader(kData + "/tones_440_1000_5000.wav");
  EXPECT_EQ(reader.sampleRate(), 48000);
  EXPECT_EQ(reader.channels(), 1);
  EXPECT_EQ(reader.framesHint(), 3 * 48000);
  EXPECT_NE(reader.formatName().find("WAV"), std::string::npos) << reader.formatName();
  std::vector<float> samples;
  while (reader.read(samples, 10000) > 0) {
  }
  EXPECT_EQ(samples.size(), std::size_t(3 * 48000));
}

TEST(SoundFileReader, SeeksToAFrame)
{
  SoundFileReader reader(kData + "/tones_440_1000_5000.wav");
  std::vector<float> all, later;
  reader.read(all, 2000);
  ASSERT_TRUE(reader.seek(1000));
  reader.read(later, 1000);
  ASSERT_EQ(later.size(), 1000u);
  EXPECT_FLOAT_EQ(later[0], all[1000]);
  EXPECT_FLOAT_EQ(later[999], all[1999]);
}

TEST(SoundFileReader, RefusesAChannelTheFileLacks)
{
  EXPECT_THROW(SoundFileReader(kData + "/tones_440_1000_5000.wav", ChannelChoice{1}), EngineError);
}

TEST(SoundFileReader, RefusesMissingEmptyAndNonAudioFiles)
{
  expectRefusal("/nonexistent/file.wav", "no such audio file");
  expectRefusal(writeTemporary("spectrascope-empty.wav", ""), "empty");
  expectRefusal(writeTemporary("spectrascope-text.wav", "this is not audio at all, just text\n"),
                "not a readable audio file");
}

namespace {
// A 16-bit PCM WAV header with the given fields, followed by `heldBytes` bytes of a quiet ramp; the
// data chunk claims `claimedBytes`.
std::string wavBytes(std::uint16_t channels, std::uint32_t rate, std::uint32_t claimedBytes,
                     std::size_t heldBytes)
{
  std::string out;
  auto u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
      out += char((v >> (8 * i)) & 0xff);
  };
  auto u16 = [&](std::uint16_t v) {
    out += char(v & 0xff);
    out += char(v >> 8);
  };
  const std::uint16_t blockAlign = std::uint16_t(std::max(1, int(channels)) * 2);
  out += "RIFF";
  u32(36 + claimedBytes);
  out += "WAVEfmt ";
  u32(16);
  u16(1); // PCM
  u16(channels);
  u32(rate);
  u32(rate * blockAlign);
  u16(blockAlign);
  u16(16);
  out += "data";
  u32(claimedBytes);
  for (std::size_t i = 0; i < heldBytes; ++i)
    out += char(i % 2 ? (i / 2) % 64 : 0);
  return out;
}

// An RF64 WAVE (16-bit PCM mono) whose ds64 chunk claims `claimedFrames`, followed by `heldBytes` bytes.
std::string rf64Bytes(std::uint32_t rate, std::uint64_t claimedFrames, std::size_t heldBytes)
{
  std::string out;
  auto le = [&](std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i)
      out += char((v >> (8 * i)) & 0xff);
  };
  const std::uint64_t claimedBytes = claimedFrames * 2;
  out += "RF64";
  le(0xFFFFFFFFu, 4);
  out += "WAVEds64";
  le(28, 4);
  le(claimedBytes + 72, 8); // RIFF size
  le(claimedBytes, 8);      // data size
  le(claimedFrames, 8);     // sample count
  le(0, 4);                 // table length
  out += "fmt ";
  le(16, 4);
  le(1, 2); // PCM
  le(1, 2);
  le(rate, 4);
  le(rate * 2, 4);
  le(2, 2);
  le(16, 2);
  out += "data";
  le(0xFFFFFFFFu, 4);
  for (std::size_t i = 0; i < heldBytes; ++i)
    out += char(i % 2 ? (i / 2) % 64 : 0);
  return out;
}

std::vector<float> readAll(SoundFileReader& reader)
{
  std::vector<float> samples;
  while (reader.read(samples, 4096) > 0) {
  }
  return samples;
}
} // namespace

TEST(SoundFileReader, RefusesADirectorySayingSo)
{
  expectRefusal(std::filesystem::temp_directory_path().string(), "is a directory");
}

TEST(SoundFileReader, RefusesAHeaderWithNoChannels)
{
  expectRefusal(writeTemporary("spectrascope-0ch.wav", wavBytes(0, 48000, 9600, 9600)), "0 channels");
}

TEST(SoundFileReader, RefusesAHeaderWithASampleRateOfZero)
{
  expectRefusal(writeTemporary("spectrascope-0hz.wav", wavBytes(1, 0, 9600, 9600)), "sample rate of 0 Hz");
}

TEST(SoundFileReader, RefusesAHeaderClaimingAHugeFrameCount)
{
  // 0xFFFFFF00 bytes of 16-bit mono at 8 kHz: 2^31 frames, 74.6 hours, in a file of 9644 bytes.
  const std::string path = writeTemporary("spectrascope-huge.wav", wavBytes(1, 8000, 0xFFFFFF00u, 9600));
  expectRefusal(path, "74.6 hours");
  expectRefusal(path, "the header is corrupt");
}

TEST(SoundFileReader, RefusesAnRf64HeaderClaimingAHugeFrameCountLikeRiff)
{
  // 2^40 frames at 8 kHz (38,000 hours) over 1 s of data.
  const std::string path =
      writeTemporary("spectrascope-huge.rf64.wav", rf64Bytes(8000, std::uint64_t(1) << 40, 16000));
  expectRefusal(path, "the header is corrupt");
}

TEST(SoundFileReader, ReadsACutOffRf64FileWithANote)
{
  // The ds64 chunk promises 2 s at 8 kHz; the file holds 1 s.
  SoundFileReader reader(writeTemporary("spectrascope-cut.rf64.wav", rf64Bytes(8000, 16000, 16000)));
  EXPECT_NE(reader.note().find("cut off"), std::string::npos) << reader.note();
  EXPECT_NE(reader.note().find("2.00 s"), std::string::npos) << reader.note();
  EXPECT_EQ(readAll(reader).size(), 8000u);
}

TEST(SoundFileReader, ReadsACutOffFileUpToWhatIsThereWithANote)
{
  // The header promises 1 s at 48 kHz; the file holds 0.1 s.
  SoundFileReader reader(writeTemporary("spectrascope-cut.wav", wavBytes(1, 48000, 96000, 9600)));
  EXPECT_EQ(reader.framesHint(), 4800);
  EXPECT_NE(reader.note().find("cut off"), std::string::npos) << reader.note();
  EXPECT_NE(reader.note().find("1.00 s"), std::string::npos) << reader.note();
  EXPECT_NE(reader.note().find("0.10 s"), std::string::npos) << reader.note();
  const std::vector<float> samples = readAll(reader);
  ASSERT_EQ(samples.size(), 4800u);
  EXPECT_FLOAT_EQ(samples[3], 3 * 256 / 32768.0f); // sample j is (j % 64) * 256 as written
  EXPECT_FLOAT_EQ(samples[4799], (4799 % 64) * 256 / 32768.0f);
}

TEST(SoundFileReader, ReadsAStreamWithoutALengthWithANote)
{
  SoundFileReader reader(writeTemporary("spectrascope-stream.wav", wavBytes(1, 48000, 0xFFFFFFFFu, 9600)));
  EXPECT_NE(reader.note().find("does not give the audio's length"), std::string::npos) << reader.note();
  EXPECT_EQ(readAll(reader).size(), 4800u);
}

TEST(SoundFileReader, ASoundFileHasNoNote)
{
  SoundFileReader reader(kData + "/tones_440_1000_5000.wav");
  EXPECT_EQ(reader.note(), "");
}
