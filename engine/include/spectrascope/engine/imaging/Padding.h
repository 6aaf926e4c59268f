#pragma once
// Padding an image before its 2-D transform, and cropping the filtered result back.
//
// The DFT treats the image as one tile of a periodic plane, so without padding the left edge meets the
// right one and the top meets the bottom: those jumps put a bright cross through the spectrum's centre,
// and a filter smears each edge into the opposite one. Padding moves the wrap-around away from the image:
//  - None: the image as it is (the cross shows).
//  - Zero: the image in the top-left corner of a canvas of zeros (no wrap-around smear, but the edges
//    against black still make a cross).
//  - Mirror: the canvas filled with reflections of the image (half-sample symmetric: the edge pixel is
//    repeated), so the periodic plane is continuous across every edge and the cross is much weaker.
// Padded sizes: the next sizes >= 2W and >= 2H whose only prime factors are 2, 3 and 5 (fast for every FFT
// library, and a filter's wrap-around then lands in the padding, not in the image).

#include "spectrascope/engine/imaging/PlanarImage.h"

#include <cstddef>
#include <string>
#include <utility>

namespace spectrascope::imaging {

enum class PadMode { None, Zero, Mirror };

// The smallest n' >= n whose prime factors are only 2, 3 and 5 (1 for n <= 1).
std::size_t fastSize(std::size_t n);
// The transform's width and height for a W x H image.
std::pair<std::size_t, std::size_t> paddedExtent(PadMode mode, std::size_t width, std::size_t height);
// The padded image (the image itself for None); the original lies at the top-left corner.
PlanarImage pad(const PlanarImage& image, PadMode mode);
// The top-left width x height pixels of every plane.
PlanarImage cropTopLeft(const PlanarImage& image, std::size_t width, std::size_t height);

std::string toString(PadMode mode);

} // namespace spectrascope::imaging
