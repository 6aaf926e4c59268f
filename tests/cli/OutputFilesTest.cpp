// What the commands leave behind when writing fails: a full disk (a real tmpfs, or a file-size limit that
// fails writes the same way without privileges), a read-only target, a CSV that cannot be written after
// the PNG could, and an OUT that is the input under another name. OUT is as it was, nothing partial
// remains, and the message gives the system's reason.

#include "CliProcess.h"
#include "ScratchVolume.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include <unistd.h>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;
using testing::Not;

const QString kData = QStringLiteral(SPECTRASCOPE_TEST_DATA);
const QByteArray kOldContent = QByteArrayLiteral("what OUT held before the command ran\n");

QByteArray contentOf(const QString& path)
{
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

class OutputFiles : public testing::Test
{
protected:
  void SetUp() override
  {
    ASSERT_TRUE(dir_.isValid());
    // A 96 x 64 colour image and a 1 s tone: enough to make outputs far larger than what is left.
    QImage image(96, 64, QImage::Format_RGB32);
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x)
        image.setPixel(x, y, qRgb((x * 37 + y * 11) % 256, (x * y) % 256, (x * 5 + y * 29) % 256));
    ASSERT_TRUE(image.save(path("in.png")));
    std::vector<float> signal(2 * 65536);
    for (std::size_t i = 0; i < signal.size(); ++i)
      signal[i] = float(std::sin(0.001 * double(i)));
    writeFloatFile(path("in.bin"), signal);
  }

  QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

  static QStringList commandWritingTo(const std::string& which, const QString& in, const QString& out)
  {
    if (which == "fft") return {"fft", "--n", "65536", "--backend", "fftw", in, out};
    if (which == "spectrum") return {"spectrum", "--backend", "fftw", in, out};
    if (which == "filter")
      return {"filter", "--backend", "fftw", "--mask", "lowpass", "--cutoff", "0.1", in, out};
    return {"spectrogram", "--backend", "fftw", "--fft", "256", "--hop", "64", in, out};
  }
  QString inputFor(const std::string& which) const
  {
    if (which == "fft") return path("in.bin");
    if (which == "spectrogram") return kData + QStringLiteral("/tones_440_1000_5000.wav");
    return path("in.png");
  }
  static QString outName(const std::string& which) { return which == "fft" ? "out.bin" : "out.png"; }

  QTemporaryDir dir_;
};

class EveryWritingCommand : public OutputFiles, public testing::WithParamInterface<std::string>
{
};

TEST_P(EveryWritingCommand, FullDiskIsARuntimeFailureWithTheSystemsReasonAndOutIsUntouched)
{
  ScratchVolume volume(ScratchVolume::Mode::Full);
  if (!volume.mounted()) GTEST_SKIP() << volume.why().toStdString();
  const QString out = volume.path(outName(GetParam()));
  volume.put(outName(GetParam()), kOldContent);
  volume.seal();
  const CliResult run = runCli(commandWritingTo(GetParam(), inputFor(GetParam()), out));
  EXPECT_FALSE(run.crashed) << run.err;
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_THAT(run.err, HasSubstr("No space left on device"));
  EXPECT_THAT(run.err, Not(HasSubstr("Unknown error")));
  EXPECT_EQ(contentOf(out), kOldContent);
  EXPECT_EQ(volume.entries(), QStringList{outName(GetParam())}) << "a partial temporary was left behind";
}

TEST_P(EveryWritingCommand, ReadOnlyTargetIsARuntimeFailureWithTheSystemsReason)
{
  ScratchVolume volume(ScratchVolume::Mode::ReadOnly);
  if (!volume.mounted()) GTEST_SKIP() << volume.why().toStdString();
  const QString out = volume.path(outName(GetParam()));
  volume.put(outName(GetParam()), kOldContent);
  volume.seal();
  const CliResult run = runCli(commandWritingTo(GetParam(), inputFor(GetParam()), out));
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_THAT(run.err, HasSubstr("Read-only file system"));
  EXPECT_EQ(contentOf(out), kOldContent);
}

// Without privileges: RLIMIT_FSIZE fails a write past 4 KiB with EFBIG, just as a full disk fails it.
TEST_P(EveryWritingCommand, FailedWriteLeavesOutAsItWasAndNoTemporary)
{
  const QString out = path(qPrintable(outName(GetParam())));
  QFile old(out);
  ASSERT_TRUE(old.open(QIODevice::WriteOnly));
  old.write(kOldContent);
  old.close();
  const QStringList before = QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden);
  const CliResult run =
      runCliWithFileSizeLimit(commandWritingTo(GetParam(), inputFor(GetParam()), out), 4096);
  EXPECT_FALSE(run.crashed) << run.err;
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_THAT(run.err, HasSubstr("File too large"));
  EXPECT_THAT(run.err, Not(HasSubstr("Unknown error")));
  EXPECT_EQ(contentOf(out), kOldContent);
  EXPECT_EQ(QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden), before);
}

INSTANTIATE_TEST_SUITE_P(Commands, EveryWritingCommand,
                         testing::Values("fft", "spectrum", "filter", "spectrogram"));

TEST_F(OutputFiles, SpectrogramWritesPngAndCsvBothOrNeither)
{
  const QString wav = kData + QStringLiteral("/tones_440_1000_5000.wav");
  // The CSV's folder does not exist: refused before any work, and no PNG appears.
  CliResult run = runCli({"spectrogram", "--fft", "256", wav, path("a.png"), "--csv", "/nonexistent/x.csv"});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_THAT(run.err, HasSubstr("/nonexistent"));
  EXPECT_FALSE(QFile::exists(path("a.png")));

  // The CSV cannot be written (2.3 MB, beyond the 1 MiB limit the 0.3 MB PNG fits in): the old PNG stays.
  QFile old(path("b.png"));
  ASSERT_TRUE(old.open(QIODevice::WriteOnly));
  old.write(kOldContent);
  old.close();
  run = runCliWithFileSizeLimit(
      {"spectrogram", "--fft", "256", "--hop", "64", wav, path("b.png"), "--csv", path("b.csv")},
      1024 * 1024);
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_THAT(run.err, HasSubstr("File too large"));
  EXPECT_EQ(contentOf(path("b.png")), kOldContent);
  EXPECT_FALSE(QFile::exists(path("b.csv")));
}

TEST_F(OutputFiles, SpectrogramCsvOnAReadOnlyVolumeLeavesNoPng)
{
  ScratchVolume volume(ScratchVolume::Mode::ReadOnly);
  if (!volume.mounted()) GTEST_SKIP() << volume.why().toStdString();
  volume.seal();
  const CliResult run =
      runCli({"spectrogram", "--fft", "256", kData + QStringLiteral("/tones_440_1000_5000.wav"),
              path("c.png"), "--csv", volume.path(QStringLiteral("c.csv"))});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_THAT(run.err, HasSubstr("Read-only file system"));
  EXPECT_FALSE(QFile::exists(path("c.png")));
}

// OUT names the input's own inode: through a hard link, a symbolic link or a path with "..".
TEST_F(OutputFiles, OutThatIsTheInputByAnyNameIsRefusedAndTheInputSurvives)
{
  const QByteArray original = contentOf(path("in.png"));
  ASSERT_EQ(::link(qPrintable(path("in.png")), qPrintable(path("hard.png"))), 0);
  ASSERT_EQ(::symlink(qPrintable(path("in.png")), qPrintable(path("soft.png"))), 0);
  ASSERT_TRUE(QDir(dir_.path()).mkdir(QStringLiteral("sub")));
  const QString dotted = dir_.path() + QStringLiteral("/sub/../in.png");
  for (const QString& out : {path("hard.png"), path("soft.png"), dotted}) {
    for (const std::string command : {"spectrum", "filter"}) {
      const CliResult run = runCli(commandWritingTo(command, path("in.png"), out));
      EXPECT_EQ(run.exitCode, 2) << command << " " << out.toStdString() << ": " << run.err;
      EXPECT_THAT(run.err, HasSubstr("is the input"));
    }
  }
  EXPECT_EQ(contentOf(path("in.png")), original);

  const QByteArray signal = contentOf(path("in.bin"));
  ASSERT_EQ(::link(qPrintable(path("in.bin")), qPrintable(path("hard.bin"))), 0);
  CliResult run = runCli(commandWritingTo("fft", path("in.bin"), path("hard.bin")));
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_EQ(contentOf(path("in.bin")), signal);

  // spectrogram: the PNG, and the CSV, each refused when it is the WAV.
  const QString wav = path("tone.wav");
  ASSERT_TRUE(QFile::copy(kData + QStringLiteral("/tones_440_1000_5000.wav"), wav));
  const QByteArray sound = contentOf(wav);
  ASSERT_EQ(::link(qPrintable(wav), qPrintable(path("tone.png"))), 0);
  ASSERT_EQ(::link(qPrintable(wav), qPrintable(path("tone.csv"))), 0);
  run = runCli({"spectrogram", wav, path("tone.png")});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  run = runCli({"spectrogram", wav, path("other.png"), "--csv", path("tone.csv")});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_EQ(contentOf(wav), sound);
  EXPECT_FALSE(QFile::exists(path("other.png")));
}

} // namespace
} // namespace spectrascope::test
