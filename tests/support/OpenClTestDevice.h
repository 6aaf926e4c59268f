#pragma once
// The OpenCL device the kernel tests run on: the first GPU, else the first device (PoCL in CI), and one
// backend on it per set of planner knobs, kept for the whole test program (kernel builds are slow).

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <map>
#include <memory>
#include <optional>
#include <tuple>

namespace spectrascope::test {

inline std::optional<int> preferredOpenClDevice()
{
  const DeviceEnumeration all = enumerateOpenClDevices();
  for (const OpenClDeviceInfo& d : all.devices)
    if (d.isGpu()) return d.index;
  if (all.devices.empty()) return std::nullopt;
  return all.devices.front().index;
}

// Null when there is no OpenCL device. Knobs: the longest pass, generic mixed-radix shapes, Bluestein
// for every non-smooth length, Rader's stage rather than team passes for prime factors from 67 to 89,
// local memory held to so many bytes (a GPU's 48 KB on a CPU device; 0: the device's own).
inline OpenClBackend* sharedOpenClBackend(std::size_t maxPassLength, bool genericShapes = false,
                                          bool bluesteinOnly = false, bool noTeamPasses = false,
                                          std::size_t localMemoryBytes = 0)
{
  static std::map<std::tuple<std::size_t, bool, bool, bool, std::size_t>, std::unique_ptr<OpenClBackend>>
      backends;
  auto& b = backends[{maxPassLength, genericShapes, bluesteinOnly, noTeamPasses, localMemoryBytes}];
  if (!b) {
    const auto device = preferredOpenClDevice();
    if (!device) return nullptr;
    OpenClOptions o;
    o.maxPassLength = maxPassLength;
    o.genericMixedShapes = genericShapes;
    o.bluesteinOnly = bluesteinOnly;
    o.noTeamPasses = noTeamPasses;
    o.localMemoryBytes = localMemoryBytes;
    b = std::make_unique<OpenClBackend>(*device, o);
  }
  return b.get();
}

} // namespace spectrascope::test
