#include "spectrascope/ui/image/ImageFiles.h"

#include "spectrascope/ui/SavedFile.h"
#include "spectrascope/ui/image/ImageFormats.h"
#include "spectrascope/ui/image/ImageIntegrity.h"

#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QMenu>
#include <QSettings>

namespace spectrascope::ui::image {
namespace {
const char* kLastDirectoryKey = "image/lastDirectory";

QString checkFile(const QFileInfo& info)
{
  if (!info.exists()) return QObject::tr("%1 does not exist.").arg(info.filePath());
  if (info.isDir()) return QObject::tr("%1 is a folder, not an image.").arg(info.filePath());
  if (info.size() == 0) return QObject::tr("%1 is empty.").arg(info.filePath());
  if (!info.isReadable()) return QObject::tr("%1 cannot be read (permission denied).").arg(info.filePath());
  return {};
}
} // namespace

QImage decodeImage(const QString& path, QString* error)
{
  const QFileInfo info(path);
  if (const QString problem = checkFile(info); !problem.isEmpty()) return *error = problem, QImage();
  // Before Qt reads even the header (a PNG chunk before the pixels can claim 2 GiB), and for the formats
  // whose Qt decoders fill what is missing instead of failing.
  if (const QString damage = damagedImageReason(path); !damage.isEmpty())
    return *error = QObject::tr("Cannot read %1: %2.").arg(info.fileName(), damage), QImage();
  // Qt's own guard against bombs too: no decoded image above this many MiB.
  QImageReader::setAllocationLimit(int((kMaxImagePixels * 4) >> 20));
  QImageReader reader(path);
  reader.setAutoTransform(true);
  if (!reader.canRead())
    return *error = reader.error() == QImageReader::UnsupportedFormatError
                        ? QObject::tr("%1: %2.").arg(info.fileName(), unsupportedFormatReason(path))
                        : QObject::tr("Cannot read %1: %2.").arg(info.fileName(), reader.errorString()),
           QImage();
  // Checked before decoding: a file of a few hundred bytes can claim 60000 x 60000 pixels.
  const QSize claimed = reader.size();
  if (claimed.isValid() && qint64(claimed.width()) * claimed.height() > kMaxImagePixels)
    return *error = QObject::tr("%1 claims %2 x %3 pixels, more than the %4 megapixels this program "
                                "accepts (a corrupt or malicious file?).")
                        .arg(info.fileName())
                        .arg(claimed.width())
                        .arg(claimed.height())
                        .arg(kMaxImagePixels >> 20),
           QImage();
  QImage image = reader.read();
  if (image.isNull())
    *error = QObject::tr("Cannot read %1: %2 (is the file truncated or corrupt?).")
                 .arg(info.fileName(), reader.errorString());
  return image;
}

QString writeImage(const QImage& image, const QString& path)
{
  if (image.isNull()) return QObject::tr("there is no image to save yet");
  const QString suffix = QFileInfo(path).suffix().toLower();
  return saveImage(path, image, suffix.isEmpty() ? QByteArrayLiteral("png") : suffix.toLatin1());
}

QString lastDirectory()
{
  const QString dir = QSettings().value(kLastDirectoryKey).toString();
  return QDir(dir).exists() && !dir.isEmpty() ? dir : QDir::homePath();
}

void rememberDirectory(const QString& fileInFolder)
{
  QSettings().setValue(kLastDirectoryKey, QFileInfo(fileInFolder).absolutePath());
}

RecentFiles::RecentFiles(const QString& settingsKey, QObject* parent)
    : QObject(parent), key_(settingsKey), menu_(new QMenu(tr("Open &Recent")))
{
  menu_->setObjectName(QStringLiteral("recentImagesMenu"));
  connect(this, &QObject::destroyed, menu_, &QObject::deleteLater);
  rebuildMenu();
}

QStringList RecentFiles::files() const
{
  return QSettings().value(key_).toStringList();
}

void RecentFiles::add(const QString& path)
{
  QStringList list = files();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  list.removeAll(absolute);
  list.prepend(absolute);
  store(list.mid(0, kMaxFiles));
}

void RecentFiles::remove(const QString& path)
{
  QStringList list = files();
  list.removeAll(QFileInfo(path).absoluteFilePath());
  store(list);
}

void RecentFiles::store(const QStringList& list)
{
  QSettings().setValue(key_, list);
  rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
  menu_->clear();
  const QStringList list = files();
  for (int i = 0; i < list.size(); ++i) {
    // &1 … &8: keyboard access; the full path is in the tooltip and status tip.
    QAction* action =
        menu_->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(QFileInfo(list[i]).fileName()));
    action->setToolTip(list[i]);
    action->setStatusTip(list[i]);
    connect(action, &QAction::triggered, this, [this, path = list[i]] { emit fileChosen(path); });
  }
  menu_->addSeparator();
  QAction* clear = menu_->addAction(tr("Clear Menu"), this, [this] { store({}); });
  clear->setEnabled(!list.isEmpty());
  menu_->setEnabled(!list.isEmpty());
}

} // namespace spectrascope::ui::image
