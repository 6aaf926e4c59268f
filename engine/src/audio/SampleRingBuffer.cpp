#include "spectrascope/engine/audio/SampleRingBuffer.h"

#include <algorithm>
#include <chrono>

namespace spectrascope::audio {

SampleRingBuffer::SampleRingBuffer(std::size_t capacity) : data_(capacity) {}

void SampleRingBuffer::reset(double sampleRate)
{
  std::lock_guard lock(mutex_);
  head_ = size_ = 0;
  readIndex_ = 0;
  writtenInStream_ = 0;
  sampleRate_ = sampleRate;
  ++generation_;
}

void SampleRingBuffer::write(const float* samples, std::size_t count)
{
  std::lock_guard lock(mutex_);
  const std::size_t capacity = data_.size();
  for (std::size_t i = 0; i < count; ++i) {
    data_[(head_ + size_) % capacity] = samples[i];
    if (size_ < capacity) {
      ++size_;
    } else { // full: the oldest sample goes
      head_ = (head_ + 1) % capacity;
      ++readIndex_;
      ++dropped_;
    }
  }
  written_ += count;
  writtenInStream_ += count;
  lastWriteNs_ = nowNs();
}

// Samples already read stay in data_ until overwritten, so the newest ones are the `count` before the
// write position.
std::vector<float> SampleRingBuffer::newest(std::size_t count) const
{
  std::lock_guard lock(mutex_);
  const std::size_t capacity = data_.size();
  count = std::min<std::size_t>({count, capacity, std::size_t(writtenInStream_)});
  const std::size_t end = (head_ + size_) % capacity;
  std::vector<float> out(count);
  for (std::size_t i = 0; i < count; ++i)
    out[i] = data_[(end + capacity - count + i) % capacity];
  return out;
}

std::int64_t SampleRingBuffer::readAll(std::vector<float>& out)
{
  std::lock_guard lock(mutex_);
  const std::int64_t first = readIndex_;
  const std::size_t capacity = data_.size();
  for (std::size_t i = 0; i < size_; ++i)
    out.push_back(data_[(head_ + i) % capacity]);
  readIndex_ += std::int64_t(size_);
  head_ = (head_ + size_) % capacity;
  size_ = 0;
  return first;
}

double SampleRingBuffer::sampleRate() const
{
  std::lock_guard lock(mutex_);
  return sampleRate_;
}

std::uint64_t SampleRingBuffer::generation() const
{
  std::lock_guard lock(mutex_);
  return generation_;
}

std::int64_t SampleRingBuffer::lastWriteNs() const
{
  std::lock_guard lock(mutex_);
  return lastWriteNs_;
}

std::uint64_t SampleRingBuffer::samplesWritten() const
{
  std::lock_guard lock(mutex_);
  return written_;
}

std::int64_t SampleRingBuffer::nowNs()
{
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::uint64_t SampleRingBuffer::droppedSamples() const
{
  std::lock_guard lock(mutex_);
  return dropped_;
}

} // namespace spectrascope::audio
