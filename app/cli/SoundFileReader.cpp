#include "SoundFileReader.h"

#include "CliError.h"

#include <sndfile.h>

#include <cmath>
#include <filesystem>

namespace spectrascope::cli {
namespace {
// More channels than any real recording format carries; a header claiming more is corrupt.
constexpr int kMaxChannels = 256;
constexpr int kMaxSampleRate = 10'000'000;
} // namespace

SoundFileReader::SoundFileReader(const std::string& path) : path_(path)
{
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) throw usageError(path + ": no such audio file");
  if (std::filesystem::file_size(path, error) == 0) throw usageError(path + ": the file is empty");
  SF_INFO info{};
  file_ = sf_open(path.c_str(), SFM_READ, &info);
  if (!file_)
    throw usageError(path + ": not a readable audio file (" + sf_strerror(nullptr) +
                     "); WAV, FLAC, Ogg Vorbis and MP3 are supported");
  if (info.channels <= 0 || info.channels > kMaxChannels) {
    sf_close(file_);
    throw usageError(path + ": the header says " + std::to_string(info.channels) + " channels");
  }
  if (info.samplerate <= 0 || info.samplerate > kMaxSampleRate) {
    sf_close(file_);
    throw usageError(path + ": the header says a sample rate of " + std::to_string(info.samplerate) + " Hz");
  }
  // libsndfile opens a file whose data chunk runs past its end and quietly reads what is there; its log
  // then says "data : <header size> (should be <actual size>)". A cut-off recording is reported.
  char log[8192] = {};
  sf_command(file_, SFC_GET_LOG_INFO, log, sizeof log);
  const std::string text(log);
  const auto data = text.find("\ndata");
  if (data != std::string::npos && text.find("should be", data) < text.find('\n', data + 1)) {
    sf_close(file_);
    throw usageError(path + ": the file is truncated (its header promises more audio data than it holds)");
  }
  channels_ = info.channels;
  sampleRate_ = info.samplerate;
}

SoundFileReader::~SoundFileReader()
{
  if (file_) sf_close(file_);
}

std::size_t SoundFileReader::readMono(std::vector<float>& out, std::size_t maxFrames)
{
  interleaved_.resize(maxFrames * std::size_t(channels_));
  const sf_count_t got = sf_readf_float(file_, interleaved_.data(), sf_count_t(maxFrames));
  if (got < 0 || sf_error(file_) != SF_ERR_NO_ERROR)
    throw usageError(path_ + ": reading failed (" + sf_strerror(file_) + ")");
  const std::size_t frames = std::size_t(got);
  const float scale = 1.0f / float(channels_);
  for (std::size_t f = 0; f < frames; ++f) {
    float sum = 0;
    for (int c = 0; c < channels_; ++c)
      sum += interleaved_[f * std::size_t(channels_) + std::size_t(c)];
    // Corrupt data can decode to NaN or infinities; silence them rather than poison the normalisation.
    const float mono = sum * scale;
    out.push_back(std::isfinite(mono) ? mono : 0.0f);
  }
  return frames;
}

} // namespace spectrascope::cli
