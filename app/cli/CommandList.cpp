#include "CommandList.h"

#include "DevicesCommand.h"
#include "FftCommand.h"

namespace spectrascope::cli {

// New commands (spectrum, filter, spectrogram, listen, steps) are added here, one file each.
std::vector<std::unique_ptr<Command>> allCommands()
{
  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(std::make_unique<DevicesCommand>());
  commands.push_back(std::make_unique<FftCommand>());
  return commands;
}

} // namespace spectrascope::cli
