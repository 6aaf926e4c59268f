#include "spectrascope/engine/imaging/Padding.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>

namespace spectrascope::imaging {
namespace {

bool smooth235(std::size_t n)
{
  for (std::size_t p : {2, 3, 5})
    while (n % p == 0)
      n /= p;
  return n == 1;
}

// Source index along an axis of n pixels for padded index i of an axis of `padded`: the image, then its
// reflection about the far edge, then (after the midpoint of the padding) the reflection about the near
// edge seen through the wrap-around, so both edges continue smoothly and only a small step is left at the
// padding's midpoint, between pixels about n/2 and n/2 + (padded - 2n).
std::size_t mirrorIndex(std::size_t i, std::size_t n, std::size_t padded)
{
  if (i < n) return i;
  const std::size_t d = i - n, half = (padded - n + 1) / 2;
  const std::size_t source = d < half ? n - 1 - std::min(d, n - 1) : padded - 1 - i;
  return std::min(source, n - 1);
}

} // namespace

std::size_t fastSize(std::size_t n)
{
  if (n <= 1) return 1;
  while (!smooth235(n))
    ++n;
  return n;
}

std::pair<std::size_t, std::size_t> paddedExtent(PadMode mode, std::size_t width, std::size_t height)
{
  if (mode == PadMode::None) return {width, height};
  return {fastSize(2 * width), fastSize(2 * height)};
}

PlanarImage pad(const PlanarImage& image, PadMode mode)
{
  if (mode == PadMode::None) return image;
  const auto [pw, ph] = paddedExtent(mode, image.width, image.height);
  PlanarImage out{pw, ph, image.channels, std::vector<float>(image.channels * pw * ph, 0.0f)};
  for (std::size_t c = 0; c < image.channels; ++c) {
    const float* in = image.plane(c);
    float* to = out.plane(c);
    const std::size_t rows = mode == PadMode::Zero ? image.height : ph;
    const std::size_t columns = mode == PadMode::Zero ? image.width : pw;
    for (std::size_t y = 0; y < rows; ++y) {
      const float* source = in + mirrorIndex(y, image.height, ph) * image.width;
      for (std::size_t x = 0; x < columns; ++x)
        to[y * pw + x] = source[mirrorIndex(x, image.width, pw)];
    }
  }
  return out;
}

PlanarImage cropTopLeft(const PlanarImage& image, std::size_t width, std::size_t height)
{
  if (width > image.width || height > image.height)
    throw invalidArgument("the crop must lie inside the image");
  if (width == image.width && height == image.height) return image;
  PlanarImage out{width, height, image.channels, std::vector<float>(image.channels * width * height)};
  for (std::size_t c = 0; c < image.channels; ++c)
    for (std::size_t y = 0; y < height; ++y)
      std::copy_n(image.plane(c) + y * image.width, width, out.plane(c) + y * width);
  return out;
}

std::string toString(PadMode mode)
{
  switch (mode) {
  case PadMode::None:
    return "none";
  case PadMode::Zero:
    return "zero";
  case PadMode::Mirror:
    return "mirror";
  }
  return "?";
}

} // namespace spectrascope::imaging
