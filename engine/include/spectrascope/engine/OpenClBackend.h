#pragma once
// The OpenCL backend: one device, one context, one in-order profiling queue, a program cache.
// Besides the host-memory Plan::execute, OpenClPlan::enqueue runs on device-resident buffers; the GUI's
// device-side pipelines and the benchmark use it.

#include "spectrascope/engine/Backend.h"
#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/OpenCl.h"
#include "spectrascope/engine/PlanTuning.h"
#include "spectrascope/engine/ProgramCache.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

namespace spectrascope {

class OpenClPlan;

struct OpenClOptions {
  // Twiddles from tables computed in double on the host (accurate), or sincos on the fly (comparison).
  enum class Twiddles { Table, OnTheFly } twiddles = Twiddles::Table;
  // Longest sub-transform one work-group does in a single pass; 0 = derived from the device limits.
  // Tests lower it to drive the multi-pass (four-step) paths at small sizes.
  std::size_t maxPassLength = 0;
  // Local memory the planner may use per work-group; 0 = the device's. Tests lower it to drive the
  // split re/im exchange and the fewer-lines shapes that large sub-transforms need on GPUs.
  std::size_t localMemoryBytes = 0;
  // Largest single buffer the engine may ask for; 0 = the device's. Tests lower it to drive the
  // out-of-resources path and the engine's fallback to FFTW on any device.
  std::size_t maxAllocBytes = 0;
  // Non-power-of-two lengths: a program specialised for each length (fastest; one compile per new
  // length), or one generic program whose length and radices are kernel arguments (no compile per
  // length; the exhaustive size sweeps in the tests use it).
  bool genericMixedShapes = false;
  // Lengths with a prime factor above 13: by the cheaper of Rader's and Bluestein's algorithms, or always
  // by Bluestein's (a comparison: tests and benchmarks measure one route against the other).
  bool bluesteinOnly = false;
  // Rader's stage as its two convolution FFTs even where one launch would hold it (a comparison).
  bool raderTwoLaunches = false;
  // Rader's one-launch stage on a prime factor of rows without the rest of the rows, which then take a
  // launch of their own (a comparison).
  bool raderRestApart = false;
  // Rader's stage in two launches a FFT on odd real rows in pairs: its first launch gathers x[g^k] straight
  // from the two real rows, instead of holding whole lines and reading them in order in chunks (a
  // comparison).
  bool raderGatherDirect = false;
  // A convolution whose FFTs take two launches each: the filter in the forward FFT's last launch and the
  // inverse FFT's first launch on its own, instead of both in one launch (a comparison).
  bool filterLaunchApart = false;
  // Rader's one-launch stage with large radices built as the compiler chooses, without the register cap
  // it gets where the driver takes one (engine/src/PtxRegisterCap.h; a comparison).
  bool uncappedRegisters = false;
  // A prime factor from 67 to 89 by Rader's stage rather than as a team pass of one launch (a comparison).
  bool noTeamPasses = false;
  // The first two axes of a transform whose planes fit one launch each by their own launches, as rows
  // and then columns, instead of one launch per plane (a comparison).
  bool planesApart = false;
  // One prime per local pass, without the composites 9 to 27, 22, 26, 33 and 39 (a comparison).
  bool primeRadicesOnly = false;
  // Lengths with a factor 2 and odd primes up to 7 with their usual radices, powers of two apart from
  // the odd primes (3000 as 8 x 3 x 5 x 5 x 5), not in fewer passes with the radices 6, 10, 12, 14, 20 and
  // 24 (24 x 5 x 25; a comparison).
  bool usualRadices = false;
  // Planner tuning knobs for benchmarks; 0 = the planner's defaults.
  std::size_t targetGroupSize = 0;
  std::size_t stridedGroupSize = 0;
  std::size_t minAdjacentLines = 0;
  std::size_t maxRadix = 0;
  std::filesystem::path cacheDirectory; // empty: defaultCacheDirectory()
  // Per-device tuning (PlanTuning.h). Heuristic: the planner's defaults only. Cached: a shape stored in
  // the device's tuning file when there is one, else the heuristic shape; it never searches, so a plan
  // costs no timing (the default, and the GUI's: its first frame must not wait on a search;
  // `spectrascope-bench --tune` fills the file). Measure: like FFTW_MEASURE, a plan with no stored shape
  // is searched for first, within measureBudget, and the winner is stored for every later start.
  enum class Tuning { Heuristic, Cached, Measure } tuning = Tuning::Cached;
  // Measure mode's time for one search, kernel builds included (it may overrun by one candidate). Zero
  // times the heuristic shape alone, to store it.
  std::chrono::milliseconds measureBudget{200};
};

class OpenClBackend : public Backend {
public:
  // Throws DeviceUnavailable if there is no such device.
  explicit OpenClBackend(int deviceIndex, OpenClOptions options = {});
  ~OpenClBackend() override;

  std::string name() const override;
  std::string deviceName() const override;
  std::optional<std::string> cannotPlan(const TransformDescriptor& d) const override;
  std::unique_ptr<Plan> createPlan(const TransformDescriptor& d) override;
  // A plan with the planner's knobs set by `shape` (zero knobs: defaults). The tuner's candidates.
  std::unique_ptr<OpenClPlan> createPlan(const TransformDescriptor& d, const PlanShape& shape);
  // Times the shapes the planner's knobs allow for `d` on this device and stores the fastest in the
  // tuning cache (a knob value that gives an already timed schedule is not timed again). A search the
  // budget cuts short stores its best so far, marked partial.
  TuningOutcome tune(const TransformDescriptor& d, SearchBudget budget = kUnboundedSearch);
  TuningCache& tuningCache() { return *tuning_; }
  // The search the latest createPlan(d) ran (Measure mode, no stored shape); empty when it planned
  // without one. The benchmark reports it per case.
  std::optional<TuningOutcome> lastPlanSearch() const;

  const OpenClDeviceInfo& info() const { return info_; }
  const OpenClOptions& options() const { return options_; }
  cl::Context& context() { return context_; }
  cl::Device& device() { return device_; }
  cl::CommandQueue& queue() { return queue_; }
  ProgramCache& programs() { return *programs_; }

private:
  OpenClDeviceInfo info_;
  OpenClOptions options_;
  cl::Device device_;
  cl::Context context_;
  cl::CommandQueue queue_;
  std::unique_ptr<ProgramCache> programs_;
  std::unique_ptr<TuningCache> tuning_;
  mutable std::mutex lastSearchMutex_;
  std::optional<TuningOutcome> lastPlanSearch_;
};

class OpenClPlan : public Plan {
public:
  // Runs on device buffers holding descriptor().inputFloats()/outputFloats() floats. `input` and `output`
  // may be the same buffer for in-place descriptors. Enqueues and returns; with a report, waits and
  // fills it from the profiling events.
  virtual void enqueue(const cl::Buffer& input, const cl::Buffer& output, ExecutionReport* report) const = 0;
  virtual OpenClBackend& backend() const = 0;

protected:
  using Plan::Plan;
};

} // namespace spectrascope
