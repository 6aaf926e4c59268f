#include "TwiddleTables.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>

namespace spectrascope::detail {

std::vector<float> twiddleTable(std::size_t n, std::size_t count, int sign, std::size_t stepPerEntry)
{
  std::vector<float> table(2 * count);
  for (std::size_t k = 0; k < count; ++k) {
    // Reduce k*step mod n exactly in integers before the angle is formed, so large indices lose nothing.
    const std::size_t m = (k * stepPerEntry) % n;
    const double angle = 2.0 * std::numbers::pi * double(m) / double(n);
    table[2 * k] = float(std::cos(angle));
    table[2 * k + 1] = float(sign * std::sin(angle));
  }
  return table;
}

std::vector<float> localPassTwiddles(const std::vector<std::size_t>& radices, int sign)
{
  std::vector<float> table;
  std::size_t ns = 1;
  for (std::size_t radix : radices) {
    for (std::size_t r = 1; r < radix; ++r) {
      const std::vector<float> row = twiddleTable(ns * radix, ns, sign, r);
      table.insert(table.end(), row.begin(), row.end());
    }
    ns *= radix;
  }
  if (table.empty()) table.assign(2, 0.0f); // OpenCL buffers cannot be empty
  return table;
}

std::vector<float> planePassTwiddles(const std::vector<std::size_t>& radices, std::size_t height, int sign)
{
  std::vector<float> table;
  std::size_t ns = 1;
  for (std::size_t radix : radices) {
    for (std::size_t r = 1; r < radix; ++r) {
      if (ns < height) {
        const std::vector<float> row = twiddleTable(ns * radix, ns, sign, r);
        table.insert(table.end(), row.begin(), row.end());
        continue;
      }
      const std::size_t across = ns / height * radix;
      for (std::size_t k = 0; k < ns; ++k) {
        // The exponent reduced in integers, so the angle is rounded once.
        const double angle =
            sign * 2.0 * std::numbers::pi * double((k / height) * r % across) / double(across);
        table.push_back(float(std::cos(angle)));
        table.push_back(float(std::sin(angle)));
      }
    }
    ns *= radix;
  }
  if (table.empty()) table.assign(2, 0.0f);
  return table;
}

SplitTwiddles splitTwiddles(std::size_t M, int sign)
{
  SplitTwiddles t;
  const unsigned bits = unsigned(std::bit_width(std::max<std::size_t>(M, 1) - 1));
  t.loBits = (bits + 1) / 2;
  const std::size_t loCount = std::size_t{1} << t.loBits;
  const std::size_t hiCount = (M + loCount - 1) / loCount;
  t.lo = twiddleTable(M, loCount, sign);
  t.hi = twiddleTable(M, hiCount, sign, loCount);
  return t;
}

NearOneSplit nearOneSplit(std::size_t count)
{
  NearOneSplit split;
  const unsigned bits = unsigned(std::bit_width(std::max<std::size_t>(count, 1) - 1));
  split.loBits = (bits + 1) / 2;
  const std::size_t loCount = std::size_t{1} << split.loBits;
  split.hiCount = (count + loCount - 1) / loCount;
  return split;
}

std::vector<float> nearOneTwiddles(std::size_t n, std::size_t count, int sign)
{
  const NearOneSplit split = nearOneSplit(count);
  const std::size_t loCount = std::size_t{1} << split.loBits;
  std::vector<float> table = twiddleTable(n, split.hiCount, sign, loCount);
  for (std::size_t j = 0; j < loCount; ++j) {
    const double angle = 2.0 * std::numbers::pi * double(j % n) / double(n);
    const double halfSine = std::sin(angle / 2);
    table.push_back(float(-2.0 * halfSine * halfSine)); // cos - 1 without cancellation
    table.push_back(float(sign * std::sin(angle)));
  }
  return table;
}

} // namespace spectrascope::detail
