#pragma once
// What the planner may use of a device (local memory, work-group size), its tuning knobs, and the switches
// that turn one of its choices off for a comparison (OpenClOptions). Pure data: no OpenCL calls.

#include <cstddef>

namespace spectrascope::detail {

struct DeviceLimits
{
  std::size_t localMemBytes = 48 * 1024;
  std::size_t maxWorkGroupSize = 1024;
  std::size_t maxPassLength = 0; // 0: derived from the limits above
  // Length of the first launch of an axis the planner splits in two (0: its own split; a tuning knob,
  // PlanShape::firstLaunch): the split with n / firstLaunchLength second, where that divides n.
  std::size_t firstLaunchLength = 0;
  // The same for the forward FFT of a convolution stage (PlanShape::convolutionFirstLaunch): the stage's
  // FFTs plan on these limits with it as their firstLaunchLength (ConvolutionStage's convolutionLimits;
  // 0: filterLaunchFirstLength's split).
  std::size_t convolutionFirstLaunch = 0;
  // Work-items per group to aim for: enough warps to hide latency, small enough for many groups per
  // compute unit. Measured on the H200 (docs/benchmarks.md): contiguous single-line passes run best at
  // 64 (N = 1024: 79% of copy vs 64% at 256); passes over adjacent lines want 256 (N = 65536: 0.33 ms
  // vs 0.46 ms at 64). Lines per group for adjacent-line passes: four float2 values fill one 32-byte
  // sector. All are tuning knobs (spectrascope-bench --group-size, --strided-group-size, --lines).
  std::size_t targetGroupSize = 64;
  std::size_t stridedGroupSize = 256;
  std::size_t minAdjacentLines = 4;
  // Largest power-of-two radix a work-item computes in registers (up to 32; radixFor in the planner
  // says when 32 is used). A smaller radix needs fewer registers, so more work-groups stay resident (a
  // tuning knob).
  std::size_t maxRadix = 32;
  // Work-items per line of a mixed-radix launch: 0 = one per butterfly of its largest radix (the
  // specialised programs); otherwise at most this many (the generic-shape program, whose work-group
  // size then hardly varies with the length, so OpenCL implementations that compile a kernel per
  // work-group size, like PoCL, compile it a few times instead of once per length).
  std::size_t mixedThreads = 0;
  // Whether a prime length may take Rader's algorithm (largePrimeRoute); false: Bluestein for every
  // length that is not smooth (OpenClOptions::bluesteinOnly, to compare the two).
  bool rader = true;
  // Whether Rader's stage may run as one launch (raderInOneLaunch); false: always its two FFTs
  // (OpenClOptions::raderTwoLaunches, a comparison).
  bool raderOneLaunch = true;
  // Whether Rader's stage runs in one launch wherever its kernels take it, however many values a
  // work-item then holds (PlanShape::raderLaunches 1, a measured choice).
  bool raderOneLaunchWhereItFits = false;
  // Whether Rader's one-launch stage on a prime factor of rows also does the rest of the rows (RaderRest);
  // false: the rest's own launch (OpenClOptions::raderRestApart, a comparison).
  bool raderWithRest = true;
  // Whether a convolution whose FFTs take two launches each runs its filter and the inverse FFT's first
  // launch in the forward FFT's last launch (ConvolutionStage's filter launch); false: apart
  // (OpenClOptions::filterLaunchApart, a comparison).
  bool filterLaunch = true;
  // Whether the first launch of Rader's forward FFT in two launches on odd real rows in pairs
  // (AxisJob::gatherWholeLines) may hold whole lines and gather through local memory in chunks
  // (StockhamPass::wholeLineGather); false: it gathers from global memory (OpenClOptions::
  // raderGatherDirect, a comparison).
  bool wholeLineGather = true;
  // Whether a prime factor from 67 to 89 may be a team pass of one mixed-radix launch (StockhamPass::
  // teamPrime); false: Rader's stage on it (OpenClOptions::noTeamPasses, a comparison).
  bool teamPasses = true;
  // Whether a team pass may take its convolution form where it has one (StockhamPass::teamProductItems);
  // false: the direct form (the planner's choice for real rows).
  bool teamConvolution = true;
  // Whether the first two axes of a complex transform whose planes fit one launch take one launch a plane
  // (StockhamPass::planeWidth); false: rows, then columns (OpenClOptions::planesApart, a comparison).
  bool planes = true;
  // Composite radices (9 to 27; 22, 26, 33 and 39) in one local pass (mixedRadices); false: their primes
  // one pass each (OpenClOptions::primeRadicesOnly, a comparison).
  bool compositeRadices = true;
  // Composite radices wherever the primes allow (Rader's one-launch stage, ConvolutionStage).
  bool allCompositeRadices = false;
  // Lengths with a factor 2 and odd primes up to 7 in fewer local passes, the twos joined with the odd
  // primes (balancedTwoRadices; false: OpenClOptions::usualRadices, a comparison, or a tuned shape's
  // PlanShape::balancedValues of 1). In a convolution stage's FFTs too, and in the costs that pick their
  // lengths; not in Rader's one-launch stage (raderOneLaunchLimits), where it was not measured.
  bool balancedTwoRadices = true;
  // The values a work-item of balanced radices should hold at most, where some grouping with no pass more
  // does (balancedTwoRadices' preferredValues; a tuning knob, PlanShape::balancedValues). 0: the planner's,
  // kMostBalancedValues, or for real rows kRealRowBalancedValues.
  std::size_t preferredBalancedValues = 0;
  // 31's codelet in its convolution form (StockhamPass::convolutionCodelets) on every line, not only on
  // complex lines of a warp of work-items: Rader's one-launch stage, whose launch is bound by arithmetic
  // (the planner's convolutionCodelets says what was measured).
  bool convolutionCodelet31 = false;
  // Contiguous lines take only as many lines a group as fill its warps, not about 128 work-items (Rader's
  // one-launch stage, ConvolutionStage's oneLaunchLimits; the planner's shapeMixedPass says why).
  bool warpFillingGroups = false;

  friend bool operator==(const DeviceLimits&, const DeviceLimits&) = default;
};

} // namespace spectrascope::detail
