#include "spectrascope/engine/Engine.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/FftwBackend.h"

#include <algorithm>

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
  std::call_once(fftwFallbackOnce_, [this] { fftwFallback_ = std::make_unique<FftwBackend>(); });
  return *fftwFallback_;
}

// pocketfft's get_plan pattern: the first caller for a descriptor leaves a promise in the cache and
// builds with the lock released; later callers for the same descriptor take the promise's future and
// wait for that build instead of starting their own.
std::shared_ptr<const Plan> Engine::plan(const TransformDescriptor& d)
{
  d.validate();
  std::promise<std::shared_ptr<const Plan>> promise;
  std::shared_future<std::shared_ptr<const Plan>> pending;
  std::list<CacheEntry>::iterator mine;
  {
    std::lock_guard lock(mutex_);
    auto it =
        std::find_if(cache_.begin(), cache_.end(), [&](const CacheEntry& e) { return e.descriptor == d; });
    if (it != cache_.end()) {
      cache_.splice(cache_.begin(), cache_, it);
      pending = cache_.front().plan;
    } else {
      cache_.push_front(CacheEntry{d, promise.get_future().share()});
      mine = cache_.begin();
      evictBeyondCapacity();
    }
  }
  // Built, or being built by another caller: wait for that build; a failure rethrows its error here too.
  if (pending.valid()) return pending.get();
  std::shared_ptr<const Plan> made;
  try {
    made = createWithFallback(d);
  } catch (...) {
    promise.set_exception(std::current_exception());
    std::lock_guard lock(mutex_);
    cache_.erase(mine); // not cached: the next call for d builds again
    throw;
  }
  promise.set_value(made);
  std::lock_guard lock(mutex_);
  mine->built = true;
  evictBeyondCapacity();
  return made;
}

void Engine::evictBeyondCapacity()
{
  for (auto it = cache_.end(); cache_.size() > kPlanCacheCapacity && it != cache_.begin();) {
    --it;
    if (it->built) it = cache_.erase(it);
  }
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
