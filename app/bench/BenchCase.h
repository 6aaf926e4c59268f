#pragma once
// The cases spectrascope-bench measures: parsed from --sizes or taken from a named suite.

#include "spectrascope/engine/TransformDescriptor.h"

#include <string>
#include <vector>

namespace spectrascope::bench {

struct BenchCase {
  std::string label; // e.g. "1D c2c N=1024"
  TransformDescriptor descriptor;
};

// Every call moves this many complex values (256 MB in single precision), as in shared/design/TARGETS.md.
constexpr std::size_t kAnchorElements = std::size_t{1} << 25;

// The cases of TARGETS.md, batched to kAnchorElements per call, in place.
std::vector<BenchCase> anchorSuite();

// "1024", "1024x768", "64x64x64" (fastest dimension first), comma-separated. Batch so each call holds
// `elements` complex values (at least one transform). Throws std::invalid_argument on malformed input.
std::vector<BenchCase> parseSizes(const std::string& text, TransformKind kind, std::size_t elements);

} // namespace spectrascope::bench
