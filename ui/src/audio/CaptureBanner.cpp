#include "spectrascope/ui/audio/CaptureBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace spectrascope::ui {
namespace {
// The countdown shows tenths of a second: it moves as often as it changes.
constexpr int kCountdownStepMs = 100;
} // namespace

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
  countdown_ = new QTimer(this);
  countdown_->setInterval(kCountdownStepMs);
  connect(countdown_, &QTimer::timeout, this, &CaptureBanner::showCountdown);
  hide();
}

void CaptureBanner::showProblem(const QString& heading, const QString& detail)
{
  problem_->setText(tr("<b>%1</b>: %2").arg(heading.toHtmlEscaped(), detail.toHtmlEscaped()));
  show();
}

void CaptureBanner::showAttempt(const QString& what)
{
  countdown_->stop();
  attempt_->setText(what);
}

void CaptureBanner::countDownToRetry(int ms)
{
  retryDue_ = QDeadlineTimer(ms);
  countdown_->start();
  showCountdown();
}

void CaptureBanner::showCountdown()
{
  const qint64 left = retryDue_.remainingTime();
  if (left <= 0) {
    countdown_->stop();
    attempt_->setText(tr("Trying again…"));
    return;
  }
  // Rounded up: "0.0 s" would be shown while the try is still to come.
  const double seconds = double((left + kCountdownStepMs - 1) / kCountdownStepMs) * kCountdownStepMs / 1000.0;
  attempt_->setText(tr("Trying again in %1 s…").arg(seconds, 0, 'f', 1));
}

void CaptureBanner::clear()
{
  countdown_->stop();
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
