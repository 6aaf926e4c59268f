#include "StockhamPlanner.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <mutex>
#include <span>

namespace spectrascope::detail {
namespace {

constexpr std::size_t kGenericRegisterValues = 32;    // VMAX of cl/fft_mixed.cl's GENERIC_SHAPE program
constexpr std::size_t kRegisterValues = 64;           // VMAX of its length-specialised programs, at most

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
// (747 = 83 x 9 at 5 0.40 against 0.81, 1095 = 73 x 15 at 8 0.37 against 0.50): planAxis keeps to those.
constexpr std::size_t kLeastTeamSpan = 5;

// A team pass's convolution form (StockhamPass::teamProductItems): its products (TEAM_PRODUCTS in
// cl/fft_mixed.cl), and the butterflies a line it was measured on (teamProductItems says why).
constexpr std::size_t kTeamProducts = 5;
constexpr std::size_t kLeastTeamProductItems = 24;
constexpr std::size_t kMostTeamProductItems = 32;

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

// Work-items per line of a mixed launch: one per butterfly of its largest radix.
std::size_t mixedThreads(std::size_t length, const DeviceLimits& limits)
{
  const std::vector<int> radices = mixedRadices(length, compositeRadicesFor(limits));
  return length / std::size_t(*std::max_element(radices.begin(), radices.end()));
}

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

// Sectors of adjacent lines a column launch takes: two, where its exchange holds them in up to four rounds
// (below); four for the last launch of complex rows split in two, which applies the first launch's
// twiddles as it loads (H100, 16 lines of 1024 in four rounds against 8 in two: 2^20 0.431 -> 0.418 ms,
// 2^21 0.463 -> 0.453; but not for a 2D transform's 1024-long columns, 1024 x 1024 0.401 -> 0.424).
// Shorter lines already take 16 (256 work-items a group) and 2048-long ones fit no more than 8.
constexpr std::size_t kColumnSectors = 2;
constexpr std::size_t kLastRowLaunchSectors = 4;

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

// Work-items per line that are not a multiple of a warp leave lanes idle in each group's last warp: one
// line of 1023 = 3 x 11 x 31 is 33 work-items, 33 of 64 lanes busy. Contiguous lines then take the fewest
// lines per group that keep at least four in five lanes busy (H100, 1023: one line 0.360 ms, four 0.275;
// 2046 and 2001 with two lines: 0.386 -> 0.343 ms and 0.349 -> 0.327 ms).
constexpr std::size_t kWarpLanes = 32;
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

// `radices`: the local passes where the caller orders them (a plane launch); else the length's own.
// `restRows`: Rader's one-launch convolution that also does the rest of its rows (holdWholeRows).
StockhamPass shapeMixedPass(std::size_t length, bool loadAdjacent, bool storeAdjacent, std::size_t totalLines,
                            const DeviceLimits& limits, std::vector<int> radices = {}, bool restRows = false)
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

// RADER_REST's kernel takes up to eight rest passes (cl/fft_mixed.cl).
constexpr std::size_t kMaxRestPasses = 8;
// Values per work-item the rest's passes may hold where the convolution's hold fewer.
constexpr std::size_t kRestRegisterValues = 32;

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

// Work-items a group of Rader's one-launch stage doing the rest of its rows aims at (whole rows, at most
// this many; one row where a row takes more). H100, against stridedGroupSize's 256: 1366 (683 x 2, rows of
// 44 work-items, two rows rather than three) 0.854 -> 0.825 ms, 1366 x 768 1.069 -> 1.033, 134 0.455 ->
// 0.437, 142 0.457 -> 0.443, 146 0.425 -> 0.378; 2049, 4098, 2136, 2010 and 3618 within 1%; but 568 = 71 x 8
// (rows of 80, one rather than three) 0.468 -> 0.488. At 64, 1366 lost (0.987).
constexpr std::size_t kRestRowsGroup = 128;

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

bool transformsAxis(const AxisJob& job, int axis)
{
  return (job.axes >> axis) & 1u;
}

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

// `n` split into `count` launch lengths of nearly equal exponents, largest first.
std::vector<std::size_t> splitInto(std::size_t n, int count)
{
  const int bits = std::countr_zero(n);
  std::vector<std::size_t> lengths;
  for (int i = 0; i < count; ++i)
    lengths.push_back(std::size_t{1} << (bits / count + (i < bits % count ? 1 : 0)));
  return lengths;
}

// Launch lengths of a power-of-two axis. Contiguous lines that fit one launch take one. Otherwise the
// fewest launches the local memory allows, or one more where shorter lines run enough faster to pay for
// the extra read and write (at equal cost, the fewer launches). Every launch of a four-step loads adjacent
// lines, and every one but the first stores them; on columns, all do both. H100: 2^21 as 2048 x 1024 0.50 ms
// against 0.57 in three launches of 128; 2^22 as 2048 x 2048 0.546 against 0.576 (adjacentLaunchCost);
// 2048-long columns in one launch (two rounds per exchange) 0.35 against 0.39 in two.
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
  std::vector<std::size_t> best =
      n <= singleMax ? std::vector<std::size_t>{n}
                     : balancedFactors(n, maxLengthFor(limits, limits.minAdjacentLines, kMaxAdjacentParts));
  // Only where the planner may choose: a pass-length cap (tests, tuning) keeps its split.
  if (limits.maxPassLength) return best;
  const std::vector<std::size_t> more = splitInto(n, int(best.size()) + 1);
  if (more.back() >= 2 && cost(more) < cost(best)) best = more;
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

std::size_t rowsOf(const AxisJob& job)
{
  return job.extent[1] * job.extent[2] * job.batch;
}

// Whether the axis' lines hold real values (its real rows, or odd real rows in pairs): the first axis of a
// real transform.
bool realLines(const AxisJob& job, int axis)
{
  return axis == 0 && (job.realRows || job.realPairs.any());
}

// Appends the passes of one axis. `stride`: distance between the axis' consecutive elements.
void planAxis(const AxisJob& job, int axis, std::size_t stride, const DeviceLimits& limits,
              StockhamSchedule& schedule)
{
  const std::size_t n = job.extent[axis];
  const std::size_t elements = job.extent[0] * job.extent[1] * job.extent[2];
  const std::size_t outer = elements / (stride * n) * job.batch;
  const bool pitched = axis == 0 && (job.rowPitchIn || job.rowPitchOut);
  const std::size_t pitchIn = pitched && job.rowPitchIn ? job.rowPitchIn : stride * n;
  const std::size_t pitchOut = pitched && job.rowPitchOut ? job.rowPitchOut : stride * n;
  const auto place = [&](StockhamPass p, bool first) {
    p.axis = axis;
    p.stride = stride;
    p.inner = stride;
    p.dist = first ? pitchIn : pitchOut;
    p.distOut = pitchOut;
    schedule.passes.push_back(std::move(p));
  };
  const bool columns = stride > 1; // adjacent lines are adjacent in memory
  // The launches of a smooth length (or factor) as steps of the axis' global step, from stride ns on.
  const auto planLaunches = [&](const std::vector<std::size_t>& lengths, std::size_t ns, bool powerOfTwo) {
    for (std::size_t length : lengths) {
      const std::size_t nOverL = n / length;
      const bool loadAdjacent = columns || nOverL > 1 || (ns == 1 && job.axisLoadsAdjacent);
      const bool storeAdjacent = columns || ns > 1 || (ns * length == n && job.axisStoresAdjacent);
      const std::size_t totalLines = stride * nOverL * outer;
      // The last launch of complex rows split in two (a real transform's keeps two sectors: its pairwise
      // step takes at most two rounds).
      const bool lastRowLaunch = !columns && ns > 1 && !job.realRows;
      // Real rows keep a team pass's direct form: its convolution form lost there (H100, R2C 1809 0.237 ->
      // 0.249 ms, R2C 2133 0.232 -> 0.280), though R2C 2010 gained (0.219 -> 0.179) and C2R was mixed
      // (each product in a warp of its own: 1809 0.226 -> 0.217, 2133 0.230 -> 0.235). Their balanced
      // radices hold fewer values where no pass more does (kRealRowBalancedValues), unless a tuned shape
      // says otherwise.
      DeviceLimits passLimits = limits;
      if (realLines(job, axis)) {
        passLimits.teamConvolution = false;
        if (!limits.preferredBalancedValues) passLimits.preferredBalancedValues = kRealRowBalancedValues;
      }
      StockhamPass p = powerOfTwo ? shapePass(length, loadAdjacent, storeAdjacent, totalLines, limits,
                                              lastRowLaunch ? kLastRowLaunchSectors : kColumnSectors, ns > 1)
                                  : shapeMixedPass(length, loadAdjacent, storeAdjacent, totalLines,
                                                   passLimits, {}, job.raderRest.any());
      // Adjacent on both sides by the axis' own layout: not a convolution's first or last launch, which
      // loads or stores through its hooks.
      const bool ownColumns = (columns || nOverL > 1) && (columns || ns > 1);
      if (!powerOfTwo && ownColumns && !job.raderRest.any()) takeTwoSectors(p, limits);
      if (!powerOfTwo && job.gatherWholeLines && ns == 1 && nOverL > 1 && !columns)
        holdWholeLinesToGather(p, nOverL, limits);
      // Rader's convolution launch that does the rest of its rows: planAxis granted it on these limits.
      if (job.raderRest.any() && !holdWholeRows(p, job.raderRest, limits))
        throw unsupported("Rader's stage with the rest of its rows does not fit one launch");
      p.ns = ns;
      p.nOverL = nOverL;
      // Whole rows in one launch do the pairwise step there. Mixed-radix rows: R2C only (cl/fft_mixed.cl's
      // REAL_ROWS 1; C2R keeps its c2r_pre pass).
      const bool wholeRows =
          job.realRows && axis == 0 && lengths.size() == 1 && !loadAdjacent && !storeAdjacent;
      if (wholeRows && (powerOfTwo ? p.exchangeParts == 1 : job.realRows == 1)) p.realRows = job.realRows;
      // R2C rows longer than one launch: the last launch pairs mirrored lines (cl/fft_stockham.cl,
      // REAL_ROWS 3).
      const bool lastOfRows = ns * length == n && lengths.size() > 1;
      // Its mirrored pairs take at most two rounds (cl/fft_stockham.cl); mixed-radix lines pair up whole in
      // the exchange buffer (cl/fft_mixed.cl's mirroredPostOut), an even count of them. H200, against a
      // pass of its own after the two launches: R2C 44100 0.286 -> 0.260 ms, 48000 0.269 -> 0.229, 24000,
      // 32000, 88200, 96000 and 192000 7 to 10% faster.
      const bool mirroredPairs = powerOfTwo ? p.exchangeParts <= 2
                                            : p.lineRounds == 1 && nOverL % 2 == 0 && !limits.mixedThreads &&
                                                  !p.teamPrime && !job.raderRest.any();
      if (job.realRows == 1 && axis == 0 && stride == 1 && lastOfRows && p.lines % 2 == 0 && mirroredPairs)
        p.realRows = 3;
      // C2R rows longer than one launch: the first launch forms Z from X and its mirror (REAL_ROWS 4).
      // The mirrors are read from other lines, in reverse order: with 16 adjacent lines a warp still reads
      // whole 128-byte runs (H200: 65536 0.236 -> 0.202 ms); with 8 it lost to a separate pass (2^20
      // 0.308 -> 0.323).
      if (job.realRows == 2 && axis == 0 && stride == 1 && ns == 1 && lengths.size() > 1 && powerOfTwo &&
          p.lines >= 16)
        p.realRows = 4;
      place(p, ns == 1);
      ns *= length;
    }
  };
  // A prime factor from 67 to 89 as a team pass of one launch, where the axis fits one (rows in one
  // group, columns in groups of half a sector or more) and the team's work-items each take kLeastTeamSpan
  // output pairs or more. Columns in groups of one line read a sector for every value: slower than Rader's
  // stage and the rest's launch (H100: 12 x 1809 0.881 ms against 0.864, 1809 x 1809 1.134 against
  // 0.975, 16 x 2010 1.067 against 0.913), while two lines were faster (64 x 1072 0.605 against 0.928).
  if (const std::size_t team = teamPrimeOf(n, limits)) {
    const std::size_t lines = columns ? std::max<std::size_t>(1, limits.minAdjacentLines / 2) : 1;
    if (teamFitsLocalMemory(n, lines, team, limits)) {
      const StockhamPass trial = shapeMixedPass(n, columns, columns, lines, limits);
      if (lines * trial.threads <= limits.maxWorkGroupSize && std::size_t(trial.teamSpan) >= kLeastTeamSpan) {
        planLaunches({n}, 1, false);
        return;
      }
    }
  }
  if (const std::size_t prime = hasKernelRadices(n, limits) ? 0 : raderFactorOf(n, limits)) {
    // Rader's algorithm on the prime factor as the first step (ns = 1: it gathers from n / prime
    // interleaved lines, and writes each line whole), then the smooth factor's launches, reading what it
    // wrote: rows one after another, without the pitch of a real transform's rows.
    StockhamPass rader;
    rader.family = StockhamPass::Family::Rader;
    rader.length = prime;
    rader.lines = 1;
    rader.nOverL = n / prime;
    rader.totalLines = stride * rader.nOverL * outer;
    const std::size_t convolution = raderConvolutionLength(prime, true, limits);
    if (double(rader.totalLines) * double(convolution) > double(std::size_t{1} << 31))
      throw unsupported("more than 2^31 complex values in one call");
    rader.raderInOneLaunch = raderInOneLaunch(convolution, limits);
    rader.raderConvolution = convolution;
    place(rader, true);
    schedule.passes.back().distOut = stride * n;
    const std::size_t raderPass = schedule.passes.size() - 1;
    planLaunches(mixedLaunchLengths(n / prime, true, limits), prime, false);
    schedule.passes[raderPass + 1].dist = stride * n;
    // Rows whose rest is one launch: Rader's one-launch stage does it too where whole rows fit its
    // launch (ConvolutionStage::makeOneLaunch plans that launch on these limits, all composites allowed).
    // The rest's read and write of the axis go (holdWholeRows has the measurements).
    StockhamPass& stage = schedule.passes[raderPass];
    if (stride == 1 && limits.raderWithRest && stage.raderInOneLaunch && convolution == prime - 1 &&
        schedule.passes.size() == raderPass + 2) {
      DeviceLimits stageLimits = limits;
      stageLimits.allCompositeRadices = true;
      StockhamPass trial = shapeMixedPass(convolution, true, false, stage.totalLines, stageLimits, {}, true);
      // The rest's own radices, or one pass per prime where that holds fewer values per work-item (3618's
      // 54 as 2 x 3 x 3 x 3 rather than 2 x 27: 0.656 ms against 0.741).
      const RaderRest own{n / prime, schedule.passes.back().radices};
      const RaderRest primes{n / prime, mixedRadices(n / prime, CompositeRadices::None)};
      const bool primesHoldFewer = restRegisterValues(trial, primes) < restRegisterValues(trial, own);
      if (holdWholeRows(trial, primesHoldFewer ? primes : own, stageLimits)) {
        stage.raderRest = trial.raderRest;
        stage.distOut = pitchOut;
        schedule.passes.pop_back();
      }
    }
    return;
  }
  if (!hasKernelRadices(n, limits)) {
    StockhamPass p;
    p.family = largePrimeRoute(n, limits);
    p.length = n;
    p.lines = 1;
    p.totalLines = stride * outer;
    // The work buffer's 32-bit indices, for whichever route was taken (stockhamCannotPlan assumes the
    // default one).
    if (double(p.totalLines) * double(convolutionLength(n, limits)) > double(std::size_t{1} << 31))
      throw unsupported("more than 2^31 complex values in one call");
    if (p.family == StockhamPass::Family::Rader) {
      p.raderConvolution = raderConvolutionLength(n, false, limits);
      p.raderInOneLaunch = raderInOneLaunch(p.raderConvolution, limits);
    }
    place(p, true);
    return;
  }
  const bool powerOfTwo = std::has_single_bit(n) && !job.mixedRadixOnly;
  std::vector<std::size_t> lengths =
      powerOfTwo ? powerOfTwoLaunchLengths(n, columns, job.realRows != 0 && axis == 0, limits)
                 : mixedLaunchLengths(n, columns, limits);
  // The tuner's other split of two launches, within a pass-length cap (shapes that do not fit throw, and
  // the tuner skips them).
  const std::size_t first = limits.firstLaunchLength, second = first ? n / first : 0;
  const std::size_t cap = limits.maxPassLength ? limits.maxPassLength : n;
  if (lengths.size() == 2 && first > 1 && second > 1 && n % first == 0 && std::max(first, second) <= cap)
    lengths = {first, second};
  planLaunches(lengths, 1, powerOfTwo);
}

} // namespace

std::vector<std::size_t> StockhamPass::localRadices() const
{
  if (family == Family::Mixed) return {radices.begin(), radices.end()};
  if (isConvolution()) return {};
  std::vector<std::size_t> result{std::size_t(firstRadix)};
  for (std::size_t done = std::size_t(firstRadix); done < length; done *= std::size_t(radix))
    result.push_back(std::size_t(radix));
  return result;
}

AxisJob AxisJob::fromDescriptor(const TransformDescriptor& d)
{
  AxisJob job;
  job.extent = d.extent;
  job.batch = d.batch;
  job.direction = d.direction;
  if (d.direction == Direction::Inverse && d.normalization == Normalization::Standard)
    job.scale = float(1.0 / double(d.elementsPerTransform()));
  return job;
}

std::size_t AxisJob::inputValues() const
{
  return rowPitchIn ? rowsOf(*this) * rowPitchIn : extent[0] * rowsOf(*this);
}

std::size_t AxisJob::outputValues() const
{
  return rowPitchOut ? rowsOf(*this) * rowPitchOut : extent[0] * rowsOf(*this);
}

bool realRowsFused(const StockhamSchedule& schedule)
{
  return std::any_of(schedule.passes.begin(), schedule.passes.end(),
                     [](const StockhamPass& p) { return p.realRows != 0; });
}

bool rowsTakeRealPairs(const StockhamSchedule& schedule, const DeviceLimits& limits)
{
  if (schedule.passes.size() != 1) return false;
  const StockhamPass& p = schedule.passes.front();
  return (p.family == StockhamPass::Family::Rader && p.nOverL == 1) ||
         (p.family == StockhamPass::Family::Mixed && p.ns == 1 && p.nOverL == 1 && !limits.mixedThreads);
}

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
  return launch.registerValues < kOneLaunchRegisterValues || launch.threads <= kWarpLanes;
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

std::optional<std::string> stockhamCannotPlan(const TransformDescriptor& d)
{
  // Kernel index arithmetic is 32-bit: it is faster, and 2^31 complex values is 16 GiB. A convolution
  // stage's work buffer holds up to four times the data (Bluestein), about as much (Rader).
  double values = double(d.elementsPerTransform()) * double(d.batch);
  for (int axis = 0; axis < 3; ++axis)
    if (!hasKernelRadices(d.extent[axis]))
      values = std::max(values, values / double(d.extent[axis]) * double(convolutionLength(d.extent[axis])));
  if (values > double(std::size_t{1} << 31)) return "more than 2^31 complex values in one call";
  return std::nullopt;
}

StockhamSchedule planStockham(const TransformDescriptor& d, const DeviceLimits& limits)
{
  if (auto why = stockhamCannotPlan(d)) throw unsupported(*why);
  if (d.kind != TransformKind::ComplexToComplex) throw unsupported("planStockham plans complex transforms");
  return planStockham(AxisJob::fromDescriptor(d), limits);
}

namespace {

// The largest plane a launch takes whole: 64 x 64, 32 KB of local memory.
constexpr std::size_t kLargestPlane = 4096;
// Where a plane launch pays: H100, against its rows and columns apart (ms, 2^25 values): 64^3 0.567 ->
// 0.433, 32^3 0.581 -> 0.412, 8^3 0.813 -> 0.388, 48^3 (16 x 3 x 16 x 3) 0.668 -> 0.497, 64 x 64 0.380 ->
// 0.242, 16 x 16 0.477 -> 0.199, 100 x 40 (five passes) 0.396 -> 0.339; but 60^3 in six passes (4 x 3 x 5
// twice) 0.579 -> 0.570, no gain, and 61 x 61 (61 values a work-item) 0.814 -> 1.351.
constexpr std::size_t kMostPlanePasses = 5;
constexpr std::size_t kMostPlaneValues = 32;

// The first two axes of this job as one launch a plane (StockhamPass::planeWidth), where that pays: a
// complex job that transforms both, over contiguous planes of kernel radices that fit one mixed-radix
// launch. The columns' radices come first (the Stockham passes take the slowest index first), then the
// rows'; the launch's line is the plane.
std::optional<StockhamPass> planeLaunch(const AxisJob& job, const DeviceLimits& limits)
{
  const std::size_t width = job.extent[0], height = job.extent[1], plane = width * height;
  if (!limits.planes || limits.mixedThreads || job.realRows || job.realPairs.any() || job.raderRest.any() ||
      job.rowPitchIn || job.rowPitchOut || job.axisLoadsAdjacent || job.axisStoresAdjacent)
    return std::nullopt;
  if (width < 2 || height < 2 || !transformsAxis(job, 0) || !transformsAxis(job, 1) ||
      plane > kLargestPlane || !hasKernelRadices(width, limits) || !hasKernelRadices(height, limits) ||
      mixedLaunchLengths(plane, false, limits).size() != 1)
    return std::nullopt;
  const CompositeRadices composites = compositeRadicesFor(limits);
  std::vector<int> radices = mixedRadices(height, composites);
  const std::vector<int> rows = mixedRadices(width, composites);
  radices.insert(radices.end(), rows.begin(), rows.end());
  StockhamPass p = shapeMixedPass(plane, false, false, job.extent[2] * job.batch, limits, std::move(radices));
  if (p.radices.size() > kMostPlanePasses || p.registerValues > kMostPlaneValues) return std::nullopt;
  p.axis = 0;
  p.planeWidth = width;
  p.dist = p.distOut = plane;
  return p;
}

// Work-items a line from which a complex launch takes 31's convolution form (convolutionCodelets).
constexpr std::size_t kConvolutionCodelet31Items = 31;

// The codelets that take their convolution form in a mixed launch (StockhamPass::convolutionCodelets).
// It does a fifth fewer multiply-adds and is more accurate (shorter sums), but holds its rows and
// products at once. H100 (2^25 values, ms), direct form -> convolution form:
// - 43's always gained: 1849 = 43 x 43 0.270 -> 0.243, 43 0.272 -> 0.267, R2C 1849 0.218 -> 0.159.
// - 31's gained in Rader's one-launch stage (683 0.575 -> 0.551, 1366 x 768 0.942 -> 0.909, R2C 1366 x
//   768 0.540 -> 0.527) and on complex lines of 31 work-items or more (961 0.213 -> 0.202, 713 0.227 ->
//   0.208, 3844 0.276 -> 0.256, 3968 0.215 -> 0.198; 1023, 2046, 527, 899 and 992 within 1.5%). It lost
//   on lines of a few work-items, many lines a group (31 alone 0.248 -> 0.424, 124 0.227 -> 0.249; 465's
//   15 level), beside 43's form (1333 0.237 -> 0.255) and on real lines (R2C 1023 0.131 -> 0.141, R2C 62
//   0.131 -> 0.237).
std::vector<int> convolutionCodelets(const StockhamPass& p, bool onRealLines, const DeviceLimits& limits)
{
  const auto has = [&](int prime) {
    return std::ranges::count(p.radices, prime) + std::ranges::count(p.raderRest.radices, prime) > 0;
  };
  std::vector<int> primes;
  const bool wideComplexLines = !onRealLines && p.threads >= kConvolutionCodelet31Items && !has(43);
  if (has(31) && (limits.convolutionCodelet31 || wideComplexLines)) primes.push_back(31);
  if (has(43)) primes.push_back(43);
  return primes;
}

} // namespace

StockhamSchedule planStockham(const AxisJob& job, const DeviceLimits& limits)
{
  StockhamSchedule schedule;
  schedule.scale = job.scale;
  std::size_t stride = 1;
  int firstAxis = 0;
  if (std::optional<StockhamPass> plane = planeLaunch(job, limits)) {
    schedule.passes.push_back(std::move(*plane));
    stride = job.extent[0] * job.extent[1];
    firstAxis = 2;
  }
  for (int axis = firstAxis; axis < 3; ++axis) {
    if (job.extent[axis] > 1 && transformsAxis(job, axis)) planAxis(job, axis, stride, limits, schedule);
    stride *= job.extent[axis];
  }
  if (!schedule.passes.empty()) schedule.passes.back().lastOfTransform = true;
  for (StockhamPass& pass : schedule.passes)
    if (pass.family == StockhamPass::Family::Mixed)
      pass.convolutionCodelets = convolutionCodelets(pass, realLines(job, pass.axis), limits);
  return schedule;
}

} // namespace spectrascope::detail
