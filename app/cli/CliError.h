#pragma once
// How a command gives up: the message (main() prefixes "spectrascope-cli: ") and the exit code.
// 2 means the caller must fix the command line or its files; 1 means the work itself failed.

#include <stdexcept>
#include <string>

namespace spectrascope::cli {

enum ExitCode { Success = 0, RuntimeFailure = 1, UsageError = 2 };

class CliError : public std::runtime_error
{
public:
  CliError(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode code() const { return code_; }

private:
  ExitCode code_;
};

inline CliError usageError(const std::string& message)
{
  return {UsageError, message};
}
inline CliError runtimeFailure(const std::string& message)
{
  return {RuntimeFailure, message};
}

} // namespace spectrascope::cli
