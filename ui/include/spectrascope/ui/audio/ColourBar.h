#pragma once
// The dB colour bar beside a spectrogram: the colormap from minDb (bottom) to maxDb (top) with labelled
// ticks, so every colour of the picture names its level. Drawn with QPainter, on widgets and exports.

#include "spectrascope/ui/Colormap.h"

#include <QFont>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace spectrascope::ui::colour_bar {

// Width of the bar plus its labels, in logical pixels.
constexpr int kWidth = 58;
// `area` is the strip beside the plot (kWidth wide, the plot's height); the bar fills its left part.
void draw(QPainter& painter, const QRectF& area, const Colormap& colormap, double minDb, double maxDb);
// A tick's label: where draw() puts its text. Labels never overlap one another and stay inside the area;
// where the ticks are closer than a label's height (the two ends, clamped into the area, come nearest)
// an inner label gives way, so the top one (with the unit) and the bottom one are always there.
struct Label
{
  double db;
  QString text;
  QRectF rect;
};
std::vector<Label> labels(const QRectF& area, double minDb, double maxDb, const QFont& font);
// The labels' font: the painter's font, a little smaller.
QFont labelFont(QFont font);
// The colour the bar gives a level (what the spectrogram paints for it).
std::uint32_t colourOf(const Colormap& colormap, double db, double minDb, double maxDb);

} // namespace spectrascope::ui::colour_bar
