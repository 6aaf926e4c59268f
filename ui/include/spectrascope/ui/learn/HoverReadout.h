#pragma once
// The numbers of the thing under the mouse on a Learn page's plot: a sample, a bin, a twiddle. Shown as a
// tooltip that follows the pointer at once (not after the tooltip delay), and in place of the view's
// general tooltip while the pointer is on such a thing; the view keeps the text for its highlight.

#include <QPointF>
#include <QRectF>
#include <QString>

#include <cstddef>

class QEvent;
class QPainter;
class QWidget;

namespace spectrascope::ui::hover_readout {

// text empty: nothing under the pointer, the tooltip goes.
void show(QWidget* view, QPointF globalPosition, const QString& text);
// For the view's event(): on a tooltip event with a readout there, shows the readout and returns true.
bool showOnToolTip(QWidget* view, QEvent* event, const QString& text);
// The slot under x when `count` slots share `area`'s width equally (sample n's stem at the middle of
// slot n); -1 left or right of the area.
int slotUnder(double x, const QRectF& area, std::size_t count);
// A light band behind that slot, marking whose numbers are shown; nothing for slot -1.
void highlightSlot(QPainter& painter, const QRectF& area, int slot, std::size_t count);

} // namespace spectrascope::ui::hover_readout
