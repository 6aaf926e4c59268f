// The Stockham planner is pure arithmetic: check the shapes it chooses for the GPU's limits without a GPU.

#include "ConvolutionStage.h"
#include "StockhamPlanner.h"
#include "spectrascope/engine/Errors.h"

#include <gtest/gtest.h>

#include <thread>

using namespace spectrascope;
using namespace spectrascope::detail;

namespace {

const DeviceLimits kGpu{48 * 1024, 1024, 0}; // what NVIDIA's OpenCL exposes
// The same with prime factors from 67 to 89 by Rader's stage rather than team passes (the comparison knob),
// where a test is about Rader's stage on them.
const DeviceLimits kGpuRader = [] {
  DeviceLimits limits = kGpu;
  limits.teamPasses = false;
  return limits;
}();

void expectFits(const StockhamSchedule& s, const DeviceLimits& limits)
{
  for (const StockhamPass& p : s.passes) {
    EXPECT_LE(p.groupSize(), limits.maxWorkGroupSize);
    // the kernels' line strides: one pad slot in 16, rounded up to the banks with 2 to 15 lines
    const std::size_t spread = std::size_t(p.exchangeParts) * (p.lines > 1 && p.lines < 16 ? 24 : 1);
    EXPECT_LE(p.lines * (p.length + p.length / 16 + spread) * (8 / p.exchangeParts), limits.localMemBytes);
    EXPECT_EQ(p.length % std::size_t(p.radix), 0u);
  }
}

} // namespace

TEST(Planner, BalancedFactorsMultiplyBack)
{
  for (std::size_t n : {2u, 64u, 4096u, 1u << 20, 1u << 24, 1u << 27}) {
    std::size_t product = 1;
    for (std::size_t f : balancedFactors(n, 2048)) {
      EXPECT_LE(f, 2048u);
      product *= f;
    }
    EXPECT_EQ(product, n);
  }
  EXPECT_EQ(balancedFactors(1u << 24, 2048).size(), 3u);
}

// Up to 16384 in one launch within 48 KB: 4096 exchanges whole lines, 8192 in two rounds, 16384 in four;
// 4096-long columns in one launch.
TEST(Planner, SingleLaunchUpTo16384OnTheGpu)
{
  for (std::size_t n : {2u, 16u, 64u, 1024u, 4096u, 8192u, 16384u}) {
    const auto s = planStockham(TransformDescriptor::complex1d(n, (1u << 25) / n), kGpu);
    ASSERT_EQ(s.passes.size(), 1u) << n;
    EXPECT_TRUE(s.passes[0].inPlaceSafe());
    EXPECT_GE(s.passes[0].groupSize(), std::min<std::size_t>(64, (1u << 25) / n)) << n;
    EXPECT_EQ(s.passes[0].exchangeParts, n <= 4096 ? 1 : int(n / 4096)) << n;
    expectFits(s, kGpu);
  }
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(32768, 1024), kGpu).passes.size(), 2u);
  // Columns too, exchanged in four rounds: 2048 long, eight lines (two sectors); 4096 long, four. A device
  // whose groups hold 512 work-items keeps 2048's columns to four lines (128 work-items each).
  DeviceLimits smallGroups = kGpu;
  smallGroups.maxWorkGroupSize = 512;
  const StockhamSchedule narrow = planStockham(TransformDescriptor::complex2d(2048, 2048), smallGroups);
  ASSERT_EQ(narrow.passes.size(), 2u);
  EXPECT_EQ(narrow.passes[1].lines, 4u);
  EXPECT_LE(narrow.passes[1].groupSize(), 512u);
  for (std::size_t n : {2048u, 4096u}) {
    const StockhamSchedule s = planStockham(TransformDescriptor::complex2d(n, n), kGpu);
    ASSERT_EQ(s.passes.size(), 2u) << n;
    EXPECT_EQ(s.passes[1].length, n);
    EXPECT_EQ(s.passes[1].lines, 16384u / n) << n;
    EXPECT_EQ(s.passes[1].exchangeParts, 4) << n;
    expectFits(s, kGpu);
  }
}

// The last launch of complex rows split in two takes four sectors of lines (16, exchanged in four rounds)
// where two would be all its group held: 2^20's and 2^21's 1024-long lines (H100: 0.431 -> 0.418 ms and
// 0.463 -> 0.453). A 2D transform's 1024-long columns keep two sectors (1024 x 1024 lost: 0.401 -> 0.424),
// and so do a real transform's rows, whose pairwise step in the last launch takes two rounds at most.
TEST(Planner, LastLaunchOfSplitRowsTakesFourSectors)
{
  for (unsigned log2n : {20u, 21u}) {
    const StockhamSchedule s =
        planStockham(TransformDescriptor::complex1d(std::size_t{1} << log2n, 16), kGpu);
    ASSERT_EQ(s.passes.size(), 2u) << log2n;
    EXPECT_EQ(s.passes[1].length, 1024u) << log2n;
    EXPECT_EQ(s.passes[1].lines, 16u) << log2n;
    EXPECT_EQ(s.passes[1].exchangeParts, 4) << log2n;
    expectFits(s, kGpu);
  }
  const StockhamSchedule columns = planStockham(TransformDescriptor::complex2d(1024, 1024, 32), kGpu);
  ASSERT_EQ(columns.passes.size(), 2u);
  EXPECT_EQ(columns.passes[1].axis, 1);
  EXPECT_EQ(columns.passes[1].lines, 8u);
  AxisJob realRows;
  realRows.extent = {std::size_t{1} << 20, 1, 1};
  realRows.batch = 16;
  realRows.axes = 0b001;
  realRows.realRows = 1;
  const StockhamSchedule real = planStockham(realRows, kGpu);
  ASSERT_EQ(real.passes.size(), 2u);
  EXPECT_EQ(real.passes[1].realRows, 3);
  EXPECT_LE(real.passes[1].exchangeParts, 2);
}

// 2^24 in three launches of 256 lines (H200: 0.451 ms against 0.526 as 4096 x 4096, whose first launch
// holds one 4096-long line of local memory at a time).
TEST(Planner, LargeSizesUseFewPassesWithCoalescedLines)
{
  const auto s = planStockham(TransformDescriptor::complex1d(1u << 24, 2), kGpu);
  EXPECT_EQ(s.passes.size(), 3u);
  for (const auto& p : s.passes)
    EXPECT_GE(p.lines, 4u) << "adjacent lines fill 32-byte sectors";
  expectFits(s, kGpu);
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1u << 20), kGpu).passes.size(), 2u);
}

// Where the fewest launches would need long adjacent-line passes (8 lines or fewer per group, or exchanges
// in two rounds), one launch more of short lines may be cheaper, by the launch-cost model: 2^21 keeps
// two launches (2048 loaded as four adjacent columns, stored as rows, then 1024), and so does 2^22 (1024,
// then 4096), and 2048-long columns one, while the rows of a real 2^22 take three; 2^20 and 1024-long
// columns keep their two launches and one launch.
TEST(Planner, OneLaunchMoreWhereShortLinesPayForIt)
{
  const auto twoLaunches = planStockham(TransformDescriptor::complex1d(1u << 21, 16), kGpu);
  ASSERT_EQ(twoLaunches.passes.size(), 2u);
  EXPECT_EQ(twoLaunches.passes[0].length, 2048u);
  EXPECT_EQ(twoLaunches.passes[0].lines, 4u);
  EXPECT_EQ(twoLaunches.passes[0].exchangeParts, 2);
  EXPECT_EQ(twoLaunches.passes[1].length, 1024u);
  expectFits(twoLaunches, kGpu);

  AxisJob realRows;
  realRows.extent = {1u << 21, 1, 1};
  realRows.batch = 8;
  realRows.axes = 0b001;
  realRows.realRows = 1;
  const auto shortThenLong = planStockham(TransformDescriptor::complex1d(1u << 22, 8), kGpu);
  ASSERT_EQ(shortThenLong.passes.size(), 2u);
  EXPECT_EQ(shortThenLong.passes[0].length, 1024u);
  EXPECT_EQ(shortThenLong.passes[1].length, 4096u);
  expectFits(shortThenLong, kGpu);
  for (const auto& s : {planStockham(realRows, kGpu)}) {
    ASSERT_EQ(s.passes.size(), 3u);
    for (const auto& p : s.passes) {
      EXPECT_LE(p.length, 256u);
      EXPECT_GE(p.lines, 16u);
      EXPECT_EQ(p.exchangeParts, 1);
    }
    expectFits(s, kGpu);
  }
  const auto columns = planStockham(TransformDescriptor::complex2d(2048, 2048, 8), kGpu);
  ASSERT_EQ(columns.passes.size(), 2u);
  EXPECT_EQ(columns.passes[1].axis, 1);
  EXPECT_EQ(columns.passes[1].length, 2048u);
  EXPECT_EQ(columns.passes[1].lines, 8u);
  EXPECT_EQ(columns.passes[1].exchangeParts, 4);
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(1024, 1024, 32), kGpu).passes.size(), 2u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1u << 18, 128), kGpu).passes.size(), 2u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1u << 20, 32), kGpu).passes.size(), 2u);
  // A pass-length cap (tests, tuning) keeps the fewest launches it allows.
  DeviceLimits capped = kGpu;
  capped.maxPassLength = 2048;
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1u << 22, 8), capped).passes.size(), 2u);
}

// A complex row split over launches orders them by where each stands: the first launch of a long line
// costs more than a later one of the same length (4096: 2.10 against 1.98 copies' time on the H200), a
// short one less (512: 1.30 against 1.19). Measured there against the balanced split, largest first:
// 2^17 as 256 x 512 0.290 ms (0.298 as 512 x 256), 2^22 as 1024 x 4096 0.433 (0.458 as 2048 x 2048), 2^23
// in three launches 0.442 (0.514 as 4096 x 2048); 2^18 to 2^21 keep their splits.
TEST(Planner, SplitRowsOrderTheirLaunchesByPlace)
{
  const auto lengths = [](std::size_t n) {
    std::vector<std::size_t> l;
    for (const StockhamPass& p : planStockham(TransformDescriptor::complex1d(n, (1u << 25) / n), kGpu).passes)
      l.push_back(p.length);
    return l;
  };
  using L = std::vector<std::size_t>;
  EXPECT_EQ(lengths(1u << 17), L({256, 512}));
  EXPECT_EQ(lengths(1u << 18), L({512, 512}));
  EXPECT_EQ(lengths(1u << 19), L({1024, 512}));
  EXPECT_EQ(lengths(1u << 20), L({1024, 1024}));
  EXPECT_EQ(lengths(1u << 21), L({2048, 1024}));
  EXPECT_EQ(lengths(1u << 22), L({1024, 4096}));
  EXPECT_EQ(lengths(1u << 23), L({256, 256, 128}));
  // Columns keep the balanced split: every launch of theirs walks adjacent lines on both sides.
  const auto columns = planStockham(TransformDescriptor::complex2d(64, 1u << 17, 4), kGpu);
  ASSERT_EQ(columns.passes.size(), 3u);
  EXPECT_EQ(columns.passes[1].length, 512u);
}

// Mixed-radix R2C rows in one launch carry the pairwise step (cl/fft_mixed.cl REAL_ROWS 1); C2R rows keep
// their separate c2r_pre pass.
TEST(Planner, MixedRadixRealRowsFuseTheForwardStep)
{
  for (std::size_t half : {960u, 1500u, 15u, 5u}) {
    AxisJob rows;
    rows.extent = {half, 1, 1};
    rows.batch = 64;
    rows.axes = 0b001;
    rows.rowPitchOut = half + 1;
    rows.realRows = 1;
    const auto s = planStockham(rows, kGpu);
    ASSERT_EQ(s.passes.size(), 1u) << half;
    EXPECT_EQ(s.passes[0].family, StockhamPass::Family::Mixed) << half;
    EXPECT_EQ(s.passes[0].realRows, 1) << half;
    rows.realRows = 2;
    rows.rowPitchIn = half + 1;
    rows.rowPitchOut = 0;
    EXPECT_FALSE(realRowsFused(planStockham(rows, kGpu))) << half;
  }
}

// A device with much local memory allows long single launches; the radix chosen for them must keep the
// work-group within the device's maximum (contiguous lines prefer radix 16, which needs twice the items).
TEST(Planner, LongLaunchesOnLargeLocalMemoriesKeepTheirGroupsWithinTheLimit)
{
  for (const DeviceLimits limits :
       {DeviceLimits{1u << 20, 1024, 0}, DeviceLimits{256u << 10, 512, 0}, DeviceLimits{4u << 20, 4096, 0}})
    for (std::size_t n : {1u << 14, 1u << 15, 1u << 17}) {
      const auto s = planStockham(TransformDescriptor::complex1d(n, 2), limits);
      for (const StockhamPass& p : s.passes)
        EXPECT_LE(p.groupSize(), limits.maxWorkGroupSize) << n << " " << limits.maxWorkGroupSize;
    }
}

// The power-of-two radix by line and launch (the planner's radixFor): 8 on contiguous lines up to 512, 16 on
// 512-long lines that start an axis' steps (columns, a split row's first launch), 32 on a split row's later
// 512-long launch and on 1024-long strided lines.
TEST(Planner, PowerOfTwoRadixByLineAndLaunch)
{
  const auto radices = [](const TransformDescriptor& d) {
    std::vector<int> r;
    for (const StockhamPass& p : planStockham(d, kGpu).passes)
      r.push_back(p.radix);
    return r;
  };
  EXPECT_EQ(radices(TransformDescriptor::complex1d(256, 1u << 17)), std::vector<int>({8}));
  EXPECT_EQ(radices(TransformDescriptor::complex1d(512, 1u << 16)), std::vector<int>({8}));
  EXPECT_EQ(radices(TransformDescriptor::complex1d(1024, 1u << 15)), std::vector<int>({16}));
  EXPECT_EQ(radices(TransformDescriptor::complex2d(512, 512, 128)), std::vector<int>({8, 16}));
  EXPECT_EQ(radices(TransformDescriptor::complex2d(1024, 1024, 32)), std::vector<int>({16, 32}));
  EXPECT_EQ(radices(TransformDescriptor::complex1d(1u << 17, 256)), std::vector<int>({16, 32})); // 256, 512
  EXPECT_EQ(radices(TransformDescriptor::complex1d(1u << 18, 128)), std::vector<int>({16, 32}));
}

TEST(Planner, ColumnPassesReadFourAdjacentColumns)
{
  const auto s = planStockham(TransformDescriptor::complex2d(1024, 1024, 32), kGpu);
  ASSERT_EQ(s.passes.size(), 2u);
  EXPECT_EQ(s.passes[1].axis, 1);
  EXPECT_TRUE(s.passes[1].loadLinesFastest);
  EXPECT_GE(s.passes[1].lines, 4u);
  expectFits(s, kGpu);
}

TEST(Planner, RefusesWhatTheKernelsCannotDo)
{
  // 32-bit index arithmetic: more than 2^31 complex values in one call is refused, and so is a Bluestein
  // length whose convolution would pass that.
  TransformDescriptor d = TransformDescriptor::complex1d(std::size_t{1} << 20, 4096);
  EXPECT_TRUE(stockhamCannotPlan(d).has_value());
  EXPECT_THROW(planStockham(d, kGpu), EngineError);
  d = TransformDescriptor::complex1d(1019, std::size_t{1} << 21);
  EXPECT_TRUE(stockhamCannotPlan(d).has_value()) << "Bluestein inflates 1019 to 2048 per line";
  d.batch = 1u << 19;
  EXPECT_FALSE(stockhamCannotPlan(d).has_value());
  d = TransformDescriptor::complex1d(1009, std::size_t{1} << 21);
  EXPECT_FALSE(stockhamCannotPlan(d).has_value()) << "Rader's convolution of 1009 is 1008 per line";
  d = TransformDescriptor::complex1d(1001);
  d.kind = TransformKind::RealToComplex;
  EXPECT_FALSE(stockhamCannotPlan(d).has_value()) << "odd real rows run on the device too";
}

TEST(Planner, SmoothLengthsUseMixedRadixPasses)
{
  const auto s = planStockham(TransformDescriptor::complex1d(1000, 4), kGpu);
  ASSERT_EQ(s.passes.size(), 1u);
  EXPECT_EQ(s.passes[0].family, StockhamPass::Family::Mixed);
  std::size_t product = 1;
  for (int r : s.passes[0].radices)
    product *= std::size_t(r);
  EXPECT_EQ(product, 1000u);
  EXPECT_LE(s.passes[0].registerValues, 32u);
}

TEST(Planner, LaunchLengthsMultiplyBackAndRespectTheLimit)
{
  for (std::size_t n : {1000u, 44100u, 3000u, 1920u, 4000u, 2u * 3 * 5 * 7 * 11 * 13}) {
    for (std::size_t limit : {40u, 210u, 1445u}) {
      std::size_t product = 1;
      for (std::size_t l : launchLengths(n, limit)) {
        EXPECT_LE(l, limit);
        product *= l;
      }
      EXPECT_EQ(product, n);
    }
  }
  EXPECT_EQ(launchLengths(44100, 5000).size(), 2u);
}

// Rows in two launches take the balanced split unless another has fewer launches whose length has one or
// two factors of 2 among odd ones (a pass of 2 or 4 there leaves each work-item several butterflies):
// then the most balanced of those, the launch with the twos first. Columns keep the balanced split.
TEST(Planner, RowsInTwoLaunchesAvoidLaunchesWithOneOrTwoTwos)
{
  const auto lengthsOf = [](const TransformDescriptor& d) {
    std::vector<std::size_t> lengths;
    for (const StockhamPass& p : planStockham(d, kGpu).passes)
      lengths.push_back(p.length);
    return lengths;
  };
  using L = std::vector<std::size_t>;
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(44100, 2)), (L{196, 225})) << "not 210 x 210";
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(45000, 2)), (L{200, 225})) << "not 300 x 150";
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(50000, 2)), (L{400, 125})) << "not 250 x 200";
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(12000, 2)), (L{96, 125})) << "not 120 x 100";
  // Kept: no awkward launch (48000, 24000), or none of the splits has fewer (22050 = 2 x 11025).
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(48000, 2)), (L{240, 200}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(24000, 2)), (L{200, 120}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(22050, 2)), (L{210, 105}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex2d(4000, 3000)), (L{4000, 60, 50})) << "columns";
}

TEST(Planner, LargePrimeFactorsGoThroughBluestein)
{
  const auto s = planStockham(TransformDescriptor::complex2d(64, 4757), kGpu); // 4757 = 67 x 71
  ASSERT_EQ(s.passes.size(), 2u);
  EXPECT_EQ(s.passes[1].family, StockhamPass::Family::Bluestein);
  EXPECT_TRUE(s.passes[1].inPlaceSafe());
  EXPECT_EQ(nextSmoothLength(2 * 1009 - 1), 2025u);
  EXPECT_FALSE(isSmooth(17));
  EXPECT_TRUE(isSmooth(2 * 3 * 5 * 7 * 11 * 13));
  EXPECT_TRUE(hasKernelRadices(17 * 19 * 23 * 29 * 31));
  EXPECT_TRUE(hasKernelRadices(std::size_t{37} * 41 * 43 * 47 * 53 * 59 * 61));
  EXPECT_FALSE(hasKernelRadices(67));
}

// Lengths whose prime factors are all 61 or below run directly on the mixed-radix kernel, with the primes
// 17 to 61 as radices of their own (one launch for 1023 = 3 x 11 x 31 and 999 = 27 x 37, no convolution
// stage). A program whose largest prime is above 32 sizes its registers and twiddle rows for it.
TEST(Planner, PrimesUpTo61AreRadices)
{
  for (std::size_t n : {17u, 31u, 37u, 61u, 961u, 1023u, 2001u, 999u, 767u, 2u * 17 * 17, 59u * 61}) {
    const auto s = planStockham(TransformDescriptor::complex1d(n, 4), kGpu);
    ASSERT_FALSE(s.passes.empty()) << n;
    std::size_t product = 1;
    for (const StockhamPass& p : s.passes) {
      EXPECT_EQ(p.family, StockhamPass::Family::Mixed) << n;
      product *= p.length;
    }
    EXPECT_EQ(product, n);
  }
  struct Case
  {
    std::size_t n;
    int prime;
    std::size_t maxRadix;
  };
  for (const Case c : {Case{1023, 31, 33}, Case{999, 37, 37}, Case{767, 59, 59}, Case{64 * 61, 61, 61}}) {
    const auto s = planStockham(TransformDescriptor::complex1d(c.n, 4), kGpu);
    ASSERT_EQ(s.passes.size(), 1u) << c.n;
    EXPECT_EQ(std::count(s.passes[0].radices.begin(), s.passes[0].radices.end(), c.prime), 1) << c.n;
    EXPECT_EQ(kernelMaxRadix(c.n), c.maxRadix) << c.n;
  }
  EXPECT_EQ(kernelMaxRadix(1024), 32u);
}

// Every length up to 8192 plans, each launch within local memory and the work-group size. A length whose
// largest radix is above 32 needs longer pass-twiddle rows: launch lengths chosen against the rows of 32
// alone did not fit (5734 = 2 x 47 x 61 threw "does not fit local memory").
TEST(Planner, EveryLengthUpTo8192Plans)
{
  for (std::size_t n = 2; n <= 8192; ++n) {
    StockhamSchedule s;
    ASSERT_NO_THROW(s = planStockham(TransformDescriptor::complex1d(n, 2), kGpu)) << n;
    for (const StockhamPass& p : s.passes) {
      if (p.family != StockhamPass::Family::Mixed) continue;
      EXPECT_LE(p.groupSize(), kGpu.maxWorkGroupSize) << n;
      EXPECT_LE(p.registerValues, std::max<std::size_t>(64, kernelMaxRadix(p.length))) << n;
    }
  }
}

// A contiguous mixed-radix line whose work-items are not a multiple of a warp takes more lines per group,
// so at most a fifth of the lanes idle, and lines of few work-items fill groups of about 128: 1023 (33
// work-items a line) four lines, 2046 (62) and 2001 (69) two, 961 (31) four, 1008 (as 12 x 12 x 7: 84)
// one, 999 (37) three, 1517 = 37 x 41 (41) three.
TEST(Planner, ContiguousMixedLinesFillWarps)
{
  struct Case
  {
    std::size_t n, lines;
  };
  for (const Case c : {Case{1023, 4}, Case{2046, 2}, Case{2001, 2}, Case{961, 4}, Case{1008, 1}, Case{999, 3},
                       Case{1517, 3}}) {
    const auto s = planStockham(TransformDescriptor::complex1d(c.n, 1000), kGpu);
    ASSERT_EQ(s.passes.size(), 1u) << c.n;
    EXPECT_EQ(s.passes[0].lines, c.lines) << c.n;
    const std::size_t items = s.passes[0].groupSize(), lanes = (items + 31) / 32 * 32;
    EXPECT_LE(lanes * 4, items * 5) << c.n;
  }
  // One line to transform: one line per group.
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1023, 1), kGpu).passes[0].lines, 1u);
}

// Primes whose p - 1 is smooth convolve at p - 1 by Rader's algorithm, about half Bluestein's length;
// others take whichever route moves fewer values, Bluestein at a tie: Rader's in one launch moves the
// line once, where Bluestein's two FFTs move it twice.
TEST(Planner, PrimeLengthsTakeRaderWhereItsConvolutionIsShorter)
{
  for (std::size_t p : {67u, 71u, 97u, 257u, 1009u, 4801u, 65537u}) {
    const auto s = planStockham(TransformDescriptor::complex1d(p, 2), kGpuRader);
    ASSERT_EQ(s.passes.size(), 1u) << p;
    EXPECT_EQ(s.passes[0].family, StockhamPass::Family::Rader) << p;
    EXPECT_TRUE(s.passes[0].inPlaceSafe());
    EXPECT_EQ(convolutionLength(p), p - 1) << p;
  }
  const auto columns = planStockham(TransformDescriptor::complex2d(64, 1009), kGpu);
  ASSERT_EQ(columns.passes.size(), 2u);
  EXPECT_EQ(columns.passes[1].family, StockhamPass::Family::Rader);

  // 359 - 1 = 2 x 179: Rader pads its convolution to 715 = 5 x 11 x 13, below Bluestein's 720.
  EXPECT_EQ(raderConvolutionLength(359), 715u);
  EXPECT_EQ(bluesteinConvolutionLength(359), 720u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(359), kGpu).passes[0].family,
            StockhamPass::Family::Rader);
  // A p - 1 the kernels take but that is not smooth: a prime axis convolves at p - 1 (2052 = 4 x 27 x 19,
  // 172 = 4 x 43); so does a prime factor of a longer axis where the stage is one launch, else it pads
  // to a smooth length (173: 343 = 7^3 on the generic program, where the stage takes two launches).
  EXPECT_EQ(raderConvolutionLength(2053), 2052u);
  EXPECT_EQ(convolutionLength(2053), 2052u);
  EXPECT_EQ(raderConvolutionLength(173), 172u);
  EXPECT_EQ(raderConvolutionLength(173, true), 172u);
  DeviceLimits generic = kGpu;
  generic.mixedThreads = 128;
  EXPECT_EQ(raderConvolutionLength(173, true, generic), 343u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(2053), kGpu).passes[0].family,
            StockhamPass::Family::Rader);
  // 1019 - 1 = 2 x 509: both convolve at 2048. Rader's moves the line once in one launch; on the
  // generic program (two launches) Bluestein keeps it.
  EXPECT_EQ(raderConvolutionLength(1019), 2048u);
  EXPECT_EQ(bluesteinConvolutionLength(1019), 2048u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1019), kGpu).passes[0].family,
            StockhamPass::Family::Rader);
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1019), generic).passes[0].family,
            StockhamPass::Family::Bluestein);
  EXPECT_EQ(convolutionLength(1019), 2048u);
  // 4098 = 2 x 3 x 683: both 8232, which takes two launches with 48 KB.
  EXPECT_EQ(largePrimeRoute(4099), StockhamPass::Family::Bluestein);
  // The comparison knob (OpenClOptions::bluesteinOnly) keeps every such length on Bluestein, and the
  // 32-bit guard follows the route taken: 1009 x 2^21 fits Rader's 1008 per line, not Bluestein's 2025.
  DeviceLimits bluesteinOnly = kGpu;
  bluesteinOnly.rader = false;
  EXPECT_EQ(planStockham(TransformDescriptor::complex1d(1009), bluesteinOnly).passes[0].family,
            StockhamPass::Family::Bluestein);
  const TransformDescriptor large = TransformDescriptor::complex1d(1009, std::size_t{1} << 21);
  EXPECT_NO_THROW(planStockham(large, kGpu));
  EXPECT_THROW(planStockham(large, bluesteinOnly), EngineError);
  // A composite length never takes Rader's for the whole axis (it needs a prime).
  EXPECT_EQ(largePrimeRoute(2 * 1009), StockhamPass::Family::Bluestein);
  EXPECT_TRUE(isPrime(65537));
  EXPECT_FALSE(isPrime(1411));
}

// A composite length with one prime factor above 61 runs Rader's on that factor as the first step of the
// axis (ns = 1, the rest's lines interleaved), then the smooth rest's launches with ns = the prime,
// reading the factor's output without a row pitch. Two such factors, a repeated one, or a factor whose
// padded convolution costs more than Bluestein's on the whole length: Bluestein's. (Here with the rest of
// the rows apart: RaderFactorDoesTheRestOfItsRows has them together.)
// Where a convolution's FFTs take two launches each, the filter launch runs the second length twice in
// local memory. Its split, and Bluestein's length, follow the fit of the launches' costs (local passes and
// values held) instead of the most even split of the least smooth length (H100: 10007 on 20020 as
// 154 x 130, a filter launch of radices 2, 5 and 13, 1.70 ms; on 20480 as 160 x 128, 1.35). With the
// balanced radices (H200): on 20160 as 90 x 224 (10 x 9 and 16 x 14), 1.13 ms against 20480's 1.22.
TEST(Planner, FilterLaunchTakesTheCheapestSplitByTheFit)
{
  EXPECT_EQ(bluesteinConvolutionLength(10007), 20020u);
  EXPECT_EQ(bluesteinStageLength(10007, kGpu), 20160u);
  EXPECT_EQ(filterLaunchFirstLength(20160, kGpu), 90u);
  DeviceLimits usual = kGpu;
  usual.balancedTwoRadices = false;
  EXPECT_EQ(bluesteinStageLength(10007, usual), 20480u);
  EXPECT_EQ(filterLaunchFirstLength(20480, usual), 160u);
  EXPECT_EQ(filterLaunchFirstLength(7680, kGpu), 64u);
  for (std::size_t n : {4099u, 10007u, 16411u, 7681u, 12289u, 40961u, 65537u}) {
    const std::size_t length = convolutionLength(n, kGpu);
    if (largePrimeRoute(n, kGpu) == StockhamPass::Family::Bluestein) {
      EXPECT_GE(length, bluesteinConvolutionLength(n)) << n;
      EXPECT_LE(double(length), 1.25 * double(bluesteinConvolutionLength(n))) << n;
    }
    const std::size_t first = filterLaunchFirstLength(length, kGpu);
    ASSERT_GT(first, 0u) << n;
    DeviceLimits split = kGpu;
    split.firstLaunchLength = first;
    AxisJob job = AxisJob::fromDescriptor(TransformDescriptor::complex1d(length, 64));
    job.mixedRadixOnly = true;
    const StockhamSchedule s = planStockham(job, split);
    ASSERT_EQ(s.passes.size(), 2u) << n;
    EXPECT_EQ(s.passes[0].length, first) << n;
    EXPECT_LE(s.passes[1].radices.size(), 2u) << n << ": the filter launch's length in two local passes";
    EXPECT_LE(std::max(first, length / first), 3 * std::min(first, length / first)) << n;
  }
  // One launch (1019 on 2048), and the launches apart: the least length and the planner's own split.
  EXPECT_EQ(bluesteinStageLength(1019, kGpu), 2048u);
  DeviceLimits apart = kGpu;
  apart.filterLaunch = false;
  EXPECT_EQ(bluesteinStageLength(10007, apart), 20020u);
  EXPECT_EQ(filterLaunchFirstLength(7680, apart), 0u);
}

// Bluestein's length is searched once per length and limits, then kept: one plan asks several times
// (the planner's 2^31 check, the stage, the tuner's signature), and the engine's workers plan at once.
TEST(Planner, BluesteinLengthsAreKeptPerLengthAndLimits)
{
  DeviceLimits apart = kGpu;
  apart.filterLaunch = false;
  const std::vector<std::size_t> primes{4099, 10007, 16411, 30011};
  std::vector<std::size_t> expected;
  for (std::size_t p : primes) {
    expected.push_back(bluesteinStageLength(p, kGpu));
    expected.push_back(bluesteinStageLength(p, apart));
    EXPECT_EQ(expected.back(), bluesteinConvolutionLength(p)) << p << ": the least length, launches apart";
  }
  EXPECT_EQ(expected[2], 20160u);
  std::vector<std::vector<std::size_t>> seen(4);
  std::vector<std::thread> workers;
  for (auto& answers : seen)
    workers.emplace_back([&] {
      for (int round = 0; round < 20; ++round)
        for (std::size_t p : primes) {
          answers.push_back(bluesteinStageLength(p, kGpu));
          answers.push_back(bluesteinStageLength(p, apart));
        }
    });
  for (auto& w : workers)
    w.join();
  for (const auto& answers : seen)
    for (std::size_t i = 0; i < answers.size(); ++i)
      ASSERT_EQ(answers[i], expected[i % expected.size()]) << i;
}

// A complex transform whose planes fit one launch (up to 64 x 64) takes one launch a plane for its first
// two axes (PLANE_WIDTH): 64^3 in two launches instead of three, the columns' radices first; not with the
// comparison knob, above 64 x 64, where an axis is real or not a product of kernel radices, or where the
// launch would not pay.
TEST(Planner, PlanesThatFitOneLaunchTakeOne)
{
  const StockhamSchedule cube = planStockham(TransformDescriptor::complex3d(64, 64, 64, 128), kGpu);
  ASSERT_EQ(cube.passes.size(), 2u);
  const StockhamPass& plane = cube.passes[0];
  EXPECT_EQ(plane.planeWidth, 64u);
  EXPECT_EQ(plane.length, 4096u);
  EXPECT_EQ(plane.totalLines, 64u * 128u);
  std::size_t columns = 1, i = 0;
  while (columns < 64)
    columns *= std::size_t(plane.radices[i++]);
  EXPECT_EQ(columns, 64u) << "the columns' radices first, then the rows'";
  EXPECT_EQ(cube.passes[1].axis, 2);
  EXPECT_EQ(cube.passes[1].stride, 4096u);
  const StockhamSchedule oblong = planStockham(TransformDescriptor::complex2d(30, 17, 3), kGpu);
  ASSERT_EQ(oblong.passes.size(), 1u);
  EXPECT_EQ(oblong.passes[0].radices.front(), 17);
  DeviceLimits apart = kGpu;
  apart.planes = false;
  EXPECT_EQ(planStockham(TransformDescriptor::complex3d(64, 64, 64), apart).passes.size(), 3u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex3d(128, 128, 128), kGpu).passes.size(), 3u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(67, 8), kGpu).passes.size(), 2u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(1, 64), kGpu).passes[0].planeWidth, 0u);
  // Where the plane launch would not pay: six local passes (60 = 4 x 3 x 5), 61 values a work-item.
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(60, 60), kGpu).passes.size(), 2u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(61, 61), kGpu).passes.size(), 2u);
}

TEST(Planner, OneLargePrimeFactorTakesRaderOnTheFactor)
{
  struct Case
  {
    std::size_t n, prime;
  };
  DeviceLimits restApart = kGpuRader;
  restApart.raderWithRest = false;
  for (const Case c : {Case{1809, 67}, Case{134, 67}, Case{3618, 67}, Case{67 * 64, 67},
                       Case{173 * 1024, 173}, Case{1009 * 2, 1009}, Case{346, 173}}) {
    AxisJob rows;
    rows.extent = {c.n, 1, 1};
    rows.batch = 3;
    rows.axes = 0b001;
    rows.rowPitchIn = c.n + 1, rows.rowPitchOut = c.n + 2; // a real transform's half rows have pitches
    EXPECT_EQ(raderFactorOf(c.n, restApart), c.prime) << c.n;
    const StockhamSchedule s = planStockham(rows, restApart);
    ASSERT_GE(s.passes.size(), 2u) << c.n;
    const StockhamPass& rader = s.passes[0];
    EXPECT_EQ(rader.family, StockhamPass::Family::Rader) << c.n;
    EXPECT_EQ(rader.length, c.prime);
    EXPECT_EQ(rader.ns, 1u);
    EXPECT_EQ(rader.nOverL, c.n / c.prime);
    EXPECT_EQ(rader.totalLines, 3 * (c.n / c.prime));
    EXPECT_EQ(rader.dist, c.n + 1) << "the input's pitch";
    EXPECT_EQ(rader.distOut, c.n) << "rows without a pitch between the launches";
    EXPECT_EQ(s.passes[1].dist, c.n);
    EXPECT_EQ(s.passes.back().distOut, c.n + 2) << "the output's pitch";
    std::size_t ns = c.prime;
    for (std::size_t i = 1; i < s.passes.size(); ++i) {
      EXPECT_EQ(s.passes[i].family, StockhamPass::Family::Mixed) << c.n;
      EXPECT_EQ(s.passes[i].ns, ns) << c.n;
      ns *= s.passes[i].length;
    }
    EXPECT_EQ(ns, c.n);
    EXPECT_EQ(convolutionLength(c.n, restApart), c.n / c.prime * raderConvolutionLength(c.prime, true));
  }
  // 4757 = 67 x 71 (two), 2 x 67 x 67 (repeated); and on the generic program 346 = 2 x 173 (173's
  // padded convolution of 343 in two launches against Bluestein's 693 once): Bluestein's for the whole
  // axis.
  DeviceLimits generic = restApart;
  generic.mixedThreads = 128;
  EXPECT_EQ(raderFactorOf(346, generic), 0u);
  for (std::size_t n : {4757u, 2u * 67 * 67}) {
    EXPECT_EQ(raderFactorOf(n, restApart), 0u) << n;
    const StockhamSchedule s = planStockham(TransformDescriptor::complex1d(n, 2), restApart);
    ASSERT_EQ(s.passes.size(), 1u) << n;
    EXPECT_EQ(s.passes[0].family, StockhamPass::Family::Bluestein) << n;
  }
  // Along columns, the factor's lines are the columns times the rest's interleaved lines.
  const StockhamSchedule columns = planStockham(TransformDescriptor::complex2d(12, 1809), restApart);
  ASSERT_GE(columns.passes.size(), 3u);
  EXPECT_EQ(columns.passes[1].family, StockhamPass::Family::Rader);
  EXPECT_EQ(columns.passes[1].stride, 12u);
  EXPECT_EQ(columns.passes[1].totalLines, 12u * 27);
  DeviceLimits bluesteinOnly = restApart;
  bluesteinOnly.rader = false;
  EXPECT_EQ(raderFactorOf(1809, bluesteinOnly), 0u);
}

// Where the rest of a prime factor's rows is one launch and whole rows fit Rader's one-launch stage, that
// launch does the rest too (RADER_REST): the axis read once and written once, each group on rows of its
// own, so it may run in place; its convolution's launch holds whole rows (lines a multiple of the rest).
TEST(Planner, RaderFactorDoesTheRestOfItsRows)
{
  const auto rows = [](std::size_t n, const DeviceLimits& limits) {
    AxisJob job;
    job.extent = {n, 1, 1};
    job.batch = 3;
    job.axes = 0b001;
    job.rowPitchIn = n + 1, job.rowPitchOut = n + 2;
    return planStockham(job, limits);
  };
  struct Case
  {
    std::size_t n, prime;
    std::vector<int> rest;
  };
  // 3618's 54: one pass per prime (12 values a work-item, as its convolution's) rather than 2 x 27.
  for (const Case& c : {Case{1809, 67, {3, 3, 3}}, Case{1366, 683, {2}}, Case{134, 67, {2}},
                        Case{3618, 67, {2, 3, 3, 3}}, Case{2010, 67, {2, 15}}}) {
    const StockhamSchedule s = rows(c.n, kGpuRader);
    ASSERT_EQ(s.passes.size(), 1u) << c.n;
    const StockhamPass& stage = s.passes[0];
    EXPECT_EQ(stage.family, StockhamPass::Family::Rader);
    EXPECT_EQ(stage.length, c.prime);
    EXPECT_TRUE(stage.raderInOneLaunch);
    EXPECT_EQ(stage.raderRest.m, c.n / c.prime);
    EXPECT_EQ(stage.raderRest.radices, c.rest) << c.n;
    EXPECT_TRUE(stage.inPlaceSafe());
    EXPECT_EQ(stage.dist, c.n + 1) << "the input's pitch";
    EXPECT_EQ(stage.distOut, c.n + 2) << "the output's pitch";
    EXPECT_TRUE(stage.lastOfTransform);
  }
  // Its convolution's launch: whole rows of 27 lines, registers for the rest's passes on 1809 values.
  AxisJob convolution = AxisJob::fromDescriptor(TransformDescriptor::complex1d(66, 27 * 5));
  convolution.mixedRadixOnly = true;
  convolution.axisLoadsAdjacent = true;
  convolution.raderRest = RaderRest{27, {3, 3, 3}};
  DeviceLimits stageLimits = kGpu;
  stageLimits.allCompositeRadices = true;
  const StockhamSchedule launch = planStockham(convolution, stageLimits);
  ASSERT_EQ(launch.passes.size(), 1u);
  EXPECT_EQ(launch.passes[0].lines % 27, 0u);
  EXPECT_EQ(launch.passes[0].raderRest.m, 27u);
  EXPECT_GE(launch.passes[0].registerValues,
            (1809u / 3 + 27 * launch.passes[0].threads - 1) / (27 * launch.passes[0].threads) * 3);
  // Groups of whole rows within 128 work-items: 1366's rows of 2 x 31 (682 = 22 x 31, a work-item per
  // butterfly of 22) two a group (four lines), 2049's of 3 x 31 one, 146's of 2 x 8 eight (16 lines).
  struct Rows
  {
    std::size_t convolution, m, lines, threads;
  };
  for (const Rows r : {Rows{682, 2, 4, 31}, Rows{682, 3, 3, 31}, Rows{72, 2, 16, 8}}) {
    AxisJob stage = AxisJob::fromDescriptor(TransformDescriptor::complex1d(r.convolution, r.m * 64));
    stage.mixedRadixOnly = true;
    stage.axisLoadsAdjacent = true;
    stage.raderRest = RaderRest{r.m, {int(r.m)}};
    const StockhamSchedule rowsLaunch = planStockham(stage, stageLimits);
    ASSERT_EQ(rowsLaunch.passes.size(), 1u) << r.convolution;
    EXPECT_EQ(rowsLaunch.passes[0].lines, r.lines) << r.convolution;
    EXPECT_EQ(rowsLaunch.passes[0].threads, r.threads) << r.convolution;
    EXPECT_LE(rowsLaunch.passes[0].groupSize(), 128u) << r.convolution;
  }
  // 4288 = 67 x 64: one row does not fit 48 KB with the stage's lines; 1341 = 149 x 9: a convolution
  // radix above 32 (148 = 4 x 37); along columns; the comparison knob.
  for (std::size_t n : {4288u, 1341u}) {
    EXPECT_EQ(rows(n, kGpu).passes.size(), 2u) << n;
    EXPECT_FALSE(rows(n, kGpu).passes[0].raderRest.any()) << n;
  }
  const StockhamSchedule columns = planStockham(TransformDescriptor::complex2d(12, 1809), kGpu);
  ASSERT_GE(columns.passes.size(), 3u);
  EXPECT_FALSE(columns.passes[1].raderRest.any());
  DeviceLimits apart = kGpuRader;
  apart.raderWithRest = false;
  EXPECT_EQ(rows(1809, apart).passes.size(), 2u);
}

// A prime factor from 67 to 89 is a team pass, the first of one mixed-radix launch (its rest's radices all
// composite), where the axis fits one launch and the team's span is five output pairs or more; elsewhere
// Rader's stage as before: the rest's small radices needing many more work-items (1068 = 89 x 4 x 3, 134),
// rows too long for local memory (4288 = 67 x 64), columns of which two lines do not fit (12 x 1809; 1072
// takes two), lengths above a pass-length cap, the generic program, and the comparison knob.
TEST(Planner, TeamPassesTakePrimeFactorsFrom67To89)
{
  struct Case
  {
    std::size_t n;
    std::vector<int> radices;
    int span;
  };
  for (const Case& c : {Case{1809, {67, 27}, 11}, Case{67, {67}, 11}, Case{1072, {67, 16}, 7},
                        Case{2010, {67, 2, 15}, 7}, Case{747, {83, 9}, 5}, Case{89, {89}, 11}}) {
    const StockhamSchedule s = planStockham(TransformDescriptor::complex1d(c.n, 3), kGpu);
    ASSERT_EQ(s.passes.size(), 1u) << c.n;
    const StockhamPass& p = s.passes[0];
    EXPECT_EQ(p.family, StockhamPass::Family::Mixed) << c.n;
    EXPECT_EQ(p.radices, c.radices) << c.n;
    EXPECT_EQ(p.teamPrime, c.radices[0]) << c.n;
    EXPECT_EQ(p.teamSpan, c.span) << c.n;
    EXPECT_LE(p.groupSize(), kGpu.maxWorkGroupSize) << c.n;
    EXPECT_TRUE(p.inPlaceSafe()) << c.n;
  }
  EXPECT_EQ(teamPrimeOf(67 * 71), 0u) << "two factors above 61";
  EXPECT_EQ(teamPrimeOf(97 * 3), 0u) << "above 89";
  EXPECT_EQ(teamPrimeOf(67 * 67), 0u) << "twice";
  const auto firstFamily = [](const TransformDescriptor& d, const DeviceLimits& limits) {
    return planStockham(d, limits).passes.at(0).family;
  };
  for (std::size_t n : {1068u, 134u, 4288u})
    EXPECT_EQ(firstFamily(TransformDescriptor::complex1d(n, 3), kGpu), StockhamPass::Family::Rader) << n;
  const StockhamSchedule columns = planStockham(TransformDescriptor::complex2d(12, 1809), kGpu);
  EXPECT_EQ(columns.passes.at(1).family, StockhamPass::Family::Rader);
  const StockhamSchedule smallColumns = planStockham(TransformDescriptor::complex2d(16, 67), kGpu);
  EXPECT_EQ(smallColumns.passes.at(1).teamPrime, 67);
  EXPECT_GE(smallColumns.passes.at(1).lines, kGpu.minAdjacentLines);
  const StockhamSchedule twoLineColumns = planStockham(TransformDescriptor::complex2d(64, 1072), kGpu);
  ASSERT_EQ(twoLineColumns.passes.size(), 2u);
  EXPECT_EQ(twoLineColumns.passes[1].teamPrime, 67);
  EXPECT_EQ(twoLineColumns.passes[1].lines, 2u);
  DeviceLimits generic = kGpu;
  generic.mixedThreads = 128;
  EXPECT_EQ(firstFamily(TransformDescriptor::complex1d(1809, 3), generic), StockhamPass::Family::Rader);
  DeviceLimits capped = kGpu;
  capped.maxPassLength = 256;
  EXPECT_EQ(firstFamily(TransformDescriptor::complex1d(1809, 3), capped), StockhamPass::Family::Rader);
  EXPECT_EQ(firstFamily(TransformDescriptor::complex1d(67, 3), capped), StockhamPass::Family::Mixed);
  EXPECT_EQ(firstFamily(TransformDescriptor::complex1d(1809, 3), kGpuRader), StockhamPass::Family::Rader);
}

// A team pass on 67 or 79 ((P - 1) / 2 = 3 x 11, 3 x 13) over 24 to 32 butterflies takes its convolution
// form on complex lines: five work-items a butterfly, the group in whole warps. The direct form stays for
// other primes (83: H = 41; 73: H = 36), fewer butterflies (737 = 67 x 11, 1072 = 67 x 16), 79 beside
// the 31-point codelet (2449), and real rows (2010's R2C rows).
TEST(Planner, TeamPassesOnComplexLinesTakeTheirConvolutionForm)
{
  struct Case
  {
    std::size_t n;
    int items;
    std::size_t threads;
  };
  for (const Case& c : {Case{1809, 27, 160}, Case{2010, 30, 160}, Case{1975, 25, 128}, Case{2133, 27, 160},
                        Case{2077, 31, 160}}) {
    const StockhamPass& p = planStockham(TransformDescriptor::complex1d(c.n, 3), kGpu).passes.at(0);
    EXPECT_NE(p.teamPrime, 0) << c.n;
    EXPECT_EQ(p.teamProductItems, c.items) << c.n;
    EXPECT_EQ(p.threads, c.threads) << c.n;
  }
  const StockhamPass& rows = planStockham(TransformDescriptor::complex2d(1809, 64), kGpu).passes.at(0);
  EXPECT_EQ(rows.teamProductItems, 27);
  for (std::size_t n : {737u, 1072u, 2449u, 747u, 1095u}) {
    const StockhamPass& p = planStockham(TransformDescriptor::complex1d(n, 3), kGpu).passes.at(0);
    EXPECT_NE(p.teamPrime, 0) << n;
    EXPECT_EQ(p.teamProductItems, 0) << n;
  }
  AxisJob realRows;
  realRows.extent = {2010, 1, 1};
  realRows.batch = 3;
  realRows.axes = 0b001;
  realRows.realRows = 1;
  const StockhamPass& real = planStockham(realRows, kGpu).passes.at(0);
  EXPECT_EQ(real.teamPrime, 67);
  EXPECT_EQ(real.teamProductItems, 0);
}

// The 43-point codelet takes its convolution form in every launch (complex and real rows, Rader's
// convolution FFTs). The 31-point one in Rader's one-launch stage (683, 1366 x 768's rows with the rest)
// and on complex lines of 31 work-items or more (961, 1023, 3968) without 43 beside it; not on lines of
// fewer (31 alone, 124 = 4 x 31), beside 43 (1333), nor on real rows (R2C 1922's rows of 961).
TEST(Planner, ConvolutionCodeletsWhereTheyPay)
{
  using P = std::vector<int>;
  const auto codelets = [](const StockhamSchedule& schedule) {
    P primes;
    for (const StockhamPass& p : schedule.passes)
      primes.insert(primes.end(), p.convolutionCodelets.begin(), p.convolutionCodelets.end());
    return primes;
  };
  const auto plan = [&](const TransformDescriptor& d) { return codelets(planStockham(d, kGpu)); };
  const auto stage = [&](const TransformDescriptor& d) {
    const StockhamSchedule axis = planStockham(d, kGpu);
    return codelets(forwardConvolutionSchedule(axis.passes.at(0), kGpu));
  };
  EXPECT_EQ(plan(TransformDescriptor::complex1d(1849, 3)), (P{43}));
  EXPECT_EQ(plan(TransformDescriptor::complex1d(2107, 3)), (P{43}));
  EXPECT_EQ(plan(TransformDescriptor::complex1d(43, 3)), (P{43}));
  AxisJob realRows;
  realRows.extent = {1849, 1, 1};
  realRows.batch = 3;
  realRows.axes = 0b001;
  realRows.realRows = 1;
  EXPECT_EQ(codelets(planStockham(realRows, kGpu)), (P{43}));
  for (std::size_t n : {961u, 1023u, 3968u})
    EXPECT_EQ(plan(TransformDescriptor::complex1d(n, 3)), (P{31})) << n;
  for (std::size_t n : {31u, 124u})
    EXPECT_EQ(plan(TransformDescriptor::complex1d(n, 3)), P{}) << n;
  EXPECT_EQ(plan(TransformDescriptor::complex1d(1333, 3)), (P{43}));
  realRows.extent = {1922, 1, 1};
  EXPECT_EQ(codelets(planStockham(realRows, kGpu)), P{});
  EXPECT_EQ(stage(TransformDescriptor::complex1d(683, 3)), (P{31}));
  EXPECT_EQ(stage(TransformDescriptor::complex2d(1366, 768)), (P{31}));
  EXPECT_EQ(stage(TransformDescriptor::complex1d(947, 3)), (P{43}));
}

// Lengths with a factor 2 and odd primes up to 7: the fewest passes that keep the lanes busy, the radices
// holding more twos first, one work-item per butterfly of one of them (balancedTwoRadices); the usual
// radices with DeviceLimits::balancedTwoRadices off, where no grouping saves a pass, and for rows of twos
// and fives alone that would save one.
TEST(Planner, BalancedTwoRadicesTakeFewerPasses)
{
  using R = std::vector<int>;
  const DeviceLimits balanced = kGpu;
  DeviceLimits usual = kGpu;
  usual.balancedTwoRadices = false;
  const auto pass = [](const TransformDescriptor& d, const DeviceLimits& limits, std::size_t i = 0) {
    return planStockham(d, limits).passes.at(i);
  };
  const StockhamPass rows3000 = pass(TransformDescriptor::complex1d(3000, 8), balanced);
  EXPECT_EQ(rows3000.radices, (R{24, 5, 25}));
  EXPECT_EQ(rows3000.threads, 125u);
  EXPECT_EQ(rows3000.registerValues, 25u);
  EXPECT_EQ(pass(TransformDescriptor::complex1d(3000, 8), usual).radices, (R{8, 3, 5, 5, 5}));
  // Twos and fives: rows where two passes go, columns where one does.
  EXPECT_EQ(pass(TransformDescriptor::complex1d(4000, 8), balanced).radices, (R{20, 20, 10}));
  EXPECT_EQ(pass(TransformDescriptor::complex1d(2000, 8), balanced).radices, (R{16, 5, 5, 5}));
  EXPECT_EQ(pass(TransformDescriptor::complex2d(1000, 1000), balanced, 0).radices, (R{8, 5, 5, 5}));
  EXPECT_EQ(pass(TransformDescriptor::complex2d(1000, 1000), balanced, 1).radices, (R{10, 10, 10}));
  EXPECT_EQ(pass(TransformDescriptor::complex1d(24000, 8), balanced).radices, (R{8, 5, 5}));
  EXPECT_EQ(pass(TransformDescriptor::complex1d(1920, 8), balanced).radices, (R{16, 8, 15}));
  EXPECT_EQ(pass(TransformDescriptor::complex1d(1080, 8), balanced).radices, (R{12, 6, 15}));
  // 2000-long columns: one launch in two rounds, radix 20 included (roundsRadix).
  const StockhamPass columns = pass(TransformDescriptor::complex2d(3000, 2000), balanced, 1);
  EXPECT_EQ(columns.radices, (R{20, 10, 10}));
  EXPECT_EQ(columns.threads, 100u);
  EXPECT_EQ(columns.lineRounds, 2);
  // Both launches of the audio lengths: 22050 = 210 x 105, 48000 = 240 x 200 (the second already two).
  EXPECT_EQ(pass(TransformDescriptor::complex1d(22050, 8), balanced).radices, (R{14, 15}));
  EXPECT_EQ(pass(TransformDescriptor::complex1d(48000, 8), balanced).radices, (R{16, 15}));
  EXPECT_EQ(pass(TransformDescriptor::complex1d(48000, 8), balanced, 1).radices, (R{8, 25}));
  // Real rows (their pairwise step in the launch) hold at most kRealRowBalancedValues where no pass more
  // does: R2C 1920's 960 as 8 x 8 x 15 on 64 work-items (complex: 8 x 24 x 5 on 40), R2C 3000's 1500 as
  // 20 x 5 x 15 on 100 (complex: 20 x 3 x 25 on 75); R2C 1200's 600 keeps 24 x 25, as no such grouping
  // fits two passes.
  const auto realRowsOf = [&](std::size_t n) {
    AxisJob job;
    job.extent = {n, 1, 1};
    job.batch = 8;
    job.axes = 0b001;
    job.realRows = 1;
    const StockhamSchedule s = planStockham(job, balanced);
    EXPECT_EQ(s.passes.size(), 1u) << n;
    EXPECT_EQ(s.passes.at(0).realRows, 1) << n;
    return s.passes.at(0);
  };
  EXPECT_EQ(realRowsOf(960).radices, (R{8, 8, 15}));
  EXPECT_EQ(realRowsOf(960).threads, 64u);
  EXPECT_EQ(pass(TransformDescriptor::complex1d(960, 8), balanced).radices, (R{8, 24, 5}));
  EXPECT_EQ(realRowsOf(1500).radices, (R{20, 5, 15}));
  EXPECT_EQ(realRowsOf(1500).threads, 100u);
  EXPECT_EQ(pass(TransformDescriptor::complex1d(1500, 8), balanced).radices, (R{20, 3, 25}));
  EXPECT_EQ(realRowsOf(600).radices, (R{24, 25}));
  const auto valuesHeld = [](const BalancedRadices& b, std::size_t n) {
    std::size_t values = 0;
    for (int r : b.radices)
      values = std::max(values, (n / std::size_t(r) + b.threads - 1) / b.threads * std::size_t(r));
    return values;
  };
  for (std::size_t n : {360u, 720u, 960u, 1200u, 1440u, 1500u}) {
    const std::optional<BalancedRadices> preferred = balancedTwoRadices(n, 8, kRealRowBalancedValues);
    const std::optional<BalancedRadices> any = balancedTwoRadices(n, 8);
    ASSERT_TRUE(preferred && any) << n;
    EXPECT_EQ(preferred->radices.size(), any->radices.size()) << n << ": no pass more";
    EXPECT_LE(valuesHeld(*preferred, n), kRealRowBalancedValues) << n;
    EXPECT_GT(valuesHeld(*any, n), kRealRowBalancedValues) << n << ": the complex pick holds more";
  }
  // A tuned shape's preferred values (PlanShape::balancedValues) hold on every line, real rows included.
  DeviceLimits twenty = kGpu, twentyFive = kGpu;
  twenty.preferredBalancedValues = 20;
  twentyFive.preferredBalancedValues = 25;
  EXPECT_EQ(pass(TransformDescriptor::complex1d(960, 8), twenty).radices, (R{8, 8, 15}));
  AxisJob realRows960;
  realRows960.extent = {960, 1, 1};
  realRows960.batch = 8;
  realRows960.axes = 0b001;
  realRows960.realRows = 1;
  EXPECT_EQ(planStockham(realRows960, twentyFive).passes.at(0).radices, (R{8, 24, 5}));
  // Nothing to join: odd lengths, powers of two, a prime above 7, or no pass saved.
  EXPECT_FALSE(balancedTwoRadices(3375, 4));
  EXPECT_FALSE(balancedTwoRadices(4096, 3));
  EXPECT_FALSE(balancedTwoRadices(2 * 11 * 5, 3));
  EXPECT_FALSE(balancedTwoRadices(200, 2));
  // Every pick keeps its work-items within kMostBalancedValues values and at least 90% of their lanes.
  for (std::size_t n : {240u, 360u, 480u, 600u, 720u, 960u, 1000u, 1200u, 1500u, 2160u, 3840u, 4000u}) {
    const std::optional<BalancedRadices> b = balancedTwoRadices(n, 8);
    ASSERT_TRUE(b) << n;
    std::size_t product = 1, slots = 0;
    for (int r : b->radices) {
      product *= std::size_t(r);
      const std::size_t rounds = (n / std::size_t(r) + b->threads - 1) / b->threads;
      EXPECT_LE(rounds * std::size_t(r), 25u) << n;
      slots += rounds * std::size_t(r) * b->threads;
    }
    EXPECT_EQ(product, n);
    EXPECT_GE(double(b->radices.size() * n), 0.9 * double(slots)) << n;
  }
}

// Composite radices (two stages of 3, 5 or 7 in registers, one local pass) where they measured faster:
// up to a prime of 17 or more that sets the work-items per line anyway, odd lengths that keep a warp of
// work-items per line (the smallest composites within one pass of the fewest), every launch of Rader's
// one-launch stage, columns that keep two work-items per line; not rows with a factor 2 and only small
// primes, nor the generic program.
TEST(Planner, CompositeRadicesWhereTheyPay)
{
  using R = std::vector<int>;
  const auto radicesOf = [](const TransformDescriptor& d, const DeviceLimits& limits, std::size_t pass = 0) {
    return planStockham(d, limits).passes.at(pass).radices;
  };
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(999, 8), kGpu), (R{27, 37}));
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(153, 8), kGpu), (R{9, 17}));
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(2052, 8), kGpu), (R{12, 9, 19}))
      << "the lone 3 joins the twos (LoneThreeJoinsTheTwosBesideANine)";
  // The smallest composites within one pass of the fewest (fewestPassComposites).
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(2187, 8), kGpu), (R{9, 9, 9, 3}));
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(729, 8), kGpu), (R{9, 9, 9}));
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(3375, 8), kGpu), (R{9, 15, 5, 5}));
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(3125, 8), kGpu), (R{25, 25, 5}))
      << "5^5 is two passes more";
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(27, 8), kGpu), (R{3, 3, 3})) << "one work-item per line";
  // 1080 and its columns below with the usual radices (balanced radices: BalancedTwoRadicesTakeFewerPasses).
  DeviceLimits usual = kGpu;
  usual.balancedTwoRadices = false;
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(1000, 8), kGpu), (R{8, 5, 5, 5}));
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(1080, 8), usual), (R{8, 3, 3, 3, 5}));
  // Columns: 1080 of 1920 x 1080 in one launch, 675 (27 x 25 is two passes, 9 x 3 x 5 x 5 four); 27 where
  // smaller composites leave a line less than a warp of work-items (243: 27 x 9 is nine); 1809's 27 after
  // Rader's 67 stays one pass per prime.
  EXPECT_EQ(radicesOf(TransformDescriptor::complex2d(1920, 1080), usual, 1), (R{8, 9, 3, 5}));
  EXPECT_EQ(radicesOf(TransformDescriptor::complex2d(64, 675), kGpu, 1), (R{9, 15, 5}));
  DeviceLimits planesApart = kGpu; // 12 x 243 fits a plane launch
  planesApart.planes = false;
  EXPECT_EQ(radicesOf(TransformDescriptor::complex2d(12, 243), planesApart, 1), (R{27, 9}));
  DeviceLimits restApart = kGpuRader;
  restApart.raderWithRest = false;
  const StockhamSchedule factor = planStockham(TransformDescriptor::complex1d(1809, 8), restApart);
  ASSERT_EQ(factor.passes.size(), 2u);
  EXPECT_EQ(factor.passes[1].radices, (R{3, 3, 3}));
  EXPECT_EQ(mixedRadices(1008, CompositeRadices::All), (R{16, 9, 7}));
  EXPECT_EQ(mixedRadices(4800, CompositeRadices::All), (R{8, 8, 15, 5}));
  EXPECT_EQ(mixedRadices(2025, CompositeRadices::All), (R{27, 15, 5}));
  EXPECT_EQ(mixedRadices(49 * 3, CompositeRadices::All), (R{21, 7}));
  // The generic program and the comparison knob keep one pass per prime.
  DeviceLimits generic = kGpu;
  generic.mixedThreads = 128;
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(2187, 8), generic), (R{3, 3, 3, 3, 3, 3, 3}));
  DeviceLimits primesOnly = kGpu;
  primesOnly.compositeRadices = false;
  EXPECT_EQ(radicesOf(TransformDescriptor::complex1d(2187, 8), primesOnly), (R{3, 3, 3, 3, 3, 3, 3}));
}

// Beside a prime from 17 up whose threes group as 9 x 3, the lone 3 joins the first power of two up to 8
// (the planner's joinLoneThreeWithTwos): 2052, 4104, 1026 and Rader's 2053 on 2052. Not without the 9
// (1632, 2976, 1416), nor a 3 that an 11 or 13 took (Rader's 4027 on 4026 as 2 x 33 x 61).
TEST(Planner, LoneThreeJoinsTheTwosBesideANine)
{
  using R = std::vector<int>;
  const auto radicesOf = [](std::size_t n) {
    return planStockham(TransformDescriptor::complex1d(n, 8), kGpu).passes.at(0).radices;
  };
  EXPECT_EQ(radicesOf(2052), (R{12, 9, 19}));
  EXPECT_EQ(radicesOf(4104), (R{24, 9, 19}));
  EXPECT_EQ(radicesOf(1026), (R{6, 9, 19}));
  EXPECT_EQ(radicesOf(1632), (R{8, 4, 3, 17}));
  EXPECT_EQ(radicesOf(2976), (R{8, 4, 3, 31}));
  EXPECT_EQ(radicesOf(1416), (R{8, 3, 59}));
  EXPECT_EQ(mixedRadices(4026, CompositeRadices::WhereTheyPay), (R{2, 33, 61}));
  const StockhamSchedule rader = planStockham(TransformDescriptor::complex1d(2053, 8), kGpuRader);
  ASSERT_EQ(rader.passes.size(), 1u);
  EXPECT_EQ(forwardConvolutionSchedule(rader.passes[0], kGpuRader).passes.at(0).radices, (R{12, 9, 19}));
}

// A 3, else a 2, joins each 11 and 13 into one pass (radices 33, 39, 22 and 26) wherever composites are
// taken; and where every pass is a codelet above 16, a work-item takes one butterfly of each.
TEST(Planner, SmallRadicesJoinElevenAndThirteen)
{
  using R = std::vector<int>;
  const auto passOf = [](std::size_t n, const DeviceLimits& limits = kGpu) {
    return planStockham(TransformDescriptor::complex1d(n, 8), limits).passes.at(0);
  };
  EXPECT_EQ(passOf(1023).radices, (R{33, 31}));
  EXPECT_EQ(passOf(2046).radices, (R{2, 33, 31}));
  EXPECT_EQ(passOf(858).radices, (R{33, 26}));
  EXPECT_EQ(passOf(1209).radices, (R{39, 31}));
  EXPECT_EQ(passOf(2002).radices, (R{7, 22, 13}));
  EXPECT_EQ(passOf(1430).radices, (R{5, 22, 13}));
  EXPECT_EQ(mixedRadices(726, CompositeRadices::WhereTheyPay), (R{33, 22})) << "both 11s joined";
  EXPECT_EQ(mixedRadices(682, CompositeRadices::All), (R{22, 31})) << "683's Rader convolution";
  EXPECT_EQ(mixedRadices(682, CompositeRadices::None), (R{2, 11, 31}));
  EXPECT_EQ(mixedRadices(1287, CompositeRadices::WhereTheyPay), (R{9, 11, 13})) << "no 3 or 2 left";
  EXPECT_EQ(mixedRadices(66, CompositeRadices::All), (R{2, 3, 11})) << "two butterflies a line";
  EXPECT_EQ(mixedRadices(198, CompositeRadices::All), (R{9, 22}));
  EXPECT_EQ(kernelMaxRadix(1209), 39u);
  EXPECT_EQ(kernelMaxRadix(1023), 33u);
  EXPECT_EQ(kernelMaxRadix(682), 32u);
  // One butterfly of each large codelet per work-item: 33 for 1023 (31 left two work-items two of the
  // 31-point butterflies), 37 for 999 = 27 x 37; 2046's pass of 2 keeps 62 work-items.
  EXPECT_EQ(passOf(1023).threads, 33u);
  EXPECT_EQ(passOf(682).threads, 31u);
  EXPECT_EQ(passOf(999).threads, 37u);
  EXPECT_EQ(passOf(2046).threads, 62u);
  EXPECT_EQ(passOf(1023).registerValues, 33u);
  DeviceLimits primesOnly = kGpu;
  primesOnly.compositeRadices = false;
  EXPECT_EQ(passOf(1023, primesOnly).radices, (R{3, 11, 31}));
}

// Rader's stage is one launch (both convolution FFTs in local memory) where its convolution is one launch
// of the length-specialised program whose registers allow it, odd real rows in pairs too: the axis read
// once and written once. On a factor (with the rest of its rows apart) that launch reads interleaved lines
// and writes whole ones, so it cannot run in place.
TEST(Planner, RaderRunsInOneLaunchWhereItsConvolutionFits)
{
  const auto first = [](const TransformDescriptor& d, const DeviceLimits& limits) {
    const StockhamSchedule s = planStockham(d, limits);
    for (const StockhamPass& p : s.passes)
      if (p.family == StockhamPass::Family::Rader) return p;
    ADD_FAILURE() << d.toString() << " has no Rader stage";
    return StockhamPass{};
  };
  for (std::size_t p : {67u, 401u, 683u, 1009u, 1019u, 1201u, 4801u}) {
    const StockhamPass whole = first(TransformDescriptor::complex1d(p, 2), kGpuRader);
    EXPECT_TRUE(whole.raderInOneLaunch) << p;
    EXPECT_TRUE(whole.inPlaceSafe()) << p;
  }
  // Where the one launch's busiest pass would hold 32 values a work-item or more over lines longer than a
  // warp (1600 = 8 x 8 x 25 on 64 work-items; 2052 = 4 x 27 x 19, 38 values), its two launches: not 401
  // (16 x 25 on 16 work-items) nor 683 (22 x 31 on 31) above.
  for (std::size_t p : {1601u, 2053u, 2161u, 3001u, 4001u})
    EXPECT_FALSE(first(TransformDescriptor::complex1d(p, 2), kGpuRader).raderInOneLaunch) << p;
  // A measured shape may put them in one launch all the same (PlanShape::raderLaunches 1).
  DeviceLimits whereItFits = kGpuRader;
  whereItFits.raderOneLaunchWhereItFits = true;
  for (std::size_t p : {1427u, 1601u, 2053u, 3001u, 4001u})
    EXPECT_TRUE(first(TransformDescriptor::complex1d(p, 2), whereItFits).raderInOneLaunch) << p;
  DeviceLimits restApart = kGpuRader;
  restApart.raderWithRest = false;
  const StockhamPass factor = first(TransformDescriptor::complex1d(1809, 2), restApart);
  EXPECT_TRUE(factor.raderInOneLaunch);
  EXPECT_FALSE(factor.inPlaceSafe());
  EXPECT_TRUE(first(TransformDescriptor::complex2d(64, 1009), kGpu).raderInOneLaunch);
  // 65536 and 7680 take several launches with 48 KB; the generic program keeps two launches.
  EXPECT_FALSE(first(TransformDescriptor::complex1d(65537), kGpu).raderInOneLaunch);
  EXPECT_FALSE(first(TransformDescriptor::complex1d(7681), kGpu).raderInOneLaunch);
  DeviceLimits generic = kGpu;
  generic.mixedThreads = 128;
  EXPECT_FALSE(first(TransformDescriptor::complex1d(1009), generic).raderInOneLaunch);
  // Odd real rows in pairs: the one-launch stage reads and writes the real side itself.
  AxisJob pairs = AxisJob::fromDescriptor(TransformDescriptor::complex1d(1009, 4));
  pairs.realPairs.kind = RealPairRows::Kind::RealToComplex;
  pairs.realPairs.rows = 8;
  EXPECT_TRUE(planStockham(pairs, kGpu).passes[0].raderInOneLaunch);
}

// R2C rows longer than one launch get the pairwise step in their last launch (REAL_ROWS 3), so no
// separate r2c_post pass reads and writes the half spectrum again; rows of one launch fuse it there.
// Mixed-radix rows too (audio lengths: 44100 and 48000 split in two launches, 96000 too), where the last
// launch's lines pair up (an even count, whole in the exchange buffer); 9600 is one launch of 4800.
TEST(Planner, RealRowsFuseThePairwiseStepIntoTheirLastLaunch)
{
  for (std::size_t n : {1024u, 1u << 16, 1u << 20, 44100u, 48000u, 96000u, 2u * 4800u}) {
    AxisJob rows;
    rows.extent = {n / 2, 1, 1};
    rows.batch = (1u << 25) / n;
    rows.axes = 0b001;
    rows.realRows = 1;
    rows.rowPitchIn = n / 2, rows.rowPitchOut = n / 2 + 1;
    const StockhamSchedule s = planStockham(rows, kGpu);
    EXPECT_TRUE(realRowsFused(s)) << n;
    EXPECT_EQ(s.passes.back().realRows, s.passes.size() == 1 ? 1 : 3) << n;
    for (std::size_t i = 0; i + 1 < s.passes.size(); ++i)
      EXPECT_EQ(s.passes[i].realRows, 0) << n;
  }
}

// C2R rows longer than one launch form Z from the Hermitian half in their first launch (REAL_ROWS 4) when
// that launch holds 16 adjacent lines or more (2^16 on the GPU); 2^20's first launch holds 8, and there a
// separate pass measured faster. Rows of one launch always fuse it.
TEST(Planner, ComplexToRealRowsFuseThePairwiseStepWhereItPays)
{
  const auto rowsOf = [](std::size_t n) {
    AxisJob rows;
    rows.extent = {n / 2, 1, 1};
    rows.batch = (1u << 25) / n;
    rows.axes = 0b001;
    rows.direction = Direction::Inverse;
    rows.realRows = 2;
    rows.rowPitchIn = n / 2 + 1, rows.rowPitchOut = n / 2;
    return planStockham(rows, kGpu);
  };
  const StockhamSchedule one = rowsOf(1024), two = rowsOf(1u << 16), wide = rowsOf(1u << 20);
  ASSERT_EQ(one.passes.size(), 1u);
  EXPECT_EQ(one.passes[0].realRows, 2);
  ASSERT_EQ(two.passes.size(), 2u);
  EXPECT_EQ(two.passes[0].realRows, 4);
  EXPECT_EQ(two.passes[1].realRows, 0);
  EXPECT_GE(two.passes[0].lines, 16u);
  EXPECT_FALSE(realRowsFused(wide));
}

// Rader's convolution FFTs over a column axis (64 x 1009: the work buffer's line b is column b) read and
// write that axis through their hooks: the launch that touches it takes adjacent columns together (at
// least four, a 32-byte sector per row), the work buffer's side stays one line after another.
TEST(Planner, ConvolutionFftsOverColumnsTakeAdjacentColumnsTogether)
{
  AxisJob job;
  job.extent = {1008, 1, 1};
  job.batch = 64 * 519;
  job.axes = 0b001;
  job.mixedRadixOnly = true;
  // As the stage's FFTs plan: without balanced radices (convolutionLimits).
  DeviceLimits stage = kGpu;
  stage.balancedTwoRadices = false;
  // The forward FFT gathers from the axis (loads), the inverse scatters to it (stores).
  for (const bool loads : {true, false}) {
    job.axisLoadsAdjacent = loads;
    job.axisStoresAdjacent = !loads;
    const StockhamSchedule s = planStockham(job, stage);
    ASSERT_EQ(s.passes.size(), 1u);
    EXPECT_EQ(s.passes[0].loadLinesFastest, loads);
    EXPECT_EQ(s.passes[0].storeLinesFastest, !loads);
    EXPECT_GE(s.passes[0].lines, kGpu.minAdjacentLines);
  }

  // Rows (1009 on axis 0): two lines of 63 work-items per group, as any contiguous line of 1008.
  job.axisLoadsAdjacent = job.axisStoresAdjacent = false;
  EXPECT_EQ(planStockham(job, stage).passes[0].lines, 2u);
}

// The tuner's other split of an axis in two launches (DeviceLimits::firstLaunchLength,
// PlanShape::firstLaunch): taken where it divides the axis, which the planner splits in two; ignored
// elsewhere.
TEST(Planner, FirstLaunchKnobSplitsTwoLaunchAxes)
{
  const auto lengthsOf = [](const TransformDescriptor& d, std::size_t first) {
    DeviceLimits limits = kGpu;
    limits.firstLaunchLength = first;
    limits.balancedTwoRadices = false; // 1600-long columns in two launches, not one in rounds
    std::vector<std::size_t> lengths;
    for (const StockhamPass& p : planStockham(d, limits).passes)
      lengths.push_back(p.length);
    return lengths;
  };
  using L = std::vector<std::size_t>;
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(48000, 2), 0), (L{240, 200}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(48000, 2), 200), (L{200, 240}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(44100, 2), 100), (L{100, 441}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(1u << 21, 2), 4096), (L{4096, 512}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(48000, 2), 7), (L{240, 200}))
      << "7 does not divide 48000";
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex1d(1000, 2), 10), (L{1000})) << "one launch stays one";
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex2d(1600, 1600, 2), 0), (L{1600, 40, 40}));
  EXPECT_EQ(lengthsOf(TransformDescriptor::complex2d(1600, 1600, 2), 32), (L{1600, 32, 50}));
}

// Mixed columns take two sectors of lines: in one exchange where eight fit 48 KB (480, 600), in two rounds
// of four where the group stays within 512 work-items holding up to 20 values each, radices up to 16
// (768: 48 a line, 18 values), else four (1000: 125 a line, a group of 1000 was slower; 1023 = 3 x 11 x 31,
// 33 values, and 896 = 16 x 8 x 7, 21). The rounds' buffer and the eight lines' pass twiddles fit.
TEST(Planner, MixedColumnsTakeTwoSectorsInOneOrTwoRounds)
{
  struct Case
  {
    std::size_t width, height, lines;
    int rounds;
  };
  for (const Case c :
       {Case{640, 480, 8, 1}, Case{800, 600, 8, 1}, Case{1366, 768, 8, 2}, Case{12, 832, 8, 2},
        Case{1000, 1000, 4, 1}, Case{1920, 1080, 4, 1}, Case{1024, 1023, 4, 1}, Case{64, 896, 4, 1}}) {
    const StockhamSchedule s = planStockham(TransformDescriptor::complex2d(c.width, c.height, 4), kGpu);
    const StockhamPass& columns = s.passes.back();
    ASSERT_EQ(columns.family, StockhamPass::Family::Mixed) << c.height;
    EXPECT_EQ(columns.lines, c.lines) << c.height;
    EXPECT_EQ(columns.lineRounds, c.rounds) << c.height;
    if (columns.lineRounds > 1) EXPECT_LE(columns.groupSize(), 512u) << c.height;
  }
  // Nor on a convolution's launch that loads and stores a strided axis through its hooks (Rader's 1008 of
  // 1009-long columns): only the axis' own columns and the middle launches of a line.
  AxisJob convolution;
  convolution.extent = {1008, 1, 1};
  convolution.batch = 64;
  convolution.axisLoadsAdjacent = convolution.axisStoresAdjacent = true;
  for (const StockhamPass& p : planStockham(convolution, kGpu).passes)
    EXPECT_EQ(p.lineRounds, 1);
  // Never along 1D lines, one launch or several.
  for (std::size_t n : {768u, 832u, 1000u, 48000u, 1366u * 768u})
    for (const StockhamPass& p : planStockham(TransformDescriptor::complex1d(n, 4), kGpu).passes)
      EXPECT_EQ(p.lineRounds, 1) << n;
}

// Mixed columns longer than four lines fit 48 KB run in one launch where a sector of lines does in two
// rounds (the group within 512 work-items holding up to 20 values each, radices up to 16 and 20): 2000 =
// 20 x 10 x 10 (100 a line), 1920 = 16 x 8 x 15 (128) and 1600 = 4 x 20 x 20 (80), instead of 40 x 50, 40 x
// 48 and 40 x 40. Not 2160 = 12 x 12 x 15 (180 a line: a group of 720): it keeps two launches.
TEST(Planner, LongMixedColumnsTakeOneLaunchInRoundsWhereASectorFits)
{
  struct Case
  {
    std::size_t width, height, launches;
  };
  for (const Case c : {Case{3000, 2000, 1}, Case{64, 2000, 1}, Case{1920, 1920, 1}, Case{1600, 1600, 1},
                       Case{2160, 2160, 2}}) {
    const StockhamSchedule s = planStockham(TransformDescriptor::complex2d(c.width, c.height, 4), kGpu);
    std::vector<const StockhamPass*> columns;
    for (const StockhamPass& p : s.passes)
      if (p.axis == 1) columns.push_back(&p);
    ASSERT_EQ(columns.size(), c.launches) << c.height;
    if (c.launches != 1) continue;
    const StockhamPass& p = *columns.front();
    EXPECT_EQ(p.length, c.height);
    EXPECT_EQ(p.lines, 4u) << c.height;
    EXPECT_EQ(p.lineRounds, 2) << c.height;
    EXPECT_LE(p.groupSize(), 512u) << c.height;
    EXPECT_LE(p.registerValues, 20u) << c.height;
  }
  // Real images' columns too (3000 x 2000's 1501 x 2000 half spectrum).
  AxisJob halfSpectrum;
  halfSpectrum.extent = {1501, 2000, 1};
  halfSpectrum.axes = 0b010;
  const StockhamSchedule real = planStockham(halfSpectrum, kGpu);
  ASSERT_EQ(real.passes.size(), 1u);
  EXPECT_EQ(real.passes[0].lineRounds, 2);
  // Not on the generic program, whose launches take no rounds: one launch would hold half a sector.
  DeviceLimits generic = kGpu;
  generic.mixedThreads = 128;
  std::size_t genericColumns = 0;
  for (const StockhamPass& p : planStockham(TransformDescriptor::complex2d(64, 2000, 4), generic).passes) {
    genericColumns += p.axis == 1 ? 1 : 0;
    EXPECT_EQ(p.lineRounds, 1);
    if (p.axis == 1) EXPECT_EQ(p.lines % generic.minAdjacentLines, 0u) << p.length;
  }
  EXPECT_EQ(genericColumns, 2u);
}

// Passes over adjacent lines take them in whole 32-byte sectors (a multiple of four float2 lines), so
// neighbouring groups never share a sector of a row.
TEST(Planner, AdjacentLinesComeInWholeSectors)
{
  for (const TransformDescriptor& d :
       {TransformDescriptor::complex1d(48000, 699), TransformDescriptor::complex2d(3000, 2000, 5),
        TransformDescriptor::complex2d(1920, 1080, 16)})
    for (const StockhamPass& p : planStockham(d, kGpu).passes)
      if (p.loadLinesFastest || p.storeLinesFastest)
        EXPECT_EQ(p.lines % kGpu.minAdjacentLines, 0u) << d.toString();
  // Where local memory holds fewer lines than linesFor asked, the largest power of two below that fits:
  // 50-long columns 64 of 128 (4000 x 3000's second column launch; as 3000 x 2000's, before those took one
  // launch, 68, a sector at a time, ran 8% slower), 500-long columns 8 of 12.
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(4000, 3000, 5), kGpu).passes.at(2).length, 50u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(4000, 3000, 5), kGpu).passes.at(2).lines, 64u);
  EXPECT_EQ(planStockham(TransformDescriptor::complex2d(1000, 500, 4), kGpu).passes.at(1).lines, 8u);
  // Every column length up to 1200 that fits a sector's worth of lines keeps whole sectors (halving 12
  // gave 6; H100, 1000 x 500 0.445 -> 0.424 ms with 8, 540 x 540 0.550 -> 0.468).
  for (std::size_t length = 2; length <= 1200; ++length) {
    const TransformDescriptor d = TransformDescriptor::complex2d(64, length, 4);
    if (!hasKernelRadices(length)) continue;
    for (const StockhamPass& p : planStockham(d, kGpu).passes)
      if (p.loadLinesFastest && p.lines >= kGpu.minAdjacentLines)
        EXPECT_EQ(p.lines % kGpu.minAdjacentLines, 0u) << d.toString() << ": " << p.lines << " lines";
  }
}
