#pragma once
// Checks sizes before anything is allocated, so an absurd request gets a message, not std::bad_alloc.

#include <cstdint>
#include <initializer_list>
#include <optional>

namespace spectrascope::cli {

// The product, or nothing if it does not fit in 64 bits.
std::optional<std::uint64_t> checkedProduct(std::initializer_list<std::uint64_t> factors);

// Memory the system can hand out now without swapping (Linux: MemAvailable), or nothing if unknown.
std::optional<std::uint64_t> availableMemoryBytes();

} // namespace spectrascope::cli
