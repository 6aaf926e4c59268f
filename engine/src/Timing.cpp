#include "spectrascope/engine/Timing.h"

namespace spectrascope {

double ExecutionReport::totalMs(KernelRecord::Type type) const
{
  double ms = 0;
  for (const KernelRecord& r : records)
    if (r.type == type) ms += r.milliseconds();
  return ms;
}

std::string toString(KernelRecord::Type type)
{
  switch (type) {
  case KernelRecord::Type::Kernel: return "kernel";
  case KernelRecord::Type::Upload: return "upload";
  case KernelRecord::Type::Download: return "download";
  case KernelRecord::Type::Host: return "host";
  }
  return "?";
}

} // namespace spectrascope
