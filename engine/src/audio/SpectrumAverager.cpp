#include "spectrascope/engine/audio/SpectrumAverager.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::audio {
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
  std::vector<double> power(db.size());
  for (std::size_t k = 0; k < db.size(); ++k)
    power[k] = powerOf(db[k]);
  seconds = std::max(seconds, kMinFrameSeconds);
  addPower(power, db, seconds, 1);
  updatePeaks(displayed_, seconds);
}

void SpectrumAverager::add(const audio::FrameSummary& summary, double secondsPerFrame)
{
  if (summary.empty()) return;
  const std::size_t bins = summary.lastDb.size();
  std::vector<double> power(bins);
  for (std::size_t k = 0; k < bins; ++k)
    power[k] = summary.powerSum[k] / double(summary.frames);
  const double seconds = std::max(secondsPerFrame, kMinFrameSeconds) * double(summary.frames);
  addPower(power, summary.lastDb, seconds, summary.frames);
  // Without averaging the trace is each frame in turn, so peak hold takes every frame's peak; an
  // average moves smoothly, and peak hold follows it.
  updatePeaks(mode() == AveragingMode::None ? std::span<const float>(summary.peakDb)
                                            : std::span<const float>(displayed_),
              seconds);
}

void SpectrumAverager::addPower(std::span<const double> power, std::span<const float> newest, double seconds,
                                std::size_t frames)
{
  if (newest.size() != displayed_.size()) reset();
  totalSeconds_ += seconds;
  totalFrames_ += frames;
  switch (mode()) {
  case AveragingMode::None:
    displayed_.assign(newest.begin(), newest.end());
    break;
  case AveragingMode::Exponential:
    addExponential(power, seconds);
    break;
  case AveragingMode::Linear:
    addLinear(power, seconds, frames);
    break;
  }
}

// An RC low-pass on each bin's power sampled at uneven steps: after `seconds`, the old average keeps the
// weight exp(-seconds / T); a block of frames enters with its mean power. The first block starts the
// average (no ramp up from silence).
void SpectrumAverager::addExponential(std::span<const double> power, double seconds)
{
  const std::size_t bins = power.size();
  if (power_.size() != bins) {
    power_.assign(power.begin(), power.end());
  } else {
    const double keep = std::exp(-seconds / settings_.seconds), take = 1.0 - keep;
    for (std::size_t k = 0; k < bins; ++k)
      power_[k] = keep * power_[k] + take * power[k];
  }
  displayed_.resize(bins);
  for (std::size_t k = 0; k < bins; ++k)
    displayed_[k] = decibelsOf(power_[k]);
}

// Slots cover at least T / slotLimit seconds each (or one frame); the window drops whole slots from its
// old end while what remains still spans T, so it covers between T and T plus its oldest slot.
void SpectrumAverager::addLinear(std::span<const double> power, double seconds, std::size_t frames)
{
  const std::size_t bins = power.size(), limit = slotLimit(bins);
  const double slotSeconds = settings_.seconds / double(limit);
  if (windowSum_.size() != bins) windowSum_.assign(bins, 0.0);
  // A slot takes frames until it spans a slot's time, so at most limit + 2 slots are ever kept.
  if (slots_.empty() || slots_.back().seconds >= slotSeconds)
    slots_.push_back(Slot{std::vector<double>(bins, 0.0), 0, 0});
  Slot& slot = slots_.back();
  for (std::size_t k = 0; k < bins; ++k) {
    const double energy = power[k] * seconds;
    slot.powerSeconds[k] += energy;
    windowSum_[k] += energy;
  }
  slot.seconds += seconds;
  slot.frames += frames;
  windowSeconds_ += seconds;
  windowFrames_ += frames;
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

void SpectrumAverager::updatePeaks(std::span<const float> candidates, double seconds)
{
  if (!settings_.peakHold) return;
  if (peaks_.size() != candidates.size()) {
    peaks_.assign(candidates.begin(), candidates.end());
    return;
  }
  const float fall = float(settings_.peakDecayDbPerSecond * seconds);
  for (std::size_t k = 0; k < peaks_.size(); ++k)
    peaks_[k] = std::max(peaks_[k] - fall, candidates[k]);
}

std::size_t SpectrumAverager::slotLimit(std::size_t bins) const
{
  const std::size_t affordable = kMaxBytes / (std::max<std::size_t>(1, bins) * sizeof(double));
  return std::clamp<std::size_t>(affordable, 2, kMaxSlots);
}

} // namespace spectrascope::audio
