#pragma once
// Twiddle factors computed in double precision on the host and rounded once to float: 2-3x more
// accurate than single-precision sin/cos on the device, and free at execute time.

#include "spectrascope/engine/TransformDescriptor.h"

#include <cstddef>
#include <vector>

namespace spectrascope::detail {

// W_n^k = exp(sign * 2 pi i k / n) for k in [first, first + count), interleaved re, im.
// sign is -1 for the forward transform and +1 for the inverse.
std::vector<float> twiddleTable(std::size_t n, std::size_t count, int sign, std::size_t stepPerEntry = 1);

// Two tables whose product gives W_M^m for any m < M: hi[m >> loBits] * lo[m & (2^loBits - 1)].
struct SplitTwiddles {
  std::vector<float> hi, lo;
  unsigned loBits = 0;
};
SplitTwiddles splitTwiddles(std::size_t M, int sign);

} // namespace spectrascope::detail
