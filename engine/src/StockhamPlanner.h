#pragma once
// Decides how a complex transform becomes launches of cl/fft_stockham.cl: which axis, how the axis
// length splits into per-launch sub-transform lengths, how many lines per work-group, and which work-item
// mapping makes the global reads and writes coalesced. Pure arithmetic: no OpenCL calls, unit-testable.

#include "spectrascope/engine/TransformDescriptor.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace spectrascope::detail {

struct DeviceLimits {
  std::size_t localMemBytes = 48 * 1024;
  std::size_t maxWorkGroupSize = 1024;
  std::size_t maxPassLength = 0; // 0: derived from the limits above
  // Work-items per group to aim for: enough warps to hide latency, small enough for many groups per
  // compute unit. Measured on the H200 (docs/benchmarks.md): contiguous single-line passes run best at
  // 64 (N = 1024: 79% of copy vs 64% at 256); passes over adjacent lines want 256 (N = 65536: 0.33 ms
  // vs 0.46 ms at 64). Lines per group for adjacent-line passes: four float2 values fill one 32-byte
  // sector. All are tuning knobs (spectrascope-bench --group-size, --strided-group-size, --lines).
  std::size_t targetGroupSize = 64;
  std::size_t stridedGroupSize = 256;
  std::size_t minAdjacentLines = 4;
};

struct StockhamPass {
  int axis = 0;
  // Kernel specialisation (-D options).
  std::size_t length = 0;     // LEN
  int radix = 0;              // RADIX
  int firstRadix = 0;         // FIRST_RADIX
  std::size_t lines = 0;      // LINES per work-group
  bool loadLinesFastest = false;
  bool storeLinesFastest = false;
  bool splitExchange = false;
  // Kernel arguments.
  std::size_t ns = 1, nOverL = 1, stride = 1, inner = 1, dist = 1, totalLines = 0;
  bool lastOfTransform = false; // carries the 1/N inverse scaling
  // Each work-group reads and writes the same lines, so input and output may be one buffer.
  bool inPlaceSafe() const { return ns == 1 && nOverL == 1; }
  std::size_t groupSize() const { return length / std::size_t(radix) * lines; }
  std::size_t groups() const { return (totalLines + lines - 1) / lines; }
};

struct StockhamSchedule {
  std::vector<StockhamPass> passes;
};

// Why these kernels cannot do the descriptor (nothing if they can).
std::optional<std::string> stockhamCannotPlan(const TransformDescriptor& d);

StockhamSchedule planStockham(const TransformDescriptor& d, const DeviceLimits& limits);

// Splits log2(n) into `count` nearly equal exponents, largest first.
std::vector<std::size_t> balancedFactors(std::size_t n, std::size_t maxFactor);

} // namespace spectrascope::detail
