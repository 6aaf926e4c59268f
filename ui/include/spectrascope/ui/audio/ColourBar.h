#pragma once
// The dB colour bar beside a spectrogram: the colormap from minDb (bottom) to maxDb (top) with labelled
// ticks, so every colour of the picture names its level. Drawn with QPainter, on widgets and exports.

#include "spectrascope/ui/Colormap.h"

#include <QRectF>

class QPainter;

namespace spectrascope::ui::colour_bar {

// Width of the bar plus its labels, in logical pixels.
constexpr int kWidth = 58;
// `area` is the strip beside the plot (kWidth wide, the plot's height); the bar fills its left part.
void draw(QPainter& painter, const QRectF& area, const Colormap& colormap, double minDb, double maxDb);
// The colour the bar gives a level (what the spectrogram paints for it).
std::uint32_t colourOf(const Colormap& colormap, double db, double minDb, double maxDb);

} // namespace spectrascope::ui::colour_bar
