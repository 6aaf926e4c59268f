// Image files made to hurt: cut off or corrupt in every format Qt reads (some of its decoders fill what
// is missing with black, or with whatever memory held), a pixel offset past the end, and a 105-byte PNG
// whose chunk claims 2 GiB. Each is refused with exit code 2 before anything large is allocated.

#include "CliProcess.h"
#include "ImageSamples.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;

QByteArray contentOf(const QString& path)
{
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes)
{
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  ASSERT_EQ(file.write(bytes), bytes.size());
}

class HostileImages : public testing::Test
{
protected:
  void SetUp() override { ASSERT_TRUE(dir_.isValid()); }
  QString path(const QString& name) const { return dir_.filePath(name); }

  // `spectrum` and `filter` both refuse it, with exit code 2, naming the file, and write nothing.
  void expectRefused(const QString& name, const QByteArray& bytes, const char* words)
  {
    writeBytes(path(name), bytes);
    for (const QStringList& command :
         {QStringList{"spectrum", "--backend", "fftw", path(name), path("out.png")},
          QStringList{"filter", "--backend", "fftw", "--mask", "lowpass", "--cutoff", "0.2", path(name),
                      path("out.png")}}) {
      const CliResult run = runCli(command);
      EXPECT_FALSE(run.crashed) << run.err;
      EXPECT_EQ(run.exitCode, 2) << name.toStdString() << " was not refused: " << run.err;
      EXPECT_THAT(run.err, HasSubstr(name.toStdString()));
      EXPECT_THAT(run.err, HasSubstr(words)) << name.toStdString();
      EXPECT_FALSE(QFile::exists(path("out.png")));
    }
  }

  QTemporaryDir dir_;
};

class CutOffImage : public HostileImages, public testing::WithParamInterface<const char*>
{
};

TEST_P(CutOffImage, IsRefusedAsTruncated)
{
  const QByteArray whole = samples::encodedNoise(GetParam());
  ASSERT_FALSE(whole.isEmpty()) << GetParam();
  expectRefused(QStringLiteral("cut.") + GetParam(), whole.left(whole.size() * 6 / 10), "truncated");
}

INSTANTIATE_TEST_SUITE_P(Formats, CutOffImage,
                         testing::Values("png", "bmp", "gif", "jpg", "pgm", "ppm", "tif", "webp"));

TEST_F(HostileImages, TheWholeSamplesAreRead)
{
  for (const char* format : {"png", "bmp", "gif", "jpg", "pgm", "ppm", "tif", "webp"}) {
    const QString name = QStringLiteral("whole.") + format;
    writeBytes(path(name), samples::encodedNoise(format));
    const CliResult run = runCli({"spectrum", "--backend", "fftw", path(name), path("ok.png")});
    EXPECT_EQ(run.exitCode, 0) << format << ": " << run.err;
  }
}

TEST_F(HostileImages, BmpWhosePixelsLieBeyondItsEndIsRefused)
{
  QByteArray bmp = samples::encodedNoise("bmp");
  const quint32 beyond = quint32(bmp.size() + 4096);
  for (int i = 0; i < 4; ++i)
    bmp[10 + i] = char((beyond >> (8 * i)) & 0xff); // bfOffBits
  expectRefused(QStringLiteral("offset.bmp"), bmp, "truncated");
}

TEST_F(HostileImages, GifWithGarbageCodesIsRefused)
{
  QByteArray gif = samples::encodedNoise("gif");
  // Past the header, the colour table and the image descriptor: overwrite code bytes inside the first
  // data sub-block with ones (codes beyond the table, which a decoder cannot expand).
  const int data = samples::gifFirstDataSubBlock(gif);
  ASSERT_GT(data, 0);
  for (int i = data + 8; i < data + 200; ++i)
    gif[i] = char(0xff);
  expectRefused(QStringLiteral("garbage.gif"), gif, "corrupt");
}

TEST_F(HostileImages, PngWithAChunkOfTwoGibibytesIsRefusedWithoutAllocatingIt)
{
  const QByteArray png = samples::pngWithHugeTextChunk();
  ASSERT_EQ(png.size(), 105);
  expectRefused(QStringLiteral("huge-text.png"), png, "corrupt");
  const PeakMemoryResult run = runCliMeasuringMemory({"spectrum", path("huge-text.png"), path("out.png")});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_LT(run.peakResidentKiB, 300 * 1024) << "the header check allocated what the chunk claims";
}

TEST_F(HostileImages, PngWithABadChecksumIsRefused)
{
  QByteArray png = samples::encodedNoise("png");
  png[png.size() / 2] = char(png[png.size() / 2] ^ 0x5a); // inside the image data: its CRC no longer holds
  expectRefused(QStringLiteral("flipped.png"), png, "corrupt");
}

// Found by tests/fuzz: 704 bytes whose frame header claims 2048 x 65291 pixels and whose entropy-coded data
// stops early. libjpeg filled the rest in with a warning; the spectrum of 133 Mpx then ran for minutes.
TEST_F(HostileImages, JpegWhoseDataEndsEarlyIsRefusedAsCorrupt)
{
  const QByteArray jpeg =
      contentOf(QStringLiteral(SPECTRASCOPE_SOURCE_DIR "/tests/fuzz/regressions/jpeg-premature-end-2048x65291.jpg"));
  ASSERT_EQ(jpeg.size(), 704);
  writeBytes(path("short.jpg"), jpeg);
  const CliResult spectrum = runCli({"spectrum", "--backend", "fftw", path("short.jpg"), path("out.png")});
  EXPECT_EQ(spectrum.exitCode, 2) << spectrum.err;
  EXPECT_THAT(spectrum.err, HasSubstr("corrupt"));
  EXPECT_FALSE(QFile::exists(path("out.png")));
}

} // namespace
} // namespace spectrascope::test
