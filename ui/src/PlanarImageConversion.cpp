#include "spectrascope/ui/PlanarImageConversion.h"

#include <algorithm>

namespace spectrascope::ui {

imaging::PlanarImage toPlanar(const QImage& image, bool luminanceOnly)
{
  const bool colour = !image.isGrayscale();
  const QImage pixels = image.convertToFormat(colour ? QImage::Format_RGB888 : QImage::Format_Grayscale8);
  imaging::PlanarImage planar;
  planar.width = std::size_t(pixels.width());
  planar.height = std::size_t(pixels.height());
  planar.channels = colour ? 3 : 1;
  planar.values.resize(planar.channels * planar.planeSize());
  for (std::size_t y = 0; y < planar.height; ++y) {
    const uchar* line = pixels.constScanLine(int(y));
    for (std::size_t x = 0; x < planar.width; ++x)
      for (std::size_t c = 0; c < planar.channels; ++c)
        planar.plane(c)[y * planar.width + x] = float(line[x * planar.channels + c]);
  }
  return luminanceOnly ? imaging::luminance(planar) : planar;
}

namespace {

// The common case, on the path of every slider update: three planes straight into RGB888 rows, with no
// per-pixel branches or conversions (it used to cost as much as the 8-bit rounding).
QImage interleavedRgb(const imaging::PlanarBytes& bytes)
{
  QImage image(int(bytes.width), int(bytes.height), QImage::Format_RGB888);
  const std::uint8_t *r = bytes.plane(0), *g = bytes.plane(1), *b = bytes.plane(2);
  for (std::size_t y = 0; y < bytes.height; ++y) {
    uchar* line = image.scanLine(int(y));
    const std::size_t row = y * bytes.width;
    for (std::size_t x = 0; x < bytes.width; ++x) {
      line[3 * x] = r[row + x];
      line[3 * x + 1] = g[row + x];
      line[3 * x + 2] = b[row + x];
    }
  }
  return image;
}

} // namespace

QImage greyImage(const std::uint8_t* bytes, int width, int height)
{
  QImage image(width, height, QImage::Format_Grayscale8);
  for (int y = 0; y < height; ++y)
    std::copy_n(bytes + std::size_t(y) * std::size_t(width), width, image.scanLine(y));
  return image;
}

QImage fromPlanar(const imaging::PlanarBytes& bytes, const QImage& alphaFrom)
{
  const int w = int(bytes.width), h = int(bytes.height);
  if (bytes.channels == 1 && !alphaFrom.hasAlphaChannel()) return greyImage(bytes.values.data(), w, h);
  if (bytes.channels == 3 && !alphaFrom.hasAlphaChannel()) return interleavedRgb(bytes);
  QImage image(w, h, QImage::Format_RGBA8888);
  const QImage alpha =
      alphaFrom.hasAlphaChannel() ? alphaFrom.convertToFormat(QImage::Format_RGBA8888) : QImage();
  for (int y = 0; y < h; ++y) {
    uchar* line = image.scanLine(y);
    const uchar* alphaLine = alpha.isNull() ? nullptr : alpha.constScanLine(y);
    for (int x = 0; x < w; ++x) {
      const std::size_t i = std::size_t(y) * bytes.width + std::size_t(x);
      for (int c = 0; c < 3; ++c)
        line[4 * x + c] = bytes.plane(bytes.channels == 3 ? std::size_t(c) : 0)[i];
      line[4 * x + 3] = alphaLine ? alphaLine[4 * x + 3] : 255;
    }
  }
  return alpha.isNull() ? image.convertToFormat(QImage::Format_RGB888) : image;
}

} // namespace spectrascope::ui
