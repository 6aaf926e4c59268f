#include "spectrascope/engine/Reference.h"

#include "ComplexLayout.h"
#include "spectrascope/engine/Errors.h"

#include <cmath>
#include <fftw3.h>
#include <mutex>
#include <random>

namespace spectrascope::reference {

namespace {

// Runs FFTW double in place on `transforms` packed transforms of shape n (slowest first).
void runInPlace(std::complex<double>* data, int rank, const int* n, int transforms, int dist, int sign)
{
  static std::mutex planner; // FFTW's planner is not thread-safe
  fftw_plan plan;
  auto* raw = reinterpret_cast<fftw_complex*>(data);
  {
    std::lock_guard lock(planner);
    plan = fftw_plan_many_dft(rank, n, transforms, raw, nullptr, 1, dist, raw, nullptr, 1, dist, sign, FFTW_ESTIMATE);
  }
  if (!plan) throw unsupported("FFTW (double) could not plan a reference transform");
  fftw_execute(plan);
  std::lock_guard lock(planner);
  fftw_destroy_plan(plan);
}

} // namespace

std::vector<double> transform(const TransformDescriptor& d, std::span<const float> input)
{
  d.validate();
  if (input.size() < d.inputFloats()) throw invalidArgument("reference input too short for " + d.toString());
  std::vector<std::complex<double>> full = detail::expandInput(d, input);
  int n[3];
  for (int i = 0; i < d.rank; ++i) n[i] = int(d.extent[d.rank - 1 - i]);
  const int sign = d.direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD;
  runInPlace(full.data(), d.rank, n, int(d.batch), int(d.elementsPerTransform()), sign);
  return detail::extractOutput(d, full);
}

std::vector<std::complex<double>> transform1d(std::vector<std::complex<double>> values, Direction direction)
{
  const int n = int(values.size());
  if (n > 0) runInPlace(values.data(), 1, &n, 1, n, direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD);
  return values;
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
