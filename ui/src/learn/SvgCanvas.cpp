#include "spectrascope/ui/learn/SvgCanvas.h"

#include <QBuffer>

namespace spectrascope::ui {
namespace {

QString number(double v)
{
  return QString::number(v, 'f', 2);
}

QString colour(const QColor& c)
{
  if (c.alpha() == 0) return QStringLiteral("none");
  return c.name(QColor::HexRgb);
}

// SVG wants opacity apart from the colour.
QString opacity(const char* attribute, const QColor& c)
{
  if (c.alpha() == 255 || c.alpha() == 0) return {};
  return QStringLiteral(" %1-opacity=\"%2\"")
      .arg(QLatin1String(attribute), QString::number(c.alphaF(), 'f', 3));
}

} // namespace

SvgCanvas::SvgCanvas(QSizeF size) : size_(size) {}

void SvgCanvas::line(QPointF from, QPointF to, const QColor& color, double width, bool dashed)
{
  body_ += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%4\" stroke=\"%5\"%6 stroke-width=\"%7\" "
                          "stroke-linecap=\"round\"%8/>\n")
               .arg(number(from.x()), number(from.y()), number(to.x()), number(to.y()), colour(color),
                    opacity("stroke", color), number(width),
                    dashed ? QStringLiteral(" stroke-dasharray=\"4 3\"") : QString());
}

void SvgCanvas::rect(const QRectF& r, const QColor& fill, const QColor& stroke)
{
  body_ +=
      QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"%5\"%6 stroke=\"%7\"/>\n")
          .arg(number(r.x()), number(r.y()), number(r.width()), number(r.height()), colour(fill),
               opacity("fill", fill), colour(stroke));
}

void SvgCanvas::circle(QPointF centre, double radius, const QColor& fill, const QColor& stroke,
                       double strokeWidth)
{
  body_ += QStringLiteral(
               "<circle cx=\"%1\" cy=\"%2\" r=\"%3\" fill=\"%4\"%5 stroke=\"%6\" stroke-width=\"%7\"/>\n")
               .arg(number(centre.x()), number(centre.y()), number(radius), colour(fill),
                    opacity("fill", fill), colour(stroke), number(strokeWidth));
}

void SvgCanvas::text(QPointF at, const QString& text, const QColor& color, double pixelSize, Align align,
                     bool bold)
{
  const char* anchor = align == Align::Left ? "start" : align == Align::Center ? "middle" : "end";
  body_ += QStringLiteral("<text x=\"%1\" y=\"%2\" font-family=\"sans-serif\" font-size=\"%3\" fill=\"%4\" "
                          "text-anchor=\"%5\"%6>%7</text>\n")
               .arg(number(at.x()), number(at.y()), number(pixelSize), colour(color), QLatin1String(anchor),
                    bold ? QStringLiteral(" font-weight=\"bold\"") : QString(), text.toHtmlEscaped());
}

void SvgCanvas::image(const QRectF& target, const QImage& image)
{
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  image.save(&buffer, "PNG");
  body_ += QStringLiteral("<image x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" preserveAspectRatio=\"none\" "
                          "style=\"image-rendering:pixelated\" href=\"data:image/png;base64,%5\"/>\n")
               .arg(number(target.x()), number(target.y()), number(target.width()), number(target.height()),
                    QString::fromLatin1(png.toBase64()));
}

QString SvgCanvas::document() const
{
  return QStringLiteral(
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%1\" height=\"%2\" "
             "viewBox=\"0 0 %1 %2\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n%3</svg>\n")
      .arg(number(size_.width()), number(size_.height()), body_);
}

} // namespace spectrascope::ui
