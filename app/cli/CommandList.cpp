#include "CommandList.h"

#include "DevicesCommand.h"
#include "FftCommand.h"
#include "ListenCommand.h"
#include "FilterCommand.h"
#include "SpectrogramCommand.h"
#include "SpectrumCommand.h"
#include "StepsCommand.h"

namespace spectrascope::cli {

// New commands (spectrum, filter, spectrogram, listen, steps) are added here, one file each.
std::vector<std::unique_ptr<Command>> allCommands()
{
  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(std::make_unique<DevicesCommand>());
  commands.push_back(std::make_unique<FftCommand>());
  commands.push_back(std::make_unique<SpectrumCommand>());
  commands.push_back(std::make_unique<FilterCommand>());
  commands.push_back(std::make_unique<SpectrogramCommand>());
  commands.push_back(std::make_unique<ListenCommand>());
  commands.push_back(std::make_unique<StepsCommand>());
  return commands;
}

} // namespace spectrascope::cli
