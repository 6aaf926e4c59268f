#include "spectrascope/ui/audio/AudioDrops.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QWidget>

namespace spectrascope::ui {

AudioDrops::AudioDrops(QWidget* target) : QObject(target)
{
  target->setAcceptDrops(true);
  target->installEventFilter(this);
}

bool AudioDrops::isAudioFileName(const QString& path)
{
  static const QStringList suffixes{"wav", "flac", "ogg", "oga", "mp3", "aiff", "aif", "au", "opus"};
  return suffixes.contains(QFileInfo(path).suffix().toLower());
}

bool AudioDrops::isDroppable(const QMimeData* data)
{
  const auto urls = data->urls();
  return urls.size() == 1 && urls.first().isLocalFile() && isAudioFileName(urls.first().toLocalFile());
}

bool AudioDrops::eventFilter(QObject* watched, QEvent* event)
{
  if (event->type() == QEvent::DragEnter) {
    auto* enter = static_cast<QDragEnterEvent*>(event);
    if (isDroppable(enter->mimeData())) enter->acceptProposedAction();
    return true;
  }
  if (event->type() == QEvent::Drop) {
    auto* drop = static_cast<QDropEvent*>(event);
    if (!isDroppable(drop->mimeData())) {
      drop->ignore();
      return true;
    }
    emit fileDropped(drop->mimeData()->urls().first().toLocalFile());
    drop->acceptProposedAction();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

} // namespace spectrascope::ui
