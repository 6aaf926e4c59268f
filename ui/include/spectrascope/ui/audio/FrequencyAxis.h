#pragma once
// The frequency axis shared by the spectrum and the spectrogram: linear, logarithmic (ticks at 1-2-5 Hz
// steps), mel (O'Shaughnessy: m = 2595 log10(1 + f/700), spacing like pitch perception) or octaves with
// note names (logarithmic like Log, one tick per octave at every C from C1 = 32.7 Hz to C9 = 8372 Hz,
// A4 = 440 Hz, labelled with the note and its frequency, e.g. "C4 262"). Maps frequencies to a unit
// interval, 0 = low edge.

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
  // "440", "1k", "31.5": short enough for an axis.
  static QString tickLabel(double hz);
  // The label of a tick of this axis: tickLabel(hz), or on the octave axis the note and its frequency
  // ("C4" + separator + "262").
  QString label(double hz, QChar separator = QLatin1Char(' ')) const;
  // The frequency of C in octave `octave` (C4 = 261.63 Hz with A4 = 440 Hz).
  static double cHz(int octave);
  static QString scaleName(FrequencyScale scale);
  bool operator==(const FrequencyAxis&) const = default;
};

} // namespace spectrascope::ui
