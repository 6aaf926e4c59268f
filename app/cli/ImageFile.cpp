#include "ImageFile.h"

#include "ByteCount.h"
#include "CliError.h"
#include "MemoryBudget.h"
#include "OutputFile.h"
#include "spectrascope/ui/image/ImageFormats.h"
#include "spectrascope/ui/image/ImageIntegrity.h"

#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QImageWriter>

#include <cstdio>

#include <sys/stat.h>

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
  // A pipe or a device has no size to check and may never end: say what it is, not "empty".
  struct stat status
  {
  };
  if (::stat(QFile::encodeName(path).constData(), &status) == 0 && !S_ISREG(status.st_mode)) {
    const char* what = S_ISFIFO(status.st_mode)                             ? "a FIFO (named pipe)"
                       : S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode) ? "a device"
                       : S_ISSOCK(status.st_mode)                           ? "a socket"
                                                                            : "not a regular file";
    throw usageError("cannot read image " + quoted(path) + ": it is " + what +
                     ", not an image file; save the image to a file first");
  }
  if (info.size() == 0) throw usageError("cannot read image " + quoted(path) + ": the file is empty");
  if (!info.isReadable()) throw usageError("cannot read image " + quoted(path) + ": permission denied");
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

// libjpeg finishes a JPEG whose entropy-coded data stops early ("premature end of data segment") or holds
// bad codes by filling the rest in, and only warns; Qt passes the warning on as a message and returns the
// image. (The fuzzer found a 704-byte file that decodes to 2048 x 65291 pixels this way.) While one image
// is decoded, such warnings are caught here; anything else goes on to the previous handler.
class JpegCorruptionWatch
{
public:
  JpegCorruptionWatch()
  {
    found_().clear();
    previousHandler() = qInstallMessageHandler(&JpegCorruptionWatch::handle);
  }
  ~JpegCorruptionWatch() { qInstallMessageHandler(previousHandler()); }
  JpegCorruptionWatch(const JpegCorruptionWatch&) = delete;
  JpegCorruptionWatch& operator=(const JpegCorruptionWatch&) = delete;
  QString what() const { return found_(); }

private:
  static QString& found_()
  {
    static QString text;
    return text;
  }
  static QtMessageHandler& previousHandler()
  {
    static QtMessageHandler handler = nullptr;
    return handler;
  }
  static void handle(QtMsgType type, const QMessageLogContext& context, const QString& message)
  {
    if (message.startsWith(QLatin1String("Corrupt JPEG data"))) {
      if (found_().isEmpty()) found_() = message.mid(int(sizeof "Corrupt JPEG data: ") - 1);
      return;
    }
    if (previousHandler())
      previousHandler()(type, context, message);
    else
      std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
  }
};

} // namespace

QImage readImage(const QString& path)
{
  checkFile(path);
  // Before Qt reads even the header: its PNG reader allocates whatever a chunk before the pixels claims.
  if (const QString damage = ui::image::damagedImageReason(path); !damage.isEmpty())
    throw usageError("cannot read image " + quoted(path) + ": " + damage.toStdString());
  // Qt's own guard against bombs: refuse to allocate more than this many MiB for one decoded image.
  QImageReader::setAllocationLimit(int((kMaxImagePixels * 4) >> 20));
  QImageReader reader(path);
  reader.setAutoTransform(true);
  if (!reader.canRead())
    throw usageError("cannot read image " + quoted(path) + ": " +
                     (reader.error() == QImageReader::UnsupportedFormatError
                          ? ui::image::unsupportedFormatReason(path).toStdString()
                          : reader.errorString().toStdString()));
  checkClaimedSize(path, reader.size());
  QImage image;
  {
    const JpegCorruptionWatch watch;
    image = reader.read();
    if (!watch.what().isEmpty())
      throw usageError("cannot read image " + quoted(path) + ": the JPEG data is corrupt (" +
                       watch.what().toStdString() + ")");
  }
  if (image.isNull())
    throw usageError("cannot read image " + quoted(path) + ": " + reader.errorString().toStdString() +
                     " (truncated or corrupt?)");
  checkClaimedSize(path, image.size());
  return image;
}

void checkOutputImageName(const QString& path)
{
  const QByteArray suffix = QFileInfo(path).suffix().toLower().toLatin1();
  const QList<QByteArray> writable = QImageWriter::supportedImageFormats();
  if (writable.contains(suffix)) return;
  throw usageError("cannot write " + quoted(path) + ": its suffix names no image format written here (" +
                   writable.join(", ").toStdString() + ")");
}

void writeImage(const QImage& image, const QString& path)
{
  OutputFile file(path);
  file.writeImage(image, QFileInfo(path).suffix().toLower().toLatin1());
  file.commit();
}

const char* const kPadHelp =
    "--pad none|zero|mirror (default none) pads the image before the transform to P x Q, the next sizes\n"
    ">= 2W and >= 2H whose only prime factors are 2, 3 and 5 (not powers of two), and crops the result\n"
    "back to W x H: zero puts the image in the top-left corner of a black canvas, mirror fills the canvas\n"
    "with reflections of the image, so its edges no longer wrap around onto the opposite ones (no bright\n"
    "cross through the spectrum, no smear of one edge into the other). Without padding the DFT joins the\n"
    "left edge to the right one and the top to the bottom.";

void checkPaddedSize(QSize size, imaging::PadMode mode)
{
  if (mode == imaging::PadMode::None) return;
  const auto [pw, ph] = imaging::paddedExtent(mode, std::size_t(size.width()), std::size_t(size.height()));
  const std::uint64_t needed = std::uint64_t(pw) * ph * 40; // as for an unpadded image of that size
  const auto available = availableMemoryBytes();
  if (available && needed > *available)
    throw usageError("--pad " + imaging::toString(mode) + " transforms " + std::to_string(pw) + "x" +
                     std::to_string(ph) + " pixels, which needs about " + formatBytes(needed) +
                     " of memory; " + formatBytes(*available) + " is available (try --pad none)");
}

QCommandLineOption padOption()
{
  return QCommandLineOption(QStringLiteral("pad"),
                            QStringLiteral("none (default), zero or mirror; see above."),
                            QStringLiteral("mode"));
}

imaging::PadMode padMode(const QCommandLineParser& parser)
{
  const QString text = parser.value(QStringLiteral("pad"));
  if (text.isEmpty() && !parser.isSet(QStringLiteral("pad"))) return imaging::PadMode::None;
  for (auto mode : {imaging::PadMode::None, imaging::PadMode::Zero, imaging::PadMode::Mirror})
    if (text == QString::fromStdString(toString(mode))) return mode;
  throw usageError("--pad must be one of none, zero, mirror, got '" + text.toStdString() + "'");
}

} // namespace spectrascope::cli
