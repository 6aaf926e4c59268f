// With no OpenCL driver registered (OCL_ICD_VENDORS names an empty directory, for the child process only),
// `devices` says why and `fft --backend auto` still works through FFTW.

#include "CliProcess.h"
#include "spectrascope/engine/Reference.h"

#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;

QProcessEnvironment withoutOpenCl()
{
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(EMPTY_ICD_VENDORS));
  return environment;
}

TEST(NoOpenCl, DevicesReportsTheProblem)
{
  const CliResult run = runCli({"devices"}, withoutOpenCl());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("OpenCL devices:\n  none\n  problem: "));
  EXPECT_THAT(run.out, HasSubstr("Default backend: fftw"));
  EXPECT_THAT(run.out, HasSubstr("fallback: "));
}

TEST(NoOpenCl, AutoFftFallsBackToFftw)
{
  const TransformDescriptor d = TransformDescriptor::complex1d(512, 2);
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), 7);
  QTemporaryDir dir;
  const QString in = dir.filePath(QStringLiteral("in.bin")), out = dir.filePath(QStringLiteral("out.bin"));
  writeFloatFile(in, input);

  const CliResult run = runCli(
      {"fft", "--backend", "auto", "--n", "512", "--batch", "2", "--timings", in, out}, withoutOpenCl());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.err, HasSubstr("timings on fftw"));
  EXPECT_LT(reference::relativeL2Error(readFloatFile(out), reference::transform(d, input)), 1e-5);
}

TEST(NoOpenCl, ExplicitOpenClRequestSaysWhyFftwServes)
{
  const TransformDescriptor d = TransformDescriptor::complex1d(64);
  QTemporaryDir dir;
  const QString in = dir.filePath(QStringLiteral("in.bin")), out = dir.filePath(QStringLiteral("out.bin"));
  writeFloatFile(in, reference::randomSignal(d.inputFloats(), 8));
  const CliResult run = runCli({"fft", "--backend", "opencl", "--n", "64", in, out}, withoutOpenCl());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.err, HasSubstr("spectrascope-cli: opencl unavailable: "));
}

} // namespace
} // namespace spectrascope::test
