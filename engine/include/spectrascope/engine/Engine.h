#pragma once
// The engine facade the GUI and the CLI use: one selected backend plus a plan cache, with per-descriptor
// fallback to FFTW when the selected backend cannot serve a descriptor (or its plan fails to build).

#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Plan.h"

#include <future>
#include <list>
#include <memory>
#include <mutex>
#include <string>

namespace spectrascope {

class Engine
{
public:
  // Selects the backend (see selectBackend). Creating an OpenCL backend compiles nothing yet; kernels
  // are built when plans are made, so call plan() off the GUI thread.
  explicit Engine(const std::string& requestedBackend = {});
  // Over a backend made by the caller (a device opened with particular OpenClOptions).
  explicit Engine(std::unique_ptr<Backend> backend);
  ~Engine();

  std::string backendName() const;
  std::string deviceName() const;
  // Why the requested backend is not the one in use (empty if it is).
  const std::string& fallbackReason() const { return selection_.fallbackReason; }

  // Cached by descriptor. If the selected backend cannot plan `d`, FFTW serves it and the plan's
  // fallbackReason() says why. Throws EngineError only if no backend at all can serve it.
  // Thread-safe, and plans are built outside the engine's lock: callers planning different descriptors
  // build at the same time, a caller asking for a descriptor that is being built waits for that one build,
  // and a build that throws is not cached (the next call tries again).
  std::shared_ptr<const Plan> plan(const TransformDescriptor& d);

  static constexpr std::size_t kPlanCacheCapacity = 32;

private:
  struct CacheEntry
  {
    TransformDescriptor descriptor;
    std::shared_future<std::shared_ptr<const Plan>> plan;
    bool built = false; // false while its build is in flight: such entries are never evicted
  };

  std::shared_ptr<const Plan> createWithFallback(const TransformDescriptor& d);
  Backend& fftwBackend();
  void evictBeyondCapacity(); // with mutex_ held

  SelectedBackend selection_;
  std::once_flag fftwFallbackOnce_;
  std::unique_ptr<Backend> fftwFallback_;
  std::mutex mutex_; // guards cache_ only, never held through a build
  // Most recently used first.
  std::list<CacheEntry> cache_;
};

} // namespace spectrascope
