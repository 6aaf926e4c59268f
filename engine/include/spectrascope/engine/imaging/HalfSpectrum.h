#pragma once
// Where a bin of a W x H spectrum lives in its R2C half-plane, the one place that knows the layout.
//
// A real image's spectrum is conjugate-symmetric, F(k, l) = conj(F(W-k, H-l)), so R2C transforms keep
// only the columns k = 0..W/2: (W/2+1) x H complex values in unshifted FFT order, row l holding v = l for
// l < ceil(H/2), else l - H. A bin of the other half is read from its mirror and conjugated; masks, being
// symmetric too, are read from the mirror as they are.

#include <cstddef>

namespace spectrascope::imaging {

struct HalfSpectrumBin
{
  std::size_t index = 0; // into the (W/2+1) x H half-plane, row-major
  bool direct = true;    // false: the half-plane holds the mirror bin, F there is the conjugate
};

// Unshifted FFT bin (k, l), 0 <= k < W, 0 <= l < H.
inline HalfSpectrumBin halfSpectrumBinOfFftIndex(std::size_t k, std::size_t l, std::size_t width,
                                                 std::size_t height)
{
  const std::size_t row = width / 2 + 1;
  if (k < row) return {l * row + k, true};
  return {((height - l) % height) * row + (width - k), false};
}

// Centred bin (u, v): u to the right, v downward, DC at 0, wrapping around the spectrum.
inline HalfSpectrumBin halfSpectrumBinOfCentred(long u, long v, std::size_t width, std::size_t height)
{
  const long w = long(width), h = long(height);
  return halfSpectrumBinOfFftIndex(std::size_t(((u % w) + w) % w), std::size_t(((v % h) + h) % h), width,
                                   height);
}

// Pixel (x, y) of the centred layout that `spectrum` draws, DC at (W/2, H/2).
inline HalfSpectrumBin halfSpectrumBinOfCentredPixel(std::size_t x, std::size_t y, std::size_t width,
                                                     std::size_t height)
{
  return halfSpectrumBinOfFftIndex((x + width - width / 2) % width, (y + height - height / 2) % height, width,
                                   height);
}

} // namespace spectrascope::imaging
