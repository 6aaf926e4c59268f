#include "spectrascope/ui/audio/AudioDrops.h"

#include <QFileInfo>
#include <QMimeData>
#include <QUrl>

namespace spectrascope::ui {

AudioDrops::AudioDrops(QWidget* target) : DropFilter(target) {}

bool AudioDrops::isAudioFileName(const QString& path)
{
  static const QStringList suffixes{"wav", "flac", "ogg", "oga", "mp3", "aiff", "aif", "au", "opus"};
  return suffixes.contains(QFileInfo(path).suffix().toLower());
}

bool AudioDrops::accepts(const QMimeData& data) const
{
  const auto urls = data.urls();
  return urls.size() == 1 && urls.first().isLocalFile() && isAudioFileName(urls.first().toLocalFile());
}

void AudioDrops::take(const QMimeData& data)
{
  emit fileDropped(data.urls().first().toLocalFile());
}

} // namespace spectrascope::ui
