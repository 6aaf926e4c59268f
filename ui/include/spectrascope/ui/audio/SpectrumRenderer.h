#pragma once
// Draws one spectrum (dB vs frequency, with an optional peak-hold trace) into a QImage from a parameters
// struct: no widget involved, so it is testable without a window.

#include <QImage>
#include <QSize>

#include <span>

namespace spectrascope::ui {

struct SpectrumParameters
{
  QSize size{800, 300};
  double sampleRate = 48000;
  int fftSize = 4096;
  double minDb = -120, maxDb = 0;
  bool logFrequency = true;
  double minFrequencyHz = 20; // left edge on the log axis
};

class SpectrumRenderer
{
public:
  static QImage render(const SpectrumParameters& p, std::span<const float> db,
                       std::span<const float> peakHold);
  // Axis mapping, x in pixels from the left of the plot.
  static double frequencyAt(const SpectrumParameters& p, double x);
  static double xOf(const SpectrumParameters& p, double frequencyHz);
  static double yOf(const SpectrumParameters& p, double db);
};

} // namespace spectrascope::ui
