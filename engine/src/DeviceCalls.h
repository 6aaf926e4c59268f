#pragma once
// Small pieces every OpenCL plan shares: the planner's view of the device, profiling records, and the
// translation of device errors into engine errors.

#include "StockhamPlanner.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/PlanTuning.h"
#include "spectrascope/engine/Timing.h"

#include <string>
#include <vector>

namespace spectrascope::detail {

// Copies the profiling timestamps of each event into its record and appends the records to the report.
void appendTimedRecords(const std::vector<cl::Event>& events, std::vector<KernelRecord>& records,
                        ExecutionReport& report);

// Device errors at execute time become engine errors the UI can show.
[[noreturn]] void rethrowDeviceError(const cl::Error& e, const std::string& what);

// The device's limits as the planner sees them, with the backend's options and then a tuned shape's
// knobs applied (zero knobs keep the defaults).
DeviceLimits limitsOf(OpenClBackend& backend, const PlanShape& shape = {});

} // namespace spectrascope::detail
