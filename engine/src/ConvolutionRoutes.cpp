// The convolution routes of StockhamPlanner.h: Bluestein's or Rader's stage for a length the kernels
// cannot take directly, the length each convolves at, Rader's stage in one launch or two, Rader's on a
// prime factor of a longer axis, and team passes for the primes from 67 to 89.

#include "StockhamPlanner.h"

#include "LaunchShapes.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <mutex>

namespace spectrascope::detail {

std::size_t bluesteinConvolutionLength(std::size_t n)
{
  return nextSmoothLength(2 * n - 1);
}

namespace {

// Work lines a convolution's FFTs are costed on: enough that no group shape is cut short.
constexpr std::size_t kCostedLines = 4096;

// What a convolution's FFTs in two launches each cost its stage where the filter launch takes them
// (ConvolutionStage): the forward's first launch and the inverse's last on the first length, the filter
// launch on the second, run twice. Per value of the work line, in a fit to H100 timings of 88 splits of
// Bluestein's and Rader's stages (4099, 10007, 16411 on three lengths each; 7681, 12289, 40961; rms 1.1 of
// a mean 25; docs/benchmarks.md): 2.2 a local pass of the first length, 3.5 of the second, 4.7 for each
// 16 values a work-item of either holds in registers. No term for the prime radices themselves: 13 in the
// filter launch was slow through its third pass (20020 as 154 x 130, 1.70 ms against 1.35 for 20160 as
// 168 x 120), 11 with two passes was not (8448 as 96 x 88, 1.29).
std::optional<double> filterLaunchCost(std::size_t length, std::size_t first, const DeviceLimits& limits)
{
  DeviceLimits split = limits;
  split.firstLaunchLength = first;
  AxisJob job = AxisJob::fromDescriptor(TransformDescriptor::complex1d(length, kCostedLines));
  job.mixedRadixOnly = true;
  StockhamSchedule schedule;
  try {
    schedule = planStockham(job, split);
  } catch (const EngineError&) {
    return std::nullopt; // a launch that does not fit
  }
  if (schedule.passes.size() != 2 || schedule.passes.front().length != first) return std::nullopt;
  const StockhamPass& a = schedule.passes.front();
  const StockhamPass& b = schedule.passes.back();
  return double(length) * (2.2 * double(a.radices.size()) + 3.5 * double(b.radices.size()) +
                           4.7 * double(a.registerValues + b.registerValues) / 16.0);
}

struct FilterLaunchSplit
{
  std::size_t first = 0;
  double cost = 0;
};

// The fit's splits were within 3:1 either way; outside them it is not trusted (it would run 7680 as 960 x 8).
constexpr std::size_t kFittedSplitRatio = 3;

// The cheapest split by filterLaunchCost, where the filter launch can take the length: its FFT planned in
// exactly two launches on the length-specialised programs.
std::optional<FilterLaunchSplit> cheapestFilterLaunchSplit(std::size_t length, const DeviceLimits& limits)
{
  if (!limits.filterLaunch || limits.mixedThreads || !isSmooth(length) ||
      mixedLaunchLengths(length, false, limits).size() != 2)
    return std::nullopt;
  const std::size_t longest = splitLaunchMaxLength(length, limits);
  std::optional<FilterLaunchSplit> best;
  for (std::size_t first = std::max<std::size_t>(2, length / longest); first <= longest; ++first) {
    const std::size_t second = length / first;
    if (length % first || second < 2 || second > longest ||
        std::max(first, second) > kFittedSplitRatio * std::min(first, second))
      continue;
    const std::optional<double> cost = filterLaunchCost(length, first, limits);
    if (cost && (!best || *cost < best->cost)) best = FilterLaunchSplit{first, *cost};
  }
  return best;
}

// Bluestein's lengths tried above the least smooth one (bluesteinStageLength): up to a quarter longer,
// of the primes 2 to 7 only. The fit has few lengths with 11 or 13 (10007 on 20020 and 4099 on 8448) and
// would take their squares (10007 on 20449 = 11^2 x 13^2), whose codelets hold the most values.
constexpr double kBluesteinSlack = 1.25;

bool hasCheapRadices(std::size_t n)
{
  for (std::size_t p : {2, 3, 5, 7})
    while (n % p == 0)
      n /= p;
  return n == 1;
}

} // namespace

std::size_t filterLaunchFirstLength(std::size_t length, const DeviceLimits& limits)
{
  const std::optional<FilterLaunchSplit> split = cheapestFilterLaunchSplit(length, limits);
  return split ? split->first : 0;
}

namespace {

std::size_t searchBluesteinStageLength(std::size_t n, const DeviceLimits& limits)
{
  const std::size_t least = bluesteinConvolutionLength(n);
  const std::optional<FilterLaunchSplit> leastSplit = cheapestFilterLaunchSplit(least, limits);
  if (!leastSplit) return least;
  std::size_t best = least;
  double bestCost = leastSplit->cost;
  for (std::size_t m = least + 1; double(m) <= kBluesteinSlack * double(least); ++m) {
    if (!hasCheapRadices(m)) continue;
    const std::optional<FilterLaunchSplit> split = cheapestFilterLaunchSplit(m, limits);
    if (split && split->cost < bestCost) {
      best = m;
      bestCost = split->cost;
    }
  }
  return best;
}

// The search above plans every candidate split of every candidate length: up to 14 ms on the CPU for
// 131071, and one plan asks several times (the planner's 2^31 check, the stage, the tuner's signature).
// The lengths found last, per length and limits; the engine's workers plan concurrently.
class BluesteinLengthMemo
{
public:
  std::size_t lengthFor(std::size_t n, const DeviceLimits& limits)
  {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      for (const Entry& e : entries_)
        if (e.n == n && e.limits == limits) return e.length;
    }
    const std::size_t length = searchBluesteinStageLength(n, limits); // outside the lock: it is slow
    const std::lock_guard<std::mutex> lock(mutex_);
    if (entries_.size() == kEntries) entries_.erase(entries_.begin());
    entries_.push_back({n, limits, length});
    return length;
  }

private:
  struct Entry
  {
    std::size_t n;
    DeviceLimits limits;
    std::size_t length;
  };
  static constexpr std::size_t kEntries = 64;
  std::mutex mutex_;
  std::vector<Entry> entries_;
};

} // namespace

std::size_t bluesteinStageLength(std::size_t n, const DeviceLimits& limits)
{
  static BluesteinLengthMemo memo;
  return memo.lengthFor(n, limits);
}

std::size_t raderConvolutionLength(std::size_t p, bool factor, const DeviceLimits& limits)
{
  // A prime axis convolves at p - 1 wherever the kernels take it (H100: 2053 on 2052 = 4 x 27 x 19 1.07 ->
  // 0.63 ms, 683 on 682 = 2 x 11 x 31 1.03 -> 0.88, against the padded smooth length). A prime factor of a
  // longer axis only where p - 1 is smooth: 1366 = 2 x 683 on 682 ran as fast as Bluestein's 2744 on the
  // whole axis (1.15 against 1.16 ms), and 1366 x 768 slower (1.48 against 1.38). Padding goes to the
  // smooth lengths, whose radices have the cheapest codelets.
  // Those measurements were of the stage in two launches; in one (raderInOneLaunch) the factor takes
  // p - 1 whenever the kernels do.
  const bool kernelsTakeIt = hasKernelRadices(p - 1, limits);
  const bool direct =
      factor ? isSmooth(p - 1) || (kernelsTakeIt && raderInOneLaunch(p - 1, limits)) : kernelsTakeIt;
  return direct ? p - 1 : nextSmoothLength(2 * (p - 1) - 1);
}

// Work-items a line of Rader's stage in one launch may have. Its kernel holds two FFTs' code; PoCL's
// CPU device, whose 1 MB of local memory takes 65536 in one launch of 4096 work-items, crashed running
// it (the two-launch stage ran there).
constexpr std::size_t kLargestOneLaunchRaderThreads = 1024;

// Values per work-item from which Rader's one-launch stage runs slower than its two launches, unless a
// line takes at most a warp. The stage holds both FFTs' values in registers through every exchange, so its
// registers cap the groups an SM runs. H100, one lease, C2C in one launch against two (ms): 1601 (1600 = 8 x
// 8 x 25: 64 work-items a line, 32 values) 0.572 against 0.491, 2161 0.665 / 0.572, 2593 0.725 / 0.603,
// 3001 0.614 / 0.568, 3457 0.658 / 0.566, 4001 0.686 / 0.609, 2053 (38 values) 0.655 / 0.645; but 683 (682 =
// 22 x 31: 31 work-items, 31 values) 0.574 / 0.645, 401 (16 x 25: 16 work-items, 32 values) 0.395 / 0.516,
// 1201 (75 work-items, 30 values) 0.525 / 0.561, 4801 (320, 16) 0.509 / 0.585, and 257, 577, 769 and 1009
// 15 to 38% faster in one. R2C and C2R (odd rows in pairs) measured the same way, with 4001's R2C the
// exception (0.308 / 0.326).
constexpr std::size_t kOneLaunchRegisterValues = 32;

bool raderInOneLaunch(std::size_t convolutionLength, const DeviceLimits& limits)
{
  if (!limits.raderOneLaunch || limits.mixedThreads || !hasKernelRadices(convolutionLength, limits) ||
      mixedThreads(convolutionLength, limits) > kLargestOneLaunchRaderThreads ||
      mixedLaunchLengths(convolutionLength, false, limits).size() != 1)
    return false;
  const StockhamPass launch =
      shapeMixedPass(convolutionLength, false, false, kWarpLanes, raderOneLaunchLimits(limits));
  return limits.raderOneLaunchWhereItFits || launch.registerValues < kOneLaunchRegisterValues ||
         launch.threads <= kWarpLanes;
}

DeviceLimits raderOneLaunchLimits(const DeviceLimits& limits)
{
  DeviceLimits stage = limits;
  stage.allCompositeRadices = true;
  stage.balancedTwoRadices = false;
  stage.warpFillingGroups = true;
  stage.convolutionCodelet31 = true;
  return stage;
}

namespace {

// Values Rader's stage on prime p reads and writes per line (as convolutionCost): its two convolution
// FFTs, or in one launch the line once.
double raderStageCost(std::size_t p, bool factor, const DeviceLimits& limits)
{
  const std::size_t length = raderConvolutionLength(p, factor, limits);
  return raderInOneLaunch(length, limits) ? double(length) : 2.0 * convolutionCost(length, limits);
}

} // namespace

StockhamPass::Family largePrimeRoute(std::size_t n, const DeviceLimits& limits)
{
  const bool raderCheaper =
      limits.rader && isPrime(n) &&
      raderStageCost(n, false, limits) < 2.0 * convolutionCost(bluesteinConvolutionLength(n), limits);
  return raderCheaper ? StockhamPass::Family::Rader : StockhamPass::Family::Bluestein;
}

std::size_t raderFactorOf(std::size_t n, const DeviceLimits& limits)
{
  if (!limits.rader || isPrime(n)) return 0;
  std::vector<std::size_t> large = primeFactors(n);
  std::erase_if(large, [&](std::size_t f) { return f <= largestPrimeRadix(limits); });
  if (large.size() != 1) return 0;
  const std::size_t prime = large.front(), rest = n / prime;
  // Values read and written per line of n: Rader's stage on each of the rest lines of the prime, and
  // the rest's launches over all of n; against Bluestein's two FFTs over all of n.
  const double factored = double(rest) * raderStageCost(prime, true, limits) +
                          double(n) * double(mixedLaunchLengths(rest, true, limits).size());
  const double whole = 2.0 * convolutionCost(bluesteinConvolutionLength(n), limits);
  return factored < whole ? prime : 0;
}

// The largest prime of a team pass: the range measured (67 to 89; those up to 61 have codelets). Above it,
// Rader's stage on the factor.
constexpr std::size_t kLargestTeamPrime = 89;

std::size_t teamProductItems(std::size_t length, std::size_t prime, std::size_t restLargest)
{
  // (P - 1) / 2 = 3 Q with Q odd and prime to 3 (67 and 79 of the team primes): both correlations are
  // cyclic (H odd), and two-dimensional by the Chinese remainder. Measured on 25 to 31 butterflies (H100,
  // docs/benchmarks.md): 1809 = 67 x 27 0.348 -> 0.283 ms, 1675 0.353 -> 0.246, 2010 0.356 -> 0.289,
  // 1975 = 79 x 25 0.353 -> 0.254, 2133 0.369 -> 0.319, 2370 0.388 -> 0.309; but 2449 = 79 x 31 0.368 ->
  // 0.392 (Q = 13 beside the 31-point codelet's registers), so not with a rest radix above 27 there.
  // Each product's work-items are the butterflies, the products one after another and the group rounded
  // up to whole warps (1809: 160 work-items 0.283 ms; 135 0.301; each product in a warp of its own, 32
  // a product, 0.285; 1975: 0.254, 0.262 and 0.330).
  const std::size_t half = (prime - 1) / 2, inner = half / 3, butterflies = length / prime;
  if (half % 3 || inner % 2 == 0 || inner % 3 == 0) return 0;
  if (butterflies < kLeastTeamProductItems || butterflies > kMostTeamProductItems) return 0;
  return inner > 11 && restLargest > 27 ? 0 : butterflies;
}

std::size_t teamPrimeOf(std::size_t length, const DeviceLimits& limits)
{
  // A pass-length cap (tests, tuning) keeps the launches it asks for.
  if (!limits.teamPasses || limits.mixedThreads || (limits.maxPassLength && length > limits.maxPassLength))
    return 0;
  const std::vector<std::size_t> factors = primeFactors(length);
  if (factors.empty()) return 0;
  const std::size_t largest = factors.back();
  const bool secondIsRadix = factors.size() < 2 || factors[factors.size() - 2] <= largestPrimeRadix(limits);
  return largest > largestPrimeRadix(limits) && largest <= kLargestTeamPrime && secondIsRadix ? largest : 0;
}

std::size_t convolutionLength(std::size_t n, const DeviceLimits& limits)
{
  if (const std::size_t prime = raderFactorOf(n, limits))
    return n / prime * raderConvolutionLength(prime, true, limits);
  return largePrimeRoute(n, limits) == StockhamPass::Family::Rader ? raderConvolutionLength(n, false, limits)
                                                                   : bluesteinStageLength(n, limits);
}

} // namespace spectrascope::detail
