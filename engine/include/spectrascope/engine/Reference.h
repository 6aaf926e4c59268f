#pragma once
// Double-precision references for tests and the benchmark: FFTW in double precision, and the error
// measure every accuracy figure in the project uses.

#include "spectrascope/engine/TransformDescriptor.h"

#include <complex>
#include <cstdint>
#include <span>
#include <vector>

namespace spectrascope::reference {

// Computes the transform `d` of `input` (floats laid out as TransformDescriptor documents, out-of-place
// layout) with FFTW double precision, honouring direction and normalization. Returns doubles in the
// output layout.
std::vector<double> transform(const TransformDescriptor& d, std::span<const float> input);

// One unscaled 1D transform of double values, for tables the engine precomputes (Bluestein's filter).
std::vector<std::complex<double>> transform1d(std::vector<std::complex<double>> values, Direction direction);

// Relative L2 error ||actual - expected|| / ||expected||.
double relativeL2Error(std::span<const float> actual, std::span<const double> expected);

// Uniform random values in [-0.5, 0.5), reproducible from the seed.
std::vector<float> randomSignal(std::size_t floats, std::uint64_t seed);

} // namespace spectrascope::reference
