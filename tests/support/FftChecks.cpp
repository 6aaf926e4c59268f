#include "FftChecks.h"

#include "spectrascope/engine/Reference.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <random>

namespace spectrascope::test {
namespace {

using cd = std::complex<double>;

struct Index3 {
  std::size_t v[3];
};

// Visits every complex element of a C2C layout: callback(batch, x, y, z, flat index).
template <typename F> void forEachElement(const TransformDescriptor& d, F&& f)
{
  std::size_t flat = 0;
  for (std::size_t b = 0; b < d.batch; ++b)
    for (std::size_t z = 0; z < d.extent[2]; ++z)
      for (std::size_t y = 0; y < d.extent[1]; ++y)
        for (std::size_t x = 0; x < d.extent[0]; ++x) f(b, Index3{{x, y, z}}, flat++);
}

double sign(const TransformDescriptor& d) { return d.direction == Direction::Forward ? -1.0 : 1.0; }

double scale(const TransformDescriptor& d)
{
  return d.direction == Direction::Inverse && d.normalization == Normalization::Standard
             ? 1.0 / double(d.elementsPerTransform())
             : 1.0;
}

// prod over axes of W_{n_a}^(k_a * p_a), with exact integer reduction of the exponent.
cd phase(const TransformDescriptor& d, const Index3& k, const Index3& p)
{
  double turns = 0;
  for (int a = 0; a < 3; ++a) turns += double((k.v[a] * p.v[a]) % d.extent[a]) / double(d.extent[a]);
  return std::polar(1.0, sign(d) * 2.0 * std::numbers::pi * turns);
}

Index3 randomPosition(const TransformDescriptor& d, std::mt19937_64& rng)
{
  Index3 p{};
  for (int a = 0; a < 3; ++a) p.v[a] = std::uniform_int_distribution<std::size_t>(0, d.extent[a] - 1)(rng);
  return p;
}

double relativeError(std::span<const float> actual, const std::vector<cd>& expected)
{
  std::vector<double> flat(2 * expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    flat[2 * i] = expected[i].real();
    flat[2 * i + 1] = expected[i].imag();
  }
  return reference::relativeL2Error(actual, flat);
}

// The padding floats of an in-place real layout hold whatever the transform left there.
void zeroRowPadding(const TransformDescriptor& d, std::vector<float>& real)
{
  const std::size_t row = d.realRowLength();
  for (std::size_t start = 0; start + row <= real.size(); start += row)
    std::fill(real.begin() + std::ptrdiff_t(start + d.extent[0]), real.begin() + std::ptrdiff_t(start + row), 0.0f);
}

cd at(std::span<const float> v, std::size_t i) { return {v[2 * i], v[2 * i + 1]}; }

} // namespace

std::vector<float> runPlan(const Plan& plan, std::span<const float> input)
{
  const TransformDescriptor& d = plan.descriptor();
  if (d.placement == Placement::InPlace) {
    std::vector<float> work(std::max(d.inputFloats(), d.outputFloats()));
    std::copy(input.begin(), input.begin() + std::ptrdiff_t(d.inputFloats()), work.begin());
    plan.execute(work, work);
    work.resize(d.outputFloats());
    if (d.kind == TransformKind::ComplexToReal) zeroRowPadding(d, work);
    return work;
  }
  std::vector<float> out(d.outputFloats());
  plan.execute(input.subspan(0, d.inputFloats()), out);
  return out;
}

double errorAgainstReference(const Plan& plan, std::uint64_t seed)
{
  const TransformDescriptor& d = plan.descriptor();
  const std::vector<float> x = reference::randomSignal(d.inputFloats(), seed);
  return reference::relativeL2Error(runPlan(plan, x), reference::transform(d, x));
}

double impulseError(const Plan& plan, std::uint64_t seed)
{
  const TransformDescriptor& d = plan.descriptor();
  std::mt19937_64 rng(seed);
  const Index3 p = randomPosition(d, rng);
  std::vector<float> x(d.inputFloats(), 0.0f);
  std::vector<cd> expected(d.elementsPerTransform() * d.batch);
  forEachElement(d, [&](std::size_t, Index3 k, std::size_t flat) {
    if (k.v[0] == p.v[0] && k.v[1] == p.v[1] && k.v[2] == p.v[2]) x[2 * flat] = 1.0f;
    expected[flat] = phase(d, k, p) * scale(d);
  });
  return relativeError(runPlan(plan, x), expected);
}

double linearityError(const Plan& plan, std::uint64_t seed)
{
  const TransformDescriptor& d = plan.descriptor();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const cd a{u(rng), u(rng)}, b{u(rng), u(rng)};
  const std::vector<float> x = reference::randomSignal(d.inputFloats(), seed + 1);
  const std::vector<float> y = reference::randomSignal(d.inputFloats(), seed + 2);
  std::vector<float> combined(d.inputFloats());
  for (std::size_t i = 0; i < combined.size() / 2; ++i) {
    const cd c = a * at(x, i) + b * at(y, i);
    combined[2 * i] = float(c.real());
    combined[2 * i + 1] = float(c.imag());
  }
  const std::vector<float> fx = runPlan(plan, x), fy = runPlan(plan, y);
  std::vector<cd> expected(fx.size() / 2);
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = a * at(fx, i) + b * at(fy, i);
  return relativeError(runPlan(plan, combined), expected);
}

double timeShiftError(const Plan& plan, std::uint64_t seed)
{
  const TransformDescriptor& d = plan.descriptor();
  std::mt19937_64 rng(seed);
  const Index3 s = randomPosition(d, rng);
  const std::vector<float> x = reference::randomSignal(d.inputFloats(), seed + 1);
  std::vector<float> shifted(x.size());
  const std::size_t nx = d.extent[0], ny = d.extent[1], nz = d.extent[2];
  forEachElement(d, [&](std::size_t b, Index3 k, std::size_t flat) {
    const std::size_t sx = (k.v[0] + s.v[0]) % nx, sy = (k.v[1] + s.v[1]) % ny, sz = (k.v[2] + s.v[2]) % nz;
    const std::size_t target = ((b * nz + sz) * ny + sy) * nx + sx; // y[n + s] = x[n]
    shifted[2 * target] = x[2 * flat];
    shifted[2 * target + 1] = x[2 * flat + 1];
  });
  const std::vector<float> fx = runPlan(plan, x);
  std::vector<cd> expected(fx.size() / 2);
  forEachElement(d, [&](std::size_t, Index3 k, std::size_t flat) { expected[flat] = at(fx, flat) * phase(d, k, s); });
  return relativeError(runPlan(plan, shifted), expected);
}

double roundTripError(const Plan& forward, const Plan& inverse, std::uint64_t seed)
{
  const std::vector<float> x = reference::randomSignal(forward.descriptor().inputFloats(), seed);
  const std::vector<float> back = runPlan(inverse, runPlan(forward, x));
  const std::vector<double> expected(x.begin(), x.end());
  return reference::relativeL2Error(back, expected);
}

TransformDescriptor with(TransformDescriptor d, TransformKind kind, Direction direction, Placement placement)
{
  d.kind = kind;
  d.direction = direction;
  d.placement = placement;
  return d;
}

std::vector<KernelRecord> launchRecords(const Plan& plan)
{
  const TransformDescriptor& d = plan.descriptor();
  std::vector<float> in(std::max(d.inputFloats(), d.outputFloats()), 0.0f), out(d.outputFloats());
  ExecutionReport report;
  if (d.placement == Placement::InPlace)
    plan.execute(in, in, &report);
  else
    plan.execute(std::span<const float>(in).subspan(0, d.inputFloats()), out, &report);
  return report.records;
}

bool anyLaunchNamed(const std::vector<KernelRecord>& records, std::string_view tag)
{
  return std::any_of(records.begin(), records.end(),
                     [&](const KernelRecord& r) { return r.name.find(tag) != std::string::npos; });
}

} // namespace spectrascope::test
