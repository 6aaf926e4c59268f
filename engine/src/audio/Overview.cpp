#include "spectrascope/engine/audio/Overview.h"

#include <algorithm>
#include <cmath>
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
  if (used > 0) { // the frame before what stays pending, for a last frame that ends with the input
    const std::size_t length = pipeline_.settings().frameLength;
    const std::size_t from = used > length ? used - length : 0;
    before_.insert(before_.end(), samples.begin() + std::ptrdiff_t(from),
                   samples.begin() + std::ptrdiff_t(used));
    if (before_.size() > length) before_.erase(before_.begin(), before_.end() - std::ptrdiff_t(length));
  }
  if (pending_.empty())
    pending_.assign(samples.begin() + std::ptrdiff_t(used), samples.end());
  else
    pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(used));
}

void OverviewBuilder::finish()
{
  if (pending_.empty()) return;
  const std::size_t length = pipeline_.settings().frameLength;
  std::vector<float> frame(length, 0.0f);
  std::size_t offset = 0; // where a short input starts in its frame
  if (before_.size() + pending_.size() >= length) {
    // The input's last `length` samples, overlapping the last whole frame: zeros after the input's
    // end made a hard stop inside the window, whose broadband spread drew the last column's floor
    // 60 dB above the rest and disagreed with the spectrum at the cursor (which stays inside the file).
    const std::size_t fromBefore = length - pending_.size();
    std::copy(before_.end() - std::ptrdiff_t(fromBefore), before_.end(), frame.begin());
    std::copy(pending_.begin(), pending_.end(), frame.begin() + std::ptrdiff_t(fromBefore));
  } else {
    // An input shorter than one frame: centred in it, zeros on both sides (as Sonic Visualiser and
    // Audacity pad a file's ends), so the window's peak lies on the samples this column stands for.
    offset = (length - pending_.size()) / 2;
    std::copy(pending_.begin(), pending_.end(), frame.begin() + std::ptrdiff_t(offset));
  }
  frameDb_.resize(pipeline_.binCount());
  ExecutionReport call;
  pipeline_.levels(frame, 1, frameDb_, nullptr, &call);
  report_.wallMs += call.wallMs;
  if (offset > 0) correctForShortInput(frameDb_, offset, pending_.size());
  addFrame(frameDb_.data());
  pending_.clear();
  before_.clear();
}

// The levels are amplitude-corrected for a frame full of signal (a sine of amplitude A reads A when it
// fills the window). A short input fills only the window's middle, so those levels fell with the frame's
// length (ten samples of a -6 dBFS sine read -46 dB in a 2048-sample frame, -52 in 4096): corrected by
// the window's weight over the samples present instead, they read the samples' own level, whatever the
// frame.
void OverviewBuilder::correctForShortInput(std::span<float> db, std::size_t offset, std::size_t count) const
{
  const std::vector<double> window =
      makeWindow(pipeline_.settings().window, pipeline_.settings().frameLength);
  double whole = 0, present = 0;
  for (std::size_t i = 0; i < window.size(); ++i) {
    whole += window[i];
    if (i >= offset && i < offset + count) present += window[i];
  }
  if (present <= 0 || whole <= present) return;
  const auto gain = float(20 * std::log10(whole / present));
  for (float& level : db)
    if (level > Stft::kFloorDb) level += gain; // silence stays at the floor
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
