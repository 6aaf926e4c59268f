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

// The local passes' twiddles of one pass-kernel launch (cl/fft_stockham.cl, cl/fft_mixed.cl) whose
// local passes have these radices, in order: for each pass, with ns the product of the radices before
// it, p-major rows W_{ns*R}^(k*r), r in [1, R), k in [0, ns) (the kernels' headers give the layout).
std::vector<float> localPassTwiddles(const std::vector<std::size_t>& radices, int sign);

// The same for a plane launch (cl/fft_mixed.cl's PLANE_WIDTH) whose first radices multiply to `height`
// (the columns' transforms), the rest to the rows': from ns = height on, a pass combines only the rows'
// digits, so its row of k holds W_{(ns/height)*R}^((k / height)*r) and the 1D transform's cross twiddles
// between the two factors are left out.
std::vector<float> planePassTwiddles(const std::vector<std::size_t>& radices, std::size_t height, int sign);

// Two tables whose product gives W_M^m for any m < M: hi[m >> loBits] * lo[m & (2^loBits - 1)].
struct SplitTwiddles
{
  std::vector<float> hi, lo;
  unsigned loBits = 0;
};
SplitTwiddles splitTwiddles(std::size_t M, int sign);

// W_n^k for k in [0, count) from two short tables, hi[i] = W_n^(i * 2^loBits) and near[j] = W_n^j - 1
// (from double), as hi + hi * near: short enough to stay in a compute unit's cache where a table of every
// k would be read from memory (the fused real step of rows of several launches, cl/fft_stockham.cl's
// realTwiddle). Its error is hi's rounding and the sum's (rms 3.6e-8, max 1.1e-7), a little below the
// plain product's (splitTwiddles: rms 4.1e-8, max 1.3e-7); one table rounded once has rms 2.1e-8. The
// table holds hi, then near.
struct NearOneSplit
{
  unsigned loBits = 0;
  std::size_t hiCount = 0;
};
NearOneSplit nearOneSplit(std::size_t count);
std::vector<float> nearOneTwiddles(std::size_t n, std::size_t count, int sign);

} // namespace spectrascope::detail
