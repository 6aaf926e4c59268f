#pragma once
// Freehand editing of a frequency mask: a soft round brush stamped on a centred W x H layer of mask factors
// (1 passes, 0 stops; the layout of the `spectrum` image, DC at (W/2, H/2)).
//
// Every stamp lands on (u, v) and on its conjugate twin (-u, -v) with the same weight, so a painted layer
// stays conjugate-symmetric and the filtered image stays real. Coordinates wrap around the spectrum's
// edges, as the DFT's do.

#include <cstddef>
#include <vector>

namespace spectrascope::imaging {

enum class BrushMode { Block, Pass }; // paint towards 0 (stop) or back towards 1 (pass)

struct Brush
{
  double radius = 6;     // bins, to where the weight reaches 0
  double hardness = 0.5; // 0: weight falls off from the centre (soft); 1: a hard disk
  double strength = 1;   // weight at the centre, 0..1
  BrushMode mode = BrushMode::Block;
};

// The brush weight at distance d (bins) from its centre: 1 inside hardness * radius, then a smooth
// (cosine) fall to 0 at radius, so strokes have no hard edges that would ring in the image.
double brushWeight(const Brush& brush, double d);

// Stamps the brush at centred bin (u, v) (and (-u, -v)) onto `layer` (W x H, centred).
void stamp(std::vector<float>& layer, std::size_t width, std::size_t height, double u, double v,
           const Brush& brush);

} // namespace spectrascope::imaging
