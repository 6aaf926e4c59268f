#pragma once
// The registry of backends, and the one place where a backend is selected and fallback happens.
//
// Names: "auto" (default: first OpenCL GPU, else FFTW), "fftw", "naive-dft" (O(N^2) double reference),
// "opencl" (first GPU, else first OpenCL device), "opencl:<index>" or "opencl:<text>" (first device whose
// platform or device name contains <text>, case-insensitive: "opencl:pocl", "opencl:nvidia").
// The environment variable SPECTRASCOPE_BACKEND supplies the name when the caller passes none.

#include "spectrascope/engine/Backend.h"
#include "spectrascope/engine/DeviceInfo.h"

#include <memory>
#include <string>
#include <vector>

namespace spectrascope {

struct BackendChoice {
  std::string name;        // registry name
  std::string description; // one line for menus and `devices`
};

// Every backend name that can be created on this machine, default first.
std::vector<BackendChoice> availableBackends();

// Creates exactly the named backend; throws EngineError with a clear message if it is unknown or unusable.
std::unique_ptr<Backend> createBackend(const std::string& name);
// Throws InvalidArgument, naming the backends there are, unless `name` is one of the names above (the
// device after "opencl:" is looked up only when the backend is created).
void checkBackendName(const std::string& name);

struct SelectedBackend {
  std::unique_ptr<Backend> backend;
  std::string requested;      // what was asked for ("auto" when nothing)
  std::string fallbackReason; // empty when the requested backend is the one in use
};

// The one place where GPU -> CPU fallback happens for backend creation: tries the request (or
// SPECTRASCOPE_BACKEND, or "auto") and falls back to FFTW with a one-line reason. Never throws for
// device problems; throws InvalidArgument only for a malformed name.
SelectedBackend selectBackend(const std::string& requested = {});

// The name selectBackend() will try when given none: SPECTRASCOPE_BACKEND or "auto".
std::string requestedBackendName(const std::string& requested);

} // namespace spectrascope
