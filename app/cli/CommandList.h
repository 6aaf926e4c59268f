#pragma once
// Every subcommand of spectrascope-cli, in the order --help lists them.

#include "Command.h"

#include <memory>
#include <vector>

namespace spectrascope::cli {

std::vector<std::unique_ptr<Command>> allCommands();

} // namespace spectrascope::cli
