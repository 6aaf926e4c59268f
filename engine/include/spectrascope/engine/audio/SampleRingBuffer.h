#pragma once
// The fixed-size buffer between a source (generator, microphone) and the analysis worker. Writers never
// block and never grow it: when the reader falls behind, the oldest samples are overwritten and counted
// as dropped (drop, never queue without bound).
//
// Threading: one writer thread and one reader thread at a time; a mutex guards the few copies.

#include <cstdint>
#include <mutex>
#include <vector>

namespace spectrascope::audio {

class SampleRingBuffer
{
public:
  explicit SampleRingBuffer(std::size_t capacity = 1 << 18);

  // Starts a new stream (new source or sample rate): empties the buffer and bumps the generation.
  void reset(double sampleRate);
  void write(const float* samples, std::size_t count);
  // Moves everything available to the end of `out`; returns the stream index of the first moved sample.
  std::int64_t readAll(std::vector<float>& out);
  // The newest `count` samples of the current stream (fewer if fewer arrived), oldest first, whether or
  // not the reader has taken them yet: the Learn tab transforms this frame step by step.
  std::vector<float> newest(std::size_t count) const;

  // When the newest sample arrived (steady_clock nanoseconds): the start of the latency measurement.
  std::int64_t lastWriteNs() const;
  // Samples written since construction, across streams: a source that stops delivering shows here.
  std::uint64_t samplesWritten() const;
  static std::int64_t nowNs();

  double sampleRate() const;
  std::uint64_t generation() const;
  std::uint64_t droppedSamples() const;

private:
  mutable std::mutex mutex_;
  std::vector<float> data_;
  std::size_t head_ = 0, size_ = 0; // head_: oldest sample
  std::int64_t readIndex_ = 0;      // stream index of the oldest sample still held
  double sampleRate_ = 48000;
  std::uint64_t generation_ = 0;
  std::uint64_t dropped_ = 0;
  std::int64_t lastWriteNs_ = 0;
  std::uint64_t written_ = 0;
  std::uint64_t writtenInStream_ = 0; // since the last reset()
};

} // namespace spectrascope::audio
