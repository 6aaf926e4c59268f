#include "spectrascope/ui/audio/ColourBar.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui::colour_bar {
namespace {
constexpr int kBarWidth = 12;

QRectF barRect(const QRectF& area)
{
  return QRectF(area.left() + 4, area.top(), kBarWidth, area.height());
}

// 5 or 10 dB steps where the labels have room (half a label's height of air between them), else 20, 50
// or 100: a column of labels packed tight reads as one block. But never so coarse that fewer than two
// ticks fall in the range (-75..-3 dB on a short bar would get only -50).
double tickStep(double minDb, double maxDb, double height, double labelPitch)
{
  const double steps[] = {5.0, 10.0, 20.0, 50.0, 100.0};
  const auto ticks = [&](double step) {
    return std::floor(maxDb / step + 1e-9) - std::ceil(minDb / step - 1e-9) + 1;
  };
  int chosen = 4;
  for (int i = 0; i < 4; ++i)
    if ((maxDb - minDb) / steps[i] * labelPitch <= height) {
      chosen = i;
      break;
    }
  while (chosen > 0 && ticks(steps[chosen]) < 2)
    --chosen;
  return steps[chosen];
}

double tickY(const QRectF& bar, double db, double minDb, double range)
{
  return bar.bottom() - (db - minDb) / range * bar.height();
}
} // namespace

std::uint32_t colourOf(const Colormap& colormap, double db, double minDb, double maxDb)
{
  return colormap.argb((db - minDb) / std::max(1e-3, maxDb - minDb));
}

QFont labelFont(QFont font)
{
  font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
  return font;
}

std::vector<Label> labels(const QRectF& area, double minDb, double maxDb, const QFont& font)
{
  const QRectF bar = barRect(area);
  const double height = QFontMetricsF(font).height(), gap = 2;
  const double range = std::max(1e-3, maxDb - minDb),
               step = tickStep(minDb, maxDb, bar.height(), height * 1.5);
  const double top = std::floor(maxDb / step + 1e-9) * step;
  std::vector<Label> all; // top down
  for (double db = top; db >= minDb - 1e-9; db -= step) {
    // Inside the area; on a bar shorter than a label, from its top (std::clamp needs low <= high).
    const double y = std::clamp(tickY(bar, db, minDb, range) - height / 2, area.top(),
                                std::max(area.top(), area.bottom() - height));
    // The unit once, on the top label.
    const QString text = all.empty() ? QCoreApplication::translate("ColourBar", "%1 dB").arg(db, 0, 'f', 0)
                                     : QString::number(db, 'f', 0);
    all.push_back({db, text, QRectF(bar.right() + 5, y, area.right() - bar.right() - 5, height)});
  }
  const auto apart = [gap](const QRectF& a, const QRectF& b) {
    return a.bottom() + gap <= b.top() || b.bottom() + gap <= a.top();
  };
  std::vector<Label> kept;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const bool end = i == 0 || i + 1 == all.size();
    const bool clearOfLast = kept.empty() || apart(kept.back().rect, all[i].rect);
    const bool clearOfBottom = end || apart(all[i].rect, all.back().rect);
    if (clearOfLast && clearOfBottom) kept.push_back(all[i]);
  }
  return kept;
}

void draw(QPainter& painter, const QRectF& area, const Colormap& colormap, double minDb, double maxDb)
{
  const QRectF bar = barRect(area);
  QImage strip(1, 256, QImage::Format_RGB32);
  for (int i = 0; i < 256; ++i) // top = maxDb
    strip.setPixel(0, i, colormap.argbAt(std::uint8_t(255 - i)));
  painter.save();
  painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
  painter.drawImage(bar, strip);
  painter.setPen(QColor(170, 175, 185));
  painter.drawRect(bar);
  painter.setFont(labelFont(painter.font()));
  const double range = std::max(1e-3, maxDb - minDb);
  for (const Label& label : labels(area, minDb, maxDb, painter.font())) {
    const double y = tickY(bar, label.db, minDb, range);
    painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
    painter.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter, label.text);
  }
  painter.restore();
}

} // namespace spectrascope::ui::colour_bar
