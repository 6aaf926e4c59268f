#include "GalleryPlan.h"

#include "DeviceCalls.h"

#include "spectrascope/engine/Errors.h"

namespace spectrascope::gallery::detail {
namespace {

KernelRecord transferRecord(const char* name, KernelRecord::Type type, std::size_t bytes)
{
  KernelRecord r;
  r.name = name;
  r.type = type;
  r.bytes = bytes;
  return r;
}

} // namespace

using spectrascope::detail::appendTimedRecords;

std::vector<std::pair<Slot, Slot>> pingPong(std::size_t count)
{
  std::vector<std::pair<Slot, Slot>> result(count);
  for (std::size_t i = 0; i < count; ++i) {
    result[i].first = i == 0 ? Slot::Input : result[i - 1].second;
    result[i].second = (count - 1 - i) % 2 == 0 ? Slot::Output : Slot::Scratch;
  }
  return result;
}

void rethrowDeviceError(const cl::Error& e, const std::string& what)
{
  if (e.err() == CL_OUT_OF_RESOURCES || e.err() == CL_MEM_OBJECT_ALLOCATION_FAILURE ||
      e.err() == CL_OUT_OF_HOST_MEMORY)
    throw outOfResources(what + ": the device ran out of memory (" + std::to_string(e.err()) + ")");
  throw deviceUnavailable(what + " failed: " + e.what() + " (" + std::to_string(e.err()) + ")");
}

GalleryPlan::GalleryPlan(OpenClBackend& backend, const TransformDescriptor& d, std::string variantKey,
                         std::vector<Launch> launches, std::vector<cl::Buffer> tables)
    : OpenClPlan(d), backend_(backend), variantKey_(std::move(variantKey)), launches_(std::move(launches)),
      tables_(std::move(tables))
{
  bool usesScratch = false;
  for (const Launch& l : launches_)
    for (const auto& [argument, slot] : l.buffers)
      usesScratch |= slot == Slot::Scratch;
  try {
    if (usesScratch) scratch_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, bytes());
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "preparing " + d.toString());
  }
}

std::size_t GalleryPlan::bytes() const
{
  return descriptor().elementsPerTransform() * descriptor().batch * 2 * sizeof(float);
}

void GalleryPlan::enqueue(const cl::Buffer& input, const cl::Buffer& output, ExecutionReport* report) const
{
  // Every variant reads the caller's input in its first launch and may still need it later (FFT1
  // alternates buffers), so the two must differ; descriptors are out of place anyway.
  if (input() == output()) throw invalidArgument("the kernel gallery transforms out of place only");
  std::vector<cl::Event> events;
  std::vector<KernelRecord> records;
  try {
    std::lock_guard lock(mutex_);
    enqueueLocked(input, output, events, records);
    if (report) appendTimedRecords(events, records, *report);
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "running " + variantKey_ + " " + descriptor().toString());
  }
}

void GalleryPlan::enqueueLocked(const cl::Buffer& input, const cl::Buffer& output,
                                std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const
{
  const auto bufferFor = [&](Slot s) -> const cl::Buffer& {
    return s == Slot::Input ? input : s == Slot::Output ? output : scratch_;
  };
  cl::CommandQueue& queue = backend_.queue();
  for (const Launch& l : launches_) {
    cl::Kernel kernel = l.kernel;
    for (const auto& [argument, slot] : l.buffers)
      kernel.setArg(argument, bufferFor(slot));
    cl::Event event;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(l.global[0], l.global[1]),
                               cl::NDRange(l.local[0], l.local[1]), nullptr, &event);
    KernelRecord r;
    r.name = l.name;
    r.globalSize = {l.global[0], l.global[1], 1};
    r.localSize = {l.local[0], l.local[1], 1};
    r.bytes = l.bytes;
    r.flops = l.flops;
    events.push_back(event);
    records.push_back(std::move(r));
  }
}

void GalleryPlan::executeChecked(const float* input, float* output, ExecutionReport* report) const
{
  const std::size_t size = bytes();
  cl::CommandQueue& queue = backend_.queue();
  try {
    std::lock_guard lock(mutex_);
    if (!stagingIn_()) stagingIn_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, size);
    if (!stagingOut_()) stagingOut_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, size);
    std::vector<cl::Event> events(1);
    std::vector<KernelRecord> records{transferRecord("upload", KernelRecord::Type::Upload, size)};
    queue.enqueueWriteBuffer(stagingIn_, CL_FALSE, 0, size, input, nullptr, &events[0]);
    enqueueLocked(stagingIn_, stagingOut_, events, records);
    events.emplace_back();
    queue.enqueueReadBuffer(stagingOut_, CL_TRUE, 0, size, output, nullptr, &events.back());
    records.push_back(transferRecord("download", KernelRecord::Type::Download, size));
    if (report) appendTimedRecords(events, records, *report);
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "running " + variantKey_ + " " + descriptor().toString());
  }
}

} // namespace spectrascope::gallery::detail
