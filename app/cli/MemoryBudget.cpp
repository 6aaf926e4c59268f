#include "MemoryBudget.h"

#include <fstream>
#include <string>

namespace spectrascope::cli {

std::optional<std::uint64_t> checkedProduct(std::initializer_list<std::uint64_t> factors)
{
  std::uint64_t product = 1;
  for (std::uint64_t factor : factors)
    if (__builtin_mul_overflow(product, factor, &product)) return std::nullopt;
  return product;
}

// MemAvailable counts free memory plus the page cache the kernel can drop, which is what an allocation
// can really get; MemFree alone would refuse work that fits.
std::optional<std::uint64_t> availableMemoryBytes()
{
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  const std::string key = "MemAvailable:";
  while (std::getline(meminfo, line))
    if (line.rfind(key, 0) == 0) return std::stoull(line.substr(key.size())) * 1024; // the value is in KiB
  return std::nullopt;
}

} // namespace spectrascope::cli
