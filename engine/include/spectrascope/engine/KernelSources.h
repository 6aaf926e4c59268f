#pragma once
// The OpenCL C sources of cl/, embedded at build time (cmake/EmbedKernels.cmake).

#include <string>
#include <string_view>
#include <vector>

namespace spectrascope::kernels {

struct KernelSource {
  std::string_view name;   // file name without .cl, e.g. "fft_stockham"
  std::string_view source; // OpenCL C text
  std::string_view sha256; // of the file, computed by CMake
};

const std::vector<KernelSource>& all();
// Throws EngineError(Unsupported) if no such source is embedded.
const KernelSource& byName(std::string_view name);

// The text to compile: lines `#include "other.cl"` naming another embedded source (shared codelets) are
// replaced by that source, since a program is built from one string with no file system behind it.
std::string expandedSource(std::string_view name);
// The SHA-256 of the source and of everything it includes, for cache keys.
std::string expandedSha256(std::string_view name);

} // namespace spectrascope::kernels
