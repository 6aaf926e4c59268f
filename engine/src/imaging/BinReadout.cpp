#include "spectrascope/engine/imaging/BinReadout.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace spectrascope::imaging {

BinDescription describeBin(long u, long v, std::size_t width, std::size_t height, std::complex<float> value)
{
  BinDescription d;
  d.fu = double(u) / double(width);
  d.fv = double(v) / double(height);
  d.frequency = std::hypot(d.fu, d.fv);
  if (d.frequency > 0) {
    d.periodPixels = 1 / d.frequency;
    // v grows downward on the screen; the angle is the one a person sees, so v's sign flips.
    d.orientationDegrees = std::atan2(-d.fv, d.fu) * 180 / std::numbers::pi;
  }
  const double magnitude = std::abs(value);
  d.magnitudeDb = magnitude > 0 ? 20 * std::log10(magnitude) : -std::numeric_limits<double>::infinity();
  d.phaseDegrees = std::arg(value) * 180 / std::numbers::pi;
  return d;
}

} // namespace spectrascope::imaging
