#pragma once
// Runs a Schedule's algorithm with the kernels of cl/learn_stages.cl and cl/learn_register_exchange.cl on
// one OpenCL device (the backend's context, queue and program cache), returning the array after each
// stage up to `stopAfter`.

#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/learn/Schedule.h"

#include <complex>
#include <span>
#include <vector>

namespace spectrascope::learn::detail {

struct DeviceStages
{
  std::vector<std::vector<std::complex<float>>> stages; // 0..stopAfter
  std::vector<std::vector<Holder>> holders;             // register exchange: per stage, as the kernel says
  ExecutionReport report;                               // every launch and transfer, from profiling events
};

DeviceStages runOnDevice(OpenClBackend& backend, const Schedule& schedule,
                         std::span<const std::complex<float>> input, std::size_t stopAfter);

} // namespace spectrascope::learn::detail
