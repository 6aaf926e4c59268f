#include "spectrascope/engine/learn/StagesDevice.h"

namespace spectrascope::learn {

std::string stagesBackend(const std::string& engineBackendInUse)
{
  if (engineBackendInUse.starts_with("opencl")) return engineBackendInUse;
  // StepRunner's "auto": the first OpenCL GPU, else any OpenCL device, else the CPU with a reason.
  return "auto";
}

} // namespace spectrascope::learn
