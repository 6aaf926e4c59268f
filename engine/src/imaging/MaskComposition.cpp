#include "spectrascope/engine/imaging/MaskComposition.h"

namespace spectrascope::imaging {

double composedMaskValue(const MaskSpec& spec, const std::vector<float>* paintedCentred, bool inverted,
                         long u, long v, std::size_t width, std::size_t height)
{
  double m = maskValue(spec, double(u), double(v), width, height);
  if (paintedCentred && paintedCentred->size() == width * height) {
    const long w = long(width), h = long(height), cx = w / 2, cy = h / 2;
    const auto at = [&](long bu, long bv) {
      const long x = ((bu + cx) % w + w) % w, y = ((bv + cy) % h + h) % h;
      return double((*paintedCentred)[std::size_t(y * w + x)]);
    };
    // As halfPlaneFromCentred: the filtered image stays real only with a symmetric mask.
    m *= 0.5 * (at(u, v) + at(-u, -v));
  }
  return inverted ? 1 - m : m;
}

} // namespace spectrascope::imaging
