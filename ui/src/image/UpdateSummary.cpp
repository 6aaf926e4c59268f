#include "spectrascope/ui/image/UpdateSummary.h"

namespace spectrascope::ui::image {

UpdateSummary::UpdateSummary(QWidget* parent) : ElidedLabel(parent)
{
  setObjectName(QStringLiteral("imageTimings"));
  setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  // Room for the usual summary; the readout beside it takes what is left.
  setMinimumWidth(
      fontMetrics().horizontalAdvance(tr("Last update %1 ms on %2").arg(9999.9).arg("opencl:00")));
}

void UpdateSummary::showReport(const ExecutionReport& report, bool preview)
{
  const QString backend = QString::fromStdString(report.backend.empty() ? "host" : report.backend);
  setFullText((preview ? tr("Preview %1 ms on %2") : tr("Last update %1 ms on %2"))
                  .arg(report.wallMs, 0, 'f', 1)
                  .arg(backend));
  QStringList steps{tr("Wall time of the whole update; each step's own time below:")};
  for (const KernelRecord& r : report.records)
    steps << QStringLiteral("%1: %2 ms").arg(QString::fromStdString(r.name)).arg(r.milliseconds(), 0, 'f', 2);
  setToolTip(steps.join(QLatin1Char('\n')));
}

} // namespace spectrascope::ui::image
