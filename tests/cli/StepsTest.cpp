// `spectrascope-cli steps`: the JSON it prints (stages against the engine's double reference, output
// against FFTW, twiddles, register-exchange holders), without OpenCL, and its refusals of bad arguments.

#include "CliProcess.h"
#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/Reference.h"
#include "spectrascope/engine/learn/Signals.h"
#include "spectrascope/engine/learn/StageMath.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace spectrascope::test {
namespace {

using learn::Complex;
using testing::HasSubstr;
using testing::StartsWith;

QJsonObject runSteps(const QStringList& arguments)
{
  const CliResult run = runCli(QStringList{"steps", "--json"} + arguments);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(run.out), &error);
  EXPECT_EQ(error.error, QJsonParseError::NoError) << run.out.substr(0, 200);
  return doc.object();
}

std::vector<Complex> complexes(const QJsonArray& array)
{
  std::vector<Complex> values;
  for (const QJsonValue& v : array)
    values.emplace_back(v.toArray()[0].toDouble(), v.toArray()[1].toDouble());
  return values;
}

std::vector<Complex> fftw(const std::vector<Complex>& x)
{
  std::vector<float> floats;
  for (const Complex& v : x)
    floats.insert(floats.end(), {float(v.real()), float(v.imag())});
  const std::vector<double> out = reference::transform(TransformDescriptor::complex1d(x.size(), 1), floats);
  std::vector<Complex> result(x.size());
  for (std::size_t k = 0; k < x.size(); ++k)
    result[k] = {out[2 * k], out[2 * k + 1]};
  return result;
}

bool hasOpenCl()
{
  return !enumerateOpenClDevices().devices.empty();
}

TEST(Steps, Radix2DitOfAnImpulseOnTheCpu)
{
  const QJsonObject json =
      runSteps({"--n", "8", "--algorithm", "radix2-dit", "--signal", "impulse", "--backend", "fftw"});
  EXPECT_EQ(json["algorithm"].toString(), "radix2-dit");
  EXPECT_THAT(json["computed_on"].toString().toStdString(), StartsWith("CPU"));
  const QJsonArray stages = json["stages"].toArray();
  ASSERT_EQ(stages.size(), 4);                                // stage 0 and log2 8 butterfly stages
  EXPECT_EQ(complexes(stages[0].toArray())[0], Complex(1.0)); // bit reversal keeps x[0] in front
  for (const Complex& X : complexes(json["output"].toArray()))
    EXPECT_EQ(X, Complex(1.0));
  // Stage 2 pairs i with i + 2 in blocks of 4, twiddles exp(-2 pi i k / 4), k = 0, 1.
  const QJsonArray twiddles = json["twiddles"].toArray()[2].toArray();
  ASSERT_EQ(twiddles.size(), 2);
  EXPECT_EQ(twiddles[1].toObject()["k"].toInt(), 1);
  EXPECT_EQ(twiddles[1].toObject()["m"].toInt(), 4);
  EXPECT_NEAR(twiddles[1].toObject()["w"].toArray()[1].toDouble(), -1.0, 1e-15);
  EXPECT_TRUE(json["matches_reference"].toBool());
}

TEST(Steps, EveryAlgorithmOnTheDeviceMatchesTheReferenceAndFftw)
{
  if (!hasOpenCl()) GTEST_SKIP() << "no OpenCL device";
  for (const char* algorithm : {"radix2-dit", "radix2-dif", "stockham", "radix4", "register-exchange"}) {
    const QJsonObject json =
        runSteps({"--n", "32", "--algorithm", algorithm, "--signal", "random:3", "--backend", "opencl"});
    EXPECT_THAT(json["computed_on"].toString().toStdString(), StartsWith("OpenCL")) << algorithm;
    const std::vector<Complex> input = complexes(json["input"].toArray());
    const auto reference =
        learn::referenceStages(learn::makeSchedule(*learn::algorithmFromName(algorithm), 32), input);
    const QJsonArray stages = json["stages"].toArray();
    ASSERT_EQ(std::size_t(stages.size()), reference.size()) << algorithm;
    for (qsizetype s = 0; s < stages.size(); ++s)
      EXPECT_LE(learn::relativeError(complexes(stages[s].toArray()), reference[s]), 1e-5) << algorithm << s;
    EXPECT_LE(learn::relativeError(complexes(json["output"].toArray()), fftw(input)), 1e-5) << algorithm;
  }
}

TEST(Steps, RegisterExchangeSaysWhoHoldsWhat)
{
  const QJsonObject json = runSteps({"--n", "16", "--algorithm", "register-exchange", "--threads", "4"});
  const QJsonObject exchange = json["register_exchange"].toObject();
  EXPECT_EQ(exchange["work_items"].toInt(), 4);
  EXPECT_EQ(exchange["values_per_work_item"].toInt(), 4);
  const QJsonArray holders = exchange["holders"].toArray();
  ASSERT_EQ(holders.size(), 5);
  EXPECT_EQ(holders[0].toArray()[5].toArray(), (QJsonArray{1, 1}));           // position 5 = 1 + 4*1
  EXPECT_TRUE(exchange["via_local_memory"].toArray()[1].toArray().isEmpty()); // stages 1, 2 in registers
  EXPECT_FALSE(exchange["via_local_memory"].toArray()[3].toArray().isEmpty());
}

TEST(Steps, ReadsARawInputFile)
{
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("x.bin"));
  const std::vector<float> values = reference::randomSignal(2 * 16, 5);
  writeFloatFile(file, values);
  const QJsonObject json =
      runSteps({"--n", "16", "--algorithm", "stockham", "--signal", file, "--backend", "fftw"});
  const std::vector<Complex> input = complexes(json["input"].toArray());
  ASSERT_EQ(input.size(), 16u);
  EXPECT_EQ(input[3], Complex(values[6], values[7]));
  EXPECT_LE(learn::relativeError(complexes(json["output"].toArray()), fftw(input)), 1e-5);
}

TEST(Steps, TextTableWithoutJson)
{
  const CliResult run = runCli({"steps", "--n", "4", "--algorithm", "radix4", "--backend", "fftw"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("stage 1 (equals the CPU reference"));
  EXPECT_THAT(run.out, HasSubstr("output X[k]"));
}

TEST(Steps, HelpDefinesEveryAlgorithmsStages)
{
  const CliResult run = runCli({"steps", "--help"});
  ASSERT_EQ(run.exitCode, 0);
  EXPECT_THAT(run.out, HasSubstr("radix2-dit: Stage 0 is the bit-reversed input"));
  for (const char* name : {"radix2-dif:", "stockham:", "radix4:", "register-exchange:"})
    EXPECT_THAT(run.out, HasSubstr(name));
}

TEST(Steps, WithoutOpenClTheCpuComputesTheStages)
{
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(EMPTY_ICD_VENDORS));
  const CliResult run = runCli({"steps", "--json", "--n", "8", "--algorithm", "radix2-dif"}, environment);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\"computed_on\":\"CPU"));
  EXPECT_THAT(run.err, HasSubstr("the stages run on the CPU"));
}

class StepsArguments : public testing::TestWithParam<std::pair<QStringList, std::string>>
{
};

TEST_P(StepsArguments, RefusedWithExitCode2AndAReason)
{
  const auto& [arguments, reason] = GetParam();
  const CliResult run = runCli(QStringList{"steps"} + arguments);
  EXPECT_FALSE(run.crashed);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_THAT(run.err, StartsWith("spectrascope-cli: "));
  EXPECT_THAT(run.err, HasSubstr(reason));
  EXPECT_TRUE(run.out.empty()) << run.out;
}

INSTANTIATE_TEST_SUITE_P(
    Steps, StepsArguments,
    testing::Values(
        std::pair{QStringList{"--algorithm", "stockham"}, "needs --n"},
        std::pair{QStringList{"--n", "8"}, "needs --algorithm"},
        std::pair{QStringList{"--n", "12", "--algorithm", "stockham"}, "power of two"},
        std::pair{QStringList{"--n", "8192", "--algorithm", "stockham"}, "power of two from 2 to 4096"},
        std::pair{QStringList{"--n", "zero", "--algorithm", "stockham"}, "--n needs a whole number"},
        std::pair{QStringList{"--n", "8", "--algorithm", "radix3"}, "unknown algorithm 'radix3'"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "--threads", "2"},
                  "register-exchange only"},
        std::pair{QStringList{"--n", "8", "--algorithm", "register-exchange", "--threads", "3"},
                  "power of two"},
        std::pair{QStringList{"--n", "8", "--algorithm", "register-exchange", "--threads", "8"},
                  "work-items T"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "--signal", "sine:x"},
                  "sine:K needs a whole number"},
        std::pair{QStringList{"--n", "16", "--algorithm", "stockham", "--signal", "sine:99"},
                  "sine:K needs 0 <= K < N: 0..15 for --n 16, got 99"},
        std::pair{QStringList{"--n", "16", "--algorithm", "stockham", "--signal", "sine:16"}, "0..15"},
        std::pair{QStringList{"--n", "8", "--algorithm", "radix2-dit", "--signal", "sine:-1"}, "0..7"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "--signal", "two-tones:1,8"},
                  "two-tones:K1,K2 needs 0 <= K < N: 0..7 for --n 8, got 8"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "--signal", "two-tones:30,2"}, "got 30"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "--signal", "/no/such/file"},
                  "no such file"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "--backend", "frob"},
                  "unknown backend 'frob'"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "--frobnicate"}, "frobnicate"},
        std::pair{QStringList{"--n", "8", "--algorithm", "stockham", "extra"}, "takes no file names"}));

TEST(Steps, ToneFrequenciesUpToNMinusOneAreAccepted)
{
  const QJsonObject sine =
      runSteps({"--n", "16", "--algorithm", "stockham", "--signal", "sine:15", "--backend", "fftw"});
  EXPECT_EQ(sine["signal"].toString(), "sine:15");
  const QJsonObject tones =
      runSteps({"--n", "8", "--algorithm", "radix4", "--signal", "two-tones:0,7", "--backend", "fftw"});
  EXPECT_TRUE(tones["matches_reference"].toBool());
}

TEST(Steps, InputFileOfTheWrongSizeIsRefused)
{
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("x.bin"));
  writeFloatFile(file, std::vector<float>(10, 0.5f));
  const CliResult run = runCli({"steps", "--n", "8", "--algorithm", "stockham", "--signal", file});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_THAT(run.err, HasSubstr("holds 40 bytes; --n 8 needs 64"));
}

TEST(Steps, MissingDeviceIsARuntimeFailure)
{
  const CliResult run = runCli({"steps", "--n", "8", "--algorithm", "stockham", "--backend", "opencl:99"});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_THAT(run.err, StartsWith("spectrascope-cli: "));
}

} // namespace
} // namespace spectrascope::test
