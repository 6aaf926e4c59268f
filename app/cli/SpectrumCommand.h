#pragma once
// `spectrascope-cli spectrum IN OUT.png [--phase] [--backend NAME] [--timings]`: the centred log-magnitude
// (or phase) spectrum of an image's luminance as an 8-bit grey image.

#include "Command.h"

namespace spectrascope::cli {

class SpectrumCommand : public Command
{
public:
  QString name() const override { return QStringLiteral("spectrum"); }
  QString summary() const override;
  int run(const QStringList& arguments) override;
};

} // namespace spectrascope::cli
