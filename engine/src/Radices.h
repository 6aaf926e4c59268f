#pragma once
// The arithmetic of lengths and radices behind the planner's choices: prime factors, which lengths the
// kernels take directly, how a smooth length splits into launches, and the local passes (radices) of one
// mixed-radix launch. Pure arithmetic: no OpenCL calls.

#include "DeviceLimits.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace spectrascope::detail {

// The largest radix a work-item of cl/fft_stockham.cl computes, and the largest prime codelet of
// cl/odd_prime_dft.cl (dftOddPrime).
constexpr std::size_t kMaxPowerOfTwoRadix = 32;
constexpr std::size_t kLargestPrimeRadix = 61;

// Splits log2(n) into `count` nearly equal exponents, largest first.
std::vector<std::size_t> balancedFactors(std::size_t n, std::size_t maxFactor);

// Prime factors of n, ascending; the largest prime radix of the mixed-radix programs (61; 13 for the
// generic-shape program, DeviceLimits::mixedThreads); whether all of n's are radices the kernels have
// (an axis of such a length needs no convolution stage); whether all are 2, 3, 5, 7, 11 or 13 (smooth:
// the lengths a convolution is padded to, whose radices have the cheapest codelets).
std::vector<std::size_t> primeFactors(std::size_t n);
std::size_t largestPrimeRadix(const DeviceLimits& limits = {});
// MAX_RADIX of cl/fft_mixed.cl's program for a sub-transform of this length: 32, or its largest prime
// factor or composite radix (33, 39) where that is larger (register arrays and pass-twiddle rows are sized
// for it).
std::size_t kernelMaxRadix(std::size_t length);
bool hasKernelRadices(std::size_t n, const DeviceLimits& limits = {});
bool isSmooth(std::size_t n);
// The smallest smooth length >= n (Bluestein's convolution length).
std::size_t nextSmoothLength(std::size_t n);
bool isPrime(std::size_t n);

// Groups the prime factors of a smooth n into launch lengths no longer than maxLength, as few and as
// even as possible, longest first.
std::vector<std::size_t> launchLengths(std::size_t n, std::size_t maxLength);
// The local passes of one mixed launch: powers of two as radix 16/8/4/2, then the odd primes, smallest
// first. Composite radices group the primes 3, 5 and 7 into 9, 15, 21, 25 and 27, each one pass of two
// stages in registers (cl/odd_prime_dft.cl): in every launch of Rader's one-launch stage (All), or
// (WhereTheyPay) where a prime of 17 or more sets the work-items per line anyway (composites up to it),
// or in an odd length that keeps at least a warp's work-items per line, there the smallest composites
// within one pass of the fewest (fewestPassComposites); columns (Columns, shapeMixedPass) the same
// wherever they leave a line two work-items, with 27 too. H100, against one pass per prime:
// 999 0.305 -> 0.265 ms, 2187 0.295 -> 0.219, 3125 0.237 -> 0.200, Rader's 1009 0.484 -> 0.418 and 4801
// 0.587 -> 0.499; but lengths with a factor 2 and small primes lost (1000 0.191 -> 0.224, 1080 0.204 ->
// 0.229, 48000's 240 0.253 -> 0.302), and 1809's 27 with one work-item per line (0.203 -> 0.324). In every
// mode but None, a 3 or else a 2 then joins each 11 and 13 (33, 39, 22, 26: joinSmallRadices).
enum class CompositeRadices { None, WhereTheyPay, Columns, All };
std::vector<int> mixedRadices(std::size_t length, CompositeRadices use = CompositeRadices::None);
// Which composite radices a launch on these limits takes (mixedRadices): none on the generic program or
// with DeviceLimits::compositeRadices off.
CompositeRadices compositeRadicesFor(const DeviceLimits& limits);
// A length with a factor 2 and odd primes up to 7 (3000, 1920, 2000, 240, 210) in fewer local passes than
// mixedRadices gives it (`usualPasses`), the powers of two joined with those primes (the radices 6, 10,
// 12, 14, 20 and 24 of cl/odd_prime_dft.cl): the fewest passes whose work-items, one per butterfly of
// one of its radices, keep at least 90% of their lanes busy through the passes and hold at most 25 values
// each (kLeastLaneUse, kMostBalancedValues); of those, the ones holding at most `preferredValues` where
// any does (real rows: kRealRowBalancedValues). The radices holding more twos first, then the odd ones,
// smallest first. Nothing where no such grouping saves a pass. shapeMixedPass asks rows whose odd part is
// a power of 5 to save two.
struct BalancedRadices
{
  std::vector<int> radices;
  std::size_t threads = 0; // work-items per line
};
constexpr std::size_t kMostBalancedValues = 25;
// Real rows (a real transform's pairwise step in their launch) ran faster on more work-items holding at
// most 20 values, with no pass more. H200, 2^25 values, ms: R2C 1920's 960 as 8 x 24 x 5 on 40
// work-items 0.114, as 8 x 8 x 15 on 64 0.101; R2C 3000's 1500 as 20 x 3 x 25 on 75 0.132, as 20 x 5 x 15
// on 100 0.121; R2C 1440, 2400 and 720 7% to 10% faster; R2C 1920 x 1080 0.242 -> 0.229, 3000 x 2000
// 0.271 -> 0.259. Not at the cost of a pass: R2C 1200's 600 as 8 x 5 x 15 lost to 24 x 25 (0.103 ->
// 0.112).
constexpr std::size_t kRealRowBalancedValues = 20;
std::optional<BalancedRadices> balancedTwoRadices(std::size_t length, std::size_t usualPasses,
                                                  std::size_t preferredValues = kMostBalancedValues);

} // namespace spectrascope::detail
