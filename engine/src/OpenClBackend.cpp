#include "spectrascope/engine/OpenClBackend.h"

#include "OpenClFftPlan.h"
#include "OpenClRealFftPlan.h"
#include "spectrascope/engine/Errors.h"

namespace spectrascope {

cl::Device openClDeviceAt(int index); // OpenClDevices.cpp

OpenClBackend::OpenClBackend(int deviceIndex, OpenClOptions options) : options_(std::move(options))
{
  const DeviceEnumeration all = enumerateOpenClDevices();
  if (deviceIndex < 0 || deviceIndex >= int(all.devices.size()))
    throw deviceUnavailable(all.devices.empty() ? all.problem
                                                : "there is no OpenCL device " + std::to_string(deviceIndex) +
                                                      " (this machine has " + std::to_string(all.devices.size()) + ")");
  info_ = all.devices[std::size_t(deviceIndex)];
  try {
    device_ = openClDeviceAt(deviceIndex);
    context_ = cl::Context(device_);
    queue_ = cl::CommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE);
    programs_ = std::make_unique<ProgramCache>(context_, device_, options_.cacheDirectory);
  } catch (const cl::Error& e) {
    throw deviceUnavailable("cannot open OpenCL device " + info_.name + ": " + e.what() + " (" +
                            std::to_string(e.err()) + ")");
  }
}

OpenClBackend::~OpenClBackend() = default;

std::string OpenClBackend::name() const { return "opencl:" + std::to_string(info_.index); }

std::string OpenClBackend::deviceName() const { return info_.name + " (" + info_.platform + ")"; }

std::optional<std::string> OpenClBackend::cannotPlan(const TransformDescriptor& d) const
{
  return detail::stockhamCannotPlan(d);
}

std::unique_ptr<Plan> OpenClBackend::createPlan(const TransformDescriptor& d)
{
  d.validate();
  if (auto why = cannotPlan(d)) throw unsupported(*why);
  if (d.kind != TransformKind::ComplexToComplex) return std::make_unique<detail::OpenClRealFftPlan>(*this, d);
  return std::make_unique<detail::OpenClFftPlan>(*this, d);
}

} // namespace spectrascope
