#pragma once
// The 1D diagram's colour key, the line under its legend: phase hues from −180° to +180° (bars and
// arrows) or the heat map's decibels, with their labels, so that no colour has to be guessed. It is as
// wide as the room right of its name allows, up to 180 pixels: at an 800-pixel window the diagram is
// about 300 pixels wide, and a key of fixed width lost its end and its "±180°".

#include "spectrascope/ui/learn/DiagramCanvas.h"

namespace spectrascope::ui {

// Draws the key with its top left at `at`, keeping every mark and label left of `right`; its name and
// labels in `ink`, the diagram's colour for secondary text.
void drawColourKey(DiagramCanvas& canvas, QPointF at, double right, bool heatMap, const QColor& ink);

} // namespace spectrascope::ui
