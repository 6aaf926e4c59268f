#include "spectrascope/engine/Reference.h"

#include "ComplexLayout.h"
#include "spectrascope/engine/Errors.h"

#include <cmath>
#include <fftw3.h>
#include <mutex>
#include <random>

namespace spectrascope::reference {

std::vector<double> transform(const TransformDescriptor& d, std::span<const float> input)
{
  d.validate();
  if (input.size() < d.inputFloats()) throw invalidArgument("reference input too short for " + d.toString());
  std::vector<std::complex<double>> full = detail::expandInput(d, input);
  int n[3];
  for (int i = 0; i < d.rank; ++i) n[i] = int(d.extent[d.rank - 1 - i]);
  const int dist = int(d.elementsPerTransform());
  auto* data = reinterpret_cast<fftw_complex*>(full.data());
  const int sign = d.direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD;
  static std::mutex planner; // FFTW's planner is not thread-safe
  fftw_plan plan;
  {
    std::lock_guard lock(planner);
    plan = fftw_plan_many_dft(d.rank, n, int(d.batch), data, nullptr, 1, dist, data, nullptr, 1, dist, sign,
                              FFTW_ESTIMATE);
  }
  if (!plan) throw unsupported("FFTW (double) could not plan the reference for " + d.toString());
  fftw_execute(plan);
  {
    std::lock_guard lock(planner);
    fftw_destroy_plan(plan);
  }
  return detail::extractOutput(d, full);
}

double relativeL2Error(std::span<const float> actual, std::span<const double> expected)
{
  double diff = 0, norm = 0;
  const std::size_t n = std::min(actual.size(), expected.size());
  for (std::size_t i = 0; i < n; ++i) {
    const double e = double(actual[i]) - expected[i];
    diff += e * e;
    norm += expected[i] * expected[i];
  }
  if (actual.size() != expected.size()) return INFINITY;
  return norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
}

std::vector<float> randomSignal(std::size_t floats, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> dist(-0.5f, 0.5f);
  std::vector<float> v(floats);
  for (float& x : v) x = dist(rng);
  return v;
}

} // namespace spectrascope::reference
