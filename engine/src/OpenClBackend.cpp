#include "spectrascope/engine/OpenClBackend.h"

#include "DeviceCalls.h"
#include "OpenClFftPlan.h"
#include "OpenClRealFftPlan.h"
#include "PlanTuner.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/KernelSources.h"

namespace spectrascope {

cl::Device openClDeviceAt(int index); // OpenClDevices.cpp

namespace {

// What a tuned shape is valid for: this device and driver, this engine, these kernel sources.
std::string tuningIdentity(const ProgramCache& programs)
{
  std::string identity = programs.deviceIdentity() + "|engine " SPECTRASCOPE_VERSION;
  for (const char* source : {"fft_stockham", "fft_mixed", "real_fft"})
    identity += "|" + kernels::expandedSha256(source);
  return identity;
}

} // namespace

OpenClBackend::OpenClBackend(int deviceIndex, OpenClOptions options) : options_(std::move(options))
{
  const DeviceEnumeration all = enumerateOpenClDevices();
  if (deviceIndex < 0 || deviceIndex >= int(all.devices.size()))
    throw deviceUnavailable(all.devices.empty()
                                ? all.problem
                                : "there is no OpenCL device " + std::to_string(deviceIndex) +
                                      " (this machine has " + std::to_string(all.devices.size()) + ")");
  info_ = all.devices[std::size_t(deviceIndex)];
  if (options_.maxAllocBytes)
    info_.maxAllocBytes = std::min<std::uint64_t>(info_.maxAllocBytes, options_.maxAllocBytes);
  try {
    device_ = openClDeviceAt(deviceIndex);
    context_ = cl::Context(device_);
    queue_ = cl::CommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE);
    programs_ = std::make_unique<ProgramCache>(context_, device_, options_.cacheDirectory);
    tuning_ = std::make_unique<TuningCache>(options_.cacheDirectory.empty() ? defaultCacheDirectory()
                                                                            : options_.cacheDirectory,
                                            tuningIdentity(*programs_));
  } catch (const cl::Error& e) {
    throw deviceUnavailable("cannot open OpenCL device " + info_.name + ": " + e.what() + " (" +
                            std::to_string(e.err()) + ")");
  }
}

OpenClBackend::~OpenClBackend() = default;

std::string OpenClBackend::name() const
{
  return "opencl:" + std::to_string(info_.index);
}

std::string OpenClBackend::deviceName() const
{
  return info_.name + " (" + info_.platform + ")";
}

std::optional<std::string> OpenClBackend::cannotPlan(const TransformDescriptor& d) const
{
  return detail::stockhamCannotPlan(d);
}

std::unique_ptr<Plan> OpenClBackend::createPlan(const TransformDescriptor& d)
{
  d.validate();
  if (auto why = cannotPlan(d)) throw unsupported(*why);
  std::optional<PlanShape> shape;
  std::optional<TuningOutcome> search;
  if (options_.tuning != OpenClOptions::Tuning::Heuristic) shape = tuning_->find(d);
  if (!shape && options_.tuning == OpenClOptions::Tuning::Measure) {
    search = tune(d, options_.measureBudget);
    shape = search->chosen;
  }
  {
    std::lock_guard lock(lastSearchMutex_);
    lastPlanSearch_ = search;
  }
  if (!shape || shape->isDefault()) return createPlan(d, PlanShape{});
  try {
    return createPlan(d, *shape);
  } catch (const EngineError&) {
    // A stored shape that no longer fits (another batch, less memory free): the heuristic plan still may.
    return createPlan(d, PlanShape{});
  }
}

std::unique_ptr<OpenClPlan> OpenClBackend::createPlan(const TransformDescriptor& d, const PlanShape& shape)
{
  d.validate();
  if (auto why = cannotPlan(d)) throw unsupported(*why);
  const detail::DeviceLimits limits = detail::limitsOf(*this, shape);
  if (d.kind != TransformKind::ComplexToComplex)
    return std::make_unique<detail::OpenClRealFftPlan>(*this, d, limits);
  return std::make_unique<detail::OpenClFftPlan>(*this, d, limits);
}

TuningOutcome OpenClBackend::tune(const TransformDescriptor& d, SearchBudget budget)
{
  d.validate();
  if (auto why = cannotPlan(d)) throw unsupported(*why);
  TuningOutcome outcome = detail::searchShapes(*this, d, budget);
  tuning_->store(d, outcome.chosen, outcome.chosenMs, outcome.budgetExhausted);
  return outcome;
}

std::optional<TuningOutcome> OpenClBackend::lastPlanSearch() const
{
  std::lock_guard lock(lastSearchMutex_);
  return lastPlanSearch_;
}

} // namespace spectrascope
