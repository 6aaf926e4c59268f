#pragma once
// A complex FFT on an OpenCL device, as a schedule of pass launches (StockhamPlanner): cl/fft_stockham.cl
// for power-of-two axes, cl/fft_mixed.cl for other smooth lengths, Bluestein or Rader stages for the rest.
// Creating it builds (or loads) every kernel and uploads the twiddle tables; enqueue only sets
// buffer arguments and launches.

#include "StagedOpenClPlan.h"
#include "StockhamPlanner.h"

#include <memory>
#include <optional>

namespace spectrascope::detail {

class ConvolutionStage;

// A convolution stage's own steps, fused into the first and last launch of one of its convolution FFTs
// (cl/fft_mixed.cl's header): Bluestein's chirp and filter multiplies (LOAD_CHIRP, STORE_HOOK 1 and 2),
// Rader's gather, filter, x[0] terms and scatter (LOAD_GATHER, STORE_HOOK 3 and 4). Such a plan runs in
// place on the work buffer (lines of the convolution length) and reads (forward) or writes (inverse) the
// axis' own data through the buffer given to enqueueInto.
struct ConvolutionHooks
{
  enum class Kind { Bluestein, Rader };
  Kind kind = Kind::Bluestein;
  bool forward = true; // forward: the axis on load, filter on store; inverse: the axis (and scale) on store
  std::size_t n = 0;   // Bluestein: the axis length; Rader: p - 1, the cyclic convolution's length
  // The axis' line b starts at (b / inner)*dist + b % inner, its elements `stride` apart: the input side
  // in the forward FFT's hooks, the output side in the inverse's (ConvolutionStage::makeFfts).
  std::size_t stride = 1, inner = 1, dist = 0;
  cl::Buffer chirp, filter; // chirp: Bluestein only
  // Rader: the gather table (forward), or the scatter table followed by its inverse (inverse); X[0] of
  // every line.
  cl::Buffer index, sums;
  // Odd real rows in pairs (AxisJob::realPairs; Rader only): the forward FFT's hooks read the real side
  // (pairsOnLoad: R2C's real rows, C2R's half spectra) and the inverse's write it (pairsOnStore: R2C's
  // half spectra, only where one launch holds whole lines; C2R's real rows). `dist` is then that side's
  // pitch; in the one-launch stage (oneLaunch) `dist` is the input side's and `outDist` the output's.
  RealPairRows pairs;
  bool pairsOnLoad = false, pairsOnStore = false;
  // Rader's inverse of several launches: its last launch leaves the output in the work buffer in order,
  // and the stage's own in-order pass writes the axis (ConvolutionStage), instead of STORE_HOOK 4.
  bool storeInWork = false;
  // Rader's stage as one launch (StockhamPass::raderInOneLaunch): both FFTs, the filter and the in-order
  // store of the axis in the forward FFT's launch (cl/fft_mixed.cl's FUSED_RADER). `index` is then the
  // gather table followed by the scatter's inverse; the output side's line b starts at
  // (b / outInner)*outDist + b % outInner, its elements outStride apart.
  bool oneLaunch = false;
  std::size_t outStride = 1, outInner = 1, outDist = 0;
  // That launch doing the rest of its rows too (StockhamPass::raderRest): whether the axis is an inverse
  // one, whose rest runs forward on conjugates (the convolution itself always runs forward).
  bool restInverse = false;
  // A convolution whose FFTs take two launches each, the inverse's lengths the forward's reversed
  // (ConvolutionStage::makeFfts): the forward FFT's last launch also multiplies by the filter and does the
  // inverse FFT's first launch (filterLaunch, cl/fft_mixed.cl's FILTER_INVERSE), and the inverse FFT's plan
  // leaves its first launch out (afterFilterLaunch).
  bool filterLaunch = false, afterFilterLaunch = false;
};

class OpenClFftPlan final : public StagedOpenClPlan
{
public:
  // `limits`: the device as the planner sees it (limitsOf), with a tuned shape's knobs applied.
  OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const DeviceLimits& limits);
  // The complex stages of a real transform (OpenClRealFftPlan), or a convolution stage's FFT (with
  // hooks): `d` names the whole transform.
  OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const AxisJob& job,
                const DeviceLimits& limits, std::optional<ConvolutionHooks> hooks = std::nullopt);
  ~OpenClFftPlan() override;

  const StockhamSchedule& schedule() const { return schedule_; }
  // The convolution stage that is this plan's only launch, if it is one.
  const ConvolutionStage* soleConvolution() const;
  // Odd real rows in pairs (AxisJob::realPairs) as this plan's one mixed-radix launch, which reads and
  // writes the real side itself (cl/fft_mixed.cl's DIRECT_PAIRS).
  bool takesRealPairs() const { return directPairs_; }
  // Enqueues without waiting, appending one event and one record per launch (for composite plans).
  // `axisData`: the buffer a plan with ConvolutionHooks reads or writes.
  void enqueueInto(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                   std::vector<KernelRecord>& records, const cl::Buffer* axisData = nullptr) const;

protected:
  void enqueueLocked(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                     std::vector<KernelRecord>& records) const override;
  // The composite plans' staging is complex values of the job (the descriptor names the whole transform).
  std::size_t uploadBytes() const override { return complexCount() * 2 * sizeof(float); }
  std::size_t downloadBytes() const override { return complexCount() * 2 * sizeof(float); }

private:
  struct Launch
  {
    StockhamPass pass;
    cl::Kernel kernel;
    cl::Buffer localTwiddles, passTwiddlesHi, passTwiddlesLo;
    cl::Buffer radices;      // mixed: the local passes, read by the generic-shape program
    cl::Buffer realTwiddles; // power of two: the fused real step's table (or a placeholder)
    unsigned passLoBits = 0;
    std::string name;
    std::shared_ptr<ConvolutionStage> convolution; // instead of the kernel, for Bluestein and Rader passes
    // ConvolutionHooks: 1 LOAD_CHIRP, 2 LOAD_GATHER; STORE_HOOK 1 filter, 2 chirp to the axis,
    // 3 filter and x[0], 4 scatter to the axis; 5 FUSED_RADER, 6 FILTER_INVERSE (filter and the inverse's
    // first launch).
    int loadHook = 0, storeHook = 0;
  };
  struct Step
  {
    const Launch* launch; // null: copy source to destination
    const cl::Buffer* source;
    const cl::Buffer* destination;
  };

  void prepare();
  Launch makeLaunch(const StockhamPass& pass, bool first, bool last);
  std::string buildOptions(const StockhamPass& pass, const Launch& launch) const;
  int loadHookFor(bool first) const;
  int storeHookFor(bool last) const;
  void setShapeArguments(cl::Kernel& kernel, const Launch& launch) const;
  void setHookArguments(cl::Kernel& kernel, const Launch& launch, const cl::Buffer& fallback,
                        const cl::Buffer* axisData) const;
  cl::Buffer uploadTable(const std::vector<float>& table);
  std::vector<Step> steps(const cl::Buffer& input, const cl::Buffer& output) const;
  void enqueueSteps(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                    std::vector<KernelRecord>& records, const cl::Buffer* axisData) const;
  std::size_t complexCount() const;
  std::size_t bufferBytes() const;

  AxisJob job_;
  DeviceLimits limits_; // the planner's, for the convolution stages' own FFTs
  std::optional<ConvolutionHooks> hooks_;
  StockhamSchedule schedule_;
  bool directPairs_ = false;
  std::vector<Launch> launches_;
  cl::Buffer scratch_;
  cl::Buffer secondScratch_; // only for in-place calls of an odd number (>= 3) of out-of-place launches
};

} // namespace spectrascope::detail
