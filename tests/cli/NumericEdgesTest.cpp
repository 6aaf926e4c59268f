// Numbers at the edges of what the formulas survive: cutoffs so small that 2F^2 underflows (the mask's limit
// is DC alone: the flat mean image), window parameters whose Bessel function or Gaussian overflows or
// underflows, and NaN or infinity in a user's own signal.

#include "CliProcess.h"
#include "spectrascope/engine/DeviceInfo.h"

#include <QImage>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace spectrascope::test {
namespace {

using testing::HasSubstr;

const QString kData = QStringLiteral(SPECTRASCOPE_TEST_DATA);

class NumericEdges : public testing::Test
{
protected:
  void SetUp() override
  {
    ASSERT_TRUE(dir_.isValid());
    QImage image(48, 32, QImage::Format_RGB888);
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x)
        image.setPixel(x, y, qRgb((x * 5) % 256, (y * 8) % 256, ((x + y) * 3) % 256));
    ASSERT_TRUE(image.save(path("in.png")));
    image_ = image;
  }
  QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

  QImage filtered(const QString& backend, const QString& kind, const QString& profile, const QString& cutoff)
  {
    const CliResult run = runCli({"filter", "--backend", backend, "--mask", kind, "--profile", profile,
                                  "--cutoff", cutoff, path("in.png"), path("out.png")});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return QImage(path("out.png")).convertToFormat(QImage::Format_RGB888);
  }

  // Each channel's mean, as the DC-only low-pass leaves it everywhere.
  void expectFlatMean(const QImage& out, const std::string& what)
  {
    ASSERT_EQ(out.size(), image_.size()) << what;
    for (int channel = 0; channel < 3; ++channel) {
      double sum = 0;
      for (int y = 0; y < image_.height(); ++y)
        for (int x = 0; x < image_.width(); ++x)
          sum += image_.constScanLine(y)[3 * x + channel];
      const double mean = sum / (image_.width() * image_.height());
      int worst = 0;
      for (int y = 0; y < out.height(); ++y)
        for (int x = 0; x < out.width(); ++x)
          worst = std::max(worst, int(std::abs(out.constScanLine(y)[3 * x + channel] - mean) + 0.5));
      EXPECT_LE(worst, 1) << what << ": channel " << channel << " is not the flat mean " << mean;
    }
  }

  QTemporaryDir dir_;
  QImage image_;
};

TEST_F(NumericEdges, VanishingLowPassCutoffsLeaveTheFlatMeanImage)
{
  for (const char* profile : {"gaussian", "butterworth"})
    for (const char* cutoff : {"1e-200", "1e-310"})
      expectFlatMean(filtered("fftw", "lowpass", profile, cutoff), std::string(profile) + " " + cutoff);
}

TEST_F(NumericEdges, VanishingHighPassCutoffsRemoveOnlyTheMean)
{
  for (const char* profile : {"gaussian", "butterworth"}) {
    const QImage reference = filtered("fftw", "highpass", profile, "1e-6");
    EXPECT_EQ(filtered("fftw", "highpass", profile, "1e-200"), reference) << profile;
  }
}

TEST_F(NumericEdges, VanishingCutoffsOnTheDeviceToo)
{
  if (enumerateOpenClDevices().devices.empty()) GTEST_SKIP() << "no OpenCL device";
  for (const char* profile : {"gaussian", "butterworth"})
    for (const char* cutoff : {"1e-30", "1e-200"})
      expectFlatMean(filtered("opencl", "lowpass", profile, cutoff),
                     std::string("opencl ") + profile + " " + cutoff);
  // The device computes in float, the host in double: the same image within one level.
  const QImage device = filtered("opencl", "highpass", "gaussian", "1e-30"),
               host = filtered("fftw", "highpass", "gaussian", "1e-30");
  ASSERT_EQ(device.size(), host.size());
  int worst = 0;
  for (int y = 0; y < host.height(); ++y)
    for (int x = 0; x < 3 * host.width(); ++x)
      worst = std::max(worst, std::abs(device.constScanLine(y)[x] - host.constScanLine(y)[x]));
  EXPECT_LE(worst, 1);
}

class WindowBeyondItsRange : public testing::TestWithParam<const char*>
{
};

TEST_P(WindowBeyondItsRange, IsAUsageErrorNamingTheRange)
{
  QTemporaryDir dir;
  const CliResult run =
      runCli({"spectrogram", "--backend", "fftw", "--window", GetParam(),
              kData + QStringLiteral("/tones_440_1000_5000.wav"), dir.filePath(QStringLiteral("out.png"))});
  EXPECT_FALSE(run.crashed) << run.err;
  EXPECT_EQ(run.exitCode, 2) << GetParam() << ": " << run.err;
  EXPECT_THAT(run.err, HasSubstr(GetParam()));
  EXPECT_THAT(run.err, testing::AnyOf(HasSubstr("beta from"), HasSubstr("sigma from")));
}

INSTANTIATE_TEST_SUITE_P(Parameters, WindowBeyondItsRange,
                         testing::Values("kaiser:1e308", "kaiser:720", "kaiser:714", "gaussian:1e-300",
                                         "gaussian:1e-9"));

TEST(NumericEdgesSteps, NanOrInfinityInTheUsersSignalIsTheInputsFault)
{
  QTemporaryDir dir;
  for (const float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
    std::vector<float> values(2 * 16, 0.25f);
    values[7] = bad;
    const QString file = dir.filePath(QStringLiteral("x.bin"));
    writeFloatFile(file, values);
    const CliResult run =
        runCli({"steps", "--n", "16", "--algorithm", "stockham", "--signal", file, "--backend", "fftw"});
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_THAT(run.err, HasSubstr(file.toStdString()));
    EXPECT_THAT(run.err, HasSubstr("value 3")); // float 7 is the imaginary part of complex value 3
    EXPECT_THAT(run.err, testing::Not(HasSubstr("differs from the CPU reference")));
  }
}

} // namespace
} // namespace spectrascope::test
