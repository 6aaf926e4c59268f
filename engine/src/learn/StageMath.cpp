#include "spectrascope/engine/learn/StageMath.h"

#include "spectrascope/engine/Errors.h"

#include <cmath>
#include <numbers>

namespace spectrascope::learn {
namespace {

// x * (-i)^q, exactly: the DFT4's factors are never rounded.
template <typename Real> std::complex<Real> timesMinusIPower(std::complex<Real> x, unsigned q)
{
  switch (q % 4) {
  case 1:
    return {x.imag(), -x.real()};
  case 2:
    return -x;
  case 3:
    return {-x.imag(), x.real()};
  default:
    return x;
  }
}

template <typename Real>
void applyButterfly(const Butterfly& b, const std::vector<std::complex<Real>>& in,
                    std::vector<std::complex<Real>>& out)
{
  const unsigned r = b.radix;
  std::complex<Real> v[4];
  for (unsigned j = 0; j < r; ++j) {
    v[j] = in[b.inputs[j]];
    if (!b.twiddleAfter) v[j] *= std::complex<Real>(b.twiddles[j].value());
  }
  for (unsigned q = 0; q < r; ++q) {
    std::complex<Real> sum = 0;
    // exp(-2 pi i q j / r) = (-i)^(4 q j / r) for r = 2 and 4.
    for (unsigned j = 0; j < r; ++j)
      sum += timesMinusIPower(v[j], (4 / r) * q * j);
    if (b.twiddleAfter) sum *= std::complex<Real>(b.twiddles[q].value());
    out[b.outputs[q]] = sum;
  }
}

template <typename Real>
std::vector<std::vector<std::complex<Real>>> runStages(const Schedule& schedule,
                                                       std::span<const std::complex<Real>> input)
{
  if (input.size() != schedule.n)
    throw invalidArgument("the input has " + std::to_string(input.size()) +
                          " values; N = " + std::to_string(schedule.n) + " needs exactly N");
  std::vector<std::vector<std::complex<Real>>> stages;
  std::vector<std::complex<Real>> loaded(schedule.n);
  for (std::size_t p = 0; p < schedule.n; ++p)
    loaded[p] = input[schedule.loadOrder[p]];
  stages.push_back(std::move(loaded));
  for (std::size_t s = 1; s <= schedule.lastStage(); ++s) {
    std::vector<std::complex<Real>> next(schedule.n);
    for (const Butterfly& b : schedule.stages[s].butterflies)
      applyButterfly(b, stages.back(), next);
    stages.push_back(std::move(next));
  }
  return stages;
}

} // namespace

std::vector<std::vector<Complex>> referenceStages(const Schedule& schedule, std::span<const Complex> input)
{
  return runStages<double>(schedule, input);
}

std::vector<std::vector<ComplexF>> singlePrecisionStages(const Schedule& schedule,
                                                         std::span<const ComplexF> input)
{
  return runStages<float>(schedule, input);
}

std::vector<Complex> naturalOrderOutput(const Schedule& schedule, std::span<const Complex> lastStage)
{
  std::vector<Complex> x(schedule.n);
  for (std::size_t k = 0; k < schedule.n; ++k)
    x[k] = lastStage[schedule.outputOrder[k]];
  return x;
}

std::vector<Complex> directDft(std::span<const Complex> input)
{
  const std::size_t n = input.size();
  std::vector<Complex> x(n);
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t j = 0; j < n; ++j) {
      // j k mod n keeps the angle small, so the factor is accurate to the last bit of a double.
      const double turn = double((j * k) % n) / double(n);
      x[k] += input[j] * std::polar(1.0, -2.0 * std::numbers::pi * turn);
    }
  return x;
}

double relativeError(std::span<const Complex> actual, std::span<const Complex> expected)
{
  if (actual.size() != expected.size()) return INFINITY;
  double diff = 0, norm = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    diff += std::norm(actual[i] - expected[i]);
    norm += std::norm(expected[i]);
  }
  return norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
}

} // namespace spectrascope::learn
