#pragma once
// A complex FFT on an OpenCL device, as a schedule of cl/fft_stockham.cl launches (StockhamPlanner).
// Creating it builds (or loads) every kernel and uploads the twiddle tables; enqueue only sets
// buffer arguments and launches.

#include "StockhamPlanner.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <mutex>

namespace spectrascope::detail {

class OpenClFftPlan final : public OpenClPlan {
public:
  OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d);

  std::string backendName() const override { return backend_.name(); }
  std::string deviceName() const override { return backend_.deviceName(); }
  void enqueue(const cl::Buffer& input, const cl::Buffer& output, ExecutionReport* report) const override;
  OpenClBackend& backend() const override { return backend_; }
  const StockhamSchedule& schedule() const { return schedule_; }

protected:
  void executeChecked(const float* input, float* output, ExecutionReport* report) const override;

private:
  struct Launch {
    StockhamPass pass;
    cl::Kernel kernel;
    cl::Buffer localTwiddles, passTwiddlesHi, passTwiddlesLo;
    unsigned passLoBits = 0;
    std::string name;
  };
  struct Step {
    const Launch* launch; // null: copy source to destination
    const cl::Buffer* source;
    const cl::Buffer* destination;
  };

  Launch makeLaunch(const StockhamPass& pass);
  std::string buildOptions(const StockhamPass& pass) const;
  cl::Buffer uploadTable(const std::vector<float>& table);
  std::vector<Step> steps(const cl::Buffer& input, const cl::Buffer& output) const;
  void enqueueLocked(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                     std::vector<KernelRecord>& records) const;
  std::size_t complexCount() const;

  OpenClBackend& backend_;
  StockhamSchedule schedule_;
  std::vector<Launch> launches_;
  cl::Buffer scratch_;
  cl::Buffer secondScratch_; // only for in-place calls of an odd number (>= 3) of out-of-place launches
  mutable std::mutex mutex_; // kernels' arguments and the staging buffers are shared state
  mutable cl::Buffer stagingIn_, stagingOut_;
};

} // namespace spectrascope::detail
