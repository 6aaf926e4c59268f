#pragma once
// Where a notch goes and how large it may be: a click lands on the strongest bin near it (the
// interference peak the user aimed at, not the bin beside it), and no notch may reach DC, whose removal
// takes away the image's mean and leaves a black picture.

#include "spectrascope/engine/imaging/FrequencyMask.h"

#include <complex>
#include <cstddef>
#include <functional>

namespace spectrascope::imaging {

// Bins searched on each side of a click.
constexpr long kNotchSnapBins = 3;

// The notch for a click at centred bin (u, v): centred on the bin of largest |F| within kNotchSnapBins
// (DC and its four neighbours excluded), with the default radius for the spectrum's size.
// `binValue(u, v)` gives F at a centred bin.
Notch notchAtPeakNear(double u, double v, std::size_t width, std::size_t height,
                      const std::function<std::complex<float>(long, long)>& binValue);

// A notch's default radius: a 128th of the shorter side, at least 3 bins.
double defaultNotchRadius(std::size_t width, std::size_t height);

// The largest radius, in half-bin steps, with which a notch centred at (u, v) leaves DC untouched, and at
// most max(W, H) (what validate() accepts); at least 0.5.
double largestNotchRadius(double u, double v, std::size_t width, std::size_t height);

} // namespace spectrascope::imaging
