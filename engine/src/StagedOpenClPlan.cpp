#include "StagedOpenClPlan.h"

#include "DeviceCalls.h"

#include <algorithm>

namespace spectrascope::detail {
namespace {

KernelRecord transferRecord(const char* name, KernelRecord::Type type, std::size_t bytes)
{
  KernelRecord r;
  r.name = name;
  r.type = type;
  r.bytes = double(bytes);
  return r;
}

} // namespace

std::size_t StagedOpenClPlan::uploadBytes() const
{
  return descriptor().inputFloats() * sizeof(float);
}

std::size_t StagedOpenClPlan::downloadBytes() const
{
  return descriptor().outputFloats() * sizeof(float);
}

bool StagedOpenClPlan::stagesInPlace() const
{
  return descriptor().placement == Placement::InPlace;
}

void StagedOpenClPlan::checkBuffers(const cl::Buffer&, const cl::Buffer&) const {}

std::string StagedOpenClPlan::label() const
{
  return descriptor().toString();
}

void StagedOpenClPlan::rethrow(const cl::Error& e, const std::string& doing) const
{
  rethrowDeviceError(e, doing + " " + label());
}

void StagedOpenClPlan::enqueue(const cl::Buffer& input, const cl::Buffer& output,
                               ExecutionReport* report) const
{
  checkBuffers(input, output);
  std::vector<cl::Event> events;
  std::vector<KernelRecord> records;
  try {
    std::lock_guard lock(mutex_);
    enqueueLocked(input, output, events, records);
    if (report) appendTimedRecords(events, records, *report);
  } catch (const cl::Error& e) {
    rethrow(e, "running");
  }
}

void StagedOpenClPlan::executeChecked(const float* input, float* output, ExecutionReport* report) const
{
  const std::size_t inBytes = uploadBytes(), outBytes = downloadBytes();
  const bool inPlace = stagesInPlace();
  cl::CommandQueue& queue = backend_.queue();
  try {
    std::lock_guard lock(mutex_);
    const std::size_t stagingBytes = inPlace ? std::max(inBytes, outBytes) : inBytes;
    if (!stagingIn_()) stagingIn_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, stagingBytes);
    if (!inPlace && !stagingOut_()) stagingOut_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, outBytes);
    const cl::Buffer& deviceOut = inPlace ? stagingIn_ : stagingOut_;

    std::vector<cl::Event> events(1);
    std::vector<KernelRecord> records{transferRecord("upload", KernelRecord::Type::Upload, inBytes)};
    queue.enqueueWriteBuffer(stagingIn_, CL_FALSE, 0, inBytes, input, nullptr, &events[0]);
    enqueueLocked(stagingIn_, deviceOut, events, records);
    events.emplace_back();
    queue.enqueueReadBuffer(deviceOut, CL_TRUE, 0, outBytes, output, nullptr, &events.back());
    records.push_back(transferRecord("download", KernelRecord::Type::Download, outBytes));
    if (report) appendTimedRecords(events, records, *report);
  } catch (const cl::Error& e) {
    rethrow(e, "running");
  }
}

} // namespace spectrascope::detail
