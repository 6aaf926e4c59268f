#pragma once
// `spectrascope-cli steps --n N --algorithm NAME [--threads T] [--signal SPEC|FILE] [--backend NAME]
// [--json]`: an FFT stage by stage, computed by the Learn tab's kernels on the OpenCL device (or the CPU
// without one), each stage checked against the double-precision CPU reference of the same stage.

#include "Command.h"

#include <string>

namespace spectrascope::learn {
struct StepsResult;
}

namespace spectrascope::cli {

class StepsCommand : public Command
{
public:
  QString name() const override { return QStringLiteral("steps"); }
  QString summary() const override;
  int run(const QStringList& arguments) override;

private:
  struct Request
  {
    std::size_t n = 0;
    std::string algorithm;
    std::size_t threads = 0; // 0: the default for register exchange
    std::string signal = "impulse";
    std::string backend;
    bool json = false;
  };

  static void describeOptions(QCommandLineParser& parser);
  static Request requestFrom(const QCommandLineParser& parser);
  static void printText(const learn::StepsResult& result);
  static void printJson(const learn::StepsResult& result, const Request& request);
};

} // namespace spectrascope::cli
