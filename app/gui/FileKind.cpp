#include "FileKind.h"

#include <QFile>
#include <QImageReader>
#include <QMimeDatabase>

#include <algorithm>

namespace spectrascope::gui {
namespace {

bool isImageType(const QMimeType& type)
{
  if (type.name().startsWith(QLatin1String("image/"))) return true;
  const QStringList ancestors = type.allAncestors();
  return std::any_of(ancestors.begin(), ancestors.end(),
                     [](const QString& name) { return name.startsWith(QLatin1String("image/")); });
}

} // namespace

FileKind fileKindOf(const QString& path)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly) || file.size() == 0) {
    // Missing, unreadable or empty: the name is all there is (an empty "photo.png" gets the Image tab's
    // message, not the Audio tab's); the tab's own message says what is wrong.
    return isImageType(QMimeDatabase().mimeTypeForFile(path, QMimeDatabase::MatchExtension))
               ? FileKind::Image
               : FileKind::Sound;
  }
  // A format Qt decodes, judged by its bytes; then shared-mime-info's magic (formats without a Qt
  // plugin here still go to the Image tab, which names the missing plugin, and a sound goes to the Audio
  // tab whatever its name). Content neither tells apart (text, a broken header) goes by its name: a
  // broken "photo.png" gets the Image tab's message, not "not a readable audio file". Anything else is
  // offered to the Audio tab, whose reader says whether it is a sound.
  if (!QImageReader::imageFormat(&file).isEmpty()) return FileKind::Image;
  file.seek(0);
  const QMimeDatabase mime;
  const QMimeType byContent = mime.mimeTypeForData(&file);
  if (isImageType(byContent)) return FileKind::Image;
  if (byContent.name().startsWith(QLatin1String("audio/"))) return FileKind::Sound;
  return isImageType(mime.mimeTypeForFile(path, QMimeDatabase::MatchExtension)) ? FileKind::Image
                                                                                : FileKind::Sound;
}

} // namespace spectrascope::gui
