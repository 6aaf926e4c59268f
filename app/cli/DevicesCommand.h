#pragma once
// `spectrascope-cli devices [--json]`: every OpenCL device (with the index `opencl:<index>` uses), why
// OpenCL is unusable if it is, the backends that can be named, and what the default resolves to.

#include "Command.h"

namespace spectrascope::cli {

class DevicesCommand : public Command
{
public:
  QString name() const override { return QStringLiteral("devices"); }
  QString summary() const override;
  int run(const QStringList& arguments) override;
};

} // namespace spectrascope::cli
