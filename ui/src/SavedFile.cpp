#include "spectrascope/ui/SavedFile.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>
#include <QObject>
#include <QSaveFile>

namespace spectrascope::ui {

QString saveFile(const QString& path, const QByteArray& bytes)
{
  QSaveFile file(path);
  // Unbuffered: the write that meets a full disk is the one that reports it, with errno's reason.
  if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) return file.errorString();
  const char* data = bytes.constData();
  qint64 left = bytes.size();
  while (left > 0) {
    const qint64 written = file.write(data, left);
    if (written <= 0) return file.errorString(); // QSaveFile's destructor removes the temporary
    data += written;
    left -= written;
  }
  if (!file.commit()) return file.errorString();
  return {};
}

QString saveImage(const QString& path, const QImage& image, const QByteArray& format)
{
  // A buffer keeps random access, which the TIFF writer needs to fill in offsets.
  QBuffer encoded;
  encoded.open(QIODevice::WriteOnly);
  QImageWriter writer(&encoded, format);
  if (!writer.write(image))
    return QObject::tr("the %1 encoder failed (%2)").arg(QString::fromLatin1(format), writer.errorString());
  return saveFile(path, encoded.data());
}

} // namespace spectrascope::ui
