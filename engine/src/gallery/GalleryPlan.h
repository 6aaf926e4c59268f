#pragma once
// A gallery variant as a fixed list of kernel launches over three buffers: the caller's input, the
// caller's output and one scratch buffer. Launches are built once at plan time (kernels compiled, scalar
// arguments set); enqueue only binds the buffers and launches, like the production plans.

#include "DeviceCalls.h"
#include "StagedOpenClPlan.h"

#include <array>
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

class GalleryPlan final : public spectrascope::detail::StagedOpenClPlan
{
public:
  // `tables` are device buffers the launches read (twiddles); the plan keeps them alive.
  GalleryPlan(OpenClBackend& backend, const TransformDescriptor& d, std::string variantKey,
              std::vector<Launch> launches, std::vector<cl::Buffer> tables);

  std::string backendName() const override { return backend_.name() + " " + variantKey_; }

protected:
  void enqueueLocked(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                     std::vector<KernelRecord>& records) const override;
  std::size_t uploadBytes() const override { return bytes(); }
  std::size_t downloadBytes() const override { return bytes(); }
  // Every variant reads the caller's input in its first launch and may still need it later (FFT1
  // alternates buffers), so input and output always differ.
  bool stagesInPlace() const override { return false; }
  void checkBuffers(const cl::Buffer& input, const cl::Buffer& output) const override;
  std::string label() const override { return variantKey_ + " " + descriptor().toString(); }

private:
  std::size_t bytes() const;

  std::string variantKey_;
  std::vector<Launch> launches_;
  std::vector<cl::Buffer> tables_;
  cl::Buffer scratch_;
};

// Sources and destinations of a chain of `count` out-of-place launches that starts from the input and
// ends in the output, alternating between the output and the scratch buffer.
std::vector<std::pair<Slot, Slot>> pingPong(std::size_t count);

using spectrascope::detail::rethrowDeviceError;

} // namespace spectrascope::gallery::detail
