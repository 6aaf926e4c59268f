#include "spectrascope/ui/image/ImageFormats.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QImageWriter>

#include <algorithm>

namespace spectrascope::ui::image {
namespace {

QString tr(const char* text)
{
  return QCoreApplication::translate("spectrascope::ui::image::ImageFormats", text);
}

bool anyOf(const QByteArrayList& keys, const QList<QByteArray>& supported)
{
  return std::any_of(keys.begin(), keys.end(),
                     [&](const QByteArray& key) { return supported.contains(key); });
}

// The signatures of the known formats, from their specifications (PNG, JFIF/Exif, BMP, GIF87a/89a,
// Netpbm P1..P6, TIFF little- and big-endian, RIFF WebP). Netpbm's "P" and a digit is short, but the
// suffix is only consulted when no signature matches, so a PNG named .pgm is still called a PNG.
std::optional<QString> formatFromSignature(const QByteArray& head)
{
  if (head.startsWith("\x89PNG\r\n\x1a\n")) return QStringLiteral("PNG");
  if (head.startsWith("\xff\xd8\xff")) return QStringLiteral("JPEG");
  if (head.startsWith("BM")) return QStringLiteral("BMP");
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return QStringLiteral("GIF");
  if (head.size() >= 2 && head[0] == 'P' && head[1] >= '1' && head[1] <= '6')
    return QStringLiteral("PBM/PGM/PPM");
  if (head.startsWith(QByteArray("II*\0", 4)) || head.startsWith(QByteArray("MM\0*", 4)))
    return QStringLiteral("TIFF");
  if (head.size() >= 12 && head.startsWith("RIFF") && head.mid(8, 4) == "WEBP") return QStringLiteral("WebP");
  return std::nullopt;
}

const ImageFormat* formatNamed(const QString& name)
{
  for (const ImageFormat& format : knownImageFormats())
    if (format.name == name) return &format;
  return nullptr;
}

QString patterns(const ImageFormat& format)
{
  QStringList list;
  for (const QString& suffix : format.suffixes)
    list << QStringLiteral("*.") + suffix;
  return list.join(QLatin1Char(' '));
}

// "PNG (*.png)", "JPEG (*.jpg *.jpeg)", … for the formats `usable` accepts.
QStringList formatFilters(bool (*usable)(const ImageFormat&), QStringList* allPatterns = nullptr)
{
  QStringList each;
  for (const ImageFormat& format : knownImageFormats()) {
    if (!usable(format)) continue;
    if (allPatterns) *allPatterns << patterns(format);
    each << QStringLiteral("%1 (%2)").arg(format.name, patterns(format));
  }
  return each;
}

} // namespace

const std::vector<ImageFormat>& knownImageFormats()
{
  // Qt Gui decodes the first five itself or with plugins it ships (libqt6gui6); TIFF and WebP need the
  // plugins of qt6-image-formats-plugins.
  static const std::vector<ImageFormat> formats = {
      {QStringLiteral("PNG"), {"png"}, {QStringLiteral("png")}, QStringLiteral("libqt6gui6")},
      {QStringLiteral("JPEG"),
       {"jpeg", "jpg"},
       {QStringLiteral("jpg"), QStringLiteral("jpeg")},
       QStringLiteral("libqt6gui6")},
      {QStringLiteral("BMP"), {"bmp"}, {QStringLiteral("bmp")}, QStringLiteral("libqt6gui6")},
      {QStringLiteral("GIF"), {"gif"}, {QStringLiteral("gif")}, QStringLiteral("libqt6gui6")},
      {QStringLiteral("PBM/PGM/PPM"),
       {"pbm", "pgm", "ppm"},
       {QStringLiteral("pbm"), QStringLiteral("pgm"), QStringLiteral("ppm")},
       QStringLiteral("libqt6gui6")},
      {QStringLiteral("TIFF"),
       {"tif", "tiff"},
       {QStringLiteral("tif"), QStringLiteral("tiff")},
       QStringLiteral("qt6-image-formats-plugins")},
      {QStringLiteral("WebP"),
       {"webp"},
       {QStringLiteral("webp")},
       QStringLiteral("qt6-image-formats-plugins")},
  };
  return formats;
}

bool canRead(const ImageFormat& format)
{
  return anyOf(format.keys, QImageReader::supportedImageFormats());
}

bool canWrite(const ImageFormat& format)
{
  return anyOf(format.keys, QImageWriter::supportedImageFormats());
}

std::optional<ImageFormat> guessImageFormat(const QString& path)
{
  QFile file(path);
  if (file.open(QIODevice::ReadOnly))
    if (const auto name = formatFromSignature(file.read(16)))
      if (const ImageFormat* format = formatNamed(*name)) return *format;
  const QString suffix = QFileInfo(path).suffix().toLower();
  for (const ImageFormat& format : knownImageFormats())
    if (format.suffixes.contains(suffix)) return format;
  return std::nullopt;
}

namespace {
// Whether JPEG data (SOI first) reaches its end-of-image marker: segments are skipped by their lengths,
// and entropy-coded data after each start-of-scan is walked to the next marker (0xFF followed by a byte
// other than 0x00 stuffing or a restart marker). A thumbnail's markers sit inside its APP1 segment, which
// is skipped whole; bytes after the end marker (a phone's trailer) are not looked at.
bool jpegReachesEnd(const uchar* data, qint64 size)
{
  qint64 at = 2; // after SOI
  while (at + 4 <= size) {
    if (data[at] != 0xFF) return false;
    const uchar marker = data[at + 1];
    if (marker == 0xFF) { // fill byte
      ++at;
      continue;
    }
    if (marker == 0xD9) return true; // EOI
    const qint64 length = (qint64(data[at + 2]) << 8) | data[at + 3];
    at += 2 + length;
    if (marker != 0xDA) continue; // SOS: entropy-coded data follows its header
    while (at + 1 < size && !(data[at] == 0xFF && data[at + 1] != 0x00 && (data[at + 1] & 0xF8) != 0xD0))
      ++at;
  }
  return at + 1 < size && data[at] == 0xFF && data[at + 1] == 0xD9;
}
} // namespace

QString truncatedJpegReason(const QString& path)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly) || formatFromSignature(file.read(16)) != QStringLiteral("JPEG"))
    return {};
  const uchar* data = file.map(0, file.size());
  if (!data || jpegReachesEnd(data, file.size())) return {};
  return tr("the JPEG data ends before its end marker (the file is truncated)");
}

QString readableFormatNames()
{
  QStringList names;
  for (const ImageFormat& format : knownImageFormats())
    if (canRead(format)) names << format.name;
  return names.join(QStringLiteral(", "));
}

QString unsupportedFormatReason(const QString& path)
{
  const auto format = guessImageFormat(path);
  if (format && !canRead(*format))
    return tr("%1 images cannot be read here: Qt's %1 image plugin is not installed (Debian package %2)")
        .arg(format->name, format->package);
  return tr("not an image in a format this program reads (%1)").arg(readableFormatNames());
}

QString openDialogFilter()
{
  QStringList all;
  const QStringList each = formatFilters(&canRead, &all);
  return (QStringList{tr("Images (%1)").arg(all.join(QLatin1Char(' ')))} + each +
          QStringList{tr("All files (*)")})
      .join(QStringLiteral(";;"));
}

QString saveDialogFilter()
{
  return formatFilters(&canWrite).join(QStringLiteral(";;"));
}

} // namespace spectrascope::ui::image
