#pragma once
// Executing a Schedule on the CPU: the double-precision reference of every stage (what the device's
// stages are checked against), the same in single precision (the path used without an OpenCL device),
// and a direct O(N^2) DFT to set beside the last stage.

#include "spectrascope/engine/learn/Schedule.h"

#include <complex>
#include <span>
#include <vector>

namespace spectrascope::learn {

using Complex = std::complex<double>;
using ComplexF = std::complex<float>;

// stages[s] for s = 0..lastStage(): stage 0 is the input in loadOrder.
std::vector<std::vector<Complex>> referenceStages(const Schedule& schedule, std::span<const Complex> input);
// The same stages computed in float, as a device would; twiddles are rounded from double.
std::vector<std::vector<ComplexF>> singlePrecisionStages(const Schedule& schedule,
                                                         std::span<const ComplexF> input);

// X[k] from the last stage (undoing DIF's bit-reversed order).
std::vector<Complex> naturalOrderOutput(const Schedule& schedule, std::span<const Complex> lastStage);

// X[k] = sum_j x[j] exp(-2 pi i j k / N), each term in double: O(N^2), the textbook definition.
std::vector<Complex> directDft(std::span<const Complex> input);

// ||actual - expected|| / ||expected||, or ||actual|| when expected is all zero.
double relativeError(std::span<const Complex> actual, std::span<const Complex> expected);

} // namespace spectrascope::learn
