// The ring between a sound source and the analysis: it never grows, drops the oldest samples when the
// reader falls behind (and counts them), keeps stream indices continuous across drops, and starts a
// new stream on reset.

#include "spectrascope/engine/audio/SampleRingBuffer.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace spectrascope::audio {
namespace {

std::vector<float> ramp(std::size_t count, float first = 0)
{
  std::vector<float> samples(count);
  std::iota(samples.begin(), samples.end(), first);
  return samples;
}

TEST(SampleRingBuffer, ReadsWhatWasWrittenInOrder)
{
  SampleRingBuffer ring(16);
  ring.reset(44100);
  const auto samples = ramp(10);
  ring.write(samples.data(), samples.size());
  std::vector<float> out;
  EXPECT_EQ(ring.readAll(out), 0);
  EXPECT_EQ(out, samples);
  EXPECT_EQ(ring.sampleRate(), 44100);
  EXPECT_EQ(ring.droppedSamples(), 0u);

  // The next read starts where the last one ended, in stream indices.
  const auto more = ramp(3, 10);
  ring.write(more.data(), more.size());
  out.clear();
  EXPECT_EQ(ring.readAll(out), 10);
  EXPECT_EQ(out, more);
}

TEST(SampleRingBuffer, OverflowDropsTheOldestAndCountsThem)
{
  SampleRingBuffer ring(8);
  ring.reset(48000);
  const auto samples = ramp(20);
  ring.write(samples.data(), samples.size());
  std::vector<float> out;
  // The reader gets the newest 8, and their stream index says 12 were lost before them.
  EXPECT_EQ(ring.readAll(out), 12);
  EXPECT_EQ(out, ramp(8, 12));
  EXPECT_EQ(ring.droppedSamples(), 12u);
  EXPECT_EQ(ring.samplesWritten(), 20u);
}

TEST(SampleRingBuffer, NewestSeesSamplesAlreadyRead)
{
  SampleRingBuffer ring(64);
  ring.reset(48000);
  const auto samples = ramp(100);
  ring.write(samples.data(), samples.size());
  std::vector<float> out;
  ring.readAll(out);
  EXPECT_EQ(ring.newest(4), ramp(4, 96));
  // Never more than the buffer holds.
  EXPECT_EQ(ring.newest(1000).size(), 64u);
}

TEST(SampleRingBuffer, ResetStartsANewStream)
{
  SampleRingBuffer ring(16);
  ring.reset(48000);
  const auto samples = ramp(5);
  ring.write(samples.data(), samples.size());
  const auto generation = ring.generation();
  ring.reset(22050);
  EXPECT_EQ(ring.generation(), generation + 1);
  EXPECT_EQ(ring.sampleRate(), 22050);
  // The old stream's samples are gone, and stream indices start again at zero.
  EXPECT_TRUE(ring.newest(5).empty());
  std::vector<float> out;
  EXPECT_EQ(ring.readAll(out), 0);
  EXPECT_TRUE(out.empty());
  // Samples written across streams still count: a source that stops delivering shows there.
  EXPECT_EQ(ring.samplesWritten(), 5u);
}

TEST(SampleRingBuffer, WriteTimeIsRecorded)
{
  SampleRingBuffer ring(16);
  EXPECT_EQ(ring.lastWriteNs(), 0);
  const auto before = SampleRingBuffer::nowNs();
  const float sample = 1;
  ring.write(&sample, 1);
  EXPECT_GE(ring.lastWriteNs(), before);
}

} // namespace
} // namespace spectrascope::audio
