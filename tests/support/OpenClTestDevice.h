#pragma once
// The OpenCL device the kernel tests run on: the first GPU, else the first device (PoCL in CI).

#include "spectrascope/engine/DeviceInfo.h"

#include <optional>

namespace spectrascope::test {

inline std::optional<int> preferredOpenClDevice()
{
  const DeviceEnumeration all = enumerateOpenClDevices();
  for (const OpenClDeviceInfo& d : all.devices)
    if (d.isGpu()) return d.index;
  if (all.devices.empty()) return std::nullopt;
  return all.devices.front().index;
}

} // namespace spectrascope::test
