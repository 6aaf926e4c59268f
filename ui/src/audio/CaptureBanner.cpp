#include "spectrascope/ui/audio/CaptureBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

namespace spectrascope::ui {

CaptureBanner::CaptureBanner(QWidget* parent) : QFrame(parent)
{
  setObjectName(QStringLiteral("captureBanner"));
  setFrameShape(QFrame::StyledPanel);
  // The palette's tooltip colours: a note that stands out in light and dark themes alike.
  setAutoFillBackground(true);
  setBackgroundRole(QPalette::ToolTipBase);
  setForegroundRole(QPalette::ToolTipText);
  auto* icon = new QLabel(this);
  const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
  icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
  problem_ = new QLabel(this);
  problem_->setObjectName(QStringLiteral("captureProblem"));
  problem_->setWordWrap(true);
  problem_->setForegroundRole(QPalette::ToolTipText);
  attempt_ = new QLabel(this);
  attempt_->setObjectName(QStringLiteral("captureAttempt"));
  attempt_->setWordWrap(true);
  attempt_->setForegroundRole(QPalette::ToolTipText);
  auto* texts = new QVBoxLayout;
  texts->setContentsMargins(0, 0, 0, 0);
  texts->addWidget(problem_);
  texts->addWidget(attempt_);
  auto* row = new QHBoxLayout(this);
  row->addWidget(icon, 0, Qt::AlignTop);
  row->addLayout(texts, 1);
  hide();
}

void CaptureBanner::showProblem(const QString& heading, const QString& detail)
{
  problem_->setText(tr("<b>%1</b>: %2").arg(heading.toHtmlEscaped(), detail.toHtmlEscaped()));
  show();
}

void CaptureBanner::showAttempt(const QString& what)
{
  attempt_->setText(what);
}

void CaptureBanner::clear()
{
  problem_->clear();
  attempt_->clear();
  hide();
}

QString CaptureBanner::problemText() const
{
  return problem_->text();
}

QString CaptureBanner::attemptText() const
{
  return attempt_->text();
}

} // namespace spectrascope::ui
