#pragma once
// A backend turns descriptors into plans. Backends are chosen at run time by name from the registry
// (BackendRegistry.h), never by #if.

#include "spectrascope/engine/Plan.h"

#include <memory>
#include <optional>
#include <string>

namespace spectrascope {

class Backend {
public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;        // registry name: "fftw", "naive-dft", "opencl:0"
  virtual std::string deviceName() const = 0;  // e.g. "NVIDIA H200", "CPU (FFTW 3.3.10, 2 threads)"
  // Why this backend cannot plan the descriptor, or nothing if it can. Cheap; no kernel builds.
  virtual std::optional<std::string> cannotPlan(const TransformDescriptor& d) const = 0;
  // Does all expensive work. Throws EngineError (BuildError, OutOfResources, Unsupported...).
  virtual std::unique_ptr<Plan> createPlan(const TransformDescriptor& d) = 0;
};

} // namespace spectrascope
