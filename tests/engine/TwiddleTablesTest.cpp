// The twiddle tables the kernels read, against exp(sign 2 pi i k / n) in double.
#include "TwiddleTables.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>

using namespace spectrascope::detail;

namespace {

std::complex<double> exact(std::size_t n, std::size_t k, int sign)
{
  const double angle = 2.0 * std::numbers::pi * double(k % n) / double(n);
  return {std::cos(angle), sign * std::sin(angle)};
}

} // namespace

// The fused real step's split tables: hi + hi * near, evaluated in float as a kernel does, stays within
// one float ulp of 1 (2^-23) of every twiddle up to the middle and, in rms, below the plain product of
// two rounded tables (splitTwiddles) over a thousand twiddles or more.
TEST(TwiddleTables, NearOneSplitStaysWithinAnUlp)
{
  for (std::size_t half : {8u, 1024u, 2048u, 4096u, 1u << 19}) {
    const std::size_t n = 2 * half, count = half / 2 + 1;
    const NearOneSplit split = nearOneSplit(count);
    const std::vector<float> table = nearOneTwiddles(n, count, -1);
    ASSERT_EQ(table.size(), 2 * (split.hiCount + (std::size_t{1} << split.loBits))) << half;
    ASSERT_GE(split.hiCount << split.loBits, count) << half;
    const SplitTwiddles plain = splitTwiddles(n, -1);
    double worst = 0.0, squares = 0.0, plainSquares = 0.0;
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t low = std::size_t{1} << split.loBits;
      const std::size_t i = k >> split.loBits, j = split.hiCount + (k & (low - 1));
      const float hiRe = table[2 * i], hiIm = table[2 * i + 1], nearRe = table[2 * j],
                  nearIm = table[2 * j + 1];
      const float re = std::fma(-hiIm, nearIm, std::fma(hiRe, nearRe, hiRe));
      const float im = std::fma(hiIm, nearRe, std::fma(hiRe, nearIm, hiIm));
      const double error = std::abs(std::complex<double>(re, im) - exact(n, k, -1));
      worst = std::max(worst, error);
      squares += error * error;
      const std::size_t h = k >> plain.loBits, l = k & ((std::size_t{1} << plain.loBits) - 1);
      const std::complex<float> product = std::complex<float>(plain.hi[2 * h], plain.hi[2 * h + 1]) *
                                          std::complex<float>(plain.lo[2 * l], plain.lo[2 * l + 1]);
      plainSquares += std::norm(std::complex<double>(product) - exact(n, k, -1));
    }
    EXPECT_LT(worst, std::ldexp(1.0, -23)) << half;
    if (half >= 1024) EXPECT_LE(squares, plainSquares) << half; // over enough twiddles to compare
  }
}
