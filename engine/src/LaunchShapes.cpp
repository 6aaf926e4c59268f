// The launch shapes of LaunchShapes.h, with the measurements behind each choice.

#include "LaunchShapes.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <iterator>
#include <span>

namespace spectrascope::detail {
namespace {

constexpr std::size_t kGenericRegisterValues = 32; // VMAX of cl/fft_mixed.cl's GENERIC_SHAPE program
constexpr std::size_t kRegisterValues = 64;        // VMAX of its length-specialised programs, at most

// An exchange in `parts` rounds (EXCHANGE_PARTS in cl/fft_stockham.cl) holds 1/parts of each line at a time.
std::size_t exchangeBytesPerValue(int parts)
{
  return 2 * sizeof(float) / std::size_t(parts);
}

// Rounds an exchange may take: four, so 16384 is one launch within 48 KB, and so are 4096-long columns of
// four lines (H100: 4096 x 4096 0.577 -> 0.480 ms, 8192 x 4096 0.593 -> 0.525, against two launches of 64
// over 64 lines).
constexpr int kMaxAdjacentParts = 4;
constexpr int kMaxRowParts = 4;
// Adjacent lines beyond two sectors a row take at most two rounds: fewer lines instead (shapePass).
constexpr int kMaxTwoRoundParts = 2;

// Exchange-buffer slots per work-group (of the buffer's 8 / parts bytes each), with the kernels' padding
// and line strides (PADDED, LINE_STRIDE in cl/): one slot in 16, then an odd stride (one float2 more, which
// is `parts` slots), or with 2 to 15 lines a stride rounded up to the banks plus their spread, within 24
// float2 (or 47 floats of REIM_EXCHANGE) a line.
std::size_t exchangeSlots(std::size_t length, std::size_t lines, int parts)
{
  const std::size_t spread = std::size_t(parts) * (lines > 1 && lines < 16 ? 24 : 1);
  return lines * (length + length / 16 + spread);
}

// Both kernels also keep one row of pass twiddles per line: radix + 1 float2 values, for every radix of
// the program (kernelMaxRadix: 32, or a prime radix above that).
bool fitsLocalMemory(std::size_t length, std::size_t lines, int parts, std::size_t rowRadix,
                     const DeviceLimits& limits)
{
  const std::size_t rowTwiddleBytes = lines * (rowRadix + 1) * 2 * sizeof(float);
  return exchangeSlots(length, lines, parts) * exchangeBytesPerValue(parts) + rowTwiddleBytes <=
         limits.localMemBytes;
}

bool fitsLocalMemory(std::size_t length, std::size_t lines, int parts, const DeviceLimits& limits)
{
  return fitsLocalMemory(length, lines, parts, kernelMaxRadix(length), limits);
}

// A mixed launch with LINE_ROUNDS: the exchange buffer holds lines / rounds of its lines, and the pass
// twiddles keep a row for every line.
bool fitsLocalMemoryInRounds(std::size_t length, std::size_t lines, int rounds, const DeviceLimits& limits)
{
  const std::size_t rowTwiddleBytes = lines * (kernelMaxRadix(length) + 1) * 2 * sizeof(float);
  return exchangeSlots(length, lines / std::size_t(rounds), 1) * exchangeBytesPerValue(1) + rowTwiddleBytes <=
         limits.localMemBytes;
}

// Output pairs a work-item of a team pass computes at most: its sums (4 floats each) and the inputs they
// share stay in registers.
constexpr std::size_t kLargestTeamSpan = 11;

} // namespace

// A team pass (StockhamPass::teamPrime) also keeps, per line, each butterfly's differences (P - 1 of them,
// padded to P) and x[0] and a span's slack, and for the group the two permutations ((P - 1) / 2 indices
// each): TEAM_SCRATCH in cl/fft_mixed.cl. The convolution form (TEAM_CONV) keeps less, 5 (P - 1) / 6 of
// the differences' rows a butterfly, so this bound holds for both forms.
bool teamFitsLocalMemory(std::size_t length, std::size_t lines, std::size_t prime, const DeviceLimits& limits)
{
  const std::size_t perLine = length / prime * (prime + 1) + kLargestTeamSpan;
  const std::size_t scratchBytes = lines * perLine * 2 * sizeof(float) + (prime - 1) * sizeof(std::uint32_t);
  if (scratchBytes >= limits.localMemBytes) return false;
  DeviceLimits rest = limits;
  rest.localMemBytes -= scratchBytes;
  return fitsLocalMemory(length, lines, 1, rest);
}

namespace {

// Radix choice, as measured on the H200 (docs/benchmarks.md):
// - short contiguous lines (a single launch of N <= 256) run best at radix 8 (N = 64: 0.138 ms against
//   0.174 at radix 16; N = 256: 0.135 against 0.142): more work-items per line make each warp's loads
//   and stores wider runs of memory;
// - otherwise radix 16, except where radix 32 saves a local pass (and so an exchange through local
//   memory) on a line that is strided or too long for a float2 exchange: 1024 read as adjacent columns
//   (32 x 32: 0.193 ms against 0.225 at radix 16), 8192 in one launch (8 x 32 x 32: 0.260 against
//   0.279). Contiguous lines that fit a float2 exchange stay at 16, where more groups stay resident
//   (N = 1024 contiguous: 0.140 at radix 16, 0.184 at 32).
// - Measured again on the H200 (2026-11-28, its copy roof near 4 TB/s): 512-long contiguous lines also
//   run best at radix 8 (N = 512: 0.1416 ms at 16, 0.1361 at 8); 512-long lines that start an axis' steps
//   take 16, not 32 (512 x 512's columns 0.183 -> 0.159 ms, 2^17's first launch 0.181 -> 0.166, 512 x 512
//   x 128 0.464 -> 0.443), while a split row's later 512-long launch, which applies the first launch's
//   twiddles as it loads, keeps 32 (2^18's second launch 0.155 at 32, 0.209 at 16), as do 1024-long
//   columns (1024 x 1024 0.311 ms at 32, 0.377 at 16). Against the rule before, in one lease: 512 x 512
//   0.324 -> 0.296 ms, 2^17 0.312 -> 0.297, 2^18 0.321 -> 0.307, 512 x 512 x 128 0.465 -> 0.437, 512 0.141
//   -> 0.137; 1024, 2048, 8192, 256 x 256, 1024 x 1024 and 2^21 within 1%.
constexpr std::size_t kShortContiguousLine = 512;
constexpr std::size_t kShortContiguousRadix = 8;
constexpr std::size_t kDefaultRadix = 16;
constexpr std::size_t kShortestRadix32Line = 1024;
constexpr std::size_t kShortestTwiddledRadix32Line = 512;

std::size_t localPasses(std::size_t length, std::size_t radix)
{
  const int bits = std::countr_zero(length), radixBits = std::countr_zero(radix);
  return std::size_t((bits + radixBits - 1) / radixBits);
}

struct LineKind
{
  bool contiguous = false; // neither loads nor stores walk adjacent lines
  bool partial = false;    // one line does not fit the exchange buffer whole
  bool twiddled = false;   // a split row's later launch (ns > 1): it applies the earlier launch's twiddles
};

int radixFor(std::size_t length, const DeviceLimits& limits, LineKind kind = {})
{
  const std::size_t cap = std::clamp<std::size_t>(std::bit_floor(limits.maxRadix), 2, kMaxPowerOfTwoRadix);
  if (kind.contiguous && length <= kShortContiguousLine)
    return int(std::min({length, cap, kShortContiguousRadix}));
  const std::size_t usual = std::min({length, cap, kDefaultRadix});
  const bool radix32Pays =
      cap >= 32 && length >= (kind.twiddled ? kShortestTwiddledRadix32Line : kShortestRadix32Line) &&
      (!kind.contiguous || kind.partial) && localPasses(length, 32) < localPasses(length, usual);
  return int(radix32Pays ? 32 : usual);
}

int firstRadixFor(std::size_t length, int radix)
{
  // LEN = radix^a * first; first is what is left after taking as many full radix steps as possible.
  std::size_t rest = length;
  while (rest > std::size_t(radix))
    rest /= std::size_t(radix);
  return int(rest);
}

// Longest power-of-two sub-transform one work-group can do with `lines` lines, exchanged in up to
// `maxParts` rounds.
std::size_t maxLengthFor(const DeviceLimits& limits, std::size_t lines, int maxParts)
{
  std::size_t len = std::bit_floor(limits.localMemBytes / (lines * exchangeBytesPerValue(maxParts)));
  while (len > 1 && (!fitsLocalMemory(len, lines, maxParts, limits) ||
                     len / std::size_t(radixFor(len, limits)) * lines > limits.maxWorkGroupSize))
    len /= 2;
  if (limits.maxPassLength) len = std::min(len, limits.maxPassLength);
  return len;
}

// Longest mixed-radix sub-transform whose lines fit local memory whole (one round), with pass-twiddle
// rows for radices up to rowRadix.
std::size_t maxMixedLengthFor(const DeviceLimits& limits, std::size_t lines, std::size_t rowRadix)
{
  std::size_t len = limits.localMemBytes / (lines * exchangeBytesPerValue(1));
  while (len > 1 && !fitsLocalMemory(len, lines, 1, rowRadix, limits))
    --len;
  if (limits.maxPassLength) len = std::min(len, limits.maxPassLength);
  return std::max(len, kLargestPrimeRadix);
}

// Output pairs per work-item of a team pass over a line of `length` whose other passes take restThreads
// work-items (none: 0): teams as large as keep those work-items busy, or where there are no other passes,
// the largest span. H100 (span 3, 6 or 11): 1809 = 67 x 27 (67 work-items for the 27) 0.47, 0.45, 0.35 ms;
// 1072 = 67 x 16 (67) 0.39, 0.31, 0.34; 67 alone 0.43, 0.42, 0.35. Where the rest's small radices take
// many more work-items than the team's butterflies, the spans this gives are small and the pass is slower
// than Rader's stage at any span (134 = 67 x 2 at span 1 0.66 ms against 0.45, 1068 = 89 x 4 x 3 at 2 1.00
// against 0.43, 2136 = 89 x 8 x 3 at 4 0.78 against 0.44); at 5 and above it was faster everywhere measured
// (747 = 83 x 9 at 5 0.40 against 0.81, 1095 = 73 x 15 at 8 0.37 against 0.50): planAxis keeps to those
// (kLeastTeamSpan).

// A team pass's convolution form (StockhamPass::teamProductItems): its products (TEAM_PRODUCTS in
// cl/fft_mixed.cl); the butterflies a line it was measured on are LaunchShapes.h's.
constexpr std::size_t kTeamProducts = 5;

std::size_t teamSpanFor(std::size_t length, std::size_t prime, std::size_t restThreads)
{
  const std::size_t half = (prime - 1) / 2, butterflies = length / prime;
  const std::size_t teamSize =
      restThreads ? std::clamp<std::size_t>((restThreads + butterflies - 1) / butterflies, 1, half)
                  : (half + kLargestTeamSpan - 1) / kLargestTeamSpan;
  return std::min((half + teamSize - 1) / teamSize, kLargestTeamSpan);
}

// Work-items per line of a team pass: a team for each butterfly.
std::size_t teamThreads(std::size_t length, std::size_t prime, std::size_t span)
{
  const std::size_t half = (prime - 1) / 2;
  return length / prime * ((half + span - 1) / span);
}

} // namespace

// Work-items per line of a mixed launch: one per butterfly of its largest radix.
std::size_t mixedThreads(std::size_t length, const DeviceLimits& limits)
{
  const std::vector<int> radices = mixedRadices(length, compositeRadicesFor(limits));
  return length / std::size_t(*std::max_element(radices.begin(), radices.end()));
}

namespace {

std::size_t linesFor(std::size_t threads, bool adjacent, std::size_t totalLines, const DeviceLimits& limits)
{
  std::size_t lines =
      std::max<std::size_t>(1, (adjacent ? limits.stridedGroupSize : limits.targetGroupSize) / threads);
  // Adjacent lines in whole sectors: a multiple of minAdjacentLines (by default four float2 values, one
  // 32-byte sector). Otherwise a group shares a sector with its neighbour on every row (H100, 48000 as
  // 240 x 200: 17 and 10 lines 0.533 ms, 16 and 8 lines 0.439 ms; 3000 x 2000 columns 25 and 51 lines
  // 0.599 ms, 24 and 48 lines 0.568 ms).
  if (adjacent) lines = std::max(lines - lines % limits.minAdjacentLines, limits.minAdjacentLines);
  lines = std::min(lines, std::bit_ceil(totalLines));
  return std::min(lines, std::max<std::size_t>(1, limits.maxWorkGroupSize / threads));
}

} // namespace

StockhamPass shapePass(std::size_t length, bool loadAdjacent, bool storeAdjacent, std::size_t totalLines,
                       const DeviceLimits& limits, std::size_t columnSectors, bool twiddled)
{
  StockhamPass p;
  p.length = length;
  LineKind kind;
  kind.contiguous = !loadAdjacent && !storeAdjacent;
  kind.partial = !fitsLocalMemory(length, 1, 1, limits);
  kind.twiddled = twiddled;
  p.radix = radixFor(length, limits, kind);
  // maxLengthFor allowed this length with the largest radix; a smaller one chosen for this kind of line
  // must not need more work-items than a group may have (devices with much local memory).
  while (length / std::size_t(p.radix) > limits.maxWorkGroupSize && std::size_t(p.radix) < limits.maxRadix)
    p.radix *= 2;
  p.firstRadix = firstRadixFor(length, p.radix);
  std::size_t lines =
      linesFor(length / std::size_t(p.radix), loadAdjacent || storeAdjacent, totalLines, limits);
  // Columns (loads and stores both walk adjacent lines) take columnSectors sectors of lines where their
  // exchange holds them in up to four rounds (H100: 2048 x 2048's columns, 8 lines in four rounds 0.246 ms
  // against 4 in two 0.294; 2^21's first launch, adjacent on its loads only, kept 4 lines: 0.251 against
  // 0.276).
  if (loadAdjacent && storeAdjacent && !limits.maxPassLength)
    lines = std::max(lines, std::min({columnSectors * limits.minAdjacentLines, std::bit_ceil(totalLines),
                                      limits.maxWorkGroupSize / (length / std::size_t(p.radix))}));
  // Prefer whole lines in the exchange buffer (fewest barriers); fall back to more rounds, then to fewer
  // lines. Adjacent lines take four rounds only where fewer lines would leave less than columnSectors
  // sectors a row; more lines in two rounds otherwise.
  for (;; lines = std::max<std::size_t>(1, lines / 2)) {
    const int maxParts = kind.contiguous || lines <= columnSectors * limits.minAdjacentLines
                             ? kMaxRowParts
                             : kMaxTwoRoundParts;
    p.exchangeParts = 1;
    while (p.exchangeParts < maxParts && !fitsLocalMemory(length, lines, p.exchangeParts, limits))
      p.exchangeParts *= 2;
    if (fitsLocalMemory(length, lines, p.exchangeParts, limits)) break;
    if (lines == 1)
      throw outOfResources("sub-transform of " + std::to_string(length) + " does not fit local memory");
  }
  p.lines = lines;
  p.loadLinesFastest = loadAdjacent;
  p.storeLinesFastest = storeAdjacent;
  p.totalLines = totalLines;
  return p;
}

namespace {

// Work-items per line that are not a multiple of a warp leave lanes idle in each group's last warp: one
// line of 1023 = 3 x 11 x 31 is 33 work-items, 33 of 64 lanes busy. Contiguous lines then take the fewest
// lines per group that keep at least four in five lanes busy (H100, 1023: one line 0.360 ms, four 0.275;
// 2046 and 2001 with two lines: 0.386 -> 0.343 ms and 0.349 -> 0.327 ms).
constexpr std::size_t kLargestWarpFillingGroup = 256;
// Lines of few work-items (a large prime radix: 27 for 999 = 27 x 37, 41 for 1517 = 37 x 41) also take
// enough lines for about 128 work-items a group (H100: 999 0.330 -> 0.306 ms, 1517 0.263 -> 0.238; 961,
// 1000, 1080, 1023, 2001 and 2046 within 1%; groups of 96 or 192 ran slower for 999, 767 and 1060).
constexpr std::size_t kContiguousMixedGroup = 128;
// Work-items a group of mixed columns in two rounds may have: with 960 or 1000 (1080 and 1000 long) each
// column pass took half as long again, every warp of the compute unit waiting at the same barriers.
constexpr std::size_t kLargestRoundsGroup = 512;
// Values a work-item of such a group may hold: they stay in registers through every round.
constexpr std::size_t kLargestRoundsValues = 20;
// Its radices: up to 16, and 20 (2000-long columns as 20 x 10 x 10 in two rounds, balancedTwoRadices:
// H200 0.268 -> 0.238 ms); not 31 or 33 (R2C 2046 x 1023's 1023-long columns as 3 x 11 x 31 in two rounds:
// 0.344 -> 0.446 ms on the H100).
bool roundsRadix(int radix)
{
  return radix <= 16 || radix == 20;
}

std::size_t linesFillingWarps(std::size_t threads, std::size_t maxGroup)
{
  for (std::size_t lines = 1; threads * lines <= maxGroup; ++lines) {
    const std::size_t items = threads * lines, lanes = (items + kWarpLanes - 1) / kWarpLanes * kWarpLanes;
    if (lanes * 4 <= items * 5) return lines;
  }
  return 1;
}

// Whether the odd part of n is 5^k, k >= 1.
bool oddPartIsPowerOf5(std::size_t n)
{
  n >>= std::countr_zero(n);
  if (n == 1) return false;
  while (n % 5 == 0)
    n /= 5;
  return n == 1;
}

} // namespace

// `radices`: the local passes where the caller orders them (a plane launch); else the length's own.
// `restRows`: Rader's one-launch convolution that also does the rest of its rows (holdWholeRows).
StockhamPass shapeMixedPass(std::size_t length, bool loadAdjacent, bool storeAdjacent, std::size_t totalLines,
                            const DeviceLimits& limits, std::vector<int> radices, bool restRows)
{
  StockhamPass p;
  p.family = StockhamPass::Family::Mixed;
  p.length = length;
  // Launches that load and store adjacent lines (columns) take composites wherever they leave a line more
  // than one work-item (mixedRadices' Columns). H100, 1080-long columns of 1920 x 1080: one pass per prime
  // 0.288 ms, 8 x 27 x 5 0.259, 8 x 9 x 3 x 5 0.254; 3000 x 2000's 50 as 2 x 25 0.183 -> 0.171.
  const CompositeRadices composites = compositeRadicesFor(limits);
  const bool columns = loadAdjacent && storeAdjacent && composites != CompositeRadices::None;
  const bool ordered = !radices.empty();
  p.radices =
      ordered ? std::move(radices) : mixedRadices(length, columns ? CompositeRadices::Columns : composites);
  // Lengths with a factor 2 and odd primes up to 7 in fewer passes, where that keeps the lanes busy
  // (balancedTwoRadices), a convolution stage's FFTs included; not in Rader's one-launch stage
  // (CompositeRadices::All, raderOneLaunchLimits). Lines that are not columns, of twos and fives alone,
  // only where two passes go (4000 as 20 x 20 x 10, not 2000 as 20 x 10 x 10: balancedTwoRadices' figures).
  std::optional<BalancedRadices> balanced;
  if (limits.balancedTwoRadices && !ordered && (composites == CompositeRadices::WhereTheyPay || columns)) {
    const std::size_t passesToSave = !columns && oddPartIsPowerOf5(length) ? 2 : 1;
    const std::size_t preferred =
        limits.preferredBalancedValues ? limits.preferredBalancedValues : kMostBalancedValues;
    balanced = balancedTwoRadices(length, p.radices.size() + 1 - passesToSave, preferred);
    if (balanced && balanced->threads > limits.maxWorkGroupSize) balanced.reset();
  }
  if (balanced) p.radices = balanced->radices;
  // A team pass first, then the rest's radices (in registers as usual).
  const std::size_t team = ordered ? 0 : teamPrimeOf(length, limits);
  if (team) {
    p.teamPrime = int(team);
    p.radices = {int(team)};
    if (length > team) {
      // Every composite: the team's work-items outnumber the rest's butterflies anyway (H100, 1809's 27 as
      // one pass rather than 3 x 3 x 3: 0.70 -> 0.47 ms).
      const std::vector<int> rest = mixedRadices(
          length / team, composites == CompositeRadices::None ? composites : CompositeRadices::All);
      p.radices.insert(p.radices.end(), rest.begin(), rest.end());
    }
  }
  const auto inRegisters = p.radices.begin() + (team ? 1 : 0);
  const std::size_t largest =
      inRegisters == p.radices.end() ? 1 : std::size_t(*std::max_element(inRegisters, p.radices.end()));
  const auto registerValues = [&](std::size_t threads) {
    std::size_t values = 1;
    for (int r : std::span<const int>(inRegisters, p.radices.end())) {
      const std::size_t butterflies = length / std::size_t(r);
      values = std::max(values, (butterflies + threads - 1) / threads * std::size_t(r));
    }
    return values;
  };
  p.threads = length / largest;
  if (limits.mixedThreads) {
    // The generic program: a fixed number of work-items per line, more where its registers run out.
    p.threads = std::min(p.threads, limits.mixedThreads);
    while (registerValues(p.threads) > kGenericRegisterValues)
      ++p.threads;
  } else if (balanced) {
    p.threads = balanced->threads;
  } else {
    // Where every pass is a large codelet (each radix above 16), one butterfly of each per work-item:
    // 1023 as 33 x 31 on 31 work-items gave two of them two 31-point butterflies. H100: 1023 0.246 -> 0.221
    // ms, R2C 1023 0.159 -> 0.131, R2C 2046 0.203 -> 0.153, R2C 2046 x 1023 0.360 -> 0.291, 683 on 22 x 31
    // 0.673 -> 0.633. Not beside a pass of small radices, whose rounds set the pace (2046 as 2 x 33 x 31
    // 0.312 -> 0.348 ms). With Rader's rest rows too, in groups within kRestRowsGroup (683's 31 work-items
    // rather than 22 a sub-line): 1366 0.820 -> 0.727 ms, 1366 x 768 1.031 -> 0.935, 2732 0.817 -> 0.710,
    // 2049 1.085 -> 0.782, 4098 1.139 -> 0.909 (in groups of 256 it had lost: 1366 x 768 1.069 -> 1.095).
    const auto large = [](int r) { return r > 16; };
    if (!team && std::all_of(inRegisters, p.radices.end(), large))
      for (int r : std::span<const int>(inRegisters, p.radices.end()))
        p.threads = std::max(p.threads, length / std::size_t(r));
    // Two large radices in one line: one work-item per butterfly of the largest leaves some with two of
    // the other, 118 values in registers for 3599 = 59 x 61 (H100: 1.53 ms, 2.4x VkFFT). More work-items
    // instead, until no pass holds more than the largest radix or kRegisterValues.
    while (registerValues(p.threads) > std::max(kRegisterValues, largest))
      ++p.threads;
  }
  if (team) {
    const std::size_t restThreads = inRegisters == p.radices.end() ? 0 : p.threads;
    const std::size_t restLargest = inRegisters == p.radices.end() ? 0 : largest;
    p.teamSpan = int(teamSpanFor(length, team, restThreads));
    p.threads = std::max(restThreads, teamThreads(length, team, std::size_t(p.teamSpan)));
    const std::size_t items = limits.teamConvolution ? teamProductItems(length, team, restLargest) : 0;
    if (items) {
      // The products one after another, the line's work-items rounded up to whole warps
      // (teamProductItems).
      p.teamProductItems = int(items);
      p.threads = std::max(restThreads, (kTeamProducts * items + kWarpLanes - 1) / kWarpLanes * kWarpLanes);
    }
  }
  p.registerValues = registerValues(p.threads);
  std::size_t lines = linesFor(p.threads, loadAdjacent || storeAdjacent, totalLines, limits);
  if (!loadAdjacent && !storeAdjacent) {
    const std::size_t maxGroup = std::min(kLargestWarpFillingGroup, limits.maxWorkGroupSize);
    // Rader's one-launch stage (both convolution FFTs, every value in registers through every exchange's
    // barriers) runs faster in groups of a warp or two: each barrier then waits on fewer warps, and more
    // groups interleave. H100, rows in groups of about 128 work-items against the lines that fill warps: 683
    // (31 a line) 0.631 -> 0.576 ms, 257 0.368 -> 0.278, 127 0.588 -> 0.500, 101 0.632 -> 0.526, 97 0.506 ->
    // 0.448, 193 0.438 -> 0.378, 331 0.642 -> 0.582, 509 0.593 -> 0.531, 683 x 32 0.822 -> 0.780; 1009,
    // 2053, 3001, 4001, 947, 1361 and 1009 x 1009 within 1%. About 64 work-items instead (the target
    // group) was slower than one warp for 257 (0.309) and 127 (0.552). Not with the rest of its rows (1366
    // x 768 lost with fewer lines).
    if (limits.warpFillingGroups && !restRows) {
      lines = std::min(linesFillingWarps(p.threads, maxGroup), std::bit_ceil(totalLines));
    } else {
      const std::size_t wanted = std::max(linesFillingWarps(p.threads, maxGroup),
                                          std::min(kContiguousMixedGroup, maxGroup) / p.threads);
      lines = std::max(lines, std::min(wanted, std::bit_ceil(totalLines)));
    }
  }
  // Fewer lines where local memory runs out: adjacent lines down to the largest power of two below, whole
  // sectors while more than one fits. Halving 12 gave 6, two sectors split three ways (H100: 1000 x 500's
  // 500-long columns with 8 lines 0.445 -> 0.424 ms); a sector at a time left 3000 x 2000's 50-long columns
  // with 68 lines, 136 work-items a group, where 64 had run (0.553 -> 0.600 ms).
  const bool adjacent = loadAdjacent || storeAdjacent;
  while (team ? !teamFitsLocalMemory(length, lines, team, limits)
              : !fitsLocalMemory(length, lines, 1, limits)) {
    if (lines == 1)
      throw outOfResources("sub-transform of " + std::to_string(length) + " does not fit local memory");
    lines = adjacent && lines > limits.minAdjacentLines
                ? std::max(limits.minAdjacentLines, std::bit_floor(lines - 1))
                : lines / 2;
  }
  p.lines = lines;
  p.loadLinesFastest = loadAdjacent;
  p.storeLinesFastest = storeAdjacent;
  p.totalLines = totalLines;
  return p;
}

namespace {

// Columns of the axis' own layout (plain launches over adjacent lines; planLaunches) take two sectors of
// lines, so that a warp reads 64 bytes a row: in one exchange where they fit, else in two rounds
// (LINE_ROUNDS) where local memory holds one sector, the group stays within kLargestRoundsGroup and its
// work-items hold few values (kLargestRoundsValues, radices up to 16). H100, column passes with four
// lines against eight: 480 0.240 -> 0.221 ms, 600 0.239 -> 0.217, 768 as 16 x 16 x 3 (two rounds, 18
// values) 0.254 -> 0.236; in two rounds 720 (360 work-items, 20 values) and 1000 as 8 x 25 x 5 (320, 32)
// unchanged, 1000 as 8 x 5 x 5 x 5 (1000 work-items) 0.256 -> 0.39, and R2C 2046 x 1023's 1023-long
// columns as 3 x 11 x 31 (33 values) made the transform 0.344 -> 0.446 ms. Not for a convolution's
// launches that load or store through its hooks (the rounds keep no hook).
bool fitsTwoRounds(const StockhamPass& p, std::size_t lines, const DeviceLimits& limits)
{
  return lines * p.threads <= kLargestRoundsGroup && p.registerValues <= kLargestRoundsValues &&
         std::all_of(p.radices.begin(), p.radices.end(), roundsRadix) &&
         fitsLocalMemoryInRounds(p.length, lines, 2, limits);
}

} // namespace

// Columns too long for a sector of lines in one exchange (mixedLaunchLengths gave them one launch where
// a sector fits in two rounds) take that sector in two rounds rather than half a sector.
void takeTwoSectors(StockhamPass& p, const DeviceLimits& limits)
{
  if (p.teamPrime || limits.mixedThreads || p.radices.size() < 2) return;
  for (std::size_t wanted : {2 * limits.minAdjacentLines, limits.minAdjacentLines}) {
    const std::size_t sectors =
        std::min({wanted, std::bit_ceil(p.totalLines), limits.maxWorkGroupSize / p.threads});
    if (sectors <= p.lines || sectors % limits.minAdjacentLines) return;
    if (fitsLocalMemory(p.length, sectors, 1, limits)) {
      p.lines = sectors;
      return;
    }
    if (fitsTwoRounds(p, sectors, limits)) {
      p.lines = sectors;
      p.lineRounds = 2;
      return;
    }
  }
}

// The first launch of Rader's forward FFT in two launches on odd real rows in pairs (AxisJob::
// gatherWholeLines): one group a whole convolution line, its nOverL sub-lines, exchanging in as few rounds
// as local memory allows (no row twiddles at ns = 1), so that the gather reads the two rows in order, in
// chunks through the exchange buffer (cl/fft_mixed.cl's WHOLE_LINE_GATHER says what it gained, and why
// complex rows keep the gather from global memory). Work-items keep their values in registers from pass
// to pass, as in LINE_ROUNDS, so they hold few (kLargestRoundsValues); the group may be larger than
// kLargestRoundsGroup (7681: 960 work-items, R2C 0.647 -> 0.567 ms).
void holdWholeLinesToGather(StockhamPass& p, std::size_t nOverL, const DeviceLimits& limits)
{
  if (!limits.wholeLineGather || p.teamPrime || limits.mixedThreads || p.radices.size() < 2 ||
      nOverL * p.threads > limits.maxWorkGroupSize || p.registerValues > kLargestRoundsValues ||
      kernelMaxRadix(p.length) > 32)
    return;
  for (std::size_t rounds = 1; rounds <= nOverL; ++rounds) {
    if (nOverL % rounds) continue;
    if (exchangeSlots(p.length, nOverL / rounds, 1) * exchangeBytesPerValue(1) > limits.localMemBytes)
      continue;
    p.lines = nOverL;
    p.lineRounds = int(rounds);
    p.loadLinesFastest = p.storeLinesFastest = false;
    p.wholeLineGather = true;
    return;
  }
}

namespace {

// RADER_REST's kernel takes up to eight rest passes (cl/fft_mixed.cl).
constexpr std::size_t kMaxRestPasses = 8;
// Values per work-item the rest's passes may hold where the convolution's hold fewer.
constexpr std::size_t kRestRegisterValues = 32;

} // namespace

// Values per work-item in the busiest pass of Rader's one-launch stage `conv` (p - 1 long) doing the rest
// of its rows: its own passes', or the rest's on whole rows, with conv.threads * rest.m work-items a row.
std::size_t restRegisterValues(const StockhamPass& conv, const RaderRest& rest)
{
  const std::size_t rowLength = (conv.length + 1) * rest.m, rowThreads = conv.threads * rest.m;
  std::size_t values = conv.registerValues;
  for (int r : rest.radices) {
    const std::size_t butterflies = rowLength / std::size_t(r);
    values = std::max(values, (butterflies + rowThreads - 1) / rowThreads * std::size_t(r));
  }
  return values;
}

namespace {

// Work-items a group of Rader's one-launch stage doing the rest of its rows aims at (whole rows, at most
// this many; one row where a row takes more). H100, against stridedGroupSize's 256: 1366 (683 x 2, rows of
// 44 work-items, two rows rather than three) 0.854 -> 0.825 ms, 1366 x 768 1.069 -> 1.033, 134 0.455 ->
// 0.437, 142 0.457 -> 0.443, 146 0.425 -> 0.378; 2049, 4098, 2136, 2010 and 3618 within 1%; but 568 = 71 x 8
// (rows of 80, one rather than three) 0.468 -> 0.488. At 64, 1366 lost (0.987).
constexpr std::size_t kRestRowsGroup = 128;

} // namespace

// Shapes Rader's one-launch convolution launch `conv` (p - 1 long, as shapeMixedPass left it) to hold whole
// rows of rest.m lines and do the rest's passes on them (RaderRest): as many rows as keep the group within
// kRestRowsGroup work-items, fewer where local memory runs out. False where one row does not fit, where
// the rest's passes would hold more values per work-item than the convolution's and kRestRegisterValues,
// or where the convolution has a radix above 32. H100, against the stage and the rest apart: 1809 = 67 x 27
// 0.648 -> 0.602 ms, 1366 x 768 1.225 -> 1.139, 2018 = 1009 x 2 0.750 -> 0.490, 1072 = 67 x 16 0.759 ->
// 0.463, 2049 = 683 x 3 (33 values a work-item, as its convolution's) 1.003 -> 0.898; but 3618 = 67 x 54
// with 54 as 2 x 27 (27 values against 12) 0.670 -> 0.741, and 1341 = 149 x 9 (148 = 4 x 37; 168
// registers) 0.701 -> 0.905.
bool holdWholeRows(StockhamPass& conv, const RaderRest& rest, const DeviceLimits& limits)
{
  const std::size_t rowLength = (conv.length + 1) * rest.m, rowThreads = conv.threads * rest.m;
  // The second convolution FFT's last pass writes the rows (it needs a pass before it).
  if (!rest.any() || rest.radices.empty() || rest.radices.size() > kMaxRestPasses ||
      conv.radices.size() < 2 || rowThreads > limits.maxWorkGroupSize || kernelMaxRadix(conv.length) > 32)
    return false;
  const std::size_t values = restRegisterValues(conv, rest);
  if (values > std::max(conv.registerValues, kRestRegisterValues)) return false;
  const auto fits = [&](std::size_t rows) {
    const std::size_t lines = rows * rest.m;
    const std::size_t slots =
        std::max(exchangeSlots(conv.length, lines, 1), rows * (rowLength + rowLength / 16 + 1));
    // Each line's X[0] and output start, and the pass-twiddle rows every launch is budgeted for.
    const std::size_t perLine =
        2 * sizeof(float) + sizeof(std::uint32_t) + (kernelMaxRadix(conv.length) + 1) * 2 * sizeof(float);
    return slots * 2 * sizeof(float) + lines * perLine <= limits.localMemBytes;
  };
  std::size_t rows = std::max<std::size_t>(1, kRestRowsGroup / rowThreads);
  rows = std::min(
      {rows, limits.maxWorkGroupSize / rowThreads, std::max<std::size_t>(1, conv.totalLines / rest.m)});
  while (rows > 1 && !fits(rows))
    --rows;
  if (!fits(rows)) return false;
  conv.lines = rows * rest.m;
  conv.registerValues = values;
  conv.raderRest = rest;
  return true;
}

namespace {

// Relative time of one launch over adjacent lines of `length` (a strided pass: loads or stores walk
// adjacent lines, or both), by how many lines fit local memory. Measured per 2^25 values, against 1.0 for
// 16 lines or more (lines <= 256, ~95% of copy): on the H200 with 48 KB, 8 lines (512) 1.35 and 4 lines
// (1024) 1.45; on the H100, longer lines exchanged in rounds 1.3 where only the loads walk adjacent lines
// (2^22's first launch as 2048 x 2048: 0.245 ms against 0.19 for contiguous rows) and 1.65 where loads
// and stores both do (its second launch, eight lines in four rounds with the pass twiddle: 0.31 ms), so
// 2^22 takes two launches (0.546 ms against 0.576 in three of 256, 128 and 128). Before columns took
// eight lines in four rounds, those launches measured 1.55 and 1.85 (0.29 and 0.37 ms). Rows of a real
// transform keep the H200's 2.5 for those launches: R2C's fused last launch pairs mirrored lines through
// re/im rounds (REAL_ROWS 3), and both directions measured faster in three launches (H100: R2C 2^22 0.38
// ms against 0.45 as 2048 x 1024, C2R 0.36 against 0.39).
double adjacentLaunchCost(std::size_t length, bool bothSides, bool realRows, const DeviceLimits& limits)
{
  if (fitsLocalMemory(length, 16, 1, limits)) return 1.0;
  if (fitsLocalMemory(length, 8, 1, limits)) return 1.35;
  if (fitsLocalMemory(length, 4, 1, limits)) return 1.45;
  if (realRows) return 2.5;
  return bothSides ? 1.65 : 1.3;
}

// Relative time of one launch of a complex row split over several launches, by its place and by how
// many of its lines fit local memory (16, 8, 4, 2, 1). Measured on the H200 (48 KB; ms per 2^25 values
// over the copy's 0.131 ms) for lengths 256, 512, 1024, 2048 and 4096: the first launch, which loads
// adjacent lines and stores in order, 1.17, 1.30, 1.45, 1.72, 2.10; a later one, which loads and stores
// adjacent lines and applies the pass twiddles, 1.15, 1.19, 1.46, 1.87, 1.98. So a long launch goes last
// and a short one first where that is cheaper: 2^22 as 1024 x 4096 0.435 ms against 0.455 as 2048 x 2048,
// 2^17 as 256 x 512 0.290 against 0.298; and 2^23 and 2^24 take three launches of 256 and 128 (0.442 and
// 0.451, where 4096 x 2048 and 4096 x 4096 took 0.514 and 0.526, and 2048 x 4096 0.470 for 2^23).
double rowLaunchCost(std::size_t length, bool first, const DeviceLimits& limits)
{
  constexpr std::size_t kLines[] = {16, 8, 4, 2, 1};
  constexpr double kFirst[] = {1.17, 1.30, 1.45, 1.72, 2.10};
  constexpr double kLater[] = {1.15, 1.19, 1.46, 1.87, 1.98};
  for (std::size_t i = 0; i < std::size(kLines); ++i)
    if (fitsLocalMemory(length, kLines[i], 1, limits)) return first ? kFirst[i] : kLater[i];
  return first ? 2.5 : 2.4; // exchanged in parts: longer than local memory holds
}

// `n` split into `count` launch lengths of nearly equal exponents, largest first.
std::vector<std::size_t> splitInto(std::size_t n, int count)
{
  const int bits = std::countr_zero(n);
  std::vector<std::size_t> lengths;
  for (int i = 0; i < count; ++i)
    lengths.push_back(std::size_t{1} << (bits / count + (i < bits % count ? 1 : 0)));
  return lengths;
}

} // namespace

// Launch lengths of a power-of-two axis. Contiguous lines that fit one launch take one. Otherwise the
// fewest launches the local memory allows, or one more where shorter lines run enough faster to pay for
// the extra read and write (at equal cost, the fewer launches). Every launch of a four-step loads adjacent
// lines, and every one but the first stores them; on columns, all do both. H100: 2^21 as 2048 x 1024 0.50 ms
// against 0.57 in three launches of 128 (adjacentLaunchCost); 2048-long columns in one launch (two rounds
// per exchange) 0.35 against 0.39 in two. Complex rows also weigh each launch by its place
// (rowLaunchCost), over every order of two launches and three balanced ones.
std::vector<std::size_t> powerOfTwoLaunchLengths(std::size_t n, bool columns, bool realRows,
                                                 const DeviceLimits& limits)
{
  const std::size_t singleMax = columns ? maxLengthFor(limits, limits.minAdjacentLines, kMaxAdjacentParts)
                                        : maxLengthFor(limits, 1, kMaxRowParts);
  if (n <= singleMax && !columns) return {n};
  const auto cost = [&](const std::vector<std::size_t>& lengths) {
    double sum = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i)
      sum += adjacentLaunchCost(lengths[i], columns || i > 0, realRows, limits);
    return sum;
  };
  const std::size_t maxLength = maxLengthFor(limits, limits.minAdjacentLines, kMaxAdjacentParts);
  std::vector<std::size_t> best =
      n <= singleMax ? std::vector<std::size_t>{n} : balancedFactors(n, maxLength);
  // Only where the planner may choose: a pass-length cap (tests, tuning) keeps its split.
  if (limits.maxPassLength) return best;
  if (columns || realRows) { // their launches all walk adjacent lines alike
    const std::vector<std::size_t> more = splitInto(n, int(best.size()) + 1);
    if (more.back() >= 2 && cost(more) < cost(best)) best = more;
    return best;
  }
  // Complex rows: every order of two launches, and three balanced ones, by where each launch stands.
  const auto rowCost = [&](const std::vector<std::size_t>& lengths) {
    double sum = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i)
      sum += rowLaunchCost(lengths[i], i == 0, limits);
    return sum;
  };
  std::vector<std::vector<std::size_t>> candidates{splitInto(n, int(best.size()) + 1)};
  const int bits = std::countr_zero(n);
  if (best.size() == 2)
    for (int first = 1; first < bits; ++first) {
      const std::size_t a = std::size_t{1} << first, b = n >> first;
      if (a <= maxLength && b <= maxLength) candidates.push_back({a, b});
    }
  for (const auto& lengths : candidates)
    if (lengths.back() >= 2 && rowCost(lengths) < rowCost(best) - 1e-9) best = lengths;
  return best;
}

// The longest launch of a mixed length split over several launches: its lines fit local memory with
// pass-twiddle rows for n's largest radix (a launch's is never larger), and any length up to twice the
// work-group size keeps a work-item per butterfly of its largest radix (every radix is >= 2).
std::size_t splitLaunchMaxLength(std::size_t n, const DeviceLimits& limits)
{
  return std::min(maxMixedLengthFor(limits, limits.minAdjacentLines, kernelMaxRadix(n)),
                  2 * limits.maxWorkGroupSize);
}

namespace {

// A launch length with one or two factors of 2 among odd ones (250 = 2 x 5 x 5 x 5, 300 = 4 x 3 x 5 x 5):
// its pass of 2 or 4 leaves each work-item several butterflies (work-items are one per butterfly of the
// largest radix), and as one of two launches of a row it ran slower than lengths with no 2 or with 8 or
// more (H100, ms for 2^25 values: first launches of 250, 300 and 210 0.25-0.27, of 200 = 8 x 25 and 400 =
// 16 x 5 x 5 0.21-0.22).
bool hasAwkwardTwos(std::size_t length)
{
  const int twos = std::countr_zero(length);
  return twos == 1 || twos == 2;
}

// The shortest launch such a split may have: 6000 (R2C 12000's rows) as 80 x 75 rather than 100 x 60 made
// its first launch 0.130 -> 0.224 ms, where every split measured faster had both launches 96 or longer.
constexpr std::size_t kLeastSplitLaunch = 96;

// Rows in two launches: the balanced split, unless another split (launches of kLeastSplitLaunch or more)
// has fewer launches with awkward twos; then the most balanced of those, the launch with the twos first.
// H100, one lease, against the balanced split: 44100 as 196 x 225 rather than 210 x 210 0.473 -> 0.431 ms,
// 45000 200 x 225 0.487 -> 0.428, 50000 400 x 125 0.486 -> 0.415, 100000 160 x 625 0.469 -> 0.409, 150000
// 400 x 375 0.566 -> 0.458, 12000 96 x 125 0.418 -> 0.388, 30000, 36000, 60000, 81000, 88200, 90000,
// 97200, 120000 and R2C 88200 and 90000 by 2 to 7%.
std::vector<std::size_t> splitRowsInTwo(std::size_t n, std::vector<std::size_t> balanced,
                                        std::size_t maxLength)
{
  const auto awkward = [](std::size_t a, std::size_t b) {
    return int(hasAwkwardTwos(a)) + int(hasAwkwardTwos(b));
  };
  int fewest = awkward(balanced[0], balanced[1]);
  std::vector<std::size_t> best = balanced;
  for (std::size_t a = kLeastSplitLaunch; a * a <= n; ++a) {
    const std::size_t b = n / a;
    if (n % a || b > maxLength) continue;
    const int count = awkward(a, b);
    if (count < fewest || (count == fewest && best != balanced && b < std::max(best[0], best[1]))) {
      fewest = count;
      best = std::countr_zero(a) >= std::countr_zero(b) ? std::vector<std::size_t>{a, b}
                                                        : std::vector<std::size_t>{b, a};
    }
  }
  return best;
}

} // namespace

// Launch lengths of a smooth axis on the mixed-radix kernel.
std::vector<std::size_t> mixedLaunchLengths(std::size_t n, bool columns, const DeviceLimits& limits)
{
  // A single launch needs the line in local memory and a work-item per butterfly of its largest radix.
  const std::size_t singleMax =
      maxMixedLengthFor(limits, columns ? limits.minAdjacentLines : 1, kernelMaxRadix(n));
  if (n <= singleMax && mixedThreads(n, limits) <= limits.maxWorkGroupSize) return {n};
  // Columns where a sector of lines fits in two rounds (takeTwoSectors gives the launch that shape): one
  // read and write of the axis instead of two. H100: 3000 x 2000 (2000 = 16 x 5 x 5 x 5, 125 work-items
  // a line) 0.556 -> 0.489 ms, 64 x 2000 0.566 -> 0.495, 1920 x 1920 0.579 -> 0.509, R2C 3000 x 2000
  // 0.310 -> 0.295. Half a sector in one exchange instead lost (0.611, 0.622, 0.622, 0.335), also on the
  // columns the rounds do not take (1600 x 1600 0.575 -> 0.610, 2160 x 2160 0.619 -> 0.684).
  // Not on the generic program, whose launches take no rounds (takeTwoSectors).
  const std::size_t halfSector = std::max<std::size_t>(1, limits.minAdjacentLines / 2);
  if (columns && !limits.maxPassLength && !limits.mixedThreads &&
      mixedThreads(n, limits) <= limits.maxWorkGroupSize &&
      n <= maxMixedLengthFor(limits, halfSector, kernelMaxRadix(n)) &&
      fitsTwoRounds(shapeMixedPass(n, true, true, limits.minAdjacentLines, limits), limits.minAdjacentLines,
                    limits))
    return {n};
  const std::size_t maxLength = splitLaunchMaxLength(n, limits);
  std::vector<std::size_t> lengths = launchLengths(n, maxLength);
  if (!columns && lengths.size() == 2 && !limits.maxPassLength && !limits.mixedThreads)
    return splitRowsInTwo(n, std::move(lengths), maxLength);
  return lengths;
}

// What a convolution of `length` costs, in values read and written per line: each launch of its two FFTs
// (contiguous lines on the mixed-radix kernel) reads and writes the whole line once.
double convolutionCost(std::size_t length, const DeviceLimits& limits)
{
  return double(length) * double(mixedLaunchLengths(length, false, limits).size());
}

namespace {

} // namespace
} // namespace spectrascope::detail
