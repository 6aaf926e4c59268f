#include "spectrascope/ui/StatusMessage.h"

#include <QEvent>
#include <QFontMetrics>
#include <QStatusBar>
#include <QWidget>

#include <algorithm>

namespace spectrascope::ui {

StatusMessage::StatusMessage(QStatusBar* bar, QWidget* neighbour, int timeoutMs)
    : QObject(bar), bar_(bar), neighbour_(neighbour), timeoutMs_(timeoutMs)
{
  bar_->installEventFilter(this);
  neighbour_->installEventFilter(this);
  connect(bar_, &QStatusBar::messageChanged, this, [this](const QString& message) {
    if (message.isEmpty()) bar_->setToolTip({});
  });
}

void StatusMessage::show(const QString& text)
{
  text_ = text;
  shown_ = QString();
  age_.start();
  fit();
}

bool StatusMessage::eventFilter(QObject* watched, QEvent* event)
{
  const QEvent::Type type = event->type();
  if ((watched == bar_ && (type == QEvent::Show || type == QEvent::Resize)) ||
      (watched == neighbour_ &&
       (type == QEvent::Move || type == QEvent::Resize || type == QEvent::Show || type == QEvent::Hide)))
    fit();
  return QObject::eventFilter(watched, event);
}

void StatusMessage::fit()
{
  if (text_.isEmpty() || !bar_->isVisible()) return; // a hidden bar's room is not known yet
  if (!shown_.isNull() && bar_->currentMessage() != shown_) {
    text_.clear(); // gone: timed out, or replaced by another message or a menu's status tip
    return;
  }
  const int remainingMs = timeoutMs_ - int(age_.elapsed());
  if (remainingMs <= 0) return;
  const QFontMetrics metrics = bar_->fontMetrics();
  const int end = neighbour_->isVisible() ? neighbour_->geometry().left() : bar_->width();
  const int room = std::max(metrics.averageCharWidth() * 8, end - 3 * metrics.averageCharWidth());
  const QString shown = metrics.elidedText(text_, Qt::ElideRight, room);
  if (shown == shown_) return;
  shown_ = shown;
  bar_->setToolTip(shown == text_ ? QString() : text_);
  bar_->showMessage(shown, remainingMs);
}

} // namespace spectrascope::ui
