#pragma once
// `spectrascope-cli listen [--device NAME] [--seconds S] [--fft N] [--json]`: captures from an input
// device through Qt Multimedia (the GUI's path) and prints, per second, the strongest frequency (with
// parabolic interpolation) and its level: a scriptable end-to-end check that capture works.

#include "Command.h"

namespace spectrascope::cli {

class ListenCommand : public Command
{
public:
  QString name() const override { return QStringLiteral("listen"); }
  QString summary() const override;
  int run(const QStringList& arguments) override;
};

} // namespace spectrascope::cli
