#pragma once
// The engine's error taxonomy. The engine never prints: it throws these, and the GUI shows them,
// the CLI maps them to exit codes. Logic errors (bad arguments) are separated from runtime failures
// (devices, builds, resources) because callers react differently: fix the call vs fall back.

#include <stdexcept>
#include <string>

namespace spectrascope {

class EngineError : public std::runtime_error {
public:
  enum class Kind { InvalidArgument, Unsupported, DeviceUnavailable, BuildFailed, OutOfResources, Io };
  EngineError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

private:
  Kind kind_;
};

inline EngineError invalidArgument(const std::string& m) { return {EngineError::Kind::InvalidArgument, m}; }
inline EngineError unsupported(const std::string& m) { return {EngineError::Kind::Unsupported, m}; }
inline EngineError deviceUnavailable(const std::string& m) { return {EngineError::Kind::DeviceUnavailable, m}; }
inline EngineError outOfResources(const std::string& m) { return {EngineError::Kind::OutOfResources, m}; }
inline EngineError ioError(const std::string& m) { return {EngineError::Kind::Io, m}; }

// A kernel build failure keeps the compiler's log so the user (or a bug report) can see why.
class BuildError : public EngineError {
public:
  BuildError(const std::string& message, std::string buildLog)
      : EngineError(Kind::BuildFailed, message + "\n" + buildLog), log_(std::move(buildLog))
  {
  }
  const std::string& buildLog() const { return log_; }

private:
  std::string log_;
};

} // namespace spectrascope
