#include "spectrascope/engine/imaging/PixelRange.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::imaging {
namespace {

std::uint8_t clampRound(float value)
{
  // NaN compares false everywhere and lands on 0.
  const float r = std::nearbyint(value);
  return r >= 255.0f ? 255 : (r > 0.0f ? std::uint8_t(r) : 0);
}

} // namespace

void normalizeToBytes(const float* values, std::size_t count, std::uint8_t* out)
{
  if (count == 0) return;
  const auto [lo, hi] = std::minmax_element(values, values + count);
  const float low = *lo, span = *hi - *lo;
  const float scale = span > 0 ? 255.0f / span : 0.0f;
  for (std::size_t i = 0; i < count; ++i)
    out[i] = clampRound((values[i] - low) * scale);
}

void toBytes(const float* values, std::size_t count, PixelRange range, std::uint8_t* out)
{
  switch (range) {
  case PixelRange::Clamp:
    for (std::size_t i = 0; i < count; ++i)
      out[i] = clampRound(values[i]);
    return;
  case PixelRange::Abs:
    for (std::size_t i = 0; i < count; ++i)
      out[i] = clampRound(std::fabs(values[i]));
    return;
  case PixelRange::Normalize:
    normalizeToBytes(values, count, out);
    return;
  }
}

std::string toString(PixelRange range)
{
  switch (range) {
  case PixelRange::Clamp:
    return "clamp";
  case PixelRange::Normalize:
    return "normalize";
  case PixelRange::Abs:
    return "abs";
  }
  return "?";
}

} // namespace spectrascope::imaging
