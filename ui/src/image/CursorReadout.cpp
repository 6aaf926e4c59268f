#include "spectrascope/ui/image/CursorReadout.h"

#include <QCoreApplication>

#include <cmath>
#include <numbers>

namespace spectrascope::ui::image {
namespace {
QString tr(const char* text)
{
  return QCoreApplication::translate("CursorReadout", text);
}
} // namespace

QString pixelReadout(const QImage& image, QPointF imagePos)
{
  const int x = int(std::floor(imagePos.x())), y = int(std::floor(imagePos.y()));
  if (!image.valid(x, y)) return {};
  const QColor c = image.pixelColor(x, y);
  const QString where = tr("x %1, y %2").arg(x).arg(y);
  if (image.isGrayscale()) return tr("%1: grey %2").arg(where).arg(c.red());
  return tr("%1: R %2  G %3  B %4").arg(where).arg(c.red()).arg(c.green()).arg(c.blue());
}

QString spectrumReadout(const SpectrumBin& bin)
{
  const double fu = double(bin.u) / double(bin.width), fv = double(bin.v) / double(bin.height);
  const double f = std::hypot(fu, fv);
  // Orientation of the wave vector, counter-clockwise from the x axis with v pointing down the screen:
  // the stripes it makes run perpendicular to it.
  const double orientation = f > 0 ? std::atan2(-fv, fu) * 180 / std::numbers::pi : 0.0;
  const double magnitude = std::abs(bin.value);
  const QString dB =
      magnitude > 0 ? QString::number(20 * std::log10(magnitude), 'f', 1) : QStringLiteral("-∞");
  QString text = tr("u %1, v %2 cycles/image · %3, %4 cycles/px · |f| %5 cycles/px")
                     .arg(bin.u)
                     .arg(bin.v)
                     .arg(fu, 0, 'f', 4)
                     .arg(fv, 0, 'f', 4)
                     .arg(f, 0, 'f', 4);
  text += f > 0 ? tr(" · period %1 px · %2°").arg(1 / f, 0, 'f', 1).arg(orientation, 0, 'f', 1)
                : tr(" · DC (the mean)");
  text += tr(" · |F| %1 dB · phase %2°").arg(dB).arg(std::arg(bin.value) * 180 / std::numbers::pi, 0, 'f', 1);
  if (bin.maskValue) text += tr(" · mask %1").arg(double(*bin.maskValue), 0, 'f', 2);
  return text;
}

} // namespace spectrascope::ui::image
