#pragma once
// Timing is data: every execute can fill an ExecutionReport that the GUI's timings panel, the CLI
// (--timings) and the benchmark all render the same way.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace spectrascope {

struct KernelRecord {
  enum class Type { Kernel, Upload, Download, Host };
  std::string name;
  Type type = Type::Kernel;
  std::array<std::size_t, 3> globalSize{0, 0, 0}; // work-items; zero for transfers and host work
  std::array<std::size_t, 3> localSize{0, 0, 0};
  // Device timestamps (ns) from OpenCL profiling events; for host work, steady-clock ns.
  std::uint64_t queuedNs = 0;
  std::uint64_t startNs = 0;
  std::uint64_t endNs = 0;
  std::uint64_t bytes = 0; // global memory bytes read + written
  double flops = 0;        // nominal 5 N log2 N convention for FFT passes

  double milliseconds() const { return (endNs - startNs) * 1e-6; }
  double gigabytesPerSecond() const { return endNs > startNs ? double(bytes) / double(endNs - startNs) : 0; }
  double gigaflops() const { return endNs > startNs ? flops / double(endNs - startNs) : 0; }
};

struct ExecutionReport {
  std::string backend;
  std::string device;
  std::vector<KernelRecord> records;
  double wallMs = 0; // host wall time of the whole execute call

  // Sum of the device (or host) time of the records of the given type.
  double totalMs(KernelRecord::Type type) const;
};

std::string toString(KernelRecord::Type type);

} // namespace spectrascope
