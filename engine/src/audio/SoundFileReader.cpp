#include "spectrascope/engine/audio/SoundFileReader.h"

#include "spectrascope/engine/Errors.h"

#include <sndfile.h>

#include <cmath>
#include <filesystem>

namespace spectrascope::audio {
namespace {
// More channels than any real recording format carries; a header claiming more is corrupt.
constexpr int kMaxChannels = 256;
constexpr int kMaxSampleRate = 10'000'000;

std::string formatNameOf(int format)
{
  std::string name;
  for (int part : {format & SF_FORMAT_TYPEMASK, format & SF_FORMAT_SUBMASK}) {
    SF_FORMAT_INFO info{};
    info.format = part; // SFC_GET_FORMAT_INFO looks a major format or a subtype up by its value
    if (sf_command(nullptr, SFC_GET_FORMAT_INFO, &info, sizeof info) == 0 && info.name) {
      if (!name.empty()) name += ", ";
      name += info.name;
    }
  }
  return name;
}
} // namespace

SoundFileReader::SoundFileReader(const std::string& path, ChannelChoice choice) : path_(path)
{
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) throw invalidArgument(path + ": no such audio file");
  if (std::filesystem::file_size(path, error) == 0) throw invalidArgument(path + ": the file is empty");
  SF_INFO info{};
  file_ = sf_open(path.c_str(), SFM_READ, &info);
  if (!file_)
    throw invalidArgument(path + ": not a readable audio file (" + sf_strerror(nullptr) +
                          "); WAV, FLAC, Ogg Vorbis and MP3 are supported");
  if (info.channels <= 0 || info.channels > kMaxChannels)
    fail("the header says " + std::to_string(info.channels) + " channels");
  if (info.samplerate <= 0 || info.samplerate > kMaxSampleRate)
    fail("the header says a sample rate of " + std::to_string(info.samplerate) + " Hz");
  rejectTruncated();
  channels_ = info.channels;
  sampleRate_ = info.samplerate;
  framesHint_ = std::max<sf_count_t>(0, info.frames);
  formatName_ = formatNameOf(info.format);
  if (choice.channel >= channels_)
    fail("has " + std::to_string(channels_) + " channel(s); channel " + std::to_string(choice.channel + 1) +
         " does not exist");
  channel_ = choice.channel;
}

SoundFileReader::~SoundFileReader()
{
  if (file_) sf_close(file_);
}

void SoundFileReader::fail(const std::string& why)
{
  sf_close(file_);
  file_ = nullptr;
  throw invalidArgument(path_ + ": " + why);
}

// libsndfile opens a file whose data chunk runs past its end and quietly reads what is there; its log
// then says "data : <header size> (should be <actual size>)". A cut-off recording is reported.
void SoundFileReader::rejectTruncated()
{
  char log[8192] = {};
  sf_command(file_, SFC_GET_LOG_INFO, log, sizeof log);
  const std::string text(log);
  const auto data = text.find("\ndata");
  if (data != std::string::npos && text.find("should be", data) < text.find('\n', data + 1))
    fail("the file is truncated (its header promises more audio data than it holds)");
}

std::size_t SoundFileReader::read(std::vector<float>& out, std::size_t maxFrames)
{
  return readChannel(out, maxFrames, channel_);
}

std::size_t SoundFileReader::readMono(std::vector<float>& out, std::size_t maxFrames)
{
  return readChannel(out, maxFrames, ChannelChoice::kMix);
}

std::size_t SoundFileReader::readChannel(std::vector<float>& out, std::size_t maxFrames, int channel)
{
  interleaved_.resize(maxFrames * std::size_t(channels_));
  const sf_count_t got = sf_readf_float(file_, interleaved_.data(), sf_count_t(maxFrames));
  if (got < 0 || sf_error(file_) != SF_ERR_NO_ERROR)
    throw invalidArgument(path_ + ": reading failed (" + sf_strerror(file_) + ")");
  const std::size_t frames = std::size_t(got), stride = std::size_t(channels_);
  const float scale = 1.0f / float(channels_);
  for (std::size_t f = 0; f < frames; ++f) {
    const float* frame = interleaved_.data() + f * stride;
    float value = 0;
    if (channel == ChannelChoice::kMix) {
      for (std::size_t c = 0; c < stride; ++c)
        value += frame[c];
      value *= scale;
    } else {
      value = frame[channel];
    }
    // Corrupt data can decode to NaN or infinities; silence them rather than poison what follows.
    out.push_back(std::isfinite(value) ? value : 0.0f);
  }
  return frames;
}

bool SoundFileReader::seek(std::int64_t frame)
{
  return sf_seek(file_, sf_count_t(std::max<std::int64_t>(0, frame)), SEEK_SET) >= 0;
}

} // namespace spectrascope::audio
