#pragma once
// Reads a sound file ahead of its consumer: a thread of its own decodes and mixes the next chunks through
// a SoundFileReader while the caller analyses the current one, so opening a long file takes the longer of
// reading and analysing rather than their sum (an hour of 48 kHz stereo: about a second of each on the
// GPU machine). At most kDepth chunks wait, so memory stays a few chunks whatever the file's length.
//
// Threading: the reader belongs to the prefetcher's thread from construction until destruction (read its
// note() afterwards); next() is called by one thread. Destruction stops the reading promptly (within one
// chunk) and joins, so a cancelled open does not read on.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace spectrascope::audio {

class SoundFileReader;

class SoundFilePrefetcher
{
public:
  static constexpr std::size_t kDepth = 2;
  static constexpr std::int64_t kWholeFile = -1;

  // Reads chunks of chunkFrames frames of the reader's channel, up to maxFrames in all (or to the end).
  SoundFilePrefetcher(SoundFileReader& reader, std::size_t chunkFrames, std::int64_t maxFrames = kWholeFile);
  ~SoundFilePrefetcher();
  SoundFilePrefetcher(const SoundFilePrefetcher&) = delete;
  SoundFilePrefetcher& operator=(const SoundFilePrefetcher&) = delete;

  // The next chunk in `samples` (its contents replaced); returns its frame count, 0 at the end. Waits
  // while the chunk is still being read. An error the reader threw is thrown here, in order: the chunks
  // before it are delivered first.
  std::size_t next(std::vector<float>& samples);

private:
  void readAhead();

  SoundFileReader& reader_;
  const std::size_t chunkFrames_;
  const std::int64_t maxFrames_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<float>> ready_;  // read, waiting for next()
  std::vector<std::vector<float>> spare_; // handed back by next(), reused for reading
  std::exception_ptr error_;
  bool ended_ = false, stopping_ = false;
  std::thread thread_; // last: starts once everything above exists
};

} // namespace spectrascope::audio
