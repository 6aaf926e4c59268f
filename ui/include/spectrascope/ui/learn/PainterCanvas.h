#pragma once
// DiagramCanvas on a QPainter (the widgets and the PNG export). Antialiased; the painter's device pixel
// ratio keeps lines sharp on HiDPI screens.

#include "spectrascope/ui/learn/DiagramCanvas.h"

class QPainter;

namespace spectrascope::ui {

class PainterCanvas : public DiagramCanvas
{
public:
  explicit PainterCanvas(QPainter& painter);

  void line(QPointF from, QPointF to, const QColor& color, double width, bool dashed) override;
  void rect(const QRectF& r, const QColor& fill, const QColor& stroke) override;
  void circle(QPointF centre, double radius, const QColor& fill, const QColor& stroke,
              double strokeWidth) override;
  void text(QPointF at, const QString& text, const QColor& color, double pixelSize, Align align,
            bool bold) override;
  void image(const QRectF& target, const QImage& image) override;

private:
  QPainter& painter_;
};

} // namespace spectrascope::ui
