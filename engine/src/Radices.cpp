#include "Radices.h"

#include <algorithm>
#include <array>
#include <bit>

namespace spectrascope::detail {
namespace {
constexpr int kMaxRadix = 16;                         // mixed-radix codelets (cl/fft_mixed.cl)
constexpr std::size_t kLargestGenericPrimeRadix = 13; // cl/fft_mixed.cl's GENERIC_SHAPE program's
} // namespace

std::vector<std::size_t> balancedFactors(std::size_t n, std::size_t maxFactor)
{
  const int bits = std::countr_zero(n);
  const int maxBits = std::max(1, std::countr_zero(std::bit_floor(maxFactor)));
  const int count = std::max(1, (bits + maxBits - 1) / maxBits);
  std::vector<std::size_t> factors;
  for (int i = 0; i < count; ++i) {
    const int share = bits / count + (i < bits % count ? 1 : 0);
    factors.push_back(std::size_t{1} << share);
  }
  return factors;
}

std::vector<std::size_t> primeFactors(std::size_t n)
{
  std::vector<std::size_t> factors;
  for (std::size_t p = 2; p * p <= n; ++p)
    while (n % p == 0) {
      factors.push_back(p);
      n /= p;
    }
  if (n > 1) factors.push_back(n);
  return factors;
}

bool isSmooth(std::size_t n)
{
  for (std::size_t p : {2, 3, 5, 7, 11, 13})
    while (n % p == 0)
      n /= p;
  return n == 1;
}

// joinSmallRadices' least butterflies a line for a joined pass.
constexpr std::size_t kLeastJoinedButterflies = 8;

std::size_t kernelMaxRadix(std::size_t length)
{
  const std::vector<std::size_t> factors = primeFactors(length);
  std::size_t largest = std::max<std::size_t>(kMaxPowerOfTwoRadix, factors.empty() ? 1 : factors.back());
  // The composites above 32 (joinSmallRadices) wherever the length could take them.
  for (std::size_t composite : {33, 39})
    if (length % composite == 0 && length / composite >= kLeastJoinedButterflies)
      largest = std::max(largest, composite);
  return largest;
}

std::size_t largestPrimeRadix(const DeviceLimits& limits)
{
  return limits.mixedThreads ? kLargestGenericPrimeRadix : kLargestPrimeRadix;
}

bool hasKernelRadices(std::size_t n, const DeviceLimits& limits)
{
  const std::vector<std::size_t> factors = primeFactors(n);
  return factors.empty() || factors.back() <= largestPrimeRadix(limits);
}

std::size_t nextSmoothLength(std::size_t n)
{
  while (!isSmooth(n))
    ++n;
  return n;
}

bool isPrime(std::size_t n)
{
  if (n < 2) return false;
  for (std::size_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

std::vector<std::size_t> launchLengths(std::size_t n, std::size_t maxLength)
{
  std::vector<std::size_t> factors = primeFactors(n);
  std::sort(factors.rbegin(), factors.rend());
  for (std::size_t count = 1;; ++count) {
    std::vector<std::size_t> bins(count, 1);
    bool fits = true;
    for (std::size_t f : factors) {
      auto smallest = std::min_element(bins.begin(), bins.end());
      if (*smallest * f > maxLength) {
        fits = false;
        break;
      }
      *smallest *= f;
    }
    if (fits) {
      std::sort(bins.rbegin(), bins.rend());
      return bins;
    }
  }
}

CompositeRadices compositeRadicesFor(const DeviceLimits& limits)
{
  if (!limits.compositeRadices || limits.mixedThreads) return CompositeRadices::None;
  return limits.allCompositeRadices ? CompositeRadices::All : CompositeRadices::WhereTheyPay;
}

namespace {

constexpr int kLargestCompositeRadix = 27;
constexpr std::size_t kWarpOfWorkItems = 32;

// The odd primes, smallest first, each joining the previous radix where the product is a composite
// codelet no larger than `largest`.
std::vector<int> groupedOddRadices(const std::vector<std::size_t>& primes, int largest)
{
  const auto isComposite = [](int r) { return r == 9 || r == 15 || r == 21 || r == 25 || r == 27; };
  std::vector<int> radices;
  for (std::size_t p : primes) {
    const int joined = radices.empty() ? 0 : radices.back() * int(p);
    if (joined && joined <= largest && isComposite(joined))
      radices.back() = joined;
    else
      radices.push_back(int(p));
  }
  return radices;
}

// Odd primes grouped into the smallest composites that do not cost a line a second extra pass. Each pass
// is a round trip through local memory, but a 25- or 27-point work-item holds that many values in
// registers and leaves few work-items a line: composites up to 9 where they leave a warp of work-items,
// larger ones only where the smaller would take two passes or more beyond the fewest (H100: 2187 as
// 27 x 27 x 3 (81 work-items, 128 registers) 0.220 ms, as 9 x 9 x 9 x 3 0.194; 729 as six 3s 0.230, as
// 9 x 9 x 9 0.191; 2025 0.213 -> 0.195, 1125 0.213 -> 0.192, 945 0.209 -> 0.194, 3375 as 27 x 25 x 5
// 0.223, as 9 x 15 x 5 x 5 0.209; but 3125 as 5^5 0.237 against 25 x 25 x 5 0.200, two passes more).
// Columns of 1000 as 8 x 5 x 5 x 5 and 1080 as 8 x 9 x 3 x 5: 1920 x 1080 0.457 -> 0.447 ms, R2C 0.286
// -> 0.272, 1000 x 1000 R2C 0.285 -> 0.274; 675 x 675 as 9 x 15 x 5 0.505 -> 0.487. The 27-point
// grouping needs only `leastThreadsAt27` work-items a line; every other a warp (81-long columns of 6561
// as 9 x 9, nine work-items, 8% slower than 27 x 3). Empty where no grouping qualifies.
std::vector<int> fewestPassComposites(const std::vector<int>& twoRadices,
                                      const std::vector<std::size_t>& primes, std::size_t length,
                                      std::size_t leastThreadsAt27)
{
  if (primes.empty()) return {};
  const int twoLargest = twoRadices.empty() ? 1 : *std::max_element(twoRadices.begin(), twoRadices.end());
  std::vector<std::vector<int>> qualifying; // smallest composites first
  for (int largest : {9, 15, 21, 25, kLargestCompositeRadix}) {
    std::vector<int> grouped = groupedOddRadices(primes, largest);
    const int radix = std::max(twoLargest, *std::max_element(grouped.begin(), grouped.end()));
    const std::size_t least = largest == kLargestCompositeRadix ? leastThreadsAt27 : kWarpOfWorkItems;
    if (length / std::size_t(radix) >= least) qualifying.push_back(std::move(grouped));
  }
  if (qualifying.empty()) return {};
  std::size_t fewest = qualifying.front().size();
  for (const auto& g : qualifying)
    fewest = std::min(fewest, g.size());
  for (auto& g : qualifying)
    if (g.size() <= fewest + 1) return std::move(g);
  return {};
}

// A 3, else a 2, joins each 11 or 13 in one pass of two stages (radices 33, 39, 22 and 26): a round trip
// through local memory fewer. H100, 2^25 values: 1023 as 33 x 31 0.276 -> 0.246 ms, 2046 as 2 x 33 x 31
// 0.343 -> 0.312, 858 as 33 x 26 0.302 -> 0.210, 2002 as 7 x 22 x 13 0.260 -> 0.203, 429 as 33 x 13 0.268
// -> 0.212, 3003 0.262 -> 0.237; Rader's 683 on 682 as 22 x 31 0.710 -> 0.673, 1366 x 768 1.120 -> 1.069.
// Only where the joined pass has kLeastJoinedButterflies a line (429 as 33 x 13 has 13): 66 as 2 x 33
// would leave a line two work-items holding 34 values each (Rader's 67 on 66, with its rest's rows).
void joinSmallRadices(std::vector<int>& radices, std::size_t length)
{
  for (std::size_t i = 0; i < radices.size(); ++i) {
    if (radices[i] != 11 && radices[i] != 13) continue;
    for (int small : {3, 2}) {
      const auto partner = std::find(radices.begin(), radices.end(), small);
      if (partner == radices.end() || length / std::size_t(radices[i] * small) < kLeastJoinedButterflies)
        continue;
      radices[i] *= small;
      if (partner < radices.begin() + std::ptrdiff_t(i)) --i;
      radices.erase(partner);
      break;
    }
  }
}

// Beside a prime from 17 up whose threes group as 9 x 3, the lone 3 joins the first power of two up to 8
// (6, 12 or 24): a pass fewer, the work-items a line still set by the prime. H200, 2^25 values (one
// lease, docs/benchmarks.md): 2052 as 12 x 9 x 19 0.204 -> 0.177 ms, 4104 as 24 x 9 x 19 0.253 -> 0.178,
// 1836 0.211 -> 0.167, 3672 0.218 -> 0.166, 2484 0.215 -> 0.174, 4968 0.231 -> 0.197, 1026 as 6 x 9 x 19
// 0.239 -> 0.201, R2C 4104 0.143 -> 0.127, Rader's 2053 on 2052 0.599 -> 0.556. Not without the 9: with
// two passes of twos (1632 as 8 x 12 x 17, 2976 as 8 x 12 x 31) 4-8% slower, as 24 x 59 for 1416 18%;
// and not a 3 that joins an 11 or 13 (joinSmallRadices): Rader's 4027 on 4026 as 6 x 11 x 61 1.18 ->
// 1.60 ms (though 4093 on 12 x 11 x 31 rather than 4 x 33 x 31 gained, 0.96 -> 0.71).
void joinLoneThreeWithTwos(std::vector<int>& radices, std::size_t length)
{
  const auto three = std::find(radices.begin(), radices.end(), 3);
  if (three == radices.end() || std::find(radices.begin(), radices.end(), 9) == radices.end()) return;
  for (auto r = radices.begin(); r != radices.end(); ++r) {
    if (*r != 2 && *r != 4 && *r != 8) continue;
    if (length / std::size_t(3 * *r) < kLeastJoinedButterflies) return;
    *r *= 3;
    radices.erase(three);
    return;
  }
}

} // namespace

std::vector<int> mixedRadices(std::size_t length, CompositeRadices use)
{
  const int twos = std::countr_zero(length);
  std::vector<int> radices;
  if (twos > 0)
    for (std::size_t f : balancedFactors(std::size_t{1} << twos, kMaxRadix))
      radices.push_back(int(f));
  const std::vector<std::size_t> primes = primeFactors(length >> twos);
  const int largestPrime = primes.empty() ? 1 : int(primes.back());
  std::vector<int> odd = groupedOddRadices(primes, 1); // one pass per prime
  if (use == CompositeRadices::All) {
    odd = groupedOddRadices(primes, kLargestCompositeRadix);
  } else if (use == CompositeRadices::Columns) {
    odd = fewestPassComposites(radices, primes, length, 2);
    if (odd.empty()) return mixedRadices(length, CompositeRadices::WhereTheyPay);
  } else if (use == CompositeRadices::WhereTheyPay) {
    if (largestPrime >= 17) {
      odd = groupedOddRadices(primes, largestPrime);
    } else if (twos == 0) {
      std::vector<int> grouped = fewestPassComposites(radices, primes, length, kWarpOfWorkItems);
      if (!grouped.empty()) odd = std::move(grouped);
    }
  }
  radices.insert(radices.end(), odd.begin(), odd.end());
  if (use != CompositeRadices::None) joinSmallRadices(radices, length);
  if (use == CompositeRadices::WhereTheyPay && largestPrime >= 17) joinLoneThreeWithTwos(radices, length);
  return radices;
}

namespace {

// The radices balancedTwoRadices groups a length into (the codelets of cl/fft_mixed.cl's dftRadix up to 25).
constexpr std::array<int, 17> kBalancedRadices{2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 20, 21, 24, 25};
constexpr double kLeastLaneUse = 0.9;

// Every multiset of `passes` radices of kBalancedRadices whose product is `rest`, each in ascending order.
void radixSets(std::size_t rest, std::size_t passes, std::vector<int>& chosen,
               std::vector<std::vector<int>>& sets)
{
  if (passes == 0) {
    if (rest == 1) sets.push_back(chosen);
    return;
  }
  for (int r : kBalancedRadices) {
    if (rest % std::size_t(r) || (!chosen.empty() && r < chosen.back())) continue;
    chosen.push_back(r);
    radixSets(rest / std::size_t(r), passes - 1, chosen, sets);
    chosen.pop_back();
  }
}

} // namespace

// H200, 2^25 values (ms; docs/benchmarks.md), whole transforms against the usual radices: 3000 x 2000
// 0.457 -> 0.393 (rows as 24 x 5 x 25 on 125 work-items, columns as 20 x 10 x 10), 2160 x 2160 0.510 ->
// 0.430, 1920 x 1080 0.379 -> 0.354, 1080 0.196 -> 0.165, 4000 0.206 -> 0.168, 22050 0.365 -> 0.316,
// 48000 0.321 -> 0.296, R2C 44100 0.239 -> 0.215; 53 cases' geometric mean 0.945. Rows of twos and fives
// alone lost where they saved one pass: 2000 (as 20 x 10 x 10) 0.161 -> 0.217, 1600 0.163 -> 0.202, 800
// 0.165 -> 0.189, R2C 48000's 200 (20 x 10) 0.217 -> 0.237; so they take these radices only where two
// passes go (shapeMixedPass). R2C 3000's 1500 as 20 x 3 x 25 was slower, 0.126 -> 0.133, until real rows
// preferred fewer values (kRealRowBalancedValues: 20 x 5 x 15, 0.121). Lanes matter more than work-items:
// 3000 as 8 x 3 x 5 x 5 x 5 on 600 work-items rather than 375 gained only 0.210 -> 0.194.
std::optional<BalancedRadices> balancedTwoRadices(std::size_t length, std::size_t usualPasses,
                                                  std::size_t preferredValues)
{
  const int twos = std::countr_zero(length);
  if (length < 2 || twos == 0 || (length >> twos) == 1) return std::nullopt;
  for (std::size_t p : primeFactors(length >> twos))
    if (p > 7) return std::nullopt;
  for (std::size_t passes = 1; passes < usualPasses; ++passes) {
    std::vector<std::vector<int>> sets;
    std::vector<int> chosen;
    radixSets(length, passes, chosen, sets);
    // The best grouping of all, and of those holding at most preferredValues.
    struct Pick
    {
      std::optional<BalancedRadices> best;
      std::size_t slots = 0, sum = 0;
    } any, preferred;
    for (const std::vector<int>& set : sets)
      for (int itemsRadix : set) {
        const std::size_t threads = length / std::size_t(itemsRadix);
        // Lane slots: each pass takes rounds of `threads` work-items over its butterflies.
        std::size_t slots = 0, values = 0, sum = 0;
        for (int r : set) {
          const std::size_t rounds = (length / std::size_t(r) + threads - 1) / threads;
          slots += rounds * std::size_t(r) * threads;
          values = std::max(values, rounds * std::size_t(r));
          sum += std::size_t(r);
        }
        if (values > kMostBalancedValues || double(passes * length) < kLeastLaneUse * double(slots)) continue;
        for (Pick* pick : {&any, &preferred}) {
          if (pick == &preferred && values > preferredValues) continue;
          const std::optional<BalancedRadices>& best = pick->best;
          const bool better = !best || slots < pick->slots ||
                              (slots == pick->slots &&
                               (threads > best->threads || (threads == best->threads && sum < pick->sum)));
          if (better) *pick = Pick{BalancedRadices{set, threads}, slots, sum};
        }
      }
    std::optional<BalancedRadices> best = preferred.best ? preferred.best : any.best;
    if (best) {
      std::stable_sort(best->radices.begin(), best->radices.end(), [](int a, int b) {
        return std::countr_zero(unsigned(a)) > std::countr_zero(unsigned(b));
      });
      return best;
    }
  }
  return std::nullopt;
}

} // namespace spectrascope::detail
