#pragma once
// Conversions between a descriptor's memory layout (real rows, Hermitian halves, padding) and a full
// complex double array of nx*ny*nz values per batch. The double-precision references (FFTW double and
// the direct DFT) work on the full array, so every transform kind is checked by the same c2c arithmetic.

#include "spectrascope/engine/TransformDescriptor.h"

#include <complex>
#include <span>
#include <vector>

namespace spectrascope::detail {

// Input in the descriptor's layout -> full complex array (C2R input is extended by Hermitian symmetry).
std::vector<std::complex<double>> expandInput(const TransformDescriptor& d, std::span<const float> input);

// Full complex result -> the descriptor's output layout, with the 1/N inverse scaling applied.
std::vector<double> extractOutput(const TransformDescriptor& d, const std::vector<std::complex<double>>& full);

} // namespace spectrascope::detail
