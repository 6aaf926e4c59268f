#pragma once
// Decides how a complex transform becomes launches of the pass kernels: cl/fft_stockham.cl for
// power-of-two axes, cl/fft_mixed.cl for axes whose prime factors are all radices of its codelets (2 to
// 61), and for any other length a convolution stage: two smooth-length transforms on cl/fft_mixed.cl
// with the stage's own steps fused into their first and last launches, by Rader's algorithm for a prime
// length whose convolution is shorter (engine/src/RaderStage.cpp), otherwise by Bluestein's
// (BluesteinStage.cpp; largePrimeRoute says which). A length with one prime factor from 67 to 89 that fits
// one launch takes it as that launch's first pass, a team pass (StockhamPass::teamPrime, teamPrimeOf).
// Otherwise a composite length with one prime factor above 61 may take Rader's on that factor as its
// first step and the rest as further steps (raderFactorOf); with more such factors, Bluestein's for the
// whole axis. A complex transform whose planes of the first two axes fit one launch takes them as one
// launch a plane (StockhamPass::planeWidth). For each axis: how its length splits into per-launch
// sub-transform lengths, how many lines per work-group, and which work-item mapping makes the global reads
// and writes coalesced. Pure arithmetic: no OpenCL calls. The arithmetic of lengths and radices it
// rests on is Radices.h's; what it may use of a device, DeviceLimits.h's; how one launch is shaped,
// LaunchShapes.h's (internal to the planner).

#include "DeviceLimits.h"
#include "Radices.h"
#include "spectrascope/engine/TransformDescriptor.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace spectrascope::detail {

// Rader's one-launch stage on a prime factor p of rows n = p * m that also does the rest of the rows, in
// the same launch (cl/fft_mixed.cl's RADER_REST): each group holds whole rows, and the rest's local passes
// (its one launch's radices, from stride p on) run on them in local memory. m = 0: none.
struct RaderRest
{
  std::size_t m = 0;
  std::vector<int> radices;
  bool any() const { return m > 1; }
};

struct StockhamPass
{
  enum class Family { PowerOfTwo, Mixed, Bluestein, Rader };
  Family family = Family::PowerOfTwo;
  int axis = 0;
  // Kernel specialisation (-D options).
  std::size_t length = 0;         // LEN (Bluestein, Rader: the axis length n)
  int radix = 0;                  // RADIX (power of two)
  int firstRadix = 0;             // FIRST_RADIX (power of two)
  std::vector<int> radices;       // local passes, in order (mixed)
  std::size_t threads = 0;        // work-items per line (mixed)
  std::size_t registerValues = 0; // VMAX (mixed)
  std::size_t lines = 0;          // LINES per work-group
  bool loadLinesFastest = false;
  bool storeLinesFastest = false;
  int exchangeParts = 1; // EXCHANGE_PARTS: rounds per exchange through local memory (power of two)
  // LINE_ROUNDS (mixed columns): the exchange buffer holds lines / lineRounds lines, an exchange taking
  // that many rounds.
  int lineRounds = 1;
  // The first launch of Rader's forward FFT holding a whole convolution line a group (lines = nOverL, its
  // exchange in lineRounds rounds), the gather staged in chunks through local memory (cl/fft_mixed.cl's
  // WHOLE_LINE_GATHER).
  bool wholeLineGather = false;
  // Fused pairwise step of a real transform (REAL_ROWS in cl/fft_stockham.cl): 0 none, 1 R2C post, 2 C2R pre,
  // 3 R2C post in the last launch of rows longer than one launch (lines taken in mirrored pairs), 4 C2R pre
  // in the first launch of such rows.
  int realRows = 0;
  // Kernel arguments. Batch b of lines starts at b*dist in the input and at b*distOut in the output.
  std::size_t ns = 1, nOverL = 1, stride = 1, inner = 1, dist = 1, distOut = 1, totalLines = 0;
  bool lastOfTransform = false; // carries the schedule's scale
  // Rader's stage as one launch of whole lines (cl/fft_mixed.cl's FUSED_RADER: both convolution FFTs in
  // local memory, no work buffer), where its convolution fits one launch (raderInOneLaunch).
  bool raderInOneLaunch = false;
  std::size_t raderConvolution = 0; // Rader: the convolution's length (raderConvolutionLength)
  // Rader's stage with the rest of its rows (on the stage, and on its convolution's launch).
  RaderRest raderRest;
  // A mixed launch whose first local pass is a prime above the codelets' 61 (radices[0]), as a direct DFT
  // shared by a team of work-items (cl/fft_mixed.cl's TEAM_PRIME): each computes teamSpan of its (P - 1) / 2
  // output pairs. 0: none.
  int teamPrime = 0;
  int teamSpan = 0;
  // A team pass in its convolution form (cl/fft_mixed.cl's TEAM_CONV: each correlation as five of length
  // (P - 1) / 6 through a DFT of length 3): the work-items of each of the five (the line's butterflies).
  // 0: the direct form, teamSpan output pairs a work-item.
  int teamProductItems = 0;
  // Primes among the launch's radices (and its Rader rest's) whose codelets take their convolution form
  // (cl/odd_prime_dft.cl's CONV_CODELET_31 and _43): five correlations of (P - 1) / 6 instead of two of
  // (P - 1) / 2 (the planner's convolutionCodelets says where).
  std::vector<int> convolutionCodelets;
  // A plane launch (cl/fft_mixed.cl's PLANE_WIDTH): the line is a whole plane of the first two axes,
  // planeWidth values a row (length / planeWidth rows), transformed along both by the radices of the
  // columns' length, then the rows'; 0: none.
  std::size_t planeWidth = 0;
  // Each work-group writes exactly the elements it read, after reading them all: the last launch of an
  // axis whose first launch another launch did (ConvolutionHooks::afterFilterLaunch), run in place.
  bool ownElementsOnly = false;
  bool isConvolution() const { return family == Family::Bluestein || family == Family::Rader; }
  // Each work-group reads and writes the same lines (a convolution stage through its work buffer reads
  // everything before it writes), so input and output may be one buffer. Not Rader's in one launch on a
  // factor: it reads interleaved lines and writes each whole, over lines other groups have yet to read;
  // unless it does the rest of the rows too, each group reading and writing whole rows of its own.
  bool inPlaceSafe() const
  {
    if (family == Family::Rader && raderInOneLaunch) return nOverL == 1 || raderRest.any();
    return isConvolution() || ownElementsOnly || (ns == 1 && nOverL == 1);
  }
  std::size_t groupSize() const
  {
    return family == Family::Mixed ? threads * lines : length / std::size_t(radix) * lines;
  }
  std::size_t groups() const { return (totalLines + lines - 1) / lines; }
  // The radices of the kernel's local passes, in order.
  std::vector<std::size_t> localRadices() const;
};

// Where the real side of odd real rows lives, for a Rader stage that reads or writes it itself (AxisJob's
// realPairs). Pitches count what that side holds: floats for real rows, complex values for half spectra.
struct RealPairRows
{
  enum class Kind { None, RealToComplex, ComplexToReal };
  Kind kind = Kind::None;
  std::size_t rows = 0;        // real rows of all batches; an odd count leaves the last pair half empty
  std::size_t inputPitch = 0;  // R2C: floats between real rows; C2R: complex values between half spectra
  std::size_t outputPitch = 0; // R2C: complex values between half spectra; C2R: floats between real rows
  bool any() const { return kind != Kind::None; }
};

// What to transform: a complex array of `extent` (fastest first) times `batch`, along the axes whose bit
// is set. Real transforms use it for their complex stages: rows of half length with padded pitches
// (only when axis 0 is the sole axis), then the other axes of the half spectrum.
struct AxisJob
{
  std::array<std::size_t, 3> extent{1, 1, 1};
  std::size_t batch = 1;
  unsigned axes = 0b111;
  std::size_t rowPitchIn = 0, rowPitchOut = 0; // complex values between rows; 0: extent[0]
  Direction direction = Direction::Forward;
  float scale = 1.0f; // applied by the last launch
  // Rows of a real transform's half-length complex stage: ask for the pairwise step fused into the row
  // launch (StockhamPass::realRows). Granted when one launch does whole rows; for power-of-two rows of
  // several launches, to R2C's last launch (lines in mirrored pairs) and to C2R's first when it holds 16
  // lines or more (see realRowsFused).
  // For C2R the input rows are then the Hermitian half (rowPitchIn >= extent[0] + 1).
  int realRows = 0;
  // Plan every axis with the mixed-radix kernel, powers of two included (Bluestein's convolution FFTs,
  // whose fused chirp and filter multiplies live in cl/fft_mixed.cl only).
  bool mixedRadixOnly = false;
  // A convolution FFT whose first launch loads (forward: the gather or chirp) or whose last launch stores
  // (inverse) a strided axis straight through its hooks: lines of the work buffer are then adjacent
  // columns of that axis, so those loads or stores walk adjacent lines (several per group, lines fastest)
  // to read and write whole sectors rather than one value per row.
  bool axisLoadsAdjacent = false, axisStoresAdjacent = false;
  // Rader's forward FFT of two launches on odd real rows in pairs (stride 1): its first launch gathers
  // x[g^k] from the whole row for every line, so it may hold whole lines (StockhamPass::wholeLineGather).
  bool gatherWholeLines = false;
  // Odd rows of a real transform, two real rows to one complex row (OpenClRealFftPlan). When the rows are
  // one Rader stage or one mixed-radix launch (rowsTakeRealPairs), it reads and writes the real side
  // itself: R2C's gather (or load) reads
  // the two real rows and its in-order store splits the result into their half spectra; C2R's gather
  // merges the two half spectra and its store puts real and imaginary parts in the two real rows.
  RealPairRows realPairs;
  // Rader's one-launch stage doing the rest of its rows (StockhamPass::raderRest): its convolution's job,
  // whose launch then holds whole rows.
  RaderRest raderRest;

  static AxisJob fromDescriptor(const TransformDescriptor& d);
  // Complex values a buffer of this job's input or output must hold.
  std::size_t inputValues() const;
  std::size_t outputValues() const;
};

struct StockhamSchedule
{
  std::vector<StockhamPass> passes;
  float scale = 1.0f;
};

// Whether the schedule of a job asking for realRows got the fused launch.
bool realRowsFused(const StockhamSchedule& schedule);
// Whether odd real rows, planned as `schedule` (one complex row per pair), can take the real pairs
// themselves (AxisJob::realPairs): one Rader stage, or one launch of the length-specialised mixed-radix
// program (not the generic one, DeviceLimits::mixedThreads).
bool rowsTakeRealPairs(const StockhamSchedule& schedule, const DeviceLimits& limits);

// Why these kernels cannot do the descriptor (nothing if they can).
std::optional<std::string> stockhamCannotPlan(const TransformDescriptor& d);

StockhamSchedule planStockham(const TransformDescriptor& d, const DeviceLimits& limits);
StockhamSchedule planStockham(const AxisJob& job, const DeviceLimits& limits);

// Convolution routes (ConvolutionRoutes.cpp).
// The circular convolution lengths of the two routes for a length the kernels cannot take directly:
// Bluestein's smooth m >= 2n - 1; Rader's (prime n only) n - 1 when the kernels take it (on these limits;
// for a prime factor of a longer axis, raderFactorOf, when it is smooth or runs in one launch), else a
// smooth M >= 2(n - 1) - 1 the length-(n - 1) cyclic convolution is zero-padded to.
std::size_t bluesteinConvolutionLength(std::size_t n);
// The length Bluestein's stage convolves at: where its FFTs take the filter launch (two launches each),
// the smooth length up to a quarter above bluesteinConvolutionLength whose cheapest split costs least by
// the filter launch's fit (H100: 10007 on 20020 1.70 ms, on 20160 1.35; 4099 on 8232 1.43, on 8448
// 1.29); otherwise bluesteinConvolutionLength. The routes are costed on the least length.
std::size_t bluesteinStageLength(std::size_t n, const DeviceLimits& limits = {});
// The first launch's length of a convolution FFT of this length in two launches, where the filter launch
// takes it, by the fit of its launches' local passes and register values to measured stages; 0 where it
// does not apply (the planner's own split).
std::size_t filterLaunchFirstLength(std::size_t length, const DeviceLimits& limits);
std::size_t raderConvolutionLength(std::size_t p, bool factor = false, const DeviceLimits& limits = {});
// Whether Rader's stage with a convolution of this length runs as one launch (StockhamPass::
// raderInOneLaunch): the length-specialised programs, one mixed-radix launch holds the whole line, and its
// registers allow it (shaped on raderOneLaunchLimits).
bool raderInOneLaunch(std::size_t convolutionLength, const DeviceLimits& limits = {});
// The limits Rader's one-launch stage shapes its launch on: two FFTs per launch, so the local passes set
// its time and fewer of them pay wherever the primes allow (allCompositeRadices), and so do groups of a
// warp or two (warpFillingGroups).
DeviceLimits raderOneLaunchLimits(const DeviceLimits& limits);
// Bluestein or Rader for an axis of length n that is not smooth, by cost. Both routes are two
// convolution FFTs with the axis read and written once, so the cost is what they move: twice the
// convolution length times the launches one FFT of it takes on these limits; Rader's in one launch moves
// the line once. Rader where that is lower (1009: 1008 once against 2 x 2025; 47: 91 padded against 96,
// two launches each). At equal cost Bluestein keeps the axis: its reads and writes are coalesced,
// Rader's are a gather and a scatter through index tables (1019: both 2048). The default limits are
// those stockhamCannotPlan assumes.
StockhamPass::Family largePrimeRoute(std::size_t n, const DeviceLimits& limits = {});
// A length n = P * m with one prime factor P above the largest prime radix (once) and m > 1 made of
// kernel radices can run as Rader's algorithm on P over m interleaved lines (the first step of the axis'
// global step), then m's launches, instead of Bluestein's on all of n: P where that moves fewer values,
// else 0.
std::size_t raderFactorOf(std::size_t n, const DeviceLimits& limits = {});
// The prime factor P of a mixed launch of this length that is a team pass (StockhamPass::teamPrime): one
// factor from 67 to 89, once, the others kernel radices; else 0.
std::size_t teamPrimeOf(std::size_t length, const DeviceLimits& limits = {});
// The work-items of each of the five products of a team pass's convolution form on `prime` in a line of
// `length` whose other passes' largest radix is `restLargest` (StockhamPass::teamProductItems: the line's
// butterflies); 0 where the direct form stays.
std::size_t teamProductItems(std::size_t length, std::size_t prime, std::size_t restLargest);
// The chosen route's convolution length (what its work buffer holds per line of n: with Rader's on a
// factor P, n / P convolution lines of that factor).
std::size_t convolutionLength(std::size_t n, const DeviceLimits& limits = {});

} // namespace spectrascope::detail
