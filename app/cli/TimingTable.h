#pragma once
// Renders an ExecutionReport (one line per kernel, upload, download or host step) as a table, the way
// `--timings` of every command shows it.

#include "spectrascope/engine/Timing.h"

#include <string>

namespace spectrascope::cli {

std::string timingTable(const ExecutionReport& report);

} // namespace spectrascope::cli
