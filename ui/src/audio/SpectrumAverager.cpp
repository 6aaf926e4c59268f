#include "spectrascope/ui/audio/SpectrumAverager.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {
// ln(10) / 10: 10^(dB/10) = exp(dB * kDbToPowerExponent).
constexpr double kDbToPowerExponent = 0.23025850929940458;
// The smallest power kept, -300 dB: below the engine's -240 dB floor, and log10 never sees zero.
constexpr double kPowerFloor = 1e-30;
// A frame is never taken to stand for less than this (a zero or negative duration would be an error).
constexpr double kMinFrameSeconds = 1e-6;

double powerOf(float db)
{
  return std::exp(double(db) * kDbToPowerExponent);
}

float decibelsOf(double power)
{
  return float(10.0 * std::log10(std::max(power, kPowerFloor)));
}
} // namespace

void SpectrumAverager::setSettings(const AveragingSettings& settings)
{
  const bool newAverage = settings.mode != settings_.mode || settings.seconds != settings_.seconds;
  settings_ = settings;
  settings_.seconds = std::max(settings_.seconds, 1e-3);
  settings_.peakDecayDbPerSecond = std::max(0.0, settings_.peakDecayDbPerSecond);
  if (newAverage) reset();
  if (!settings_.peakHold) peaks_.clear();
}

void SpectrumAverager::reset()
{
  displayed_.clear();
  peaks_.clear();
  power_.clear();
  slots_.clear();
  windowSum_.clear();
  windowSeconds_ = totalSeconds_ = 0;
  windowFrames_ = totalFrames_ = 0;
}

std::size_t SpectrumAverager::framesAveraged() const
{
  if (displayed_.empty()) return 0;
  switch (mode()) {
  case AveragingMode::None:
    return 1;
  case AveragingMode::Exponential:
    return totalFrames_;
  case AveragingMode::Linear:
    return windowFrames_;
  }
  return 0;
}

void SpectrumAverager::add(std::span<const float> db, double seconds)
{
  if (db.empty()) return;
  if (db.size() != displayed_.size()) reset();
  seconds = std::max(seconds, kMinFrameSeconds);
  totalSeconds_ += seconds;
  ++totalFrames_;
  switch (mode()) {
  case AveragingMode::None:
    displayed_.assign(db.begin(), db.end());
    break;
  case AveragingMode::Exponential:
    addExponential(db, seconds);
    break;
  case AveragingMode::Linear:
    addLinear(db, seconds);
    break;
  }
  updatePeaks(seconds);
}

// An RC low-pass on each bin's power sampled at uneven steps: after `seconds`, the old average keeps the
// weight exp(-seconds / T). The first frame starts the average (no ramp up from silence).
void SpectrumAverager::addExponential(std::span<const float> db, double seconds)
{
  const std::size_t bins = db.size();
  if (power_.size() != bins) {
    power_.resize(bins);
    for (std::size_t k = 0; k < bins; ++k)
      power_[k] = powerOf(db[k]);
  } else {
    const double keep = std::exp(-seconds / settings_.seconds), take = 1.0 - keep;
    for (std::size_t k = 0; k < bins; ++k)
      power_[k] = keep * power_[k] + take * powerOf(db[k]);
  }
  displayed_.resize(bins);
  for (std::size_t k = 0; k < bins; ++k)
    displayed_[k] = decibelsOf(power_[k]);
}

// Slots cover at least T / slotLimit seconds each (or one frame); the window drops whole slots from its
// old end while what remains still spans T, so it covers between T and T plus its oldest slot.
void SpectrumAverager::addLinear(std::span<const float> db, double seconds)
{
  const std::size_t bins = db.size(), limit = slotLimit(bins);
  const double slotSeconds = settings_.seconds / double(limit);
  if (windowSum_.size() != bins) windowSum_.assign(bins, 0.0);
  // A slot takes frames until it spans a slot's time, so at most limit + 2 slots are ever kept.
  if (slots_.empty() || slots_.back().seconds >= slotSeconds)
    slots_.push_back(Slot{std::vector<double>(bins, 0.0), 0, 0});
  Slot& slot = slots_.back();
  for (std::size_t k = 0; k < bins; ++k) {
    const double energy = powerOf(db[k]) * seconds;
    slot.powerSeconds[k] += energy;
    windowSum_[k] += energy;
  }
  slot.seconds += seconds;
  ++slot.frames;
  windowSeconds_ += seconds;
  ++windowFrames_;
  while (slots_.size() > 1 && windowSeconds_ - slots_.front().seconds >= settings_.seconds) {
    const Slot& old = slots_.front();
    for (std::size_t k = 0; k < bins; ++k)
      windowSum_[k] = std::max(0.0, windowSum_[k] - old.powerSeconds[k]);
    windowSeconds_ -= old.seconds;
    windowFrames_ -= old.frames;
    slots_.pop_front();
  }
  displayed_.resize(bins);
  for (std::size_t k = 0; k < bins; ++k)
    displayed_[k] = decibelsOf(windowSum_[k] / windowSeconds_);
}

void SpectrumAverager::updatePeaks(double seconds)
{
  if (!settings_.peakHold) return;
  if (peaks_.size() != displayed_.size()) {
    peaks_ = displayed_;
    return;
  }
  const float fall = float(settings_.peakDecayDbPerSecond * seconds);
  for (std::size_t k = 0; k < peaks_.size(); ++k)
    peaks_[k] = std::max(peaks_[k] - fall, displayed_[k]);
}

std::size_t SpectrumAverager::slotLimit(std::size_t bins) const
{
  const std::size_t affordable = kMaxBytes / (std::max<std::size_t>(1, bins) * sizeof(double));
  return std::clamp<std::size_t>(affordable, 2, kMaxSlots);
}

} // namespace spectrascope::ui
