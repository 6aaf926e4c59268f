#include "spectrascope/ui/learn/HoverReadout.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui::hover_readout {

void show(QWidget* view, QPointF globalPosition, const QString& text)
{
  if (text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(globalPosition.toPoint(), text, view);
}

bool showOnToolTip(QWidget* view, QEvent* event, const QString& text)
{
  if (event->type() != QEvent::ToolTip || text.isEmpty()) return false;
  QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), text, view);
  return true;
}

int slotUnder(double x, const QRectF& area, std::size_t count)
{
  if (count == 0 || x < area.left() || x >= area.right()) return -1;
  return std::min(int(count) - 1, int(std::floor((x - area.left()) / area.width() * double(count))));
}

void highlightSlot(QPainter& painter, const QRectF& area, int slot, std::size_t count)
{
  if (slot < 0 || count == 0) return;
  const double step = area.width() / double(count);
  painter.fillRect(QRectF(area.left() + slot * step, area.top(), std::max(1.0, step), area.height()),
                   QColor(0x1f, 0x6f, 0xb4, 28));
}

} // namespace spectrascope::ui::hover_readout
