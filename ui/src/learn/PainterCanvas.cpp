#include "spectrascope/ui/learn/PainterCanvas.h"

#include <QFontMetricsF>
#include <QPainter>

namespace spectrascope::ui {

PainterCanvas::PainterCanvas(QPainter& painter) : painter_(painter)
{
  painter_.setRenderHint(QPainter::Antialiasing);
  painter_.setRenderHint(QPainter::TextAntialiasing);
}

void PainterCanvas::line(QPointF from, QPointF to, const QColor& color, double width, bool dashed)
{
  QPen pen(color, width);
  pen.setCapStyle(Qt::RoundCap);
  if (dashed) pen.setStyle(Qt::DashLine);
  painter_.setPen(pen);
  painter_.drawLine(from, to);
}

void PainterCanvas::rect(const QRectF& r, const QColor& fill, const QColor& stroke)
{
  painter_.setPen(stroke.alpha() ? QPen(stroke, 1.0) : QPen(Qt::NoPen));
  painter_.setBrush(fill);
  painter_.drawRect(r);
}

void PainterCanvas::circle(QPointF centre, double radius, const QColor& fill, const QColor& stroke,
                           double strokeWidth)
{
  painter_.setPen(stroke.alpha() ? QPen(stroke, strokeWidth) : QPen(Qt::NoPen));
  painter_.setBrush(fill);
  painter_.drawEllipse(centre, radius, radius);
}

void PainterCanvas::text(QPointF at, const QString& text, const QColor& color, double pixelSize, Align align,
                         bool bold)
{
  QFont font = painter_.font();
  font.setPixelSize(std::max(1, int(std::lround(pixelSize))));
  font.setBold(bold);
  painter_.setFont(font);
  painter_.setPen(color);
  const double width = QFontMetricsF(font).horizontalAdvance(text);
  if (align == Align::Center) at.rx() -= width / 2;
  if (align == Align::Right) at.rx() -= width;
  painter_.drawText(at, text);
}

void PainterCanvas::image(const QRectF& target, const QImage& image)
{
  // Nearest neighbour: each cell of the heat map is one value and must stay a crisp block.
  painter_.save();
  painter_.setRenderHint(QPainter::SmoothPixmapTransform, false);
  painter_.drawImage(target, image);
  painter_.restore();
}

} // namespace spectrascope::ui
