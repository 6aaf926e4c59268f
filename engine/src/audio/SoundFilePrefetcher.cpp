#include "spectrascope/engine/audio/SoundFilePrefetcher.h"

#include "spectrascope/engine/audio/SoundFileReader.h"

#include <algorithm>
#include <utility>

namespace spectrascope::audio {

SoundFilePrefetcher::SoundFilePrefetcher(SoundFileReader& reader, std::size_t chunkFrames,
                                         std::int64_t maxFrames)
    : reader_(reader), chunkFrames_(std::max<std::size_t>(1, chunkFrames)), maxFrames_(maxFrames),
      thread_([this] { readAhead(); })
{
}

SoundFilePrefetcher::~SoundFilePrefetcher()
{
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void SoundFilePrefetcher::readAhead()
{
  std::int64_t framesRead = 0;
  for (;;) {
    std::vector<float> chunk;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stopping_ || ready_.size() < kDepth; });
      if (stopping_) return;
      if (!spare_.empty()) {
        chunk = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    chunk.clear();
    std::size_t wanted = chunkFrames_;
    if (maxFrames_ >= 0)
      wanted = std::size_t(std::min<std::int64_t>(std::int64_t(wanted), maxFrames_ - framesRead));
    std::size_t got = 0;
    std::exception_ptr error;
    try {
      got = wanted > 0 ? reader_.read(chunk, wanted) : 0;
    } catch (...) {
      error = std::current_exception();
    }
    framesRead += std::int64_t(got);
    {
      std::lock_guard lock(mutex_);
      if (got > 0) ready_.push_back(std::move(chunk));
      if (error || got == 0) {
        error_ = error;
        ended_ = true;
      }
    }
    changed_.notify_all();
    if (error || got == 0) return;
  }
}

std::size_t SoundFilePrefetcher::next(std::vector<float>& samples)
{
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !ready_.empty() || ended_; });
  if (ready_.empty()) {
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    return 0;
  }
  spare_.push_back(std::move(samples)); // the caller's last chunk, its capacity reused
  samples = std::move(ready_.front());
  ready_.pop_front();
  lock.unlock();
  changed_.notify_all();
  return samples.size();
}

} // namespace spectrascope::audio
