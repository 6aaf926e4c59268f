// `spectrascope-cli fft` on seeded random input against FFTW in double precision, for every backend that
// can run here, rank 1 and 2, batches and inverses. (Test files are written in host order, which is the
// files' little-endian order on every machine the project builds on.)

#include "CliProcess.h"
#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/Reference.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>


namespace spectrascope::test {
namespace {

struct Shape
{
  std::size_t n, n2, batch; // n2 == 0: rank 1
  bool inverse;
};

TransformDescriptor descriptorOf(const Shape& s)
{
  const Direction direction = s.inverse ? Direction::Inverse : Direction::Forward;
  return s.n2 ? TransformDescriptor::complex2d(s.n, s.n2, s.batch, direction)
              : TransformDescriptor::complex1d(s.n, s.batch, direction);
}

QStringList shapeArguments(const Shape& s)
{
  QStringList args{QStringLiteral("--n"), QString::number(s.n)};
  if (s.n2) args << QStringLiteral("--n2") << QString::number(s.n2);
  if (s.batch != 1) args << QStringLiteral("--batch") << QString::number(s.batch);
  if (s.inverse) args << QStringLiteral("--inverse");
  return args;
}

// "opencl:pocl" picks the first device whose platform, vendor or name mentions PoCL.
bool poclAvailable()
{
  for (const OpenClDeviceInfo& d : enumerateOpenClDevices().devices) {
    QString text = QString::fromStdString(d.name + " " + d.platform + " " + d.platformVendor);
    if (text.contains(QStringLiteral("pocl"), Qt::CaseInsensitive)) return true;
  }
  return false;
}

// Single precision with float twiddles (FFTW) or double twiddle tables (OpenCL) stays near 1e-7 for these
// sizes; 1e-5 leaves room without hiding a wrong sign, scale or layout (those give errors near 1).
constexpr double kTolerance = 1e-5;

class FftAccuracy : public testing::TestWithParam<std::tuple<std::string, Shape>>
{
};

TEST_P(FftAccuracy, MatchesFftwDouble)
{
  const auto& [backend, shape] = GetParam();
  if (backend == "opencl:pocl" && !poclAvailable()) GTEST_SKIP() << "no PoCL OpenCL device on this machine";
  static_assert(std::endian::native == std::endian::little, "test files are written in host byte order");

  const TransformDescriptor d = descriptorOf(shape);
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), 20240 + shape.n + shape.batch);
  QTemporaryDir dir;
  const QString in = dir.filePath(QStringLiteral("in.bin")), out = dir.filePath(QStringLiteral("out.bin"));
  writeFloatFile(in, input);

  const CliResult run = runCli(
      QStringList{QStringLiteral("fft"), QStringLiteral("--backend"), QString::fromStdString(backend)} +
      shapeArguments(shape) + QStringList{in, out});
  ASSERT_FALSE(run.crashed) << run.err;
  ASSERT_EQ(run.exitCode, 0) << run.err;

  const std::vector<float> output = readFloatFile(out);
  ASSERT_EQ(output.size(), d.outputFloats());
  const std::vector<double> expected = reference::transform(d, input);
  EXPECT_LT(reference::relativeL2Error(output, expected), kTolerance) << d.toString() << " on " << backend;

  // Every complex transform must really run on OpenCL: no fallback message.
  if (backend == "opencl:pocl") EXPECT_EQ(run.err, "") << "expected no fallback";
}

const Shape kShapes[] = {
    {1024, 0, 1, false}, // rank 1
    {256, 0, 5, false},  // batch
    {512, 0, 3, true},   // inverse, batch
    {1000, 0, 2, false}, // mixed radix 2 and 5
    {1009, 0, 1, true},  // prime: Bluestein
    {64, 32, 2, false},  // rank 2, batch
    {32, 128, 1, true},  // rank 2 inverse, more rows than columns
};

std::string caseName(const testing::TestParamInfo<FftAccuracy::ParamType>& info)
{
  const auto& [backend, s] = info.param;
  std::string name = backend == "fftw" ? "fftw" : "opencl";
  name += "_n" + std::to_string(s.n);
  if (s.n2) name += "x" + std::to_string(s.n2);
  name += "_b" + std::to_string(s.batch) + (s.inverse ? "_inverse" : "_forward");
  return name;
}

INSTANTIATE_TEST_SUITE_P(Backends, FftAccuracy,
                         testing::Combine(testing::Values(std::string("fftw"), std::string("opencl:pocl")),
                                          testing::ValuesIn(kShapes)),
                         caseName);

} // namespace
} // namespace spectrascope::test
