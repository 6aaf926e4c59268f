#pragma once
// Conversions between QImage and the engine's planar float / byte images, shared by the Image tab and
// spectrascope-cli. QtGui only (its own small library), so the CLI does not pull in Qt Widgets.

#include "spectrascope/engine/imaging/PlanarImage.h"

#include <QImage>

#include <cstdint>
#include <vector>

namespace spectrascope::ui {

// Colour images give three planes (R, G, B), grey ones one; `luminanceOnly` asks for the luminance
// plane Y = 0.299R + 0.587G + 0.114B, computed in float rather than through Qt's rounded 8-bit grey.
imaging::PlanarImage toPlanar(const QImage& image, bool luminanceOnly);
// One plane becomes Grayscale8, three become RGB888; an alpha channel of `alphaFrom` is carried over.
QImage fromPlanar(const imaging::PlanarBytes& bytes, const QImage& alphaFrom = {});
QImage greyImage(const std::uint8_t* bytes, int width, int height);

} // namespace spectrascope::ui
