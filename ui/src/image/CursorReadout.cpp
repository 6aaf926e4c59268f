#include "spectrascope/ui/image/CursorReadout.h"

#include "spectrascope/engine/imaging/BinReadout.h"

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
  const imaging::BinDescription d =
      imaging::describeBin(bin.u, bin.v, std::size_t(bin.width), std::size_t(bin.height), bin.value);
  const QString dB =
      std::isinf(d.magnitudeDb) ? QStringLiteral("-∞") : QString::number(d.magnitudeDb, 'f', 1);
  QString text = tr("u %1, v %2 cycles/image · %3, %4 cycles/px · |f| %5 cycles/px")
                     .arg(bin.u)
                     .arg(bin.v)
                     .arg(d.fu, 0, 'f', 4)
                     .arg(d.fv, 0, 'f', 4)
                     .arg(d.frequency, 0, 'f', 4);
  // The stripes a bin makes run perpendicular to its orientation.
  text +=
      d.frequency > 0
          ? tr(" · period %1 px · %2°").arg(d.periodPixels, 0, 'f', 1).arg(d.orientationDegrees, 0, 'f', 1)
          : tr(" · DC (the mean)");
  text += tr(" · |F| %1 dB · phase %2°").arg(dB).arg(d.phaseDegrees, 0, 'f', 1);
  if (bin.maskValue) text += tr(" · mask %1").arg(double(*bin.maskValue), 0, 'f', 2);
  return text;
}

} // namespace spectrascope::ui::image
