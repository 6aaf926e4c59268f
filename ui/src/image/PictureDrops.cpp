#include "spectrascope/ui/image/PictureDrops.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QWidget>

namespace spectrascope::ui::image {

PictureDrops::PictureDrops(QWidget* target) : QObject(target)
{
  target->setAcceptDrops(true);
  target->installEventFilter(this);
}

bool PictureDrops::isDroppable(const QMimeData* data)
{
  return (data->hasUrls() && !data->urls().isEmpty() && data->urls().first().isLocalFile()) ||
         data->hasImage();
}

bool PictureDrops::eventFilter(QObject* watched, QEvent* event)
{
  if (event->type() == QEvent::DragEnter) {
    auto* enter = static_cast<QDragEnterEvent*>(event);
    if (isDroppable(enter->mimeData())) enter->acceptProposedAction();
    return true;
  }
  if (event->type() == QEvent::Drop) {
    auto* drop = static_cast<QDropEvent*>(event);
    const QMimeData* data = drop->mimeData();
    if (!isDroppable(data)) {
      drop->ignore();
      return true;
    }
    if (data->hasUrls() && data->urls().first().isLocalFile())
      emit fileDropped(data->urls().first().toLocalFile());
    else
      emit imageDropped(qvariant_cast<QImage>(data->imageData()));
    drop->acceptProposedAction();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

} // namespace spectrascope::ui::image
