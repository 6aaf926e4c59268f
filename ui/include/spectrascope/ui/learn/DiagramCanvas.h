#pragma once
// What the Learn tab's diagrams draw with: a handful of primitives in device-independent coordinates.
// The same drawing code paints the widget (PainterCanvas) and writes the SVG export (SvgCanvas), so the
// exported slide shows exactly the geometry on screen.

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRectF>
#include <QString>

namespace spectrascope::ui {

class DiagramCanvas
{
public:
  enum class Align { Left, Center, Right };
  virtual ~DiagramCanvas() = default;

  virtual void line(QPointF from, QPointF to, const QColor& color, double width, bool dashed = false) = 0;
  virtual void rect(const QRectF& r, const QColor& fill, const QColor& stroke = Qt::transparent) = 0;
  virtual void circle(QPointF centre, double radius, const QColor& fill, const QColor& stroke,
                      double strokeWidth = 1.0) = 0;
  // `at` is the baseline point of the text for Left, its middle for Center, its end for Right.
  virtual void text(QPointF at, const QString& text, const QColor& color, double pixelSize,
                    Align align = Align::Left, bool bold = false) = 0;
  // A raster (the heat map of large N); SVG embeds it as PNG.
  virtual void image(const QRectF& target, const QImage& image) = 0;
};

} // namespace spectrascope::ui
