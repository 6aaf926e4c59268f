#pragma once
// A gallery variant as a fixed list of kernel launches over three buffers: the caller's input, the
// caller's output and one scratch buffer. Launches are built once at plan time (kernels compiled, scalar
// arguments set); enqueue only binds the buffers and launches, like the production plans.

#include "spectrascope/engine/OpenClBackend.h"

#include <array>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace spectrascope::gallery::detail {

enum class Slot { Input, Output, Scratch };

struct Launch
{
  std::string name;
  cl::Kernel kernel;
  std::vector<std::pair<cl_uint, Slot>> buffers; // kernel argument index -> buffer bound at enqueue
  std::array<std::size_t, 2> global{1, 1};       // x: work-items per transform, y: batch
  std::array<std::size_t, 2> local{1, 1};
  std::uint64_t bytes = 0; // global memory read + written
  double flops = 0;
};

class GalleryPlan final : public OpenClPlan
{
public:
  // `tables` are device buffers the launches read (twiddles); the plan keeps them alive.
  GalleryPlan(OpenClBackend& backend, const TransformDescriptor& d, std::string variantKey,
              std::vector<Launch> launches, std::vector<cl::Buffer> tables);

  std::string backendName() const override { return backend_.name() + " " + variantKey_; }
  std::string deviceName() const override { return backend_.deviceName(); }
  void enqueue(const cl::Buffer& input, const cl::Buffer& output, ExecutionReport* report) const override;
  OpenClBackend& backend() const override { return backend_; }

protected:
  void executeChecked(const float* input, float* output, ExecutionReport* report) const override;

private:
  std::size_t bytes() const;
  void enqueueLocked(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                     std::vector<KernelRecord>& records) const;

  OpenClBackend& backend_;
  std::string variantKey_;
  std::vector<Launch> launches_;
  std::vector<cl::Buffer> tables_;
  cl::Buffer scratch_;
  mutable std::mutex mutex_; // kernel arguments and staging buffers are shared state
  mutable cl::Buffer stagingIn_, stagingOut_;
};

// Sources and destinations of a chain of `count` out-of-place launches that starts from the input and
// ends in the output, alternating between the output and the scratch buffer.
std::vector<std::pair<Slot, Slot>> pingPong(std::size_t count);

[[noreturn]] void rethrowDeviceError(const cl::Error& e, const std::string& what);

} // namespace spectrascope::gallery::detail
