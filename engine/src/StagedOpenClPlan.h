#pragma once
// What every OpenCL plan does the same way around its own launches: the host-memory path (staging
// buffers made on first use, the upload and download with their records), the device-buffer path
// (Plan::enqueue with profiling records), the lock that guards kernel arguments and staging buffers, and
// the mapping of device errors to engine errors. A plan only says how to enqueue its launches.

#include "spectrascope/engine/OpenClBackend.h"

#include <mutex>
#include <string>
#include <vector>

namespace spectrascope::detail {

class StagedOpenClPlan : public OpenClPlan
{
public:
  std::string backendName() const override { return backend_.name(); }
  std::string deviceName() const override { return backend_.deviceName(); }
  OpenClBackend& backend() const override { return backend_; }
  void enqueue(const cl::Buffer& input, const cl::Buffer& output, ExecutionReport* report) const final;

protected:
  StagedOpenClPlan(OpenClBackend& backend, const TransformDescriptor& d) : OpenClPlan(d), backend_(backend) {}

  // Appends one event and one record per command; called with executionMutex() held.
  virtual void enqueueLocked(const cl::Buffer& input, const cl::Buffer& output,
                             std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const = 0;
  // Bytes uploaded from and downloaded to host memory (default: the descriptor's input and output).
  virtual std::size_t uploadBytes() const;
  virtual std::size_t downloadBytes() const;
  // Whether the host path runs in one staging buffer (default: in-place descriptors).
  virtual bool stagesInPlace() const;
  // Refuses buffers the plan cannot run on (before anything is enqueued); default: any.
  virtual void checkBuffers(const cl::Buffer& input, const cl::Buffer& output) const;
  // What error messages call this plan (default: the descriptor).
  virtual std::string label() const;

  // Kernel arguments and staging buffers are shared state: one enqueue at a time.
  std::mutex& executionMutex() const { return mutex_; }
  [[noreturn]] void rethrow(const cl::Error& e, const std::string& doing) const;

  OpenClBackend& backend_;

private:
  void executeChecked(const float* input, float* output, ExecutionReport* report) const final;

  mutable std::mutex mutex_;
  mutable cl::Buffer stagingIn_, stagingOut_;
};

} // namespace spectrascope::detail
