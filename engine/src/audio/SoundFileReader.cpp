#include "spectrascope/engine/audio/SoundFileReader.h"

#include "spectrascope/engine/Errors.h"

#include <sndfile.h>

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>

namespace spectrascope::audio {
namespace {
// More channels than any real recording format carries; a header claiming more is corrupt.
constexpr int kMaxChannels = 256;
constexpr int kMaxSampleRate = 10'000'000;

// A RIFF/RF64 WAVE header's fmt chunk, read directly: libsndfile refuses a format block with no channels
// or a sample rate of 0 with messages that do not say so ("SF_INFO struct incomplete"), so when it
// refuses a WAV file this names the field at fault. Nothing for other files or a sound fmt chunk.
std::optional<std::string> wavFormatProblem(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  char head[12] = {};
  if (!in.read(head, sizeof head)) return std::nullopt;
  const std::string riff(head, 4), wave(head + 8, 4);
  if ((riff != "RIFF" && riff != "RF64") || wave != "WAVE") return std::nullopt;
  auto le = [](const unsigned char* p, int bytes) {
    std::uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
      v = (v << 8) | p[i];
    return v;
  };
  // Chunks follow each other, padded to even sizes; the fmt chunk comes early in every real file.
  for (int chunk = 0; chunk < 64; ++chunk) {
    unsigned char header[8];
    if (!in.read(reinterpret_cast<char*>(header), sizeof header)) return std::nullopt;
    const std::uint32_t size = le(header + 4, 4);
    if (std::string(reinterpret_cast<char*>(header), 4) != "fmt ") {
      in.seekg(std::streamoff(size) + (size & 1), std::ios::cur);
      continue;
    }
    unsigned char fmt[16];
    if (size < sizeof fmt || !in.read(reinterpret_cast<char*>(fmt), sizeof fmt))
      return "the WAV format block is too short (" + std::to_string(size) + " bytes)";
    const std::uint32_t channels = le(fmt + 2, 2), rate = le(fmt + 4, 4);
    if (channels == 0) return std::string("the header says 0 channels");
    if (rate == 0) return std::string("the header says a sample rate of 0 Hz");
    return std::nullopt;
  }
  return std::nullopt;
}

std::string hoursText(double seconds)
{
  char text[64];
  std::snprintf(text, sizeof text, "%.1f hours", seconds / 3600.0);
  return text;
}

std::string secondsText(double seconds)
{
  char text[64];
  std::snprintf(text, sizeof text, seconds < 10 ? "%.2f s" : "%.0f s", seconds);
  return text;
}

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
  // Say what the thing is: a pipe or a device is no file to analyse (its length is unknown, it may never
  // end), and "no such file" would send the user looking for a typo.
  switch (std::filesystem::status(path, error).type()) {
  case std::filesystem::file_type::regular:
    break;
  case std::filesystem::file_type::directory:
    throw invalidArgument(path + ": is a directory, not an audio file");
  case std::filesystem::file_type::fifo:
    throw invalidArgument(path +
                          ": is a FIFO (named pipe), not an audio file; save the stream to a file first");
  case std::filesystem::file_type::character:
  case std::filesystem::file_type::block:
    throw invalidArgument(path + ": is a device, not an audio file");
  case std::filesystem::file_type::socket:
    throw invalidArgument(path + ": is a socket, not an audio file");
  case std::filesystem::file_type::not_found:
    throw invalidArgument(path + ": no such audio file");
  default:
    throw invalidArgument(path + ": cannot be read (" + (error ? error.message() : "not a regular file") +
                          ")");
  }
  if (std::filesystem::file_size(path, error) == 0) throw invalidArgument(path + ": the file is empty");
  SF_INFO info{};
  file_ = sf_open(path.c_str(), SFM_READ, &info);
  if (!file_) {
    const int code = sf_error(nullptr);
    const std::string why = sf_strerror(nullptr);
    if (const auto problem = wavFormatProblem(path)) throw invalidArgument(path + ": " + *problem);
    // libsndfile's message for content it recognises as nothing ("... not a regular file (possibly a
    // pipe?)") misleads for a regular file of other data; its other messages are worth passing on.
    const bool unrecognised =
        code == SF_ERR_UNRECOGNISED_FORMAT || why.find("possibly a pipe") != std::string::npos;
    throw invalidArgument(
        path + ": not a readable audio file (" +
        (unrecognised ? std::string("its content matches none of the formats libsndfile knows") : why) +
        "); WAV, FLAC, Ogg Vorbis and MP3 are supported");
  }
  if (info.channels <= 0 || info.channels > kMaxChannels)
    fail("the header says " + std::to_string(info.channels) + " channels");
  if (info.samplerate <= 0 || info.samplerate > kMaxSampleRate)
    fail("the header says a sample rate of " + std::to_string(info.samplerate) + " Hz");
  // An Ogg stream's length comes from its last page; a cut-off file has none, and libsndfile (1.2) then
  // decodes nothing at all.
  if ((info.format & SF_FORMAT_TYPEMASK) == SF_FORMAT_OGG && info.frames == SF_COUNT_MAX)
    fail("the Ogg stream ends without its last page (the file is cut off or damaged); libsndfile cannot "
         "read such a file");
  if (double(info.frames) > kMaxSeconds * info.samplerate)
    fail("the header says " + std::to_string(info.frames) + " frames (" +
         hoursText(double(info.frames) / info.samplerate) + " at " + std::to_string(info.samplerate) +
         " Hz), more than " + hoursText(kMaxSeconds) + ": the header is corrupt");
  sampleRate_ = info.samplerate;
  framesHint_ = std::max<sf_count_t>(0, info.frames);
  checkDataLength();
  channels_ = info.channels;
  formatName_ = formatNameOf(info.format);
  sixteenBit_ = (info.format & SF_FORMAT_SUBMASK) == SF_FORMAT_PCM_16;
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

// libsndfile opens a file whose data chunk runs past its end and reads what is there (its frame count is
// what the file holds); its log then says "data : <header size> (should be <actual size>)". A claim
// beyond kMaxSeconds is a corrupt header and refused; a smaller one is a cut-off recording, read as far as
// it goes with a note. A size of 0xFFFFFFFF is the mark of a stream whose writer never came back to give
// the length.
void SoundFileReader::checkDataLength()
{
  char log[8192] = {};
  sf_command(file_, SFC_GET_LOG_INFO, log, sizeof log);
  const std::string text(log);
  if (text.find("\nds64") != std::string::npos) {
    checkRf64Length(text);
    return;
  }
  const auto data = text.find("\ndata");
  if (data == std::string::npos) return;
  const auto lineEnd = text.find('\n', data + 1), should = text.find("(should be", data);
  if (should == std::string::npos || should > lineEnd) return;
  std::uintmax_t claimed = 0, held = 0;
  if (std::sscanf(text.c_str() + data, "\ndata : %ju", &claimed) != 1 ||
      std::sscanf(text.c_str() + should, "(should be %ju", &held) != 1 || held >= claimed)
    return;
  const double heldSeconds = double(framesHint_) / sampleRate_;
  if (claimed == 0xFFFFFFFFu) {
    note_ = "the header does not give the audio's length (a recording that was never finished); read " +
            secondsText(heldSeconds) + ", all the file holds";
    return;
  }
  if (held == 0) {
    note_ = "the file is cut off: its header promises " + std::to_string(claimed) +
            " bytes of audio but it holds none";
    return;
  }
  // The frames the header claims, in proportion to those the held bytes make.
  const double claimedSeconds = heldSeconds * double(claimed) / double(held);
  if (claimedSeconds > kMaxSeconds)
    fail("the header claims " + std::to_string(claimed) + " bytes of audio (" + hoursText(claimedSeconds) +
         "), far more than the file holds (" + std::to_string(held) + " bytes): the header is corrupt");
  note_ = "the file is cut off: its header promises " + secondsText(claimedSeconds) +
          " of audio but it holds " + secondsText(heldSeconds) + "; reading what is there";
}

// RF64 keeps its lengths in the ds64 chunk (the data chunk's own size is the 0xFFFFFFFF placeholder), and
// libsndfile's log gives them as "Data size : <bytes>" and "Frames : <count>". The same lie is judged as
// in RIFF: beyond kMaxSeconds the header is corrupt, below it the file is cut off and read with a note.
void SoundFileReader::checkRf64Length(const std::string& log)
{
  auto field = [&](const char* name) -> std::uintmax_t {
    const auto at = log.find(name);
    std::uintmax_t value = 0;
    if (at == std::string::npos) return 0;
    const auto colon = log.find(':', at);
    if (colon == std::string::npos || std::sscanf(log.c_str() + colon + 1, " %ju", &value) != 1) return 0;
    return value;
  };
  std::uintmax_t claimedFrames = field("\n  Frames");
  if (claimedFrames == 0) { // the sample count is optional; the data size is not
    const std::uintmax_t bytes = field("\n  Data size"), align = field("\n  Block Align");
    if (align > 0) claimedFrames = bytes / align;
  }
  if (claimedFrames <= std::uintmax_t(framesHint_)) return;
  const double heldSeconds = double(framesHint_) / sampleRate_,
               claimedSeconds = double(claimedFrames) / sampleRate_;
  if (claimedSeconds > kMaxSeconds)
    fail("the RF64 header claims " + std::to_string(claimedFrames) + " frames (" + hoursText(claimedSeconds) +
         "), far more than the file holds (" + std::to_string(framesHint_) + "): the header is corrupt");
  note_ = "the file is cut off: its header promises " + secondsText(claimedSeconds) +
          " of audio but it holds " + secondsText(heldSeconds) + "; reading what is there";
}

std::size_t SoundFileReader::read(std::vector<float>& out, std::size_t maxFrames)
{
  return readChannel(out, maxFrames, channel_);
}

std::size_t SoundFileReader::readMono(std::vector<float>& out, std::size_t maxFrames)
{
  return readChannel(out, maxFrames, ChannelChoice::kMix);
}

namespace {
// One channel or the mean of all of them, from an interleaved block of `stride` channels, each sample
// times `scale`. Straight loops the compiler vectorises: a one-hour file is 172.8 million frames, and a
// branch and a push_back per frame cost more than the decoding.
template <typename Sample>
void takeChannel(const Sample* in, std::size_t frames, std::size_t stride, int channel, float scale,
                 float* mono)
{
  if (channel != ChannelChoice::kMix) {
    for (std::size_t f = 0; f < frames; ++f)
      mono[f] = float(in[f * stride + std::size_t(channel)]) * scale;
  } else if (stride == 2) {
    for (std::size_t f = 0; f < frames; ++f)
      mono[f] = 0.5f * (float(in[2 * f]) * scale + float(in[2 * f + 1]) * scale);
  } else {
    const float mean = 1.0f / float(stride);
    for (std::size_t f = 0; f < frames; ++f) {
      float sum = 0;
      for (std::size_t c = 0; c < stride; ++c)
        sum += float(in[f * stride + c]) * scale;
      mono[f] = sum * mean;
    }
  }
}
} // namespace

std::size_t SoundFileReader::readChannel(std::vector<float>& out, std::size_t maxFrames, int channel)
{
  if (ended_) return 0;
  const std::size_t stride = std::size_t(channels_);
  // 16-bit PCM (most WAV and FLAC files) is read as it is stored and converted here: libsndfile's float
  // read converts it through an 8 KiB bounce buffer, a third of an hour-long file's reading time. Its
  // normalisation is the same, sample / 32768, so the values are identical to the last bit.
  sf_count_t got = 0;
  if (sixteenBit_) {
    stored_.resize(maxFrames * stride);
    got = sf_readf_short(file_, stored_.data(), sf_count_t(maxFrames));
  } else {
    interleaved_.resize(maxFrames * stride);
    got = sf_readf_float(file_, interleaved_.data(), sf_count_t(maxFrames));
  }
  if (got < 0 || sf_error(file_) != SF_ERR_NO_ERROR) {
    // A compressed stream cut off (or damaged) part-way: its decoder loses sync where the data stops.
    // What came before is sound, so it is read, as a cut-off WAV is, and the note says where it ended.
    if (framesRead_ == 0 && got <= 0)
      throw invalidArgument(path_ + ": reading failed (" + sf_strerror(file_) + ")");
    ended_ = true;
    const double heldSeconds = double(framesRead_ + std::max<sf_count_t>(0, got)) / sampleRate_;
    note_ = "the audio data breaks off after " + secondsText(heldSeconds) + " (" + sf_strerror(file_) +
            "; the file is cut off or damaged); reading what is there";
  }
  const std::size_t frames = std::size_t(std::max<sf_count_t>(0, got));
  framesRead_ += frames;
  const std::size_t first = out.size();
  out.resize(first + frames);
  float* mono = out.data() + first;
  if (sixteenBit_) {
    takeChannel(stored_.data(), frames, stride, channel, 1.0f / 32768.0f, mono);
    return frames; // integers are always finite
  }
  takeChannel(interleaved_.data(), frames, stride, channel, 1.0f, mono);
  // Corrupt data can decode to NaN or infinities; silence them rather than poison what follows.
  for (std::size_t f = 0; f < frames; ++f)
    if (!std::isfinite(mono[f])) mono[f] = 0.0f;
  return frames;
}

bool SoundFileReader::seek(std::int64_t frame)
{
  const sf_count_t at = sf_seek(file_, sf_count_t(std::max<std::int64_t>(0, frame)), SEEK_SET);
  if (at < 0) return false;
  framesRead_ = std::size_t(at);
  ended_ = false;
  return true;
}

} // namespace spectrascope::audio
