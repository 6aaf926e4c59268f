#include "DeviceCalls.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>

namespace spectrascope::detail {

void appendTimedRecords(const std::vector<cl::Event>& events, std::vector<KernelRecord>& records,
                        ExecutionReport& report)
{
  cl::Event::waitForEvents(events);
  for (std::size_t i = 0; i < events.size(); ++i) {
    records[i].queuedNs = events[i].getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
    records[i].startNs = events[i].getProfilingInfo<CL_PROFILING_COMMAND_START>();
    records[i].endNs = events[i].getProfilingInfo<CL_PROFILING_COMMAND_END>();
    report.records.push_back(records[i]);
  }
}

void rethrowDeviceError(const cl::Error& e, const std::string& what)
{
  if (e.err() == CL_OUT_OF_RESOURCES || e.err() == CL_MEM_OBJECT_ALLOCATION_FAILURE ||
      e.err() == CL_OUT_OF_HOST_MEMORY)
    throw outOfResources(what + ": the device ran out of memory (" + std::to_string(e.err()) + ")");
  throw deviceUnavailable(what + " failed: " + e.what() + " (" + std::to_string(e.err()) + ")");
}

// Work-items per line of the generic mixed-radix program (StockhamPlanner.h, DeviceLimits::mixedThreads).
constexpr std::size_t kGenericMixedThreads = 128;

DeviceLimits limitsOf(OpenClBackend& backend, const PlanShape& shape)
{
  const OpenClDeviceInfo& info = backend.info();
  const OpenClOptions& options = backend.options();
  DeviceLimits limits;
  limits.localMemBytes =
      options.localMemoryBytes ? options.localMemoryBytes : std::size_t(info.localMemBytes);
  limits.maxWorkGroupSize = info.maxWorkGroupSize;
  limits.maxPassLength = options.maxPassLength;
  if (options.targetGroupSize) limits.targetGroupSize = options.targetGroupSize;
  if (options.stridedGroupSize) limits.stridedGroupSize = options.stridedGroupSize;
  if (options.minAdjacentLines) limits.minAdjacentLines = options.minAdjacentLines;
  if (options.maxRadix) limits.maxRadix = options.maxRadix;
  if (options.genericMixedShapes) limits.mixedThreads = kGenericMixedThreads;
  limits.rader = !options.bluesteinOnly;
  limits.raderOneLaunch = !options.raderTwoLaunches;
  limits.raderWithRest = !options.raderRestApart;
  limits.filterLaunch = !options.filterLaunchApart;
  limits.wholeLineGather = !options.raderGatherDirect;
  limits.teamPasses = !options.noTeamPasses;
  limits.planes = !options.planesApart;
  limits.compositeRadices = !options.primeRadicesOnly;
  limits.balancedTwoRadices = !options.usualRadices;
  if (shape.maxRadix) limits.maxRadix = shape.maxRadix;
  if (shape.groupSize) limits.targetGroupSize = shape.groupSize;
  if (shape.stridedGroupSize) limits.stridedGroupSize = shape.stridedGroupSize;
  if (shape.adjacentLines) limits.minAdjacentLines = shape.adjacentLines;
  if (shape.maxPassLength)
    limits.maxPassLength =
        limits.maxPassLength ? std::min(limits.maxPassLength, shape.maxPassLength) : shape.maxPassLength;
  if (shape.localMemory) limits.localMemBytes = std::min(limits.localMemBytes, shape.localMemory);
  limits.firstLaunchLength = shape.firstLaunch;
  limits.convolutionFirstLaunch = shape.convolutionFirstLaunch;
  if (shape.raderLaunches == 1) limits.raderOneLaunchWhereItFits = true;
  if (shape.raderLaunches == 2) limits.raderOneLaunch = false;
  if (shape.balancedValues == 1)
    limits.balancedTwoRadices = false;
  else if (shape.balancedValues)
    limits.preferredBalancedValues = shape.balancedValues;
  return limits;
}

} // namespace spectrascope::detail
