#pragma once
// Averaging and peak hold of the live spectrum, as spectrum analysers do it: the displayed spectrum is
// the newest frame (None), an exponential average (time constant T) or a linear moving average of the
// frames of the last T seconds; a peak-hold trace, when on, follows the maxima of that displayed
// spectrum and falls at a set rate in dB per second. Averages are taken on power (10^(dB/10)) and shown
// in dB, so a steady tone keeps its level and noise averages to its mean power.
//
// Time is audio time: each frame is added with the seconds of audio it stands for (the analysis hands
// over the newest frame of each batch, which stands for the batch's frames * hop samples), so averaging
// and decay do not depend on how often results arrive, and nothing decays while the source is paused.
//
// The linear average keeps the frames of its window summed in slots of at least T / kMaxSlots seconds
// (longer for very long transforms, so the slots hold about kMaxBytes at most): memory stays bounded
// whatever the frame rate, and the window spans T plus at most its oldest slot.
//
// Qt-free; one thread at a time.

#include <cstddef>
#include <deque>
#include <span>
#include <vector>

namespace spectrascope::ui {

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
  void addExponential(std::span<const float> db, double seconds);
  void addLinear(std::span<const float> db, double seconds);
  void updatePeaks(double seconds);
  std::size_t slotLimit(std::size_t bins) const;

  AveragingSettings settings_;
  std::vector<float> displayed_, peaks_;
  std::vector<double> power_; // exponential: the average's power
  std::deque<Slot> slots_;    // linear: oldest first
  std::vector<double> windowSum_;
  double windowSeconds_ = 0, totalSeconds_ = 0;
  std::size_t windowFrames_ = 0, totalFrames_ = 0;
};

} // namespace spectrascope::ui
