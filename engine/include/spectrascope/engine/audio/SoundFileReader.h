#pragma once
// Reads any audio file libsndfile understands (WAV, FLAC, Ogg Vorbis, MP3 where libsndfile has it) as one
// channel: the mono mix (mean of the channels) or a chosen channel, in chunks. Buffers are sized by the
// chunk, never by the header's frame count, which a corrupt or hostile file can make absurd. The CLI's
// spectrogram command and the GUI's Audio tab both read through this class.
//
// Failures throw EngineError (InvalidArgument for a file that is missing, a directory, empty, not audio or
// has an absurd header: no channels, a sample rate of 0, or a length beyond kMaxSeconds) with a message
// that names the file and says what is wrong with it. A file cut off before the end its header promises
// (a recording interrupted mid-write, a partial download) is read up to what is there, and note() says so.
//
// Threading: one thread at a time per reader; separate readers of one file are independent.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

struct sf_private_tag;

namespace spectrascope::audio {

// Which channel a reader delivers: the mean of all channels, or one channel (0 = left).
struct ChannelChoice
{
  static constexpr int kMix = -1;
  int channel = kMix;
};

class SoundFileReader
{
public:
  explicit SoundFileReader(const std::string& path, ChannelChoice choice = {});
  ~SoundFileReader();
  SoundFileReader(const SoundFileReader&) = delete;
  SoundFileReader& operator=(const SoundFileReader&) = delete;

  // Longer than a day is taken for a corrupt header (and refused), whatever the format.
  static constexpr double kMaxSeconds = 24 * 3600.0;

  int sampleRate() const { return sampleRate_; }
  int channels() const { return channels_; }
  // The header's frame count: a hint for progress and layout only (it may lie); never sizes a buffer.
  std::int64_t framesHint() const { return framesHint_; }
  // libsndfile's name of the container and encoding, e.g. "WAV (Microsoft), Signed 16 bit PCM".
  const std::string& formatName() const { return formatName_; }
  // Something the reader worked around, for the user to know (empty when the file is sound), e.g. that the
  // header promises more audio than the file holds and what is there is read. Set on opening, or by a read
  // when a compressed stream (FLAC, MP3) breaks off part-way: that read returns what came before it.
  const std::string& note() const { return note_; }

  // Appends up to maxFrames samples of the chosen channel to `out`; returns how many, 0 at the end.
  std::size_t read(std::vector<float>& out, std::size_t maxFrames);
  // The mono mix, whatever the channel choice (the CLI's contract).
  std::size_t readMono(std::vector<float>& out, std::size_t maxFrames);
  // Moves to frame `frame` (clamped to the file); false when the format cannot seek.
  bool seek(std::int64_t frame);

private:
  std::size_t readChannel(std::vector<float>& out, std::size_t maxFrames, int channel);
  void checkDataLength();
  void checkRf64Length(const std::string& log);
  [[noreturn]] void fail(const std::string& why);

  std::string path_;
  sf_private_tag* file_ = nullptr;
  int sampleRate_ = 0;
  int channels_ = 0;
  int channel_ = ChannelChoice::kMix;
  std::int64_t framesHint_ = 0;
  std::string formatName_;
  std::string note_;
  std::size_t framesRead_ = 0; // the position, in frames
  bool ended_ = false;         // the decoder failed part-way: nothing more to read
  bool sixteenBit_ = false;    // 16-bit PCM: read as stored, converted here
  std::vector<float> interleaved_;
  std::vector<std::int16_t> stored_;
};

} // namespace spectrascope::audio
