#include "OpenClFftPlan.h"

#include "BluesteinStage.h"
#include "DeviceCalls.h"
#include "RaderStage.h"
#include "TwiddleTables.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>

namespace spectrascope::detail {
namespace {

// Radices as a launch's name shows them: 16x9x7.
std::string joined(const std::vector<int>& radices)
{
  std::string text;
  for (int r : radices)
    text += (text.empty() ? "" : "x") + std::to_string(r);
  return text;
}

} // namespace

OpenClFftPlan::OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const DeviceLimits& limits)
    : StagedOpenClPlan(backend, d), job_(AxisJob::fromDescriptor(d)), limits_(limits)
{
  schedule_ = planStockham(d, limits);
  prepare();
}

OpenClFftPlan::OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const AxisJob& job,
                             const DeviceLimits& limits, std::optional<ConvolutionHooks> hooks)
    : StagedOpenClPlan(backend, d), job_(job), limits_(limits), hooks_(std::move(hooks))
{
  schedule_ = planStockham(job, limits);
  if (hooks_ && hooks_->afterFilterLaunch) {
    // The first launch ran in the forward FFT's filter launch. The last launch of the axis reads and
    // writes the same elements in each group, so it runs in place on the work buffer.
    if (schedule_.passes.size() != 2)
      throw unsupported("an inverse convolution FFT after a filter launch planned as " +
                        std::to_string(schedule_.passes.size()) + " launches");
    schedule_.passes.erase(schedule_.passes.begin());
    schedule_.passes.front().ownElementsOnly = true;
  }
  prepare();
}

OpenClFftPlan::~OpenClFftPlan() = default;

void OpenClFftPlan::prepare()
{
  const OpenClDeviceInfo& info = backend_.info();
  const std::size_t bytes = bufferBytes();
  if (bytes > info.maxAllocBytes)
    throw outOfResources(descriptor().toString() + " needs a " + std::to_string(bytes >> 20) +
                         " MiB buffer; " + info.name + " allows " + std::to_string(info.maxAllocBytes >> 20) +
                         " MiB");
  directPairs_ = !hooks_ && job_.realPairs.any() && schedule_.passes.size() == 1 &&
                 schedule_.passes.front().family == StockhamPass::Family::Mixed &&
                 !backend_.options().genericMixedShapes;
  try {
    for (std::size_t i = 0; i < schedule_.passes.size(); ++i)
      launches_.push_back(makeLaunch(schedule_.passes[i], i == 0, i + 1 == schedule_.passes.size()));
    const bool needsScratch = std::any_of(schedule_.passes.begin(), schedule_.passes.end(),
                                          [](const StockhamPass& p) { return !p.inPlaceSafe(); });
    if (needsScratch) scratch_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, bytes);
    const bool noneInPlace = std::none_of(schedule_.passes.begin(), schedule_.passes.end(),
                                          [](const StockhamPass& p) { return p.inPlaceSafe(); });
    if (noneInPlace && schedule_.passes.size() % 2 == 1 && schedule_.passes.size() >= 3)
      secondScratch_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, bytes);
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "preparing " + descriptor().toString());
  }
}

std::size_t OpenClFftPlan::bufferBytes() const
{
  return std::max(job_.inputValues(), job_.outputValues()) * 2 * sizeof(float);
}

std::size_t OpenClFftPlan::complexCount() const
{
  return job_.inputValues();
}

int OpenClFftPlan::loadHookFor(bool first) const
{
  if (!hooks_ || !first || !hooks_->forward) return 0;
  return hooks_->kind == ConvolutionHooks::Kind::Rader ? 2 : 1;
}

int OpenClFftPlan::storeHookFor(bool last) const
{
  if (!hooks_ || !last || (!hooks_->forward && hooks_->storeInWork)) return 0;
  if (hooks_->oneLaunch) return 5;
  if (hooks_->filterLaunch) return 6;
  return (hooks_->kind == ConvolutionHooks::Kind::Rader ? 3 : 1) + (hooks_->forward ? 0 : 1);
}

namespace {

// A float literal for a build option, the same in every locale: printf's %g writes "0,5" once the GUI has
// taken the user's locale (Qt sets LC_ALL), which the OpenCL compiler reads as two values. Nine
// significant digits round-trip a float.
std::string floatLiteral(double value)
{
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, float(value), std::chars_format::general, 9).ptr;
  std::string literal(text, end);
  if (literal.find_first_of(".e") == std::string::npos) literal += ".0";
  return literal + "f";
}

// The half length of a fused real step's rows: the whole row's for REAL_ROWS 3 and 4 (rows of several
// launches), else the launch's.
std::size_t realStepHalf(const StockhamPass& p)
{
  return p.realRows >= 3 ? p.nOverL * p.length : p.length;
}

// The multiplicative inverse of a generator g mod P.
std::uint32_t inverseMod(std::uint32_t g, std::uint32_t prime)
{
  std::uint32_t inverse = 1;
  while (inverse * g % prime != 1)
    ++inverse;
  return inverse;
}

// The convolution form's tables of a prime P with (P - 1) / 2 = 3 Q (cl/fft_mixed.cl's TEAM_CONV and
// cl/odd_prime_dft.cl's CONV_CODELET_31 / _43), as build-option lists, in the order of the remainders
// (a mod 3, a mod Q) of the index a in [0, H), H = 3 Q: r' and q' (g^a and g^-a mod P, mirrored for odd
// a: the signs that make the sine's correlation periodic), and the five kernels of length Q of each
// sequence, from the rows h_n1 = C (or (-1)^a S) at remainder n1 (combinations in double, rounded once).
struct ConvolutionTables
{
  std::string powers, inversePowers, cosKernels, sinKernels;
};

ConvolutionTables convolutionTables(std::uint32_t prime)
{
  const std::uint32_t half = (prime - 1) / 2, inner = half / 3, g = primitiveRoot(prime);
  const std::uint32_t gInverse = inverseMod(g, prime);
  std::vector<std::uint32_t> powers(half), inversePowers(half);
  std::vector<double> cosRows(half), sinRows(half);
  for (std::uint32_t a = 0, power = 1, inverse = 1; a < half; ++a) {
    const std::uint32_t place = a % 3 * inner + a % inner;
    const bool odd = a % 2;
    const double angle = 2.0 * std::numbers::pi * double(power) / double(prime);
    powers[place] = odd ? prime - power : power;
    inversePowers[place] = odd ? prime - inverse : inverse;
    cosRows[place] = std::cos(angle);
    sinRows[place] = odd ? -std::sin(angle) : std::sin(angle);
    power = power * g % prime;
    inverse = inverse * gInverse % prime;
  }
  // h = h0 - (h1 + h2) / 2 and e = h1 - h2: the kernels of m0, u * h / 3, v * e / 4, u * e / 2, -v * h / 2.
  const auto kernels = [inner](const std::vector<double>& rows) {
    std::string list;
    for (int k = 0; k < 5; ++k)
      for (std::uint32_t n = 0; n < inner; ++n) {
        const double h0 = rows[n], h1 = rows[inner + n], h2 = rows[2 * inner + n];
        const double h = h0 - 0.5 * (h1 + h2), e = h1 - h2;
        const double value = k == 0   ? (h0 + h1 + h2) / 3.0
                             : k == 1 ? h / 3.0
                             : k == 2 ? e / 4.0
                             : k == 3 ? e / 2.0
                                      : -h / 2.0;
        list += (list.empty() ? "" : ",") + floatLiteral(value);
      }
    return list;
  };
  const auto join = [](const std::vector<std::uint32_t>& values) {
    std::string list;
    for (std::uint32_t v : values)
      list += (list.empty() ? "" : ",") + std::to_string(v);
    return list;
  };
  return {join(powers), join(inversePowers), kernels(cosRows), kernels(sinRows)};
}

std::string teamConvolutionOptions(const StockhamPass& p)
{
  const ConvolutionTables tables = convolutionTables(std::uint32_t(p.teamPrime));
  return " -DTEAM_PRIME=" + std::to_string(p.teamPrime) +
         " -DTEAM_CONV=1 -DTEAM_PRODUCT_ITEMS=" + std::to_string(p.teamProductItems) +
         " -DTEAM_POW=" + tables.powers + " -DTEAM_INV_POW=" + tables.inversePowers +
         " -DTEAM_CONV_S=" + tables.cosKernels + " -DTEAM_CONV_D=" + tables.sinKernels;
}

// The codelets that take their convolution form (StockhamPass::convolutionCodelets) and their tables.
std::string convolutionCodeletOptions(const StockhamPass& p)
{
  std::string options;
  for (int prime : p.convolutionCodelets) {
    const std::string name = std::to_string(prime);
    const ConvolutionTables tables = convolutionTables(std::uint32_t(prime));
    options += " -DCONV_CODELET_" + name + "=1 -DCONV_POW_" + name + "=" + tables.powers +
               " -DCONV_INV_POW_" + name + "=" + tables.inversePowers + " -DCONV_S_" + name + "=" +
               tables.cosKernels + " -DCONV_D_" + name + "=" + tables.sinKernels;
  }
  return options;
}

// A team pass's tables (cl/fft_mixed.cl's TEAM_PRIME): g^a and g^-a mod P, and cos and sin of 2 pi g^a / P
// (from double, rounded to float once), for a in [0, (P - 1) / 2).
std::string teamOptions(const StockhamPass& p)
{
  if (p.teamProductItems) return teamConvolutionOptions(p);
  const std::uint32_t prime = std::uint32_t(p.teamPrime), half = (prime - 1) / 2, g = primitiveRoot(prime);
  const std::uint32_t gInverse = inverseMod(g, prime);
  std::string pow, invPow, cosines, sines;
  for (std::uint32_t a = 0, power = 1, inverse = 1; a < half; ++a) {
    const char* comma = a ? "," : "";
    const double angle = 2.0 * std::numbers::pi * double(power) / double(prime);
    pow += comma;
    pow += std::to_string(power);
    invPow += comma;
    invPow += std::to_string(inverse);
    cosines += comma;
    cosines += floatLiteral(std::cos(angle));
    sines += comma;
    sines += floatLiteral(std::sin(angle));
    power = power * g % prime;
    inverse = inverse * gInverse % prime;
  }
  return " -DTEAM_PRIME=" + std::to_string(prime) + " -DTEAM_SPAN=" + std::to_string(p.teamSpan) +
         " -DTEAM_POW=" + pow + " -DTEAM_INV_POW=" + invPow + " -DTEAM_COS=" + cosines +
         " -DTEAM_SIN=" + sines;
}

// Rader's one-launch stage whose radices are all 22 or more (683: 682 at radices 22 and 31) gets 128
// registers from NVIDIA's compiler; capped at 96 (PtxRegisterCap.h) more of its lines run at once.
// H100, ms per 2^25 complex values, the cap as built against --uncapped-registers (docs/benchmarks.md):
// 683 0.535 -> 0.503, 1366 0.696 -> 0.637, 1366 x 768 0.910 -> 0.853, R2C 1366 x 768 0.517 -> 0.502.
// One large radix beside small ones is not enough: 311 (2, 5, 31) lost 31% under the cap, 373 (4, 3,
// 31) 3%, 929 (8, 4, 29) 1%. At 104 nothing moved; at 80, 683 lost 9% while 1366 gained 12%; at 72
// everything lost. Stages of smaller radices (1009: 16, 9, 7; 4801: 8, 8, 15, 5) lost 10 to 25% under
// any cap, so they keep the compiler's choice, as does every other kernel (2^21's and 8192's lost 20 to
// 70%).
// The stage that also does the rest of its rows (RADER_REST) holds more: there 80 beat 96 on every case
// (H100, one lease: 1366 0.636 -> 0.612, 2049 0.683 -> 0.618, 2732 0.625 -> 0.611), and 72 lost.
constexpr int kCappedFromRadix = 22;
constexpr int kRaderRegisterCap = 96;
constexpr int kRaderRestRegisterCap = 80;

bool everyRadixLarge(const StockhamPass& p)
{
  return !p.radices.empty() &&
         std::all_of(p.radices.begin(), p.radices.end(), [](int radix) { return radix >= kCappedFromRadix; });
}

std::string registerCapOption(const StockhamPass& p)
{
  if (!everyRadixLarge(p)) return {};
  return " -DPTX_MAX_REGISTERS=" +
         std::to_string(p.raderRest.any() ? kRaderRestRegisterCap : kRaderRegisterCap);
}

// Rader's stage with the rest of its rows keeps the filter apart from the forward FFT's last pass
// (cl/fft_mixed.cl's RADER_FILTER_APART) only where its radices are all large: fused, 683's went from 128
// registers to 160 (1366 0.698 -> 0.800 ms), and under the cap of 80 it still lost (1366 0.612 -> 0.641).
// Over smaller radices fusing gains, as it does without the rest (H100, one lease: 2018 0.485 -> 0.461,
// 3027 0.513 -> 0.480 ms for the launch).
std::string restFilterOption(const StockhamPass& p)
{
  return p.raderRest.any() && !everyRadixLarge(p) ? " -DRADER_FILTER_APART=0" : std::string();
}

} // namespace

std::string OpenClFftPlan::buildOptions(const StockhamPass& p, const Launch& launch) const
{
  const bool onTheFly = backend_.options().twiddles == OpenClOptions::Twiddles::OnTheFly;
  const int dir = job_.direction == Direction::Forward ? -1 : 1;
  std::string options = "-cl-std=CL1.2 -DLINES=" + std::to_string(p.lines) +
                        " -DLOAD_LINES_FASTEST=" + std::to_string(int(p.loadLinesFastest)) +
                        " -DSTORE_LINES_FASTEST=" + std::to_string(int(p.storeLinesFastest)) +
                        " -DPASS_TWIDDLE=" + std::to_string(int(p.ns > 1)) +
                        " -DTWIDDLE_ONTHEFLY=" + std::to_string(int(onTheFly)) +
                        " -DDIR=" + std::to_string(dir);
  if (p.family == StockhamPass::Family::Mixed) {
    if (launch.loadHook == 1) options += " -DLOAD_CHIRP=1";
    if (launch.loadHook == 2) options += " -DLOAD_GATHER=1";
    // Whole lines in one launch: the gather reads each line in order into local memory first.
    if (launch.loadHook == 2 && p.ns == 1 && p.nOverL == 1 && !backend_.options().genericMixedShapes)
      options += " -DSTAGED_GATHER=1";
    if (launch.storeHook == 5)
      options += " -DFUSED_RADER=1";
    else if (launch.storeHook == 6)
      options +=
          std::string(" -DFILTER_INVERSE=") + (hooks_->kind == ConvolutionHooks::Kind::Rader ? "3" : "1");
    else if (launch.storeHook)
      options += " -DSTORE_HOOK=" + std::to_string(launch.storeHook);
    if (p.realRows) options += " -DREAL_ROWS=" + std::to_string(p.realRows);
    const int pairKind = hooks_ ? int(hooks_->pairs.kind) : int(job_.realPairs.kind); // 1 R2C, 2 C2R
    if (directPairs_)
      options += " -DDIRECT_PAIRS=" + std::to_string(pairKind) + " -DPAIRS_LOAD=" + std::to_string(pairKind);
    const bool readsAxis = launch.loadHook == 2 || launch.storeHook == 3 ||
                           (launch.storeHook == 6 && hooks_->kind == ConvolutionHooks::Kind::Rader);
    if (readsAxis && hooks_->pairsOnLoad) options += " -DPAIRS_LOAD=" + std::to_string(pairKind);
    if ((launch.storeHook == 4 || launch.storeHook == 5) && hooks_->pairsOnStore)
      options += " -DPAIRS_STORE=" + std::to_string(pairKind);
    if (backend_.options().genericMixedShapes) return options + " -DGENERIC_SHAPE=1";
    options += " -DGENERIC_SHAPE=0 -DMAX_RADIX=" + std::to_string(kernelMaxRadix(p.length)) +
               " -DLEN=" + std::to_string(p.length) + " -DTHREADS=" + std::to_string(p.threads) +
               " -DVMAX=" + std::to_string(p.registerValues) +
               " -DNUM_RADICES=" + std::to_string(p.radices.size());
    if (p.lineRounds > 1) options += " -DLINE_ROUNDS=" + std::to_string(p.lineRounds);
    if (p.wholeLineGather && launch.loadHook == 2) options += " -DWHOLE_LINE_GATHER=1";
    if (p.planeWidth) options += " -DPLANE_WIDTH=" + std::to_string(p.planeWidth);
    for (std::size_t i = 0; i < p.radices.size(); ++i)
      options += " -DRADIX_" + std::to_string(i) + "=" + std::to_string(p.radices[i]);
    if (p.teamPrime) options += teamOptions(p);
    options += convolutionCodeletOptions(p);
    if (launch.storeHook == 5 && !backend_.options().uncappedRegisters) options += registerCapOption(p);
    if (launch.storeHook == 5) options += restFilterOption(p);
    if (p.raderRest.any()) {
      const std::vector<int>& rest = p.raderRest.radices;
      options += " -DRADER_REST=1 -DREST_M=" + std::to_string(p.raderRest.m) +
                 " -DROW_LEN=" + std::to_string((p.length + 1) * p.raderRest.m) +
                 " -DREST_CONJ=" + std::to_string(int(hooks_->restInverse)) +
                 " -DREST_NUM_RADICES=" + std::to_string(rest.size());
      for (std::size_t i = 0; i < 8; ++i)
        options += " -DREST_RADIX_" + std::to_string(i) + "=" + std::to_string(i < rest.size() ? rest[i] : 1);
    }
    return options;
  }
  // Rows of several launches: the rows' half length (nOverL * LEN in every launch of an axis) and the
  // shape of their two short twiddle tables (makeLaunch).
  if (p.realRows >= 3) {
    const NearOneSplit split = nearOneSplit(realStepHalf(p) / 2 + 1);
    options += " -DREAL_HALF=" + std::to_string(realStepHalf(p)) +
               " -DREAL_LO_BITS=" + std::to_string(split.loBits) +
               " -DREAL_HI_COUNT=" + std::to_string(split.hiCount);
  }
  return options + " -DREAL_ROWS=" + std::to_string(p.realRows) + " -DLEN=" + std::to_string(p.length) +
         " -DRADIX=" + std::to_string(p.radix) + " -DFIRST_RADIX=" + std::to_string(p.firstRadix) +
         " -DEXCHANGE_PARTS=" + std::to_string(p.exchangeParts);
}

cl::Buffer OpenClFftPlan::uploadTable(const std::vector<float>& table)
{
  return cl::Buffer(backend_.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, table.size() * sizeof(float),
                    const_cast<float*>(table.data()));
}

OpenClFftPlan::Launch OpenClFftPlan::makeLaunch(const StockhamPass& pass, bool first, bool last)
{
  const int sign = job_.direction == Direction::Forward ? -1 : 1;
  Launch launch;
  launch.pass = pass;
  const std::string axis = "axis" + std::to_string(pass.axis);
  const float stageScale = pass.lastOfTransform ? schedule_.scale : 1.0f;
  if (pass.family == StockhamPass::Family::Bluestein) {
    launch.convolution =
        std::make_shared<BluesteinStage>(backend_, pass, limits_, job_.direction, stageScale);
    launch.name = "bluestein " + axis + " n" + std::to_string(pass.length);
    return launch;
  }
  if (pass.family == StockhamPass::Family::Rader) {
    launch.convolution =
        std::make_shared<RaderStage>(backend_, pass, limits_, job_.direction, stageScale, job_.realPairs);
    launch.name = "rader " + axis + " n" + std::to_string(pass.length);
    return launch;
  }
  const bool mixed = pass.family == StockhamPass::Family::Mixed;
  if (hooks_ && !mixed)
    throw unsupported("a convolution stage's fused steps run on the mixed-radix kernel only");
  launch.loadHook = loadHookFor(first);
  launch.storeHook = storeHookFor(last);
  cl::Program program =
      backend_.programs().get(mixed ? "fft_mixed" : "fft_stockham", buildOptions(pass, launch));
  launch.kernel = cl::Kernel(program, mixed ? "fft_mixed_pass" : "fft_pass");
  launch.localTwiddles = uploadTable(
      pass.planeWidth ? planePassTwiddles(pass.localRadices(), pass.length / pass.planeWidth, sign)
                      : localPassTwiddles(pass.localRadices(), sign));
  if (pass.ns > 1) {
    const SplitTwiddles split = splitTwiddles(pass.ns * pass.length, sign);
    launch.passTwiddlesHi = uploadTable(split.hi);
    launch.passTwiddlesLo = uploadTable(split.lo);
    launch.passLoBits = split.loBits;
  } else {
    launch.passTwiddlesHi = launch.passTwiddlesLo = launch.localTwiddles; // unused by the kernel
  }
  // RADER_REST's rest passes take the mixed program's table for the whole row, its first pass the prime
  // (cl/fft_mixed.cl), through the pass-twiddle argument the stage (ns = 1) does not use.
  if (pass.raderRest.any()) {
    std::vector<std::size_t> rowRadices{pass.length + 1};
    rowRadices.insert(rowRadices.end(), pass.raderRest.radices.begin(), pass.raderRest.radices.end());
    launch.passTwiddlesHi = uploadTable(localPassTwiddles(rowRadices, sign));
  }
  // W_{2 H}^k, k in [0, H/2], H the half length (realStepHalf), for the fused real step; otherwise an
  // unused placeholder argument. Rows of several launches take it as two short tables (nearOneTwiddles:
  // the whole row's would be megabytes read from memory. H100, R2C 2^20 0.319 -> 0.297 ms, 2^21 0.354 ->
  // 0.333).
  // Mixed-radix rows take the whole table (cl/fft_mixed.cl's realStepTwiddle; an audio row's is tens of
  // kilobytes).
  const std::size_t half = realStepHalf(pass);
  const bool nearOne = pass.realRows >= 3 && pass.family == StockhamPass::Family::PowerOfTwo;
  if (pass.realRows)
    launch.realTwiddles = uploadTable(nearOne ? nearOneTwiddles(2 * half, half / 2 + 1, -1)
                                              : twiddleTable(2 * half, half / 2 + 1, -1));
  else
    launch.realTwiddles = launch.localTwiddles;
  const std::string radices = joined(pass.radices);
  if (mixed) {
    const std::vector<cl_uint> values(pass.radices.begin(), pass.radices.end());
    launch.radices = cl::Buffer(backend_.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                values.size() * sizeof(cl_uint), const_cast<cl_uint*>(values.data()));
  }
  const std::string team =
      pass.teamPrime ? " +team" + std::to_string(pass.teamPrime) + (pass.teamProductItems ? "conv" : "") : "";
  std::string codelets;
  for (int prime : pass.convolutionCodelets)
    codelets += " +conv" + std::to_string(prime);
  launch.name = std::string(mixed ? "fft_mixed_pass " : "fft_pass ") + axis + " len" +
                std::to_string(pass.length) + " r" + (mixed ? radices : std::to_string(pass.radix)) +
                (pass.ns > 1 ? " ns" + std::to_string(pass.ns) : "") + team + codelets +
                (pass.lineRounds > 1 ? " +rounds" + std::to_string(pass.lineRounds) : "") +
                (pass.planeWidth ? " +plane" + std::to_string(pass.planeWidth) + "x" +
                                       std::to_string(pass.length / pass.planeWidth)
                                 : "") +
                (pass.realRows == 1 || pass.realRows == 3   ? " +r2c_post"
                 : pass.realRows == 2 || pass.realRows == 4 ? " +c2r_pre"
                                                            : "") +
                (launch.loadHook == 1   ? " +chirp_in"
                 : launch.loadHook == 2 ? (pass.wholeLineGather ? " +gather_in_chunks" : " +gather")
                                        : "") +
                (directPairs_ || (hooks_ && hooks_->oneLaunch && hooks_->pairs.any()) ? " +pairs" : "") +
                (launch.storeHook == 1   ? " +filter"
                 : launch.storeHook == 2 ? " +chirp_out"
                 : launch.storeHook == 3 ? " +filter+x0"
                 : launch.storeHook == 4 ? " +scatter"
                 : launch.storeHook == 5 ? " +filter+x0+inverse+in_order"
                 : launch.storeHook == 6 ? " +filter+inverse_start"
                                         : "") +
                (pass.raderRest.any() ? " +rest r" + joined(pass.raderRest.radices) : "");
  return launch;
}

// Chooses source and destination of every launch so the result lands in `output`, using the scratch
// buffer only for launches that cannot run in place.
std::vector<OpenClFftPlan::Step> OpenClFftPlan::steps(const cl::Buffer& input, const cl::Buffer& output) const
{
  std::vector<Step> result(launches_.size());
  const auto other = [&](const cl::Buffer* b) { return b == &output ? &scratch_ : &output; };
  if (input() != output()) {
    // Walk backwards from the output; the first launch reads the caller's input, which stays untouched.
    const cl::Buffer* current = &output;
    for (std::size_t i = launches_.size(); i-- > 0;) {
      result[i].launch = &launches_[i];
      result[i].destination = current;
      if (i == 0)
        result[i].source = &input;
      else
        result[i].source = launches_[i].pass.inPlaceSafe() ? current : other(current);
      current = result[i].source;
    }
    if (launches_.empty()) result.push_back({nullptr, &input, &output});
    return result;
  }
  const cl::Buffer* current = &output;
  for (std::size_t i = 0; i < launches_.size(); ++i) {
    result[i].launch = &launches_[i];
    result[i].source = current;
    result[i].destination = launches_[i].pass.inPlaceSafe() ? current : other(current);
    current = result[i].destination;
  }
  if (current != &output) {
    // Odd number of buffer switches: let the last in-place-capable launch switch too.
    for (std::size_t i = launches_.size(); i-- > 0;) {
      if (!launches_[i].pass.inPlaceSafe()) continue;
      for (std::size_t later = i; later < launches_.size(); ++later) {
        result[later].destination = result[later].destination == &output ? &scratch_ : &output;
        if (later + 1 < launches_.size()) result[later + 1].source = result[later].destination;
      }
      return result;
    }
    // No launch can run in place and their count is odd (the constructor then made a second scratch
    // buffer): ping-pong between the two scratch buffers so the last launch writes the output directly,
    // instead of paying a full copy.
    for (std::size_t i = 0; i < launches_.size(); ++i) {
      result[i].source = i == 0 ? &output : result[i - 1].destination;
      result[i].destination = i + 1 == launches_.size() ? &output : (i % 2 ? &secondScratch_ : &scratch_);
    }
  }
  return result;
}

// The generic-shape program reads the length and radices here and its exchange buffer is sized here;
// the specialised one ignores them (a minimal local buffer keeps every implementation happy).
void OpenClFftPlan::setShapeArguments(cl::Kernel& kernel, const Launch& l) const
{
  const StockhamPass& p = l.pass;
  const bool generic = backend_.options().genericMixedShapes;
  const std::size_t exchange = generic ? p.lines * (p.length + p.length / 16 + 1) : 1;
  kernel.setArg(14, cl_uint(p.length));
  kernel.setArg(15, cl_uint(p.threads));
  kernel.setArg(16, l.radices);
  kernel.setArg(17, cl_uint(p.radices.size()));
  kernel.setArg(18, cl::Local(exchange * 2 * sizeof(float)));
}

// The convolution hook arguments of the mixed kernel; unused ones get placeholders (`fallback`, the local
// twiddles), which every OpenCL implementation accepts.
void OpenClFftPlan::setHookArguments(cl::Kernel& kernel, const Launch& l, const cl::Buffer& fallback,
                                     const cl::Buffer* axisData) const
{
  const bool hooked = l.loadHook || l.storeHook;
  if (hooked && !axisData) throw invalidArgument("a convolution stage's FFT needs the axis' data buffer");
  const bool rader = hooked && hooks_->kind == ConvolutionHooks::Kind::Rader;
  // Odd real rows in pairs as one launch: the pairs are read through the axis arguments from the launch's
  // own input (`fallback`), a row of n values (hookLength n - 1, as Rader's p - 1) at the input's pitch.
  const RealPairRows& direct = job_.realPairs;
  kernel.setArg(19, hooked ? *axisData : fallback);
  kernel.setArg(20, cl_uint(hooks_ ? hooks_->n : directPairs_ ? job_.extent[0] - 1 : 0));
  kernel.setArg(21, cl_uint(hooks_ ? hooks_->stride : 1));
  kernel.setArg(22, cl_uint(hooks_ ? hooks_->inner : 1));
  kernel.setArg(23, cl_uint(hooks_ ? hooks_->dist : directPairs_ ? direct.inputPitch : 0));
  kernel.setArg(24, l.loadHook == 1 ? hooks_->chirp : l.localTwiddles);
  // REAL_ROWS reads the real step's twiddles where STORE_HOOK reads its table (a plan has one or the other).
  kernel.setArg(25, l.storeHook == 1 || l.storeHook == 3 || l.storeHook >= 5 ? hooks_->filter
                    : l.storeHook == 2                                       ? hooks_->chirp
                    : l.pass.realRows                                        ? l.realTwiddles
                                                                             : l.localTwiddles);
  kernel.setArg(26, rader ? hooks_->index : l.localTwiddles);
  kernel.setArg(27, rader && hooks_->sums() ? hooks_->sums : l.localTwiddles);
  kernel.setArg(28, cl_uint(hooks_ ? hooks_->pairs.rows : directPairs_ ? direct.rows : 0));
  kernel.setArg(29, cl_uint(directPairs_ ? direct.outputPitch : 0));
  kernel.setArg(30, cl_uint(hooks_ ? hooks_->outStride : 1));
  kernel.setArg(31, cl_uint(hooks_ ? hooks_->outInner : 1));
  kernel.setArg(32, cl_uint(hooks_ ? hooks_->outDist : 0));
}

const ConvolutionStage* OpenClFftPlan::soleConvolution() const
{
  return launches_.size() == 1 ? launches_.front().convolution.get() : nullptr;
}

void OpenClFftPlan::enqueueInto(const cl::Buffer& input, const cl::Buffer& output,
                                std::vector<cl::Event>& events, std::vector<KernelRecord>& records,
                                const cl::Buffer* axisData) const
{
  std::lock_guard lock(executionMutex());
  enqueueSteps(input, output, events, records, axisData);
}

void OpenClFftPlan::enqueueLocked(const cl::Buffer& input, const cl::Buffer& output,
                                  std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const
{
  enqueueSteps(input, output, events, records, nullptr);
}

void OpenClFftPlan::enqueueSteps(const cl::Buffer& input, const cl::Buffer& output,
                                 std::vector<cl::Event>& events, std::vector<KernelRecord>& records,
                                 const cl::Buffer* axisData) const
{
  const std::size_t bytes = complexCount() * 2 * sizeof(float);
  cl::CommandQueue& queue = backend_.queue();
  for (const Step& step : steps(input, output)) {
    if (step.launch && step.launch->convolution) {
      step.launch->convolution->enqueue(*step.source, *step.destination, events, records);
      continue;
    }
    cl::Event event;
    KernelRecord r;
    if (!step.launch && job_.rowPitchIn != job_.rowPitchOut) {
      // Nothing to transform (rows of length 1) but the rows change pitch: a rectangular copy.
      const std::size_t rows = job_.inputValues() / job_.rowPitchIn, value = 2 * sizeof(float);
      queue.enqueueCopyBufferRect(*step.source, *step.destination, {0, 0, 0}, {0, 0, 0},
                                  {job_.extent[0] * value, rows, 1}, job_.rowPitchIn * value, 0,
                                  job_.rowPitchOut * value, 0, nullptr, &event);
      r.name = "copy";
      r.type = KernelRecord::Type::Kernel;
      r.bytes = 2 * job_.extent[0] * rows * value;
    } else if (!step.launch) {
      queue.enqueueCopyBuffer(*step.source, *step.destination, 0, 0, bytes, nullptr, &event);
      r.name = "copy";
      r.type = KernelRecord::Type::Kernel;
      r.bytes = 2 * bytes;
    } else {
      const Launch& l = *step.launch;
      const StockhamPass& p = l.pass;
      cl::Kernel kernel = l.kernel;
      kernel.setArg(0, *step.source);
      kernel.setArg(1, *step.destination);
      kernel.setArg(2, l.localTwiddles);
      kernel.setArg(3, l.passTwiddlesHi);
      kernel.setArg(4, l.passTwiddlesLo);
      kernel.setArg(5, cl_uint(l.passLoBits));
      kernel.setArg(6, cl_uint(p.ns));
      kernel.setArg(7, cl_uint(p.nOverL));
      kernel.setArg(8, cl_uint(p.stride));
      kernel.setArg(9, cl_uint(p.inner));
      kernel.setArg(10, cl_uint(p.dist));
      kernel.setArg(11, cl_uint(p.totalLines));
      kernel.setArg(12, p.lastOfTransform ? schedule_.scale : 1.0f);
      kernel.setArg(13, cl_uint(p.distOut));
      if (p.family == StockhamPass::Family::Mixed) {
        setShapeArguments(kernel, l);
        setHookArguments(kernel, l, *step.source, axisData);
      } else {
        kernel.setArg(14, l.realTwiddles);
      }
      const cl::NDRange global(p.groups() * p.groupSize()), local(p.groupSize());
      queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &event);
      const double values = double(p.totalLines) * double(p.length);
      r.name = l.name;
      r.type = KernelRecord::Type::Kernel;
      r.globalSize = {p.groups() * p.groupSize(), 1, 1};
      r.localSize = {p.groupSize(), 1, 1};
      r.bytes = 2 * values * 2 * sizeof(float);
      r.flops = 5.0 * values * std::log2(double(p.length));
    }
    events.push_back(event);
    records.push_back(r);
  }
}

} // namespace spectrascope::detail
