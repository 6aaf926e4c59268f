#include "spectrascope/ui/BackendOption.h"

namespace spectrascope::ui {

QString backendDisplayName(const QString& registryName)
{
  if (registryName == QLatin1String("fftw")) return QStringLiteral("FFTW");
  if (registryName == QLatin1String("naive-dft")) return QStringLiteral("Direct DFT");
  if (registryName.startsWith(QLatin1String("opencl"))) return QStringLiteral("OpenCL");
  return registryName;
}

} // namespace spectrascope::ui
