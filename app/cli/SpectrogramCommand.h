#pragma once
// `spectrascope-cli spectrogram IN OUT.png [--fft N] [--hop H] [--window NAME] [--range DB]
// [--colormap NAME] [--no-colour-bar] [--csv OUT.csv]`: the STFT of an audio file's mono mix as a PNG (one
// column per frame, N/2+1 rows, low frequencies at the bottom) with a dB colour bar to the right of the
// frames unless asked not to, and optionally the same dB matrix as CSV.

#include "Command.h"

#include <string>

namespace spectrascope::cli {

class SpectrogramCommand : public Command
{
public:
  QString name() const override { return QStringLiteral("spectrogram"); }
  QString summary() const override;
  int run(const QStringList& arguments) override;

private:
  struct Request
  {
    std::size_t fft = 2048, hop = 512;
    std::string window = "hann", colormap = "viridis";
    double range = 100;
    bool colourBar = true; // a dB colour bar to the right of the frames (--no-colour-bar: none)
    std::string input, output, csv, backend;
  };

  static void describeOptions(QCommandLineParser& parser);
  static Request requestFrom(const QCommandLineParser& parser);
};

} // namespace spectrascope::cli
