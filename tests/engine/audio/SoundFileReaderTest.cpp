// The shared audio file reader: known files, channel choice, seeking, and clear refusals of bad files.

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/audio/SoundFileReader.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace spectrascope;
using namespace spectrascope::audio;

namespace {
const std::string kData = SPECTRASCOPE_TEST_DATA;

std::string writeTemporary(const std::string& name, const std::string& bytes)
{
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary) << bytes;
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
