#include "spectrascope/ui/learn/TwiddleCircleView.h"

#include <QPainter>

#include <cmath>

namespace spectrascope::ui {

TwiddleCircleView::TwiddleCircleView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnTwiddleCircle"));
}

void TwiddleCircleView::setTwiddles(std::vector<spectrascope::learn::Twiddle> twiddles,
                                    const QString& caption)
{
  twiddles_ = std::move(twiddles);
  caption_ = caption;
  update();
}

void TwiddleCircleView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), Qt::white);
  painter.setPen(palette().color(QPalette::PlaceholderText));
  painter.drawText(QRectF(6, 2, width() - 12, 16), Qt::AlignLeft | Qt::AlignVCenter, caption_);

  const double radius = std::max(10.0, std::min(width(), height() - 22) / 2.0 - 30);
  const QPointF centre(width() / 2.0, 22 + (height() - 22) / 2.0);
  painter.setPen(QPen(QColor(0xd0, 0xd4, 0xd8), 1));
  painter.drawLine(centre - QPointF(radius + 8, 0), centre + QPointF(radius + 8, 0));
  painter.drawLine(centre - QPointF(0, radius + 8), centre + QPointF(0, radius + 8));
  painter.setPen(QPen(QColor(0x9a, 0xa0, 0xa6), 1.2));
  painter.setBrush(Qt::NoBrush);
  painter.drawEllipse(centre, radius, radius);

  const QColor active(0xd9, 0x48, 0x0f);
  const bool labelAll = twiddles_.size() <= 8;
  QFont small = font();
  small.setPixelSize(10);
  painter.setFont(small);
  for (const auto& t : twiddles_) {
    const auto w = t.value();
    // The imaginary axis points up.
    const QPointF at = centre + QPointF(w.real(), -w.imag()) * radius;
    painter.setPen(QPen(active.lighter(140), 1));
    painter.drawLine(centre, at);
    painter.setPen(Qt::NoPen);
    painter.setBrush(active);
    painter.drawEllipse(at, 3.5, 3.5);
    if (labelAll) {
      painter.setPen(active.darker(140));
      const QPointF label = centre + QPointF(w.real(), -w.imag()) * (radius + 16);
      painter.drawText(QRectF(label - QPointF(22, 7), QSizeF(44, 14)), Qt::AlignCenter,
                       QStringLiteral("W%1^%2").arg(t.m).arg(t.k));
    }
  }
  if (twiddles_.empty()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(QRectF(centre - QPointF(60, 10), QSizeF(120, 20)), Qt::AlignCenter, tr("no twiddles"));
  }
}

} // namespace spectrascope::ui
