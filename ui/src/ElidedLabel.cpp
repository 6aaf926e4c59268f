#include "spectrascope/ui/ElidedLabel.h"

#include <QEvent>

namespace spectrascope::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent)
{
  setTextFormat(Qt::PlainText);
  setWordWrap(false);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ElidedLabel::setFullText(const QString& text)
{
  fullText_ = text;
  elide();
  updateGeometry();
}

QSize ElidedLabel::sizeHint() const
{
  const QMargins m = contentsMargins();
  return {fontMetrics().horizontalAdvance(fullText_) + m.left() + m.right() + 2 * margin(),
          QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
  // Room for "…" and a few characters: the label gives way before anything else in its row does.
  return {fontMetrics().horizontalAdvance(QStringLiteral("0000…")), QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
  QLabel::resizeEvent(event);
  elide();
}

void ElidedLabel::changeEvent(QEvent* event)
{
  QLabel::changeEvent(event);
  if (event->type() == QEvent::FontChange) elide();
}

void ElidedLabel::elide()
{
  const QString shown =
      fontMetrics().elidedText(fullText_, Qt::ElideRight, contentsRect().width() - 2 * margin());
  if (shown != text()) setText(shown);
}

} // namespace spectrascope::ui
