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

imaging::PlanarImage toPlanar(const QImage& image, bool gray)
{
  const bool colour = !image.isGrayscale();
  const QImage pixels = image.convertToFormat(colour ? QImage::Format_RGB888 : QImage::Format_Grayscale8);
  imaging::PlanarImage planar;
  planar.width = std::size_t(pixels.width());
  planar.height = std::size_t(pixels.height());
  planar.channels = colour ? 3 : 1;
  planar.values.resize(planar.channels * planar.planeSize());
  for (std::size_t y = 0; y < planar.height; ++y) {
    const uchar* line = pixels.constScanLine(int(y));
    for (std::size_t x = 0; x < planar.width; ++x)
      for (std::size_t c = 0; c < planar.channels; ++c)
        planar.plane(c)[y * planar.width + x] = float(line[x * planar.channels + c]);
  }
  // Y = 0.299R + 0.587G + 0.114B in float, not Qt's rounded 8-bit grey conversion.
  return gray ? imaging::luminance(planar) : planar;
}

QImage grayImage(const std::vector<std::uint8_t>& bytes, int width, int height)
{
  QImage image(width, height, QImage::Format_Grayscale8);
  for (int y = 0; y < height; ++y)
    std::copy_n(bytes.data() + std::size_t(y) * std::size_t(width), width, image.scanLine(y));
  return image;
}

QImage fromPlanar(const imaging::PlanarBytes& bytes, const QImage& alphaFrom)
{
  const int w = int(bytes.width), h = int(bytes.height);
  if (bytes.channels == 1 && !alphaFrom.hasAlphaChannel()) return grayImage(bytes.values, w, h);
  QImage image(w, h, QImage::Format_RGBA8888);
  const QImage alpha =
      alphaFrom.hasAlphaChannel() ? alphaFrom.convertToFormat(QImage::Format_RGBA8888) : QImage();
  for (int y = 0; y < h; ++y) {
    uchar* line = image.scanLine(y);
    const uchar* alphaLine = alpha.isNull() ? nullptr : alpha.constScanLine(y);
    for (int x = 0; x < w; ++x) {
      const std::size_t i = std::size_t(y) * bytes.width + std::size_t(x);
      for (int c = 0; c < 3; ++c)
        line[4 * x + c] = bytes.plane(bytes.channels == 3 ? std::size_t(c) : 0)[i];
      line[4 * x + 3] = alphaLine ? alphaLine[4 * x + 3] : 255;
    }
  }
  return alpha.isNull() ? image.convertToFormat(QImage::Format_RGB888) : image;
}

void writeImage(const QImage& image, const QString& path)
{
  QImageWriter writer(path);
  if (!writer.write(image))
    throw usageError("cannot write " + quoted(path) + ": " + writer.errorString().toStdString());
}

} // namespace spectrascope::cli
