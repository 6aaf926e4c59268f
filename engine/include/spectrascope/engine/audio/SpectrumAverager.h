#pragma once
// Averaging and peak hold of the live spectrum, as spectrum analysers do it: the displayed spectrum is
// the newest frame (None), an exponential average (time constant T) or a linear moving average of the
// frames of the last T seconds; a peak-hold trace, when on, follows the maxima of that displayed
// spectrum and falls at a set rate in dB per second. Averages are taken on power (10^(dB/10)) and shown
// in dB, so a steady tone keeps its level and noise averages to its mean power.
//
// Time is audio time: each frame is added with the seconds of audio it stands for, so averaging and
// decay do not depend on how often results arrive, and nothing decays while the source is paused.
// Every analysed frame counts: the analysis hands over a FrameSummary of all frames since the last
// result (add(summary)), whose per-bin peaks feed peak hold and whose power sums feed the averages.
//
// The linear average keeps the frames of its window summed in slots of at least T / kMaxSlots seconds
// (longer for very long transforms, so the slots hold about kMaxBytes at most): memory stays bounded
// whatever the frame rate, and the window spans T plus at most its oldest slot.
//
// Qt-free; one thread at a time.

#include "spectrascope/engine/audio/FrameSummary.h"

#include <cstddef>
#include <deque>
#include <span>
#include <vector>

namespace spectrascope::audio {

enum class AveragingMode { None, Exponential, Linear };

struct AveragingSettings
{
  AveragingMode mode = AveragingMode::None;
  double seconds = 1.0; // exponential time constant, or the linear window's length
  bool peakHold = true;
  double peakDecayDbPerSecond = 10; // 0: peaks are held until reset
  bool operator==(const AveragingSettings&) const = default;
};

class SpectrumAverager
{
public:
  static constexpr std::size_t kMaxSlots = 64;
  static constexpr std::size_t kMaxBytes = std::size_t(32) << 20;

  // Starts afresh (a new setting is a new measurement).
  void setSettings(const AveragingSettings& settings);
  const AveragingSettings& settings() const { return settings_; }
  void reset();

  // One frame of dB values standing for `seconds` of audio (> 0). A frame of another length than the
  // previous ones (a new FFT size) starts afresh.
  void add(std::span<const float> db, double seconds);
  // All the frames of `summary`, each standing for `secondsPerFrame` of audio: the displayed spectrum
  // (None) is the newest frame, averages take every frame's power, peak hold every frame's peak.
  void add(const audio::FrameSummary& summary, double secondsPerFrame);

  // The spectrum to show, in dB (empty before the first frame).
  const std::vector<float>& displayed() const { return displayed_; }
  // The peak-hold trace in dB; empty while peak hold is off.
  const std::vector<float>& peaks() const { return peaks_; }
  // How many frames the displayed spectrum averages: 1 without averaging; for the exponential average
  // the frames added so far, for the linear one those inside its window.
  std::size_t framesAveraged() const;
  // Seconds of audio in the linear window (or added so far, for the others).
  double secondsAveraged() const { return mode() == AveragingMode::Linear ? windowSeconds_ : totalSeconds_; }
  // Slots the linear average holds now (its memory is slots x bins doubles).
  std::size_t slotCount() const { return slots_.size(); }

private:
  struct Slot
  {
    std::vector<double> powerSeconds; // sum of power * seconds of its frames
    double seconds = 0;
    std::size_t frames = 0;
  };
  AveragingMode mode() const { return settings_.mode; }
  // `power` is the mean power of `frames` frames spanning `seconds`.
  void addExponential(std::span<const double> power, double seconds);
  void addLinear(std::span<const double> power, double seconds, std::size_t frames);
  void addPower(std::span<const double> power, std::span<const float> newest, double seconds,
                std::size_t frames);
  // Peaks fall for `seconds`, then rise to `candidates` (the displayed spectrum, or every frame's peak).
  void updatePeaks(std::span<const float> candidates, double seconds);
  std::size_t slotLimit(std::size_t bins) const;

  AveragingSettings settings_;
  std::vector<float> displayed_, peaks_;
  std::vector<double> power_; // exponential: the average's power
  std::deque<Slot> slots_;    // linear: oldest first
  std::vector<double> windowSum_;
  double windowSeconds_ = 0, totalSeconds_ = 0;
  std::size_t windowFrames_ = 0, totalFrames_ = 0;
};

} // namespace spectrascope::audio
