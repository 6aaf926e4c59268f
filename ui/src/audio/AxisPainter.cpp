#include "spectrascope/ui/audio/AxisPainter.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

#include <cmath>

namespace spectrascope::ui::axis_painter {
namespace {
const QColor kTick(150, 158, 172);

// 1-2-5 steps giving about `count` ticks over `span`.
double niceStep(double span, int count)
{
  const double raw = std::max(1e-6, span / count), decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * decade >= raw) return m * decade;
  return 10 * decade;
}

void useSmallFont(QPainter& painter)
{
  QFont font = painter.font();
  font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
  painter.setFont(font);
}
} // namespace

QMargins margins()
{
  return {40, 2, 14, 20};
}

void drawFrequencyAxis(QPainter& painter, const QRectF& plot, const FrequencyAxis& axis)
{
  useSmallFont(painter);
  // Octave labels ("C4" over "262") take two lines, the others one; a label that would touch the one
  // below it is left out, its tick stays.
  const bool twoLines = axis.scale == FrequencyScale::Octave;
  const double height = QFontMetricsF(painter.font()).height() * (twoLines ? 2 : 1);
  double lastTop = plot.bottom() + 1e9;
  for (double f : axis.ticks()) {
    const double y = std::round(plot.bottom() - axis.unitOf(f) * plot.height()) + 0.5;
    // Ticks only, no grid across the picture: a line over a pixel changes its colour, and a tone on a
    // round frequency (10 kHz) would no longer show the colour of its level.
    painter.setPen(kTick);
    painter.drawLine(QPointF(plot.left() - 5, y), QPointF(plot.left() - 1, y));
    if (y + height / 2 > lastTop || y - height / 2 < 0) continue;
    lastTop = y - height / 2;
    painter.drawText(QRectF(0, y - height / 2, plot.left() - 6, height), Qt::AlignRight | Qt::AlignVCenter,
                     axis.label(f, twoLines ? QLatin1Char('\n') : QLatin1Char(' ')));
  }
  painter.setPen(kTick);
  painter.drawText(QRectF(0, plot.bottom() + 2, plot.left() - 6, 16), Qt::AlignRight | Qt::AlignTop,
                   QStringLiteral("Hz"));
}

QString clockTime(double seconds, int decimals)
{
  const bool negative = seconds < 0;
  seconds = std::abs(seconds);
  const auto hours = int(seconds / 3600), minutes = int(std::fmod(seconds, 3600) / 60);
  const double rest = std::fmod(seconds, 60);
  const QString sign = negative ? QStringLiteral("-") : QString();
  const int width = decimals > 0 ? 3 + decimals : 2;
  if (hours > 0)
    return sign + QStringLiteral("%1:%2:%3")
                      .arg(hours)
                      .arg(minutes, 2, 10, QLatin1Char('0'))
                      .arg(rest, width, 'f', decimals, QLatin1Char('0'));
  if (minutes > 0)
    return sign + QStringLiteral("%1:%2").arg(minutes).arg(rest, width, 'f', decimals, QLatin1Char('0'));
  return sign + QStringLiteral("%1 s").arg(rest, 0, 'f', decimals);
}

void drawTimeAxis(QPainter& painter, const QRectF& plot, double fromSeconds, double toSeconds, bool clock)
{
  useSmallFont(painter);
  const double span = toSeconds - fromSeconds;
  if (span <= 0) return;
  const double step = niceStep(span, std::max(2, int(plot.width() / 90)));
  painter.setPen(kTick);
  for (double t = std::ceil(fromSeconds / step) * step; t <= toSeconds + 1e-9; t += step) {
    const double x = std::round(plot.left() + (t - fromSeconds) / span * plot.width()) + 0.5;
    painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 3));
    const double shown = std::abs(t) < step / 1000 ? 0.0 : t; // no "-0 s"
    // Labels stay above the plot's width: one centred on the left edge would run into the "Hz" unit
    // under the frequency labels.
    const int decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
    const QString text = clock && std::abs(toSeconds) >= 60 ? clockTime(shown, decimals)
                                                            : QStringLiteral("%1 s").arg(shown, 0, 'g', 4);
    const double width = QFontMetricsF(painter.font()).horizontalAdvance(text) + 2;
    const double left = std::clamp(x - width / 2, plot.left(), std::max(plot.left(), plot.right() - width));
    painter.drawText(QRectF(left, plot.bottom() + 5, width, 14), Qt::AlignHCenter | Qt::AlignTop, text);
  }
}

} // namespace spectrascope::ui::axis_painter
