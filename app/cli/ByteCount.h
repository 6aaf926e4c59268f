#pragma once
// Byte counts for people: 1536 -> "1.5 KiB".

#include <cstdint>
#include <string>

namespace spectrascope::cli {

std::string formatBytes(std::uint64_t bytes);

} // namespace spectrascope::cli
