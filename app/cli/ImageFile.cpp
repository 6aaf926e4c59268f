#include "ImageFile.h"

#include "ByteCount.h"
#include "CliError.h"
#include "MemoryBudget.h"

#include <QFileInfo>
#include <QImageReader>
#include <QImageWriter>

namespace spectrascope::cli {
namespace {

std::string quoted(const QString& path)
{
  return "'" + path.toStdString() + "'";
}

void checkFile(const QString& path)
{
  const QFileInfo info(path);
  if (!info.exists()) throw usageError("cannot read image " + quoted(path) + ": no such file");
  if (info.isDir()) throw usageError("cannot read image " + quoted(path) + ": it is a directory");
  if (info.size() == 0) throw usageError("cannot read image " + quoted(path) + ": the file is empty");
}

// The header's claim is checked before decoding: a tiny PNG can claim 60000 x 60000 pixels.
void checkClaimedSize(const QString& path, QSize size)
{
  if (!size.isValid()) return; // the decoder will tell
  if (size.isEmpty()) throw usageError("image " + quoted(path) + " has no pixels");
  const qint64 pixels = qint64(size.width()) * size.height();
  const std::string dims = std::to_string(size.width()) + "x" + std::to_string(size.height());
  if (pixels > kMaxImagePixels)
    throw usageError("image " + quoted(path) + " claims " + dims + " pixels, more than the " +
                     std::to_string(kMaxImagePixels) +
                     " this command accepts (a corrupt or malicious file?)");
  // Float planes, half-spectra, scratch and the result: about 40 bytes per pixel of 3-channel work.
  const auto needed = std::uint64_t(pixels) * 40;
  const auto available = availableMemoryBytes();
  if (available && needed > *available)
    throw usageError("image " + quoted(path) + " (" + dims + ") needs about " + formatBytes(needed) +
                     " of memory; " + formatBytes(*available) + " is available");
}

} // namespace

QImage readImage(const QString& path)
{
  checkFile(path);
  // Qt's own guard against bombs: refuse to allocate more than this many MiB for one decoded image.
  QImageReader::setAllocationLimit(int((kMaxImagePixels * 4) >> 20));
  QImageReader reader(path);
  reader.setAutoTransform(true);
  if (!reader.canRead())
    throw usageError("cannot read image " + quoted(path) + ": " +
                     (reader.error() == QImageReader::UnsupportedFormatError
                          ? std::string("not an image in a format this program reads (PNG, JPEG, BMP, "
                                        "TIFF, PGM/PPM, WebP, ...)")
                          : reader.errorString().toStdString()));
  checkClaimedSize(path, reader.size());
  QImage image = reader.read();
  if (image.isNull())
    throw usageError("cannot read image " + quoted(path) + ": " + reader.errorString().toStdString() +
                     " (truncated or corrupt?)");
  checkClaimedSize(path, image.size());
  return image;
}

void writeImage(const QImage& image, const QString& path)
{
  QImageWriter writer(path);
  if (!writer.write(image))
    throw usageError("cannot write " + quoted(path) + ": " + writer.errorString().toStdString());
}

} // namespace spectrascope::cli
