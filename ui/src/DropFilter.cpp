#include "spectrascope/ui/DropFilter.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QWidget>

namespace spectrascope::ui {

DropFilter::DropFilter(QWidget* target) : QObject(target)
{
  target->setAcceptDrops(true);
  target->installEventFilter(this);
}

bool DropFilter::eventFilter(QObject* watched, QEvent* event)
{
  if (event->type() == QEvent::DragEnter) {
    auto* enter = static_cast<QDragEnterEvent*>(event);
    if (accepts(*enter->mimeData())) enter->acceptProposedAction();
    return true;
  }
  if (event->type() == QEvent::Drop) {
    auto* drop = static_cast<QDropEvent*>(event);
    if (!accepts(*drop->mimeData())) {
      drop->ignore();
      return true;
    }
    take(*drop->mimeData());
    drop->acceptProposedAction();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

} // namespace spectrascope::ui
