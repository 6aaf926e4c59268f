#pragma once
// Draws one spectrum (dB vs frequency, with an optional peak-hold or average trace, a grid and labelled
// axes) into a QImage from a parameters struct: no widget involved, so it is testable without a window.
// The image has devicePixelRatio dpr: drawn in logical pixels, sharp on HiDPI screens.

#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QImage>
#include <QRectF>
#include <QSize>

#include <span>

namespace spectrascope::ui {

struct SpectrumParameters
{
  QSize size{800, 300}; // logical pixels
  double sampleRate = 48000;
  int fftSize = 4096;
  double minDb = -120, maxDb = 0;
  FrequencyScale scale = FrequencyScale::Log;
  double minFrequencyHz = 20; // left edge on the log and octave axes

  FrequencyAxis axis() const { return {scale, sampleRate / 2, minFrequencyHz}; }
};

class SpectrumRenderer
{
public:
  static QImage render(const SpectrumParameters& p, std::span<const float> db,
                       std::span<const float> secondTrace, double dpr = 1.0);
  // The plot area inside the axes' margins, logical pixels.
  static QRectF plotRect(const SpectrumParameters& p);
  // Axis mapping in logical pixels of the widget (x from its left edge).
  static double frequencyAt(const SpectrumParameters& p, double x);
  static double xOf(const SpectrumParameters& p, double frequencyHz);
  static double yOf(const SpectrumParameters& p, double db);
  // The level axis' steps for labels `textHeight` tall: a grid line every gridDb from the top, a label on
  // every labelDb (a multiple of gridDb) where they do not touch.
  struct LevelTicks
  {
    double gridDb = 20, labelDb = 20;
  };
  static LevelTicks levelTicks(const SpectrumParameters& p, double textHeight);
};

} // namespace spectrascope::ui
