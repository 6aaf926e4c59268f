#include "spectrascope/engine/Engine.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/FftwBackend.h"

namespace spectrascope {

Engine::Engine(const std::string& requestedBackend) : selection_(selectBackend(requestedBackend)) {}

Engine::Engine(std::unique_ptr<Backend> backend)
{
  if (!backend) throw invalidArgument("an engine needs a backend");
  selection_.requested = backend->name();
  selection_.backend = std::move(backend);
}

Engine::~Engine() = default;

std::string Engine::backendName() const
{
  return selection_.backend->name();
}

std::string Engine::deviceName() const
{
  return selection_.backend->deviceName();
}

Backend& Engine::fftwBackend()
{
  if (selection_.backend->name() == "fftw") return *selection_.backend;
  if (!fftwFallback_) fftwFallback_ = std::make_unique<FftwBackend>();
  return *fftwFallback_;
}

std::shared_ptr<const Plan> Engine::plan(const TransformDescriptor& d)
{
  d.validate();
  std::lock_guard lock(mutex_);
  for (auto it = cache_.begin(); it != cache_.end(); ++it) {
    if (it->first == d) {
      cache_.splice(cache_.begin(), cache_, it);
      return cache_.front().second;
    }
  }
  std::shared_ptr<const Plan> made = createWithFallback(d);
  cache_.emplace_front(d, made);
  if (cache_.size() > kPlanCacheCapacity) cache_.pop_back();
  return made;
}

// The one place where a descriptor the selected backend cannot serve goes to FFTW instead.
std::shared_ptr<const Plan> Engine::createWithFallback(const TransformDescriptor& d)
{
  Backend& primary = *selection_.backend;
  std::string reason;
  if (auto why = primary.cannotPlan(d)) {
    reason = *why;
  } else {
    try {
      return primary.createPlan(d);
    } catch (const EngineError& e) {
      if (e.kind() == EngineError::Kind::InvalidArgument) throw;
      reason = e.what();
    }
  }
  std::unique_ptr<Plan> fallback = fftwBackend().createPlan(d);
  fallback->setFallbackReason(primary.name() + " cannot do " + d.toString() + " (" + reason +
                              "); FFTW serves it");
  return fallback;
}

} // namespace spectrascope
