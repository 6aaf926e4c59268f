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

QString timeText(double seconds, double resolution)
{
  // The unit keeps a step of ticks (or a pixel of the readout) at a tenth of a unit or more: 20.8 µs
  // samples read "20 µs" and "0.1 ms", never "2e-05 s" or "0.0001 s".
  struct Unit
  {
    double seconds;
    const char* name;
  };
  const Unit unit = resolution >= 0.01   ? Unit{1, "s"}
                    : resolution >= 1e-4 ? Unit{1e-3, "ms"}
                                         : Unit{1e-6, "µs"};
  const double inUnit = resolution / unit.seconds;
  const int decimals = std::clamp(int(-std::floor(std::log10(inUnit) + 1e-9)), 0, 6);
  double value = seconds / unit.seconds;
  if (std::abs(value) < inUnit / 1000) value = 0; // no "-0 ms"
  QString number = QString::number(value, 'f', decimals);
  if (number.contains(QLatin1Char('.'))) { // "0.50" reads "0.5": the step, not the digits, sets them
    while (number.endsWith(QLatin1Char('0')))
      number.chop(1);
    if (number.endsWith(QLatin1Char('.'))) number.chop(1);
  }
  return QStringLiteral("%1 %2").arg(number, QString::fromUtf8(unit.name));
}

std::vector<TimeTick> timeTicks(double fromSeconds, double toSeconds, double plotWidth, bool clock)
{
  const double span = toSeconds - fromSeconds;
  if (span <= 0) return {};
  const double step = niceStep(span, std::max(2, int(plotWidth / 90)));
  std::vector<TimeTick> ticks;
  for (double t = std::ceil(fromSeconds / step) * step; t <= toSeconds + step * 1e-6; t += step) {
    const double shown = std::abs(t) < step / 1000 ? 0.0 : t; // no "-0 s"
    const int decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
    ticks.push_back({(t - fromSeconds) / span, clock && std::abs(toSeconds) >= 60 ? clockTime(shown, decimals)
                                                                                  : timeText(shown, step)});
  }
  return ticks;
}

void drawTimeAxis(QPainter& painter, const QRectF& plot, double fromSeconds, double toSeconds, bool clock)
{
  useSmallFont(painter);
  painter.setPen(kTick);
  for (const TimeTick& tick : timeTicks(fromSeconds, toSeconds, plot.width(), clock)) {
    const double x = std::round(plot.left() + tick.unit * plot.width()) + 0.5;
    painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 3));
    // Labels stay above the plot's width: one centred on the left edge would run into the "Hz" unit
    // under the frequency labels.
    const double width = QFontMetricsF(painter.font()).horizontalAdvance(tick.label) + 2;
    const double left = std::clamp(x - width / 2, plot.left(), std::max(plot.left(), plot.right() - width));
    painter.drawText(QRectF(left, plot.bottom() + 5, width, 14), Qt::AlignHCenter | Qt::AlignTop, tick.label);
  }
}

} // namespace spectrascope::ui::axis_painter
