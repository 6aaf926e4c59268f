#include "spectrascope/ui/image/FlowLayout.h"

#include <QWidget>

namespace spectrascope::ui::image {

FlowLayout::FlowLayout(QWidget* parent, int spacing) : QLayout(parent)
{
  setSpacing(spacing);
  setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
  while (QLayoutItem* item = takeAt(0))
    delete item;
}

void FlowLayout::addItem(QLayoutItem* item)
{
  items_.append(item);
}

QLayoutItem* FlowLayout::takeAt(int index)
{
  return index >= 0 && index < items_.size() ? items_.takeAt(index) : nullptr;
}

// As narrow as the widest item: everything else can go on lines of its own.
QSize FlowLayout::minimumSize() const
{
  QSize size;
  for (const QLayoutItem* item : items_)
    if (!item->isEmpty()) size = size.expandedTo(item->minimumSize());
  const QMargins m = contentsMargins();
  return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

// One line with everything on it.
QSize FlowLayout::sizeHint() const
{
  int width = 0, height = 0;
  for (const QLayoutItem* item : items_) {
    if (item->isEmpty()) continue;
    width += item->sizeHint().width() + (width > 0 ? spacing() : 0);
    height = std::max(height, item->sizeHint().height());
  }
  const QMargins m = contentsMargins();
  return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect)
{
  QLayout::setGeometry(rect);
  arrange(rect, true);
}

int FlowLayout::arrange(const QRect& rect, bool apply) const
{
  const QRect area = rect.marginsRemoved(contentsMargins());
  int x = area.x(), y = area.y(), lineHeight = 0;
  // Items of a line share its height and are centred in it, as in a toolbar.
  QList<QPair<QLayoutItem*, QRect>> line;
  const auto finishLine = [&] {
    if (apply)
      for (auto& [item, place] : line)
        item->setGeometry(
            QRect(place.x(), y + (lineHeight - place.height()) / 2, place.width(), place.height()));
    line.clear();
  };
  for (QLayoutItem* item : items_) {
    if (item->isEmpty()) continue;
    const QSize size = item->sizeHint().boundedTo(item->maximumSize()).expandedTo(item->minimumSize());
    if (x > area.x() && x + size.width() > area.right() + 1) {
      finishLine();
      x = area.x();
      y += lineHeight + spacing();
      lineHeight = 0;
    }
    line.append({item, QRect(QPoint(x, 0), size)});
    x += size.width() + spacing();
    lineHeight = std::max(lineHeight, size.height());
  }
  finishLine();
  const QMargins m = contentsMargins();
  return y + lineHeight - rect.y() + m.bottom();
}

} // namespace spectrascope::ui::image
