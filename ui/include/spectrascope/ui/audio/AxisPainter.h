#pragma once
// Labelled axes around a spectrogram image: frequency ticks on the left, seconds underneath. Drawn with
// QPainter in logical pixels on the widget itself, so text and lines stay sharp on HiDPI screens while
// the image under them is scaled.

#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QMargins>
#include <QRectF>
#include <QString>

class QPainter;

namespace spectrascope::ui::axis_painter {

// Space the labels need around the plot.
QMargins margins();
void drawFrequencyAxis(QPainter& painter, const QRectF& plot, const FrequencyAxis& axis);
// Time runs from fromSeconds at the left edge to toSeconds at the right edge; `clock` labels it as
// h:mm:ss (a file's time) rather than in seconds.
void drawTimeAxis(QPainter& painter, const QRectF& plot, double fromSeconds, double toSeconds,
                  bool clock = false);
// "1:02:03.5", "2:03.25", "3.125 s": hours and minutes only where there are any.
QString clockTime(double seconds, int decimals = 2);

} // namespace spectrascope::ui::axis_painter
