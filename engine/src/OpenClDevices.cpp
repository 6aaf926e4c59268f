#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/OpenCl.h"

#include <mutex>

namespace spectrascope {
namespace {

std::string typeName(cl_device_type type)
{
  if (type & CL_DEVICE_TYPE_GPU) return "GPU";
  if (type & CL_DEVICE_TYPE_CPU) return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

std::string trimmed(std::string s)
{
  while (!s.empty() && (s.back() == '\0' || s.back() == ' ')) s.pop_back();
  return s;
}

// PoCL 3.1 crashes when two threads query devices at once (clGetDeviceInfo(CL_DEVICE_NAME)); queries are
// rare and cheap, so every enumeration in the process takes turns.
std::mutex& enumerationMutex()
{
  static std::mutex m;
  return m;
}

// Visits every device of every platform in the order that defines "opencl:<index>"; a platform that
// reports no devices is skipped. Call with the enumeration lock held.
template <typename Visit> void forEachDevice(const std::vector<cl::Platform>& platforms, Visit&& visit)
{
  int index = 0;
  for (const cl::Platform& platform : platforms) {
    std::vector<cl::Device> devices;
    try {
      platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } catch (const cl::Error&) {
      continue; // a platform with no devices is not an error
    }
    for (const cl::Device& device : devices) visit(index++, platform, device);
  }
}

OpenClDeviceInfo describe(int index, const cl::Platform& platform, const cl::Device& device)
{
  OpenClDeviceInfo info;
  info.index = index;
  info.platform = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
  info.platformVersion = trimmed(platform.getInfo<CL_PLATFORM_VERSION>());
  info.platformVendor = trimmed(platform.getInfo<CL_PLATFORM_VENDOR>());
  info.name = trimmed(device.getInfo<CL_DEVICE_NAME>());
  info.vendor = trimmed(device.getInfo<CL_DEVICE_VENDOR>());
  info.type = typeName(device.getInfo<CL_DEVICE_TYPE>());
  info.driverVersion = trimmed(device.getInfo<CL_DRIVER_VERSION>());
  info.openclVersion = trimmed(device.getInfo<CL_DEVICE_VERSION>());
  info.computeUnits = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  info.globalMemBytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
  info.maxAllocBytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  info.localMemBytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  info.maxWorkGroupSize = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  return info;
}

} // namespace

DeviceEnumeration enumerateOpenClDevices()
{
  std::lock_guard lock(enumerationMutex());
  DeviceEnumeration result;
  std::vector<cl::Platform> platforms;
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error& e) {
    // ocl-icd answers -1001 (CL_PLATFORM_NOT_FOUND_KHR) when no ICD file names a driver.
    result.problem = "no OpenCL platform found (" + std::string(e.what()) + " " + std::to_string(e.err()) +
                     "): no OpenCL driver is installed or registered in /etc/OpenCL/vendors";
    return result;
  }
  forEachDevice(platforms, [&](int index, const cl::Platform& platform, const cl::Device& device) {
    result.devices.push_back(describe(index, platform, device));
  });
  if (result.devices.empty() && result.problem.empty())
    result.problem = "OpenCL platforms exist but offer no device";
  return result;
}

// Used by the backend to get the cl::Device behind an index.
cl::Device openClDeviceAt(int wanted)
{
  std::lock_guard lock(enumerationMutex());
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  cl::Device found;
  forEachDevice(platforms, [&](int index, const cl::Platform&, const cl::Device& device) {
    if (index == wanted) found = device;
  });
  return found;
}

} // namespace spectrascope
