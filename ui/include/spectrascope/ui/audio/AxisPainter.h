#pragma once
// Labelled axes around a spectrogram image: frequency ticks on the left, seconds underneath. Drawn with
// QPainter in logical pixels on the widget itself, so text and lines stay sharp on HiDPI screens while
// the image under them is scaled.

#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QMargins>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace spectrascope::ui::axis_painter {

// Space the labels need around the plot.
QMargins margins();
void drawFrequencyAxis(QPainter& painter, const QRectF& plot, const FrequencyAxis& axis);
// A tick under the plot: where (0 at the left edge, 1 at the right) and its label.
struct TimeTick
{
  double unit = 0;
  QString label;
};
// The ticks drawTimeAxis draws over a plot `plotWidth` pixels wide, about one per 90 pixels.
std::vector<TimeTick> timeTicks(double fromSeconds, double toSeconds, double plotWidth, bool clock = false);
// Time runs from fromSeconds at the left edge to toSeconds at the right edge; `clock` labels it as
// h:mm:ss (a file's time) rather than in seconds.
void drawTimeAxis(QPainter& painter, const QRectF& plot, double fromSeconds, double toSeconds,
                  bool clock = false);
// "1:02:03.5", "2:03.25", "3.125 s": hours and minutes only where there are any.
QString clockTime(double seconds, int decimals = 2);
// `seconds` in the unit that shows `resolution` (a tick step, a pixel's time) in a few digits: "2.5 s",
// "0.1 ms", "40 µs".
QString timeText(double seconds, double resolution);

} // namespace spectrascope::ui::axis_painter
