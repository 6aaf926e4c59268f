#pragma once
// What a bin of a centred W x H spectrum means to a person: its frequency per pixel and per image, the
// period and orientation of the stripes it makes, its magnitude in decibels and its phase. The Image
// tab's cursor readout shows these; they are computed here so that every view says the same.

#include <complex>
#include <cstddef>

namespace spectrascope::imaging {

struct BinDescription
{
  double fu = 0, fv = 0;         // cycles per pixel along x and y
  double frequency = 0;          // |f| = hypot(fu, fv), cycles per pixel
  double periodPixels = 0;       // 1 / |f|; 0 at DC, which has none
  double orientationDegrees = 0; // of the wave vector, counter-clockwise from x with v pointing down
  double magnitudeDb = 0;        // 20 log10 |F|; -infinity for a zero bin
  double phaseDegrees = 0;       // arg F in (-180, 180]
};

BinDescription describeBin(long u, long v, std::size_t width, std::size_t height, std::complex<float> value);

} // namespace spectrascope::imaging
