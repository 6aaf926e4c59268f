#include "spectrascope/ui/capture/HelperProcess.h"

#include <QProcess>

namespace spectrascope::ui {

void endHelperProcessNow(QProcess* process, const QObject* owner)
{
  if (!process) return;
  process->disconnect(owner);
  if (process->state() == QProcess::NotRunning) {
    process->deleteLater();
    return;
  }
  QObject::connect(process, &QProcess::finished, process, &QObject::deleteLater);
  process->kill();
}

} // namespace spectrascope::ui
