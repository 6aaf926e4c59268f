#include "spectrascope/ui/BackendStatusLabel.h"

#include "spectrascope/ui/BackendOption.h"

namespace spectrascope::ui {

BackendStatusLabel::BackendStatusLabel(QWidget* parent) : QLabel(parent)
{
  setObjectName(QStringLiteral("backendStatusLabel"));
  setTextFormat(Qt::PlainText);
  setText(tr("Starting the engine…"));
}

QString BackendStatusLabel::summary(const QString& name, const QString& device)
{
  return backendDisplayName(name) + QStringLiteral(" — ") + device;
}

void BackendStatusLabel::showBackend(const QString& name, const QString& device,
                                     const QString& fallbackReason)
{
  QString text = summary(name, device);
  QString tip = tr("Backend: %1\nDevice: %2").arg(name, device);
  if (!fallbackReason.isEmpty()) {
    text += QStringLiteral(" · ") + elided(fallbackReason);
    tip += tr("\nFallback: %1").arg(fallbackReason);
  }
  setText(text);
  setToolTip(tip);
}

void BackendStatusLabel::showSwitching(const QString& requested)
{
  const bool device = requested.startsWith(QLatin1String("opencl")) || requested == QLatin1String("auto");
  const QString what = requested.isEmpty() ? tr("the backend") : backendDisplayName(requested);
  setText(device ? tr("Opening %1: a device's first start builds its OpenCL kernels (up to a minute, once)…")
                       .arg(what)
                 : tr("Opening %1…").arg(what));
  setToolTip(tr("The views keep the previous backend until this one is ready; OpenCL kernels are cached, so "
                "later starts on the same device take seconds."));
}

// The reason can be a paragraph (a driver error); the status bar keeps about sixty characters of it.
QString BackendStatusLabel::elided(const QString& text) const
{
  const int width = fontMetrics().averageCharWidth() * 60;
  return fontMetrics().elidedText(text, Qt::ElideRight, width);
}

} // namespace spectrascope::ui
