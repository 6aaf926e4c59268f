#pragma once
// A complex FFT on an OpenCL device, as a schedule of pass launches (StockhamPlanner): cl/fft_stockham.cl
// for power-of-two axes, cl/fft_mixed.cl for other smooth lengths, Bluestein stages for the rest.
// Creating it builds (or loads) every kernel and uploads the twiddle tables; enqueue only sets
// buffer arguments and launches.

#include "StockhamPlanner.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <memory>
#include <mutex>

namespace spectrascope::detail {

class BluesteinStage;

class OpenClFftPlan final : public OpenClPlan {
public:
  // `limits`: the device as the planner sees it (limitsOf), with a tuned shape's knobs applied.
  OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const DeviceLimits& limits);
  // The complex stages of a real transform (OpenClRealFftPlan): `d` names the whole transform.
  OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const AxisJob& job, const DeviceLimits& limits);
  ~OpenClFftPlan() override;

  std::string backendName() const override { return backend_.name(); }
  std::string deviceName() const override { return backend_.deviceName(); }
  void enqueue(const cl::Buffer& input, const cl::Buffer& output, ExecutionReport* report) const override;
  OpenClBackend& backend() const override { return backend_; }
  const StockhamSchedule& schedule() const { return schedule_; }
  // Enqueues without waiting, appending one event and one record per launch (for composite plans).
  void enqueueInto(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                   std::vector<KernelRecord>& records) const;

protected:
  void executeChecked(const float* input, float* output, ExecutionReport* report) const override;

private:
  struct Launch {
    StockhamPass pass;
    cl::Kernel kernel;
    cl::Buffer localTwiddles, passTwiddlesHi, passTwiddlesLo;
    cl::Buffer radices; // mixed: the local passes, read by the generic-shape program
    cl::Buffer realTwiddles; // power of two: the fused real step's table (or a placeholder)
    unsigned passLoBits = 0;
    std::string name;
    std::shared_ptr<BluesteinStage> bluestein; // instead of the kernel, for Bluestein passes
  };
  struct Step {
    const Launch* launch; // null: copy source to destination
    const cl::Buffer* source;
    const cl::Buffer* destination;
  };

  void prepare();
  Launch makeLaunch(const StockhamPass& pass);
  std::string buildOptions(const StockhamPass& pass) const;
  void setShapeArguments(cl::Kernel& kernel, const Launch& launch) const;
  cl::Buffer uploadTable(const std::vector<float>& table);
  std::vector<Step> steps(const cl::Buffer& input, const cl::Buffer& output) const;
  void enqueueLocked(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                     std::vector<KernelRecord>& records) const;
  std::size_t complexCount() const;
  std::size_t bufferBytes() const;

  OpenClBackend& backend_;
  AxisJob job_;
  StockhamSchedule schedule_;
  std::vector<Launch> launches_;
  cl::Buffer scratch_;
  cl::Buffer secondScratch_; // only for in-place calls of an odd number (>= 3) of out-of-place launches
  mutable std::mutex mutex_; // kernels' arguments and the staging buffers are shared state
  mutable cl::Buffer stagingIn_, stagingOut_;
};

} // namespace spectrascope::detail
