#include "spectrascope/ui/learn/TwiddleCircleView.h"

#include "spectrascope/ui/learn/ButterflyDiagram.h"

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

  // Room for the labels around the circle (kLabelGap out from it): their half width left and right,
  // their half height above and below.
  constexpr double kLabelGap = 13;
  const double radius =
      std::max(10.0, std::min(width() / 2.0 - kLabelGap - 26, (height() - 22) / 2.0 - kLabelGap - 9));
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
  small.setPixelSize(12); // sub- and superscript digits are small already
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
      const QPointF label = centre + QPointF(w.real(), -w.imag()) * (radius + kLabelGap);
      painter.drawText(QRectF(label - QPointF(24, 8), QSizeF(48, 16)), Qt::AlignCenter,
                       ButterflyDiagram::twiddleSymbol(t.m, t.k));
    }
  }
  if (twiddles_.empty()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(QRectF(centre - QPointF(60, 10), QSizeF(120, 20)), Qt::AlignCenter, tr("no twiddles"));
  }
}

} // namespace spectrascope::ui
