#include "spectrascope/engine/KernelSources.h"

#include "spectrascope/engine/Errors.h"

#include <string>

namespace spectrascope::kernels {

const KernelSource& byName(std::string_view name)
{
  for (const KernelSource& s : all())
    if (s.name == name) return s;
  throw unsupported("no embedded OpenCL source named '" + std::string(name) + "'");
}

} // namespace spectrascope::kernels
