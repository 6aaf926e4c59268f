#include "spectrascope/engine/imaging/NotchPlacement.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::imaging {

Notch notchAtPeakNear(double u, double v, std::size_t width, std::size_t height,
                      const std::function<std::complex<float>(long, long)>& binValue)
{
  const long cu = std::lround(u), cv = std::lround(v);
  long bestU = cu, bestV = cv;
  float best = -1;
  for (long dv = -kNotchSnapBins; dv <= kNotchSnapBins; ++dv)
    for (long du = -kNotchSnapBins; du <= kNotchSnapBins; ++du) {
      const long bu = cu + du, bv = cv + dv;
      if (std::abs(bu) + std::abs(bv) <= 1) continue; // DC and its neighbours carry the picture's mean
      const float magnitude = std::abs(binValue(bu, bv));
      if (magnitude > best) best = magnitude, bestU = bu, bestV = bv;
    }
  const double radius = defaultNotchRadius(width, height);
  return {double(bestU), double(bestV),
          std::min(radius, largestNotchRadius(double(bestU), double(bestV), width, height))};
}

double defaultNotchRadius(std::size_t width, std::size_t height)
{
  return std::max(3.0, std::round(double(std::min(width, height)) / 128.0));
}

double largestNotchRadius(double u, double v, std::size_t width, std::size_t height)
{
  // A notch zeroes the bins within its radius (inclusive): DC must stay strictly outside.
  const double toDc = std::hypot(u, v);
  const double belowDc = std::ceil(2 * toDc) / 2 - 0.5;
  return std::max(0.5, std::min(belowDc, double(std::max(width, height))));
}

} // namespace spectrascope::imaging
