#pragma once
// What the engine knows about the compute devices of this machine, for `spectrascope-cli devices`,
// the GUI's backend selector and the benchmark's reports.

#include <cstdint>
#include <string>
#include <vector>

namespace spectrascope {

struct OpenClDeviceInfo {
  int index = 0;              // global index across platforms, as in "opencl:<index>"
  std::string platform;       // e.g. "NVIDIA CUDA", "Portable Computing Language"
  std::string platformVersion;
  std::string platformVendor; // e.g. "The pocl project", "NVIDIA Corporation"
  std::string name;           // e.g. "NVIDIA H200"
  std::string vendor;
  std::string type;           // "GPU", "CPU", "accelerator", "other"
  std::string driverVersion;
  std::string openclVersion;
  unsigned computeUnits = 0;
  std::uint64_t globalMemBytes = 0;
  std::uint64_t maxAllocBytes = 0;
  std::uint64_t localMemBytes = 0;
  std::size_t maxWorkGroupSize = 0;
  bool isGpu() const { return type == "GPU"; }
};

struct DeviceEnumeration {
  std::vector<OpenClDeviceInfo> devices;
  // Why no OpenCL device is usable (no ICD loader platform, ocl-icd -1001, driver error), if so.
  std::string problem;
};

// Enumerates every OpenCL platform and device. Never throws: failures land in `problem`.
DeviceEnumeration enumerateOpenClDevices();

} // namespace spectrascope
