#pragma once
// One axis of a transform whose length has a prime factor above 13, by Bluestein's algorithm: the DFT
// of length n becomes a circular convolution of smooth length m >= 2n - 1,
//   X[k] = c[k] * sum_e (x[e] c[e]) conj(c[k - e]),   c[e] = exp(DIR i pi e^2 / n),
// done with two of the engine's own mixed-radix FFTs over a work buffer of lines of length m:
//   forward: reads x[e] c[e] (zero-padded to m) straight from the axis, and multiplies its output by the
//            filter FFT_m(conj(c) wrapped) / m;
//   inverse: writes X[k] = result[k] c[k] * scale straight back to the axis, for k < n.
// The multiplies are fused into the two FFTs' first and last launches (cl/fft_mixed.cl, LOAD_CHIRP and
// STORE_HOOK), so the only traffic beyond the FFTs' own is the axis read once and written once. The chirp
// and the filter are computed in double on the host and rounded once.

#include "ConvolutionStage.h"

namespace spectrascope::detail {

class BluesteinStage final : public ConvolutionStage
{
public:
  // `scale`: applied to the axis' outputs (the schedule's normalisation, when this is its last stage).
  BluesteinStage(OpenClBackend& backend, const StockhamPass& pass, const DeviceLimits& limits,
                 Direction direction, float scale);
  ~BluesteinStage() override;
};

} // namespace spectrascope::detail
