#pragma once
// DiagramCanvas that writes SVG 1.1 text (QtSvg is not a dependency): one element per primitive, in
// user units equal to the diagram's device-independent pixels.

#include "spectrascope/ui/learn/DiagramCanvas.h"

#include <QSizeF>

namespace spectrascope::ui {

class SvgCanvas : public DiagramCanvas
{
public:
  explicit SvgCanvas(QSizeF size);

  void line(QPointF from, QPointF to, const QColor& color, double width, bool dashed) override;
  void rect(const QRectF& r, const QColor& fill, const QColor& stroke) override;
  void circle(QPointF centre, double radius, const QColor& fill, const QColor& stroke,
              double strokeWidth) override;
  void text(QPointF at, const QString& text, const QColor& color, double pixelSize, Align align,
            bool bold) override;
  void image(const QRectF& target, const QImage& image) override;

  // The whole document, <svg> to </svg>.
  QString document() const;

private:
  QSizeF size_;
  QString body_;
};

} // namespace spectrascope::ui
