#pragma once
// The frequency axis shared by the spectrum and the spectrogram: linear, logarithmic, mel (O'Shaughnessy:
// m = 2595 log10(1 + f/700), spacing like pitch perception) or octave (logarithmic, with ticks at the
// ISO 266 octave-band centres 31.5 Hz .. 16 kHz). Maps frequencies to a unit interval, 0 = low edge.

#include <QMetaType>
#include <QString>

#include <vector>

namespace spectrascope::ui {

enum class FrequencyScale { Linear, Log, Mel, Octave };

struct FrequencyAxis
{
  FrequencyScale scale = FrequencyScale::Log;
  double maxHz = 24000; // Nyquist
  double minLogHz = 20; // low edge of the log and octave axes (linear and mel start at 0 Hz)

  double lowHz() const;
  // 0 at lowHz(), 1 at maxHz; outside for frequencies outside.
  double unitOf(double hz) const;
  double frequencyAt(double unit) const;
  // Tick frequencies inside the axis, for grid lines and labels.
  std::vector<double> ticks() const;
  // "440 Hz", "1 k", "31.5": short enough for an axis.
  static QString tickLabel(double hz);
  static QString scaleName(FrequencyScale scale);
  bool operator==(const FrequencyAxis&) const = default;
};

} // namespace spectrascope::ui
