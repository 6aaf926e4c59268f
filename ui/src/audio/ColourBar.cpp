#include "spectrascope/ui/audio/ColourBar.h"

#include <QCoreApplication>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui::colour_bar {
namespace {
constexpr int kBarWidth = 12;

// 10 dB steps for ranges up to 100 dB, then 20 or 50: labels stay apart on a small bar.
double tickStep(double range, double height)
{
  for (double step : {5.0, 10.0, 20.0, 50.0})
    if (range / step * 16 <= height) return step;
  return 100.0;
}
} // namespace

std::uint32_t colourOf(const Colormap& colormap, double db, double minDb, double maxDb)
{
  return colormap.argb((db - minDb) / std::max(1e-3, maxDb - minDb));
}

void draw(QPainter& painter, const QRectF& area, const Colormap& colormap, double minDb, double maxDb)
{
  const QRectF bar(area.left() + 4, area.top(), kBarWidth, area.height());
  QImage strip(1, 256, QImage::Format_RGB32);
  for (int i = 0; i < 256; ++i) // top = maxDb
    strip.setPixel(0, i, colormap.argbAt(std::uint8_t(255 - i)));
  painter.save();
  painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
  painter.drawImage(bar, strip);
  painter.setPen(QColor(170, 175, 185));
  painter.drawRect(bar);
  QFont font = painter.font();
  font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
  painter.setFont(font);
  const double range = std::max(1e-3, maxDb - minDb), step = tickStep(range, bar.height());
  const double top = std::floor(maxDb / step + 1e-9) * step;
  for (double db = std::ceil(minDb / step - 1e-9) * step; db <= maxDb + 1e-9; db += step) {
    const double y = bar.bottom() - (db - minDb) / range * bar.height();
    painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
    // The unit once, on the top label.
    const QString text = std::abs(db - top) < 1e-6
                             ? QCoreApplication::translate("ColourBar", "%1 dB").arg(db, 0, 'f', 0)
                             : QString::number(db, 'f', 0);
    painter.drawText(QRectF(bar.right() + 5, std::clamp(y - 8, area.top(), area.bottom() - 16),
                            area.right() - bar.right() - 5, 16),
                     Qt::AlignLeft | Qt::AlignVCenter, text);
  }
  painter.restore();
}

} // namespace spectrascope::ui::colour_bar
