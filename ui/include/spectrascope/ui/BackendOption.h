#pragma once
// One entry of the backend selector: a registry name ("fftw", "opencl:0") and a line for people.

#include <QList>
#include <QString>

namespace spectrascope::ui {

struct BackendOption
{
  QString name;
  QString description;
};

using BackendOptions = QList<BackendOption>;

// The short name people read in the status bar and the About box: "FFTW", "OpenCL", "Direct DFT".
QString backendDisplayName(const QString& registryName);

} // namespace spectrascope::ui
