#pragma once
// What every analysed frame leaves behind for the spectrum view, however many of them a display shows:
// the newest frame, the per-bin maximum and the per-bin sum of power, so peak hold sees every frame's
// peaks and an average sees every frame's power. Summaries of consecutive calls merge (merge()), which
// is how a result the display dropped still reaches the next one.
//
// Values are amplitude-corrected: dB are dBFS of a sine at a bin centre, power is 10^(dB/10).
// Qt-free value type.

#include <cstddef>
#include <span>
#include <vector>

namespace spectrascope::audio {

struct FrameSummary
{
  std::size_t frames = 0;
  std::vector<float> lastDb;    // the newest frame, per bin
  std::vector<float> peakDb;    // the loudest of all frames, per bin
  std::vector<double> powerSum; // sum over the frames of each bin's power

  bool empty() const { return frames == 0; }
  void clear();
  // Folds one frame of per-bin dB in (a frame of another length starts afresh). `power`, when given,
  // is the same frame's power (saves 10^(dB/10) per bin where the caller has the magnitudes).
  void addFrame(std::span<const float> db, std::span<const float> power = {});
  // Folds `later` (frames that came after this summary's) in; another bin count starts afresh.
  void merge(const FrameSummary& later);
};

} // namespace spectrascope::audio
