#include "spectrascope/ui/image/MaskRendering.h"

#include "spectrascope/engine/imaging/HalfSpectrum.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::ui::image {
namespace {

// The half-plane value at centred pixel (cx, cy), by conjugate symmetry for the left half.
float centredValue(const std::vector<float>& half, std::size_t w, std::size_t h, std::size_t cx,
                   std::size_t cy)
{
  return half[imaging::halfSpectrumBinOfCentredPixel(cx, cy, w, h).index]; // masks are symmetric: no
                                                                           // conjugate
}

} // namespace

const std::vector<float>* PaintedHalfPlaneCache::halfPlane(const MaskState& state, std::size_t width,
                                                           std::size_t height)
{
  if (!state.paint) return nullptr;
  if (state.paint != layer_) {
    half_ = imaging::halfPlaneFromCentred(*state.paint, width, height);
    layer_ = state.paint;
  }
  return &half_;
}

std::vector<float> halfPlaneMask(const MaskState& state, std::size_t width, std::size_t height,
                                 PaintedHalfPlaneCache& cache)
{
  return imaging::composeHalfPlaneMask(state.spec, width, height, cache.halfPlane(state, width, height),
                                       state.inverted);
}

namespace {

// The tint of any mask given by its value at centred pixel (cx, cy).
template <typename MaskAt> QImage tintOf(MaskAt&& maskAt, std::size_t width, std::size_t height, int maxSide)
{
  const double step = std::max(1.0, double(std::max(width, height)) / maxSide);
  const int tw = std::max(1, int(std::lround(width / step))),
            th = std::max(1, int(std::lround(height / step)));
  QImage tint(tw, th, QImage::Format_ARGB32_Premultiplied);
  constexpr double kMaxAlpha = 170; // stopped bins stay faintly visible under the tint
  for (int y = 0; y < th; ++y) {
    auto* line = reinterpret_cast<QRgb*>(tint.scanLine(y));
    const std::size_t cy = std::min(height - 1, std::size_t((y + 0.5) * height / th));
    for (int x = 0; x < tw; ++x) {
      const std::size_t cx = std::min(width - 1, std::size_t((x + 0.5) * width / tw));
      const double stop = 1.0 - std::clamp(double(maskAt(cx, cy)), 0.0, 1.0);
      const int a = int(std::lround(stop * kMaxAlpha));
      // Premultiplied deep blue-black.
      line[x] = qRgba(0, a * 8 / 255, a * 30 / 255, a);
    }
  }
  return tint;
}

} // namespace

QImage maskTint(const std::vector<float>& half, std::size_t width, std::size_t height, int maxSide)
{
  return tintOf([&](std::size_t cx, std::size_t cy) { return centredValue(half, width, height, cx, cy); },
                width, height, maxSide);
}

QImage maskTint(const MaskState& state, std::size_t width, std::size_t height, int maxSide)
{
  imaging::validate(state.spec);
  const double u0 = double(width / 2), v0 = double(height / 2);
  return tintOf(
      [&](std::size_t cx, std::size_t cy) {
        double m = imaging::maskValue(state.spec, double(cx) - u0, double(cy) - v0, width, height);
        if (state.paint) m *= (*state.paint)[cy * width + cx];
        return float(state.inverted ? 1.0 - m : m);
      },
      width, height, maxSide);
}

QImage maskPicture(const std::vector<float>& half, std::size_t width, std::size_t height)
{
  QImage picture(int(width), int(height), QImage::Format_Grayscale8);
  for (std::size_t y = 0; y < height; ++y) {
    uchar* line = picture.scanLine(int(y));
    for (std::size_t x = 0; x < width; ++x)
      line[x] = uchar(std::lround(std::clamp(centredValue(half, width, height, x, y), 0.0f, 1.0f) * 255));
  }
  return picture;
}

} // namespace spectrascope::ui::image
