#include "spectrascope/engine/audio/Overview.h"

#include <algorithm>
#include <limits>

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
    : pipeline_(engine, overviewSettings(fftSize)), maxColumns_(std::max<std::size_t>(1, maxColumns)),
      samplesPerColumn_(fftSize)
{
}

OverviewBuilder::OverviewBuilder(Engine& engine, std::size_t fftSize, FixedColumns fixed)
    : pipeline_(engine, overviewSettings(fftSize)),
      maxColumns_(std::numeric_limits<std::size_t>::max() / 2), // never reached: no merging
      samplesPerColumn_(fftSize * std::max<std::size_t>(1, fixed.framesPerColumn))
{
}

void OverviewBuilder::consume(std::span<const float> samples)
{
  // Frames are taken straight from the caller's chunk when nothing is left over from the last one (the
  // file loader's chunks are whole frames), so an hour's samples are not copied once more on the way.
  if (!pending_.empty()) {
    pending_.insert(pending_.end(), samples.begin(), samples.end());
    samples = pending_;
  }
  const std::size_t frames = Stft::frameCount(samples.size(), pipeline_.settings());
  const std::size_t used = frames * pipeline_.settings().hop;
  if (frames > 0) {
    const std::size_t bins = pipeline_.binCount();
    frameDb_.resize(frames * bins);
    // Only the records are kept (they are what the timings show); the wall time is summed.
    ExecutionReport call;
    pipeline_.levels(samples, frames, frameDb_, nullptr, &call);
    report_.backend = call.backend;
    report_.device = call.device;
    report_.wallMs += call.wallMs;
    if (report_.records.size() < 4096) // bounded: a long file must not grow the report without end
      report_.records.insert(report_.records.end(), call.records.begin(), call.records.end());
    for (std::size_t f = 0; f < frames; ++f)
      addFrame(&frameDb_[f * bins]);
  }
  if (used > 0) { // the half frame before what stays pending, for a last frame centred on it
    const std::size_t half = pipeline_.settings().frameLength / 2;
    const std::size_t from = used > half ? used - half : 0;
    before_.insert(before_.end(), samples.begin() + std::ptrdiff_t(from),
                   samples.begin() + std::ptrdiff_t(used));
    if (before_.size() > half) before_.erase(before_.begin(), before_.end() - std::ptrdiff_t(half));
  }
  if (pending_.empty())
    pending_.assign(samples.begin() + std::ptrdiff_t(used), samples.end());
  else
    pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(used));
}

void OverviewBuilder::finish()
{
  if (pending_.empty()) return;
  // One frame whose middle is the middle of what is left: the samples before it (as far as there are
  // any) and after it (none: the input has ended) are zeros beyond the input, as Sonic Visualiser and
  // Audacity pad a file's ends, so the window's peak lies on the samples this column stands for.
  const std::size_t length = pipeline_.settings().frameLength;
  std::vector<float> frame(length, 0.0f);
  const std::ptrdiff_t start = std::ptrdiff_t(pending_.size() / 2) - std::ptrdiff_t(length / 2);
  for (std::size_t i = 0; i < length; ++i) {
    const std::ptrdiff_t at = start + std::ptrdiff_t(i); // relative to pending_'s first sample
    if (at >= 0 && at < std::ptrdiff_t(pending_.size()))
      frame[i] = pending_[std::size_t(at)];
    else if (at < 0 && -at <= std::ptrdiff_t(before_.size()))
      frame[i] = before_[before_.size() - std::size_t(-at)];
  }
  frameDb_.resize(pipeline_.binCount());
  ExecutionReport call;
  pipeline_.levels(frame, 1, frameDb_, nullptr, &call);
  report_.wallMs += call.wallMs;
  addFrame(frameDb_.data());
  pending_.clear();
  before_.clear();
}

void OverviewBuilder::addFrame(const float* db)
{
  const std::size_t bins = pipeline_.binCount();
  const std::size_t framesPerColumn = samplesPerColumn_ / pipeline_.settings().hop;
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
  const std::size_t bins = pipeline_.binCount();
  for (std::size_t c = 0; c < columns_ / 2; ++c)
    for (std::size_t k = 0; k < bins; ++k)
      db_[c * bins + k] = std::max(db_[2 * c * bins + k], db_[(2 * c + 1) * bins + k]);
  columns_ /= 2;
  db_.resize(columns_ * bins);
  samplesPerColumn_ *= 2;
}

} // namespace spectrascope::audio
