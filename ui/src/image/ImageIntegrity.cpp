#include "spectrascope/ui/image/ImageIntegrity.h"

#include "spectrascope/ui/image/ImageFormats.h"

#include <QCoreApplication>
#include <QFile>

#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <vector>

namespace spectrascope::ui::image {
namespace {

QString tr(const char* text)
{
  return QCoreApplication::translate("ImageIntegrity", text);
}

std::uint32_t be32(const uchar* p)
{
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}
std::uint32_t le32(const uchar* p)
{
  return std::uint32_t(p[3]) << 24 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[1]) << 8 | p[0];
}
std::uint16_t le16(const uchar* p)
{
  return std::uint16_t(p[0] | p[1] << 8);
}

std::uint32_t crc32(const uchar* data, std::size_t size)
{
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k)
        c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xffffffffu;
  for (std::size_t i = 0; i < size; ++i)
    c = table[(c ^ data[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

const QString kTruncated = QStringLiteral("(the file is truncated)");

// PNG: chunk after chunk, each within the file and each critical one's CRC right, from IHDR to IEND.
QString pngProblem(const uchar* data, qint64 size)
{
  qint64 at = 8;
  bool first = true, sawData = false;
  while (true) {
    if (size - at < 12) return tr("the PNG data ends before its end chunk (the file is truncated)");
    const std::uint32_t length = be32(data + at);
    const QString type = QString::fromLatin1(reinterpret_cast<const char*>(data + at + 4), 4);
    if (length > 0x7fffffffu || qint64(length) > size - at - 12)
      return tr("the PNG's '%1' chunk claims %2 bytes but the file ends %3 bytes later (the file is "
                "truncated or corrupt)")
          .arg(type)
          .arg(length)
          .arg(size - at - 12);
    if (first && type != QLatin1String("IHDR"))
      return tr("the PNG data is corrupt (it does not start with its header chunk)");
    first = false;
    // Critical chunks only (an upper-case first letter): libpng itself skips an ancillary chunk whose
    // checksum fails, and so may the file.
    const bool critical = (data[at + 4] & 0x20) == 0;
    if (critical && crc32(data + at + 4, length + 4) != be32(data + at + 8 + length))
      return tr("the PNG data is corrupt (the '%1' chunk's checksum does not match)").arg(type);
    sawData = sawData || type == QLatin1String("IDAT");
    at += 12 + length;
    if (type == QLatin1String("IEND"))
      return sawData ? QString() : tr("the PNG data is corrupt (it holds no image data)");
  }
}

// BMP: the pixel rows (or the run-length stream up to its end-of-bitmap code) lie inside the file.
QString bmpProblem(const uchar* data, qint64 size)
{
  if (size < 26) return tr("the BMP header is cut off (the file is truncated)");
  const std::uint32_t offset = le32(data + 10), headerSize = le32(data + 14);
  if (offset >= std::uint64_t(size))
    return tr("the BMP's pixels would start at byte %1, past the file's end at %2 (the file is truncated or "
              "corrupt)")
        .arg(offset)
        .arg(size);
  std::int64_t width = 0, height = 0;
  std::uint32_t bits = 0, compression = 0;
  if (headerSize == 12) {
    width = le16(data + 18);
    height = le16(data + 20);
    bits = le16(data + 24);
  } else if (headerSize >= 40 && size >= 54) {
    width = std::int32_t(le32(data + 18));
    height = std::int32_t(le32(data + 22));
    bits = le16(data + 28);
    compression = le32(data + 30);
  } else {
    return {}; // an unusual header: Qt's own checks decide
  }
  height = height < 0 ? -height : height;
  if (width <= 0 || height <= 0) return {};
  if (compression == 0 || compression == 3 || compression == 6) {
    const std::uint64_t row = (std::uint64_t(width) * bits + 31) / 32 * 4;
    const std::uint64_t needed = row * std::uint64_t(height);
    if (needed > std::uint64_t(size - offset))
      return tr("the BMP's %1 rows need %2 bytes but the file holds %3 after the header (the file is "
                "truncated)")
          .arg(height)
          .arg(needed)
          .arg(size - offset);
    return {};
  }
  if (compression == 1 || compression == 2) { // RLE8, RLE4: walk to the end-of-bitmap code
    qint64 at = offset;
    while (size - at >= 2) {
      const uchar count = data[at], code = data[at + 1];
      at += 2;
      if (count > 0) continue;
      if (code == 1) return {};
      if (code == 0) continue;
      if (code == 2) {
        at += 2;
        continue;
      }
      const qint64 bytes = compression == 1 ? code : (code + 1) / 2;
      at += bytes + (bytes & 1);
    }
    return tr("the BMP's compressed pixels end before their end code (the file is truncated)");
  }
  return {};
}

// One image's LZW codes: every code within the table, and as many pixels as the frame holds.
QString lzwProblem(const std::vector<uchar>& codes, int minimumSize, std::uint64_t pixels)
{
  if (minimumSize < 1 || minimumSize > 11)
    return tr("the GIF data is corrupt (LZW code size %1)").arg(minimumSize);
  const int clear = 1 << minimumSize, end = clear + 1;
  std::vector<std::uint32_t> length(4096, 1);
  int width = minimumSize + 1, next = clear + 2, previous = -1;
  std::uint64_t produced = 0, bitPosition = 0;
  const std::uint64_t totalBits = std::uint64_t(codes.size()) * 8;
  while (bitPosition + std::uint64_t(width) <= totalBits) {
    std::uint32_t code = 0;
    for (int b = 0; b < width; ++b, ++bitPosition)
      code |= std::uint32_t((codes[bitPosition >> 3] >> (bitPosition & 7)) & 1) << b;
    if (int(code) == clear) {
      width = minimumSize + 1;
      next = clear + 2;
      previous = -1;
      continue;
    }
    if (int(code) == end) break;
    std::uint32_t out = 0;
    if (previous < 0) {
      if (int(code) > clear) return tr("the GIF data is corrupt (an LZW code outside its table)");
      out = 1;
    } else if (int(code) < next) {
      out = length[code];
    } else if (int(code) == next) {
      out = length[std::size_t(previous)] + 1;
    } else {
      return tr("the GIF data is corrupt (an LZW code outside its table)");
    }
    produced += out;
    if (previous >= 0 && next < 4096) {
      length[std::size_t(next)] = length[std::size_t(previous)] + 1;
      ++next;
      if (next == (1 << width) && width < 12) ++width;
    }
    previous = int(code);
    if (produced >= pixels) return {};
  }
  if (produced < pixels)
    return tr("the GIF's image data ends after %1 of its %2 pixels (the file is truncated or corrupt)")
        .arg(produced)
        .arg(pixels);
  return {};
}

// GIF: blocks from the screen descriptor to the trailer, each image's codes complete.
QString gifProblem(const uchar* data, qint64 size)
{
  const QString cut = tr("the GIF data ends before its trailer (the file is truncated)");
  if (size < 13) return cut;
  qint64 at = 13;
  if (data[10] & 0x80) at += 3 * (qint64(1) << ((data[10] & 7) + 1));
  int images = 0;
  auto subBlocks = [&](std::vector<uchar>* into) {
    while (at < size) {
      const uchar n = data[at++];
      if (n == 0) return true;
      if (size - at < n) return false;
      if (into) into->insert(into->end(), data + at, data + at + n);
      at += n;
    }
    return false;
  };
  while (at < size) {
    const uchar block = data[at++];
    if (block == 0x3b) return images > 0 ? QString() : tr("the GIF data is corrupt (it holds no image)");
    if (block == 0x21) {
      if (at >= size || (++at, !subBlocks(nullptr))) return cut;
      continue;
    }
    if (block != 0x2c) return tr("the GIF data is corrupt (an unknown block at byte %1)").arg(at - 1);
    if (size - at < 10) return cut;
    const std::uint64_t pixels = std::uint64_t(le16(data + at + 4)) * le16(data + at + 6);
    const uchar flags = data[at + 8];
    at += 9;
    if (flags & 0x80) at += 3 * (qint64(1) << ((flags & 7) + 1));
    if (at >= size) return cut;
    const int minimumSize = data[at++];
    std::vector<uchar> codes;
    if (!subBlocks(&codes)) return cut;
    if (const QString problem = lzwProblem(codes, minimumSize, pixels); !problem.isEmpty()) return problem;
    ++images;
  }
  return cut;
}

// Binary PNM (P4, P5, P6): the header's size against the bytes after it.
QString pnmProblem(const uchar* data, qint64 size)
{
  const char kind = char(data[1]);
  if (kind != '4' && kind != '5' && kind != '6') return {};
  qint64 at = 2;
  std::uint64_t fields[3] = {0, 0, 0};
  const int count = kind == '4' ? 2 : 3;
  for (int f = 0; f < count; ++f) {
    while (at < size && (std::isspace(data[at]) || data[at] == '#')) {
      if (data[at] == '#')
        while (at < size && data[at] != '\n')
          ++at;
      else
        ++at;
    }
    if (at >= size || !std::isdigit(data[at])) return {}; // Qt's reader names a broken header
    while (at < size && std::isdigit(data[at]) && fields[f] < (std::uint64_t(1) << 40))
      fields[f] = fields[f] * 10 + std::uint64_t(data[at++] - '0');
  }
  ++at; // the single whitespace byte before the samples
  const std::uint64_t width = fields[0], height = fields[1], sampleBytes = fields[2] > 255 ? 2 : 1;
  const std::uint64_t needed = kind == '4'   ? (width + 7) / 8 * height
                               : kind == '5' ? width * height * sampleBytes
                                             : 3 * width * height * sampleBytes;
  if (at > size || needed > std::uint64_t(size - at))
    return tr("the image data needs %1 bytes but the file holds %2 after its header (the file is truncated)")
        .arg(needed)
        .arg(at > size ? 0 : size - at);
  return {};
}

} // namespace

QString damagedImageReason(const uchar* data, qint64 size)
{
  if (size >= 8 && std::memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0) return pngProblem(data, size);
  if (size >= 2 && data[0] == 'B' && data[1] == 'M') return bmpProblem(data, size);
  if (size >= 6 && (std::memcmp(data, "GIF87a", 6) == 0 || std::memcmp(data, "GIF89a", 6) == 0))
    return gifProblem(data, size);
  if (size >= 3 && data[0] == 'P' && std::isspace(data[2])) return pnmProblem(data, size);
  return {};
}

QString damagedImageReason(const QString& path)
{
  if (const QString jpeg = truncatedJpegReason(path); !jpeg.isEmpty()) return jpeg;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly) || file.size() == 0) return {};
  // Mapped, not read: the checks touch the pages they walk and allocate nothing the file claims.
  const uchar* data = file.map(0, file.size());
  if (!data) return {};
  return damagedImageReason(data, file.size());
}

} // namespace spectrascope::ui::image
