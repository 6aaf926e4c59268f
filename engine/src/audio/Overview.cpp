#include "spectrascope/engine/audio/Overview.h"

#include <algorithm>

namespace spectrascope::audio {
namespace {

StftSettings overviewSettings(std::size_t fftSize)
{
  StftSettings s;
  s.frameLength = fftSize;
  s.hop = fftSize;
  return s;
}

} // namespace

OverviewBuilder::OverviewBuilder(Engine& engine, std::size_t fftSize, std::size_t maxColumns)
    : stft_(engine, overviewSettings(fftSize)), maxColumns_(std::max<std::size_t>(1, maxColumns)),
      samplesPerColumn_(fftSize)
{
}

void OverviewBuilder::consume(std::span<const float> samples)
{
  pending_.insert(pending_.end(), samples.begin(), samples.end());
  const std::size_t frames = Stft::frameCount(pending_.size(), stft_.settings());
  if (frames == 0) return;
  const std::size_t bins = stft_.binCount();
  frameDb_.resize(frames * bins);
  // Only the records are kept (they are what the timings show); the wall time is summed.
  ExecutionReport call;
  stft_.decibels(pending_, frames, frameDb_, &call);
  report_.backend = call.backend;
  report_.device = call.device;
  report_.wallMs += call.wallMs;
  if (report_.records.size() < 4096) // bounded: a long file must not grow the report without end
    report_.records.insert(report_.records.end(), call.records.begin(), call.records.end());
  for (std::size_t f = 0; f < frames; ++f)
    addFrame(&frameDb_[f * bins]);
  pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(frames * stft_.settings().hop));
}

void OverviewBuilder::addFrame(const float* db)
{
  const std::size_t bins = stft_.binCount();
  const std::size_t framesPerColumn = samplesPerColumn_ / stft_.settings().hop;
  if (framesInColumn_ == 0) {
    db_.insert(db_.end(), db, db + bins);
    ++columns_;
  } else {
    float* column = db_.data() + (columns_ - 1) * bins;
    for (std::size_t k = 0; k < bins; ++k)
      column[k] = std::max(column[k], db[k]); // max-pool, so short events survive
  }
  framesInColumn_ = (framesInColumn_ + 1) % framesPerColumn;
  if (framesInColumn_ == 0 && columns_ == 2 * maxColumns_) mergeNeighbours();
}

void OverviewBuilder::mergeNeighbours()
{
  const std::size_t bins = stft_.binCount();
  for (std::size_t c = 0; c < columns_ / 2; ++c)
    for (std::size_t k = 0; k < bins; ++k)
      db_[c * bins + k] = std::max(db_[2 * c * bins + k], db_[(2 * c + 1) * bins + k]);
  columns_ /= 2;
  db_.resize(columns_ * bins);
  samplesPerColumn_ *= 2;
}

} // namespace spectrascope::audio
