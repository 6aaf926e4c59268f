#include "StockhamPlanner.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <bit>

namespace spectrascope::detail {
namespace {

constexpr int kMaxRadix = 16;

std::size_t exchangeBytesPerValue(bool split) { return split ? sizeof(float) : 2 * sizeof(float); }

// Exchange-buffer slots per work-group, with the kernel's padding (cl/fft_stockham.cl: PADDED, LINE_STRIDE).
std::size_t exchangeSlots(std::size_t length, std::size_t lines) { return lines * (length + length / 16 + 1); }

bool fitsLocalMemory(std::size_t length, std::size_t lines, bool split, const DeviceLimits& limits)
{
  return exchangeSlots(length, lines) * exchangeBytesPerValue(split) <= limits.localMemBytes;
}

int radixFor(std::size_t length) { return int(std::min<std::size_t>(length, kMaxRadix)); }

int firstRadixFor(std::size_t length, int radix)
{
  // LEN = radix^a * first; first is what is left after taking as many full radix steps as possible.
  std::size_t rest = length;
  while (rest > std::size_t(radix)) rest /= std::size_t(radix);
  return int(rest);
}

// Longest sub-transform one work-group can do with `lines` lines, split or not.
std::size_t maxLengthFor(const DeviceLimits& limits, std::size_t lines, bool split)
{
  std::size_t len = std::bit_floor(limits.localMemBytes / (lines * exchangeBytesPerValue(split)));
  while (len > 1 && (!fitsLocalMemory(len, lines, split, limits) ||
                     len / std::size_t(radixFor(len)) * lines > limits.maxWorkGroupSize))
    len /= 2;
  if (limits.maxPassLength) len = std::min(len, limits.maxPassLength);
  return len;
}

StockhamPass shapePass(std::size_t length, bool loadAdjacent, bool storeAdjacent, std::size_t totalLines,
                       const DeviceLimits& limits)
{
  StockhamPass p;
  p.length = length;
  p.radix = radixFor(length);
  p.firstRadix = firstRadixFor(length, p.radix);
  const std::size_t threads = length / std::size_t(p.radix);
  const bool adjacent = loadAdjacent || storeAdjacent;
  std::size_t lines =
      std::max<std::size_t>(1, (adjacent ? limits.stridedGroupSize : limits.targetGroupSize) / threads);
  if (adjacent) lines = std::max(lines, limits.minAdjacentLines);
  lines = std::min(lines, std::bit_ceil(totalLines));
  lines = std::min(lines, std::max<std::size_t>(1, limits.maxWorkGroupSize / threads));
  // Prefer the float2 exchange (half the barriers); fall back to split re/im, then to fewer lines.
  for (;; lines = std::max<std::size_t>(1, lines / 2)) {
    if (fitsLocalMemory(length, lines, false, limits)) {
      p.splitExchange = false;
      break;
    }
    if (fitsLocalMemory(length, lines, true, limits)) {
      p.splitExchange = true;
      break;
    }
    if (lines == 1) throw outOfResources("sub-transform of " + std::to_string(length) + " does not fit local memory");
  }
  p.lines = lines;
  p.loadLinesFastest = loadAdjacent;
  p.storeLinesFastest = storeAdjacent;
  p.totalLines = totalLines;
  return p;
}

} // namespace

std::vector<std::size_t> balancedFactors(std::size_t n, std::size_t maxFactor)
{
  const int bits = std::countr_zero(n);
  const int maxBits = std::max(1, std::countr_zero(std::bit_floor(maxFactor)));
  const int count = std::max(1, (bits + maxBits - 1) / maxBits);
  std::vector<std::size_t> factors;
  for (int i = 0; i < count; ++i) {
    const int share = bits / count + (i < bits % count ? 1 : 0);
    factors.push_back(std::size_t{1} << share);
  }
  return factors;
}

std::optional<std::string> stockhamCannotPlan(const TransformDescriptor& d)
{
  if (d.kind != TransformKind::ComplexToComplex)
    return "the OpenCL kernels do not do real (" + toString(d.kind) + ") transforms yet";
  for (int axis = 0; axis < d.rank; ++axis)
    if (!std::has_single_bit(d.extent[axis]))
      return "the OpenCL kernels do only power-of-two sizes yet (got " + std::to_string(d.extent[axis]) + ")";
  // Kernel index arithmetic is 32-bit: it is faster, and 2^31 complex values is 16 GiB.
  if (double(d.elementsPerTransform()) * double(d.batch) > double(std::size_t{1} << 31))
    return "more than 2^31 complex values in one call";
  return std::nullopt;
}

StockhamSchedule planStockham(const TransformDescriptor& d, const DeviceLimits& limits)
{
  if (auto why = stockhamCannotPlan(d)) throw unsupported(*why);
  StockhamSchedule schedule;
  std::size_t stride = 1; // distance between consecutive elements along the axis
  for (int axis = 0; axis < 3; ++axis) {
    const std::size_t n = d.extent[axis];
    const std::size_t outer = d.elementsPerTransform() / (stride * n) * d.batch;
    if (n > 1) {
      const bool columns = stride > 1; // adjacent lines are adjacent in memory
      const std::size_t singleMax = maxLengthFor(limits, columns ? limits.minAdjacentLines : 1, true);
      const std::vector<std::size_t> factors =
          n <= singleMax ? std::vector<std::size_t>{n}
                         : balancedFactors(n, maxLengthFor(limits, limits.minAdjacentLines, true));
      std::size_t ns = 1;
      for (std::size_t length : factors) {
        const std::size_t nOverL = n / length;
        const bool loadAdjacent = columns || nOverL > 1;
        const bool storeAdjacent = columns || ns > 1;
        StockhamPass p = shapePass(length, loadAdjacent, storeAdjacent, stride * nOverL * outer, limits);
        p.axis = axis;
        p.ns = ns;
        p.nOverL = nOverL;
        p.stride = stride;
        p.inner = stride;
        p.dist = stride * n;
        schedule.passes.push_back(p);
        ns *= length;
      }
    }
    stride *= n;
  }
  if (!schedule.passes.empty()) schedule.passes.back().lastOfTransform = true;
  return schedule;
}

} // namespace spectrascope::detail
