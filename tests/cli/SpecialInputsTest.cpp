// Inputs that are not what their names suggest: a FIFO or a device where a file is expected, random bytes
// named .mp3, a file whose name is not UTF-8, compressed audio cut off part-way. Each gets a message that
// says what the thing is.

#include "CliProcess.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sndfile.h>

#include <cmath>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;
using testing::Not;

class SpecialInputs : public testing::Test
{
protected:
  void SetUp() override { ASSERT_TRUE(dir_.isValid()); }
  QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

  // 2 s of a 440 Hz tone at 48 kHz in `format`, then cut to `fraction` of its bytes.
  QString cutTone(const char* name, int format, double fraction)
  {
    std::vector<short> samples(96000);
    for (std::size_t i = 0; i < samples.size(); ++i)
      samples[i] = short(8000 * std::sin(2 * M_PI * 440 * double(i) / 48000));
    SF_INFO info{};
    info.samplerate = 48000;
    info.channels = 1;
    info.format = format;
    const QString whole = path("whole.tmp");
    SNDFILE* file = sf_open(qPrintable(whole), SFM_WRITE, &info);
    EXPECT_NE(file, nullptr) << sf_strerror(nullptr);
    sf_write_short(file, samples.data(), sf_count_t(samples.size()));
    sf_close(file);
    QFile in(whole), out(path(name));
    EXPECT_TRUE(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
    out.write(in.read(qint64(double(in.size()) * fraction)));
    return path(name);
  }

  QTemporaryDir dir_;
};

TEST_F(SpecialInputs, AFifoIsCalledAFifo)
{
  ASSERT_EQ(::mkfifo(qPrintable(path("pipe")), 0600), 0);
  for (const QStringList& command : {QStringList{"spectrum", path("pipe"), path("out.png")},
                                     QStringList{"spectrogram", path("pipe"), path("out.png")}}) {
    const CliResult run = runCli(command);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_THAT(run.err, HasSubstr("FIFO"));
    EXPECT_THAT(run.err, Not(HasSubstr("empty")));
    EXPECT_THAT(run.err, Not(HasSubstr("no such")));
  }
}

TEST_F(SpecialInputs, ADeviceIsCalledADevice)
{
  for (const char* device : {"/dev/urandom", "/dev/null"}) {
    const CliResult run = runCli({"spectrogram", device, path("out.png")});
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_THAT(run.err, HasSubstr("is a device")) << device;
    const CliResult image = runCli({"spectrum", device, path("out.png")});
    EXPECT_EQ(image.exitCode, 2) << image.err;
    EXPECT_THAT(image.err, HasSubstr("a device")) << device;
  }
}

TEST_F(SpecialInputs, RandomBytesNamedMp3AreNotAudioLibsndfileCanRead)
{
  QFile file(path("noise.mp3"));
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  std::uint32_t state = 1;
  for (int i = 0; i < 20000; ++i) {
    state = state * 1664525u + 1013904223u;
    file.putChar(char(state >> 24));
  }
  file.close();
  const CliResult run = runCli({"spectrogram", path("noise.mp3"), path("out.png")});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_THAT(run.err, Not(HasSubstr("pipe")));
  EXPECT_THAT(run.err, HasSubstr("none of the formats libsndfile knows"));
}

TEST_F(SpecialInputs, AFileWhoseNameIsNotUtf8Opens)
{
  QImage image(32, 24, QImage::Format_RGB32);
  image.fill(qRgb(40, 90, 200));
  ASSERT_TRUE(image.save(path("plain.png")));
  // "caf\xe9.png": Latin-1, not UTF-8.
  const QByteArray latin1 = QFile::encodeName(dir_.path()) + "/caf\xe9.png";
  ASSERT_EQ(::rename(qPrintable(path("plain.png")), latin1.constData()), 0);
  // QProcess passes arguments as UTF-8 text; the name's own bytes need an exec of their own.
  const QByteArray out = QFile::encodeName(path("out.png"));
  const pid_t child = fork();
  if (child == 0) {
    const int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 2);
    ::execl(SPECTRASCOPE_CLI, SPECTRASCOPE_CLI, "spectrum", "--backend", "fftw", latin1.constData(),
            out.constData(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_FALSE(QImage(path("out.png")).isNull());
}

TEST_F(SpecialInputs, ACutOffFlacIsReadAsFarAsItGoesWithANote)
{
  const QString flac = cutTone("cut.flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 0.5);
  const CliResult run = runCli({"spectrogram", "--backend", "fftw", flac, path("out.png")});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.err, HasSubstr("note"));
  EXPECT_THAT(run.err, HasSubstr("cut off"));
  EXPECT_FALSE(QImage(path("out.png")).isNull());
}

TEST_F(SpecialInputs, ACutOffOggIsRefusedSayingSo)
{
  const QString ogg = cutTone("cut.ogg", SF_FORMAT_OGG | SF_FORMAT_VORBIS, 0.5);
  const CliResult run = runCli({"spectrogram", "--backend", "fftw", ogg, path("out.png")});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_THAT(run.err, HasSubstr("cut off"));
  EXPECT_THAT(run.err, Not(HasSubstr("hours")));
}

} // namespace
} // namespace spectrascope::test
