#include "spectrascope/ui/audio/AudioStatusLine.h"

#include <QLabel>
#include <QVBoxLayout>

namespace spectrascope::ui {

AudioStatusLine::AudioStatusLine(QWidget* parent) : QWidget(parent)
{
  auto* lines = new QVBoxLayout(this);
  lines->setContentsMargins(0, 0, 0, 0);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("audioStatus"));
  status_->setWordWrap(true);
  figures_ = new QLabel(this);
  figures_->setObjectName(QStringLiteral("audioFigures"));
  figures_->setForegroundRole(QPalette::PlaceholderText);
  figures_->setWordWrap(true);
  lines->addWidget(status_);
  lines->addWidget(figures_);
}

void AudioStatusLine::showNotice(const QString& text)
{
  status_->setText(text);
}

void AudioStatusLine::showError(const QString& heading, const QString& detail)
{
  status_->setText(QStringLiteral("%1: %2").arg(heading, detail));
}

QString AudioStatusLine::text() const
{
  return status_->text();
}

void AudioStatusLine::showFigures(const QString& figures)
{
  if (!figures.isEmpty()) figures_->setText(figures);
}

} // namespace spectrascope::ui
