#pragma once
// A plan is made once (all expensive work: FFTW planning, twiddle tables, kernel builds) and executed
// many times cheaply. Plans are immutable after creation; execute() is safe to call from several threads
// (backends serialise internally where their API requires it).

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/TransformDescriptor.h"

#include <span>
#include <string>

namespace spectrascope {

class Plan
{
public:
  virtual ~Plan() = default;
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;

  const TransformDescriptor& descriptor() const { return descriptor_; }
  // Name of the backend that executes this plan ("fftw", "opencl:0", ...).
  virtual std::string backendName() const = 0;
  virtual std::string deviceName() const = 0;
  // Non-empty when the requested backend could not serve this descriptor and another one does.
  const std::string& fallbackReason() const { return fallbackReason_; }
  void setFallbackReason(std::string reason) { fallbackReason_ = std::move(reason); }

  // Host memory in, host memory out, laid out as TransformDescriptor documents (interleaved complex).
  // input and output may be the same span for in-place descriptors. Sizes are checked.
  void execute(std::span<const float> input, std::span<float> output,
               ExecutionReport* report = nullptr) const;
  // The same, but `input` is the plan's to overwrite (a caller's scratch): FFTW's multi-dimensional C2R
  // then works in it directly instead of on a copy.
  void executeConsuming(std::span<float> input, std::span<float> output,
                        ExecutionReport* report = nullptr) const;

protected:
  explicit Plan(const TransformDescriptor& d) : descriptor_(d) {}
  virtual void executeChecked(const float* input, float* output, ExecutionReport* report) const = 0;
  virtual void executeConsumingChecked(float* input, float* output, ExecutionReport* report) const
  {
    executeChecked(input, output, report);
  }

private:
  void check(std::span<const float> input, std::span<float> output, ExecutionReport* report) const;

  TransformDescriptor descriptor_;
  std::string fallbackReason_;
};

} // namespace spectrascope
