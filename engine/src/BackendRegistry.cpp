#include "spectrascope/engine/BackendRegistry.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/FftwBackend.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace spectrascope {
namespace {

std::string lower(std::string s)
{
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

bool isNumber(const std::string& s)
{
  return !s.empty() && s.size() < 6 && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// "opencl" -> first GPU, else first device; "opencl:N" -> device N; "opencl:text" -> first whose
// platform or device name contains text.
int resolveOpenClDevice(const std::string& selector, const DeviceEnumeration& all)
{
  if (all.devices.empty()) throw deviceUnavailable(all.problem);
  if (selector.empty()) {
    for (const OpenClDeviceInfo& d : all.devices)
      if (d.isGpu()) return d.index;
    return all.devices.front().index;
  }
  if (isNumber(selector)) {
    const int index = std::atoi(selector.c_str());
    if (index >= int(all.devices.size()))
      throw deviceUnavailable("there is no OpenCL device " + selector + " (devices 0.." +
                              std::to_string(all.devices.size() - 1) + " exist; see `spectrascope-cli devices`)");
    return index;
  }
  for (const OpenClDeviceInfo& d : all.devices)
    if (lower(d.name + " " + d.platform + " " + d.platformVendor).find(lower(selector)) != std::string::npos) return d.index;
  throw deviceUnavailable("no OpenCL device matches '" + selector + "' (see `spectrascope-cli devices`)");
}

} // namespace

void checkBackendName(const std::string& name)
{
  if (name == "auto" || name == "fftw" || name == "naive-dft" || name == "opencl" || name.rfind("opencl:", 0) == 0)
    return;
  throw invalidArgument("unknown backend '" + name + "': use auto, fftw, naive-dft, opencl or opencl:<device>");
}

std::string requestedBackendName(const std::string& requested)
{
  if (!requested.empty()) return requested;
  if (const char* env = std::getenv("SPECTRASCOPE_BACKEND"); env && *env) return env;
  return "auto";
}

std::vector<BackendChoice> availableBackends()
{
  std::vector<BackendChoice> choices;
  const DeviceEnumeration all = enumerateOpenClDevices();
  const auto gpu = std::find_if(all.devices.begin(), all.devices.end(), [](auto& d) { return d.isGpu(); });
  choices.push_back({"auto", gpu != all.devices.end() ? "Automatic: " + gpu->name + " (OpenCL GPU)"
                                                      : std::string("Automatic: FFTW on the CPU (no OpenCL GPU)")});
  choices.push_back({"fftw", "FFTW on the CPU"});
  for (const OpenClDeviceInfo& d : all.devices)
    choices.push_back({"opencl:" + std::to_string(d.index), d.name + " (" + d.type + ", " + d.platform + ")"});
  choices.push_back({"naive-dft", "Direct DFT in double precision (reference, slow)"});
  return choices;
}

std::unique_ptr<Backend> createBackend(const std::string& name)
{
  checkBackendName(name);
  if (name == "fftw") return std::make_unique<FftwBackend>();
  if (name == "naive-dft") return std::make_unique<NaiveDftBackend>();
  const DeviceEnumeration all = enumerateOpenClDevices();
  if (name == "auto") {
    const auto gpu = std::find_if(all.devices.begin(), all.devices.end(), [](auto& d) { return d.isGpu(); });
    if (gpu == all.devices.end())
      throw deviceUnavailable(all.devices.empty() ? "no OpenCL GPU: " + all.problem : std::string("no OpenCL GPU"));
    return std::make_unique<OpenClBackend>(gpu->index);
  }
  const std::string selector = name == "opencl" ? std::string() : name.substr(7);
  return std::make_unique<OpenClBackend>(resolveOpenClDevice(selector, all));
}

SelectedBackend selectBackend(const std::string& requested)
{
  SelectedBackend s;
  s.requested = requestedBackendName(requested);
  checkBackendName(s.requested);
  try {
    s.backend = createBackend(s.requested);
  } catch (const EngineError& e) {
    s.backend = std::make_unique<FftwBackend>();
    // "auto" falling back to FFTW on a machine without a GPU is the designed default, still worth a word.
    s.fallbackReason = (s.requested == "auto" ? std::string() : s.requested + " unavailable: ") + e.what() +
                       "; using FFTW";
  }
  return s;
}

} // namespace spectrascope
