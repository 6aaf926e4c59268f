#pragma once
// The text of the Image tab's cursor readout, kept apart from the widgets so it can be tested.

#include <QImage>
#include <QPointF>
#include <QString>

#include <complex>
#include <optional>

namespace spectrascope::ui::image {

struct SpectrumBin
{
  long u = 0, v = 0;              // centred bin: u to the right, v downward
  long width = 1, height = 1;     // of the spectrum
  std::complex<float> value;      // F(u, v) (of the luminance for colour images)
  std::optional<float> maskValue; // the mask applied there, if known
};

// "x 120, y 45: R 200 G 180 B 90" (or "grey 93").
QString pixelReadout(const QImage& image, QPointF imagePos);
// Frequency in cycles per pixel and per image, period, orientation, magnitude in dB, phase, mask.
QString spectrumReadout(const SpectrumBin& bin);

} // namespace spectrascope::ui::image
