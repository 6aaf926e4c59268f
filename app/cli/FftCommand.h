#pragma once
// `spectrascope-cli fft --n N [--n2 M] [--batch B] [--inverse] [--backend NAME] [--timings] IN OUT`:
// complex-to-complex FFTs of raw interleaved little-endian float32 files, through the engine.

#include "Command.h"

#include <cstdint>
#include <string>

namespace spectrascope::cli {

class FftCommand : public Command
{
public:
  QString name() const override { return QStringLiteral("fft"); }
  QString summary() const override;
  int run(const QStringList& arguments) override;

private:
  struct Request
  {
    std::uint64_t n = 0, n2 = 0, batch = 1; // n2 == 0: rank 1
    bool inverse = false;
    bool timings = false;
    std::string backend;
    std::string input, output;
    std::uint64_t bytes = 0; // of IN, and of OUT
  };

  static void describeOptions(QCommandLineParser& parser);
  static Request requestFrom(const QCommandLineParser& parser);
  static void checkSizes(Request& request);
  static void checkInputFile(const Request& request);
  static std::string shapeText(const Request& request);
  static void transform(const Request& request);
};

} // namespace spectrascope::cli
