// `spectrascope-cli` refuses what it cannot do with a message and the documented exit code: 2 for the
// caller's mistakes (arguments, files), never a crash.

#include "CliProcess.h"

#include <QFile>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;
using testing::StartsWith;

class FftArguments : public testing::Test
{
protected:
  void SetUp() override
  {
    ASSERT_TRUE(dir_.isValid());
    input_ = dir_.filePath(QStringLiteral("in.bin"));
    output_ = dir_.filePath(QStringLiteral("out.bin"));
    writeFloatFile(input_, std::vector<float>(2 * 1024 * 4, 0.25f)); // --n 1024 --batch 4
  }

  // Runs, then checks the exit code, that nothing crashed and that the message is ours.
  CliResult expectUsageError(const QStringList& arguments)
  {
    const CliResult run = runCli(arguments);
    EXPECT_FALSE(run.crashed) << run.err;
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_THAT(run.err, StartsWith("spectrascope-cli: "));
    EXPECT_FALSE(QFile::exists(output_)) << "no output may be written on an error";
    return run;
  }

  QTemporaryDir dir_;
  QString input_, output_;
};

TEST_F(FftArguments, GoodArgumentsSucceed)
{
  const CliResult run = runCli({"fft", "--n", "1024", "--batch", "4", "--backend", "fftw", input_, output_});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(readFloatFile(output_).size(), 2u * 1024 * 4);
}

TEST_F(FftArguments, UnknownOption)
{
  EXPECT_THAT(expectUsageError({"fft", "--n", "1024", "--frobnicate", input_, output_}).err,
              HasSubstr("frobnicate"));
}

TEST_F(FftArguments, UnknownCommand)
{
  EXPECT_THAT(expectUsageError({"transmogrify"}).err, HasSubstr("unknown command 'transmogrify'"));
}

TEST_F(FftArguments, NoCommand)
{
  expectUsageError({});
}

TEST_F(FftArguments, MissingN)
{
  EXPECT_THAT(expectUsageError({"fft", input_, output_}).err, HasSubstr("--n"));
}

TEST_F(FftArguments, NotANumber)
{
  EXPECT_THAT(expectUsageError({"fft", "--n", "lots", input_, output_}).err, HasSubstr("'lots'"));
  expectUsageError({"fft", "--n", "0", input_, output_});
  expectUsageError({"fft", "--n", "-8", input_, output_});
}

TEST_F(FftArguments, MissingOutputName)
{
  expectUsageError({"fft", "--n", "1024", "--batch", "4", input_});
}

TEST_F(FftArguments, MissingInputFile)
{
  const QString missing = dir_.filePath(QStringLiteral("nothing-here.bin"));
  EXPECT_THAT(expectUsageError({"fft", "--n", "1024", missing, output_}).err, HasSubstr("no such file"));
}

TEST_F(FftArguments, WrongFileSize)
{
  const CliResult run = expectUsageError({"fft", "--n", "1024", "--batch", "2", input_, output_});
  EXPECT_THAT(run.err, HasSubstr("holds 32768 bytes; --n 1024 --batch 2 needs 16384"));
}

TEST_F(FftArguments, AbsurdSizeIsRefusedBeforeAllocating)
{
  EXPECT_THAT(expectUsageError({"fft", "--n", "99999999999", input_, output_}).err, HasSubstr("memory"));
  EXPECT_THAT(expectUsageError({"fft", "--n", "4294967296", "--n2", "4294967296", "--batch", "4294967296",
                                input_, output_})
                  .err,
              HasSubstr("too large"));
}

TEST_F(FftArguments, UnknownBackend)
{
  const CliResult run =
      expectUsageError({"fft", "--n", "1024", "--batch", "4", "--backend", "warp-drive", input_, output_});
  EXPECT_THAT(run.err, HasSubstr("unknown backend 'warp-drive'"));
}

TEST_F(FftArguments, HelpSucceeds)
{
  const CliResult top = runCli({"--help"});
  EXPECT_EQ(top.exitCode, 0) << top.err;
  EXPECT_THAT(top.out, HasSubstr("Usage: spectrascope-cli COMMAND"));
  const CliResult fft = runCli({"fft", "--help"});
  EXPECT_EQ(fft.exitCode, 0) << fft.err;
  EXPECT_THAT(fft.out, HasSubstr("Usage: spectrascope-cli fft [options] IN OUT"));
}

} // namespace
} // namespace spectrascope::test
