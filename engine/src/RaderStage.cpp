#include "RaderStage.h"

#include "DeviceCalls.h"
#include "spectrascope/engine/Reference.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>

namespace spectrascope::detail {
namespace {

std::uint64_t powMod(std::uint64_t base, std::uint64_t exponent, std::uint64_t p)
{
  std::uint64_t result = 1;
  for (base %= p; exponent; exponent >>= 1, base = base * base % p)
    if (exponent & 1) result = result * base % p;
  return result;
}

// powers[q] = g^q mod p for q < p - 1.
std::vector<cl_uint> powersOf(std::uint64_t g, std::uint64_t p)
{
  std::vector<cl_uint> powers(p - 1);
  std::uint64_t value = 1;
  for (auto& power : powers) {
    power = cl_uint(value);
    value = value * g % p;
  }
  return powers;
}

// FFT_L of b[q] = exp(sign 2 pi i g^-q / p) (g^-q given as `scatter`), laid out for a cyclic convolution
// of length p - 1 inside one of length L: b'[j] = b[j], and when padded b'[L - j] = b[p - 1 - j] for
// 0 < j < p - 1, so every lag r - q in (-(p - 1), p - 1) finds b[(r - q) mod (p - 1)]. Divided by L so the
// unscaled inverse FFT of the product is the convolution itself.
std::vector<std::complex<double>> convolutionFilter(const std::vector<cl_uint>& scatter, std::size_t p,
                                                    std::size_t length, int sign)
{
  const std::size_t n = p - 1;
  std::vector<std::complex<double>> b(length);
  for (std::size_t q = 0; q < n; ++q) {
    // The index is an exact integer: the angle is rounded once, in double.
    const std::complex<double> value =
        std::polar(1.0, sign * 2.0 * std::numbers::pi * double(scatter[q]) / double(p));
    b[q] = value;
    if (length != n && q > 0) b[length - n + q] = value;
  }
  std::vector<std::complex<double>> filter = reference::transform1d(std::move(b), Direction::Forward);
  for (auto& value : filter)
    value /= double(length);
  return filter;
}

cl::Buffer uploadIndices(cl::Context& context, const std::vector<cl_uint>& indices)
{
  return cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, indices.size() * sizeof(cl_uint),
                    const_cast<cl_uint*>(indices.data()));
}

} // namespace

std::uint32_t primitiveRoot(std::uint32_t p)
{
  if (p == 2) return 1;
  std::vector<std::size_t> factors = primeFactors(p - 1);
  factors.erase(std::unique(factors.begin(), factors.end()), factors.end());
  for (std::uint32_t g = 2;; ++g)
    if (std::all_of(factors.begin(), factors.end(),
                    [&](std::size_t q) { return powMod(g, (p - 1) / q, p) != 1; }))
      return g;
}

// A pass over interleaved lines (nOverL > 1) is a prime factor of a longer axis (raderFactorOf).
RaderStage::RaderStage(OpenClBackend& backend, const StockhamPass& pass, const DeviceLimits& limits,
                       Direction direction, float scale, const RealPairRows& pairs)
    : ConvolutionStage(pass.raderConvolution)
{
  const std::size_t p = pass.length;
  const std::uint32_t g = primitiveRoot(std::uint32_t(p));
  const std::vector<cl_uint> gather = powersOf(g, p);
  const std::vector<cl_uint> scatter = powersOf(powMod(g, p - 2, p), p); // g^-1 = g^(p-2)
  const int sign = direction == Direction::Forward ? -1 : 1;

  ConvolutionHooks hooks;
  hooks.kind = ConvolutionHooks::Kind::Rader;
  hooks.n = p - 1;
  hooks.filter = uploadRounded(backend.context(), convolutionFilter(scatter, p, convolutionLength(), sign));
  hooks.pairs = pairs;
  // The scatter's inverse (X's index P -> Q, for P = 1..p-1): a launch that holds whole lines writes X in
  // order, reading each value from its place in local memory.
  std::vector<cl_uint> inverseOfScatter(p - 1);
  for (std::size_t q = 0; q + 1 < p; ++q)
    inverseOfScatter[scatter[q] - 1] = cl_uint(q);
  const auto followedByInverse = [&](std::vector<cl_uint> table) {
    table.insert(table.end(), inverseOfScatter.begin(), inverseOfScatter.end());
    return uploadIndices(backend.context(), table);
  };
  if (pass.raderInOneLaunch) {
    hooks.index = followedByInverse(gather);
    hooks.restInverse = direction == Direction::Inverse;
    makeOneLaunch(backend, pass, limits, hooks, scale);
    return;
  }
  hooks.sums = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, pass.totalLines * 2 * sizeof(float));
  hooks.index = uploadIndices(backend.context(), gather);
  // The inverse FFT's table: the scatter (Q -> X's index), then its inverse.
  const cl::Buffer inverseIndex = followedByInverse(scatter);
  makeFfts(backend, pass, limits, hooks, &inverseIndex, scale);
}

RaderStage::~RaderStage() = default;

} // namespace spectrascope::detail
