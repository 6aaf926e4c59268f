#include "ImageSamples.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>

#include <array>
#include <cstdint>

namespace spectrascope::test::samples {
namespace {

// Numerical Recipes' LCG: the same noise everywhere, every run.
std::uint32_t next(std::uint32_t& state)
{
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

std::uint32_t crc32(const QByteArray& bytes)
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
  for (char b : bytes)
    c = table[(c ^ std::uint8_t(b)) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

void be32(QByteArray& out, std::uint32_t v)
{
  for (int shift = 24; shift >= 0; shift -= 8)
    out += char((v >> shift) & 0xff);
}

void le16(QByteArray& out, int v)
{
  out += char(v & 0xff);
  out += char((v >> 8) & 0xff);
}

// A GIF89a with a 256-colour global table and one LZW image that sends every pixel as a literal,
// starting over with a clear code before the codes would grow past 9 bits.
QByteArray gifNoise(int width, int height)
{
  QByteArray out("GIF89a");
  le16(out, width);
  le16(out, height);
  out += char(0xf7); // global table, 8 bits of colour resolution, 2^8 entries
  out += char(0);
  out += char(0);
  for (int i = 0; i < 256; ++i) {
    out += char(i);
    out += char((i * 7) & 0xff);
    out += char(255 - i);
  }
  out += char(0x2c);
  le16(out, 0);
  le16(out, 0);
  le16(out, width);
  le16(out, height);
  out += char(0);
  out += char(8); // minimum code size
  QByteArray codes;
  std::uint32_t bits = 0, state = 7;
  int held = 0;
  auto put = [&](int code) {
    bits |= std::uint32_t(code) << held;
    held += 9;
    while (held >= 8) {
      codes += char(bits & 0xff);
      bits >>= 8;
      held -= 8;
    }
  };
  for (int i = 0; i < width * height; ++i) {
    if (i % 200 == 0) put(256);
    put(int(next(state) & 0xff));
  }
  put(257);
  if (held > 0) codes += char(bits & 0xff);
  for (int at = 0; at < codes.size(); at += 255) {
    const QByteArray block = codes.mid(at, 255);
    out += char(block.size());
    out += block;
  }
  out += char(0);
  out += char(0x3b);
  return out;
}

} // namespace

QByteArray encodedNoise(const char* format, int width, int height)
{
  const QByteArray name(format);
  if (name == "gif") return gifNoise(width, height);
  const bool grey = name == "pgm";
  QImage image(width, height, grey ? QImage::Format_Grayscale8 : QImage::Format_RGB888);
  std::uint32_t state = 3;
  for (int y = 0; y < height; ++y) {
    uchar* line = image.scanLine(y);
    for (int x = 0; x < (grey ? width : 3 * width); ++x)
      line[x] = uchar(next(state));
  }
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QImageWriter writer(&buffer, name == "jpg" ? QByteArray("jpeg") : name);
  if (name == "webp") writer.setQuality(100); // lossless: no tiny payload to cut short
  if (!writer.write(image)) return {};
  return bytes;
}

int gifFirstDataSubBlock(const QByteArray& gif)
{
  // Header (6), screen descriptor (7), global table (3 * 256), image descriptor (10), code size (1), then
  // the first sub-block's length byte.
  const int at = 6 + 7 + 3 * 256 + 10 + 1 + 1;
  return gif.size() > at + 255 ? at : -1;
}

QByteArray pngWithHugeTextChunk()
{
  QByteArray out("\x89PNG\r\n\x1a\n", 8);
  QByteArray ihdr("IHDR");
  be32(ihdr, 8);
  be32(ihdr, 8);
  ihdr += char(8); // bit depth
  ihdr += char(2); // RGB
  ihdr += QByteArray(3, '\0');
  be32(out, 13);
  out += ihdr;
  be32(out, crc32(ihdr));
  be32(out, 0x7ffffff0u);
  out += "tEXt";
  out += QByteArray("Comment\0", 8);
  while (out.size() < 105)
    out += 'A';
  return out;
}

} // namespace spectrascope::test::samples
