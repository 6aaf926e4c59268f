#include "spectrascope/engine/imaging/PlanarImage.h"

namespace spectrascope::imaging {

PlanarImage luminance(const PlanarImage& image)
{
  if (image.channels != 3) return image;
  PlanarImage y{image.width, image.height, 1, std::vector<float>(image.planeSize())};
  const float *r = image.plane(0), *g = image.plane(1), *b = image.plane(2);
  for (std::size_t i = 0; i < y.values.size(); ++i)
    y.values[i] = 0.299f * r[i] + 0.587f * g[i] + 0.114f * b[i];
  return y;
}

} // namespace spectrascope::imaging
