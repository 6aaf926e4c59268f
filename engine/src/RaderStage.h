#pragma once
// One axis of prime length p by Rader's algorithm. With g a primitive root mod p, the non-zero indices
// are powers of g, and the DFT over them becomes a cyclic convolution of length p - 1:
//   a[q] = x[g^q],  b[q] = exp(DIR 2 pi i g^-q / p),  X[g^-r] = x[0] + (a (*) b)[r],  X[0] = x[0] + sum a,
// all indices mod p. The convolution runs on two of the engine's own mixed-radix FFTs over a work buffer
// of lines of length L: p - 1 when the kernels take it (for a prime factor of a longer axis, when it is
// smooth), else a smooth L >= 2(p - 1) - 1 with a zero-padded and b wrapped around (StockhamPlanner's
// raderConvolutionLength; largePrimeRoute picks Rader only where L is shorter than Bluestein's):
//   forward: gathers a[q] = x[g^q] straight from the axis through an index table, and multiplies its
//            output by the filter FFT_L(b) / L; its DC output, the sum of a, gives X[0] = x[0] + sum a to
//            a small buffer of one value per line and gets x[0] added, so the inverse adds x[0] to all;
//   inverse: puts output r (r < p - 1), times the scale, at X[g^-r] of the axis, and X[0] with it:
//            where one launch holds whole lines, in order through local memory by the inverse
//            permutation; otherwise the FFT leaves its output in order in the work buffer and a pass of
//            the stage's own (cl/rader_in_order.cl) writes the axis in order (odd real rows of C2R still
//            scatter straight to the real rows).
// Gather, filter, x[0] and scatter are fused into the two FFTs' first and last launches (cl/fft_mixed.cl:
// LOAD_GATHER, STORE_HOOK 3 and 4), so the only traffic beyond the FFTs' own is the axis read once and
// written once (and, after an inverse of several launches, the in-order pass over the work buffer).
// Where the convolution is one launch of the length-specialised program (StockhamPass::raderInOneLaunch)
// the whole stage is one launch (FUSED_RADER): the inverse FFT runs on conjugates in local memory right
// after the forward one and the filter, with no work buffer (H100: 683 0.885 -> 0.707 ms, 1809 0.771
// -> 0.647, 1366 x 768 1.39 -> 1.22; 1009, 2053 and 4801 level, where the local passes, not memory, set
// the time; 1019's padded 2048 then beats Bluestein's 2048, 0.682 -> 0.555). On a
// column axis those launches take adjacent columns together (AxisJob's axisLoadsAdjacent /
// axisStoresAdjacent), so each row of the gather and the scatter is a whole sector. Odd rows of a real
// transform run two real rows to one complex row z = a + i b; where those rows are this stage
// (AxisJob::realPairs), the gather reads a and b from the real rows (R2C) or merges Z from the two half
// spectra (C2R), and the store splits Z into the half spectra (R2C, whole lines in local memory: each Z[k]
// meets Z[p-k] there) or puts Re and Im of the output in the two real rows (C2R), so the pair kernels of
// cl/real_fft.cl and their passes over the data are not needed. The filter is computed in double on the host
// and rounded once.

#include "ConvolutionStage.h"

#include <cstdint>

namespace spectrascope::detail {

// The smallest primitive root mod the prime p.
std::uint32_t primitiveRoot(std::uint32_t p);

class RaderStage final : public ConvolutionStage
{
public:
  // `scale`: applied to the axis' outputs (the schedule's normalisation, when this is its last stage).
  // `pairs`: odd real rows whose real side the stage reads and writes itself (ConvolutionHooks::pairs).
  // `limits`: the axis' plan's (ConvolutionStage's convolutionLimits).
  RaderStage(OpenClBackend& backend, const StockhamPass& pass, const DeviceLimits& limits,
             Direction direction, float scale, const RealPairRows& pairs = {});
  ~RaderStage() override;
};

} // namespace spectrascope::detail
