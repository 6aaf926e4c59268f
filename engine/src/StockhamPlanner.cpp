// The axis plans and schedules of StockhamPlanner.h: which launches each axis takes, in what order, and
// where a whole plane is one launch. The shape of each launch is LaunchShapes.cpp's; the convolution
// routes (Bluestein, Rader, team passes) are ConvolutionRoutes.cpp's.

#include "StockhamPlanner.h"

#include "LaunchShapes.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <bit>

namespace spectrascope::detail {
namespace {

bool transformsAxis(const AxisJob& job, int axis)
{
  return (job.axes >> axis) & 1u;
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
