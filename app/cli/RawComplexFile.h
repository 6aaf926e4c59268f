#pragma once
// Raw interleaved little-endian float32 files, the format of `fft` (and later commands') IN and OUT.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace spectrascope::cli {

// Size of the file in bytes; throws a usage error if it does not exist or is not a readable file.
std::uint64_t inputFileSize(const std::string& path);

// Reads exactly `floats` values; throws a usage error if the file cannot be read.
std::vector<float> readFloats(const std::string& path, std::size_t floats);

// Writes atomically (a half-written OUT never replaces an old one). Throws CliError.
void writeFloats(const std::string& path, std::span<const float> values);

} // namespace spectrascope::cli
