#include "spectrascope/ui/learn/HoverReadout.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {

HoverReadout::HoverReadout(QWidget* view, std::function<QString(int)> describe)
    : view_(view), describe_(std::move(describe))
{
}

void HoverReadout::set(int index)
{
  index_ = index;
  text_ = index >= 0 ? describe_(index) : QString();
}

void HoverReadout::pointAt(int index, QPointF globalPosition)
{
  if (index != index_) {
    set(index);
    view_->update();
  }
  showText(view_, globalPosition, text_);
}

void HoverReadout::showText(QWidget* view, QPointF globalPosition, const QString& text)
{
  if (text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(globalPosition.toPoint(), text, view);
}

void HoverReadout::refresh(int count)
{
  set(index_ < count ? index_ : -1);
}

void HoverReadout::clear()
{
  set(-1);
  view_->update();
}

bool HoverReadout::handleToolTip(QEvent* event) const
{
  if (event->type() != QEvent::ToolTip || text_.isEmpty()) return false;
  QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), text_, view_);
  return true;
}

int HoverReadout::slotUnder(double x, const QRectF& area, std::size_t count)
{
  if (count == 0 || x < area.left() || x >= area.right()) return -1;
  return std::min(int(count) - 1, int(std::floor((x - area.left()) / area.width() * double(count))));
}

void HoverReadout::highlightSlot(QPainter& painter, const QRectF& area, int slot, std::size_t count)
{
  if (slot < 0 || count == 0) return;
  const double step = area.width() / double(count);
  painter.fillRect(QRectF(area.left() + slot * step, area.top(), std::max(1.0, step), area.height()),
                   QColor(0x1f, 0x6f, 0xb4, 28));
}

} // namespace spectrascope::ui
