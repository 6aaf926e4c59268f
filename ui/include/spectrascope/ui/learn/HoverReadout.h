#pragma once
// The numbers of the thing under the mouse on a Learn page's plot: a sample, a bin, a twiddle. A view
// owns one HoverReadout and tells it which item the pointer is over; the readout keeps that item and its
// text, repaints the view when the item changes (the view highlights it), and shows the text as a tooltip
// that follows the pointer at once (not after the tooltip delay), in place of the view's general tooltip.

#include <QPointF>
#include <QRectF>
#include <QString>

#include <cstddef>
#include <functional>

class QEvent;
class QPainter;
class QWidget;

namespace spectrascope::ui {

class HoverReadout
{
public:
  // describe(i): the readout of item i, which is valid when it is called.
  HoverReadout(QWidget* view, std::function<QString(int)> describe);

  // The pointer is over item `index` (-1: over none).
  void pointAt(int index, QPointF globalPosition);
  // The items changed (there are `count` now): the readout describes the same item anew, if it is left.
  void refresh(int count);
  // The pointer left the view.
  void clear();
  // For the view's event(): on a tooltip event with a readout, shows the readout and returns true.
  bool handleToolTip(QEvent* event) const;

  int index() const { return index_; }
  const QString& text() const { return text_; }

  // A readout at the pointer now (text empty: the tooltip goes), for views that keep their own item.
  static void showText(QWidget* view, QPointF globalPosition, const QString& text);
  // The slot under x when `count` slots share `area`'s width equally (sample n's stem at the middle of
  // slot n); -1 left or right of the area.
  static int slotUnder(double x, const QRectF& area, std::size_t count);
  // A light band behind that slot, marking whose numbers are shown; nothing for slot -1.
  static void highlightSlot(QPainter& painter, const QRectF& area, int slot, std::size_t count);

private:
  void set(int index);

  QWidget* view_;
  std::function<QString(int)> describe_;
  int index_ = -1;
  QString text_;
};

} // namespace spectrascope::ui
