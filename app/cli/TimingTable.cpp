#include "TimingTable.h"

#include <cstdio>

namespace spectrascope::cli {
namespace {

std::string dimensions(const std::array<std::size_t, 3>& size)
{
  if (size[0] == 0) return "-";
  return std::to_string(size[0]) + "x" + std::to_string(size[1]) + "x" + std::to_string(size[2]);
}

std::string row(const char* format, auto... values)
{
  char line[256];
  std::snprintf(line, sizeof line, format, values...);
  return line;
}

} // namespace

std::string timingTable(const ExecutionReport& report)
{
  std::string table = "timings on " + report.backend + " (" + report.device + "):\n";
  table += row("  %-32s %-8s %-16s %-12s %10s %9s\n", "name", "type", "global", "local", "ms", "GB/s");
  for (const KernelRecord& r : report.records)
    table += row("  %-32s %-8s %-16s %-12s %10.4f %9.2f\n", r.name.c_str(), toString(r.type).c_str(),
                 dimensions(r.globalSize).c_str(), dimensions(r.localSize).c_str(), r.milliseconds(),
                 r.gigabytesPerSecond());
  table += row("  kernels %.4f ms, transfers %.4f ms, host %.4f ms; whole call %.4f ms\n",
               report.totalMs(KernelRecord::Type::Kernel),
               report.totalMs(KernelRecord::Type::Upload) + report.totalMs(KernelRecord::Type::Download),
               report.totalMs(KernelRecord::Type::Host), report.wallMs);
  return table;
}

} // namespace spectrascope::cli
