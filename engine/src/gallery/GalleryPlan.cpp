#include "GalleryPlan.h"

#include "DeviceCalls.h"

#include "spectrascope/engine/Errors.h"

namespace spectrascope::gallery::detail {
std::vector<std::pair<Slot, Slot>> pingPong(std::size_t count)
{
  std::vector<std::pair<Slot, Slot>> result(count);
  for (std::size_t i = 0; i < count; ++i) {
    result[i].first = i == 0 ? Slot::Input : result[i - 1].second;
    result[i].second = (count - 1 - i) % 2 == 0 ? Slot::Output : Slot::Scratch;
  }
  return result;
}

GalleryPlan::GalleryPlan(OpenClBackend& backend, const TransformDescriptor& d, std::string variantKey,
                         std::vector<Launch> launches, std::vector<cl::Buffer> tables)
    : StagedOpenClPlan(backend, d), variantKey_(std::move(variantKey)), launches_(std::move(launches)),
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

void GalleryPlan::checkBuffers(const cl::Buffer& input, const cl::Buffer& output) const
{
  if (input() == output()) throw invalidArgument("the kernel gallery transforms out of place only");
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

} // namespace spectrascope::gallery::detail
