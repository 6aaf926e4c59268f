#include "BluesteinStage.h"

#include "spectrascope/engine/Reference.h"

#include <cmath>
#include <complex>
#include <numbers>

namespace spectrascope::detail {
namespace {

// c[e] = exp(sign i pi e^2 / n), with e^2 reduced mod 2n in integers so the angle stays exact.
std::vector<std::complex<double>> chirp(std::size_t n, int sign)
{
  std::vector<std::complex<double>> c(n);
  for (std::size_t e = 0; e < n; ++e) {
    const std::size_t phase = (e * e) % (2 * n);
    c[e] = std::polar(1.0, sign * std::numbers::pi * double(phase) / double(n));
  }
  return c;
}

// FFT_m of conj(c) laid out circularly (b[j] = b[m - j] = conj(c[j]) for j < n), divided by m so the
// unscaled inverse FFT of the product is the convolution itself.
std::vector<std::complex<double>> convolutionFilter(const std::vector<std::complex<double>>& c, std::size_t m)
{
  std::vector<std::complex<double>> b(m);
  for (std::size_t j = 0; j < c.size(); ++j) {
    b[j] = std::conj(c[j]);
    if (j > 0) b[m - j] = std::conj(c[j]);
  }
  std::vector<std::complex<double>> filter = reference::transform1d(std::move(b), Direction::Forward);
  for (auto& value : filter)
    value /= double(m);
  return filter;
}

} // namespace

BluesteinStage::BluesteinStage(OpenClBackend& backend, const StockhamPass& pass, const DeviceLimits& limits,
                               Direction direction, float scale)
    : ConvolutionStage(bluesteinStageLength(pass.length, limits))
{
  const int sign = direction == Direction::Forward ? -1 : 1;
  const std::vector<std::complex<double>> c = chirp(pass.length, sign);
  ConvolutionHooks hooks;
  hooks.n = pass.length;
  hooks.chirp = uploadRounded(backend.context(), c);
  hooks.filter = uploadRounded(backend.context(), convolutionFilter(c, convolutionLength()));
  makeFfts(backend, pass, limits, hooks, nullptr, scale);
}

BluesteinStage::~BluesteinStage() = default;

} // namespace spectrascope::detail
