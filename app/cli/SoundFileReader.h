#pragma once
// Reads any audio file libsndfile understands (WAV, FLAC, Ogg Vorbis, MP3 where libsndfile has it) as a
// mono mix (mean of the channels), in chunks. Buffers are sized by the chunk, never by the header's
// frame count, which a corrupt or hostile file can make absurd. Failures throw CliError(UsageError) with
// a message that names the file and says what is wrong with it.

#include <cstddef>
#include <string>
#include <vector>

struct sf_private_tag;

namespace spectrascope::cli {

class SoundFileReader
{
public:
  explicit SoundFileReader(const std::string& path);
  ~SoundFileReader();
  SoundFileReader(const SoundFileReader&) = delete;
  SoundFileReader& operator=(const SoundFileReader&) = delete;

  int sampleRate() const { return sampleRate_; }
  int channels() const { return channels_; }
  // Appends up to maxFrames mono samples to `out`; returns how many were appended, 0 at the end.
  std::size_t readMono(std::vector<float>& out, std::size_t maxFrames);

private:
  std::string path_;
  sf_private_tag* file_ = nullptr;
  int sampleRate_ = 0;
  int channels_ = 0;
  std::vector<float> interleaved_;
};

} // namespace spectrascope::cli
