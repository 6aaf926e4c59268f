// The CPU side of the step-by-step FFTs: the stage definitions the README and --help give, the double
// reference against FFTW and a direct DFT, the float CPU path, and the signals.

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"
#include "spectrascope/engine/TransformDescriptor.h"
#include "spectrascope/engine/learn/Signals.h"
#include "spectrascope/engine/learn/StageMath.h"
#include "spectrascope/engine/learn/StepRunner.h"

#include <gtest/gtest.h>

#include <set>

using namespace spectrascope;
using namespace spectrascope::learn;

namespace {

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

// Rounded to float first, so FFTW (which reads floats) sees exactly the same input.
std::vector<Complex> randomInput(std::size_t n, std::uint64_t seed)
{
  SignalSpec spec;
  spec.kind = SignalSpec::Kind::Random;
  spec.seed = seed;
  return generateSignal(spec, n);
}

TEST(LearnReference, LastStageOfEveryAlgorithmEqualsFftw)
{
  for (Algorithm a : allAlgorithms())
    for (std::size_t n = 2; n <= kMaxLearnSize; n *= 2) {
      const std::vector<Complex> x = randomInput(n, n);
      const Schedule s = makeSchedule(a, n);
      const auto stages = referenceStages(s, x);
      ASSERT_EQ(stages.size(), s.lastStage() + 1);
      EXPECT_LE(relativeError(naturalOrderOutput(s, stages.back()), fftw(x)), 1e-12)
          << algorithmName(a) << " " << n;
    }
}

TEST(LearnReference, StageCounts)
{
  EXPECT_EQ(makeSchedule(Algorithm::Radix2Dit, 1024).lastStage(), 10u);
  EXPECT_EQ(makeSchedule(Algorithm::Radix2Dif, 1024).lastStage(), 10u);
  EXPECT_EQ(makeSchedule(Algorithm::Stockham, 1024).lastStage(), 10u);
  EXPECT_EQ(makeSchedule(Algorithm::Radix4, 1024).lastStage(), 5u);
  EXPECT_EQ(makeSchedule(Algorithm::Radix4, 2048).lastStage(), 6u); // five radix-4 stages and one radix-2
  EXPECT_EQ(makeSchedule(Algorithm::RegisterExchange, 1024).lastStage(), 10u);
}

// The definition, literally: stage 0 bit-reversed; stage s pairs i with i + 2^(s-1) inside blocks
// of 2^s with twiddle exp(-2 pi i k / 2^s).
TEST(LearnReference, Radix2DitFollowsTheBook)
{
  const std::size_t n = 16;
  const std::vector<Complex> x = randomInput(n, 3);
  const Schedule schedule = makeSchedule(Algorithm::Radix2Dit, n);
  const auto stages = referenceStages(schedule, x);
  const std::size_t rev[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  for (std::size_t p = 0; p < n; ++p)
    EXPECT_EQ(stages[0][p], x[rev[p]]);
  for (std::size_t s = 1; s <= 4; ++s) {
    const std::size_t half = std::size_t(1) << (s - 1), block = 2 * half;
    std::vector<Complex> expected(n);
    for (std::size_t base = 0; base < n; base += block)
      for (std::size_t k = 0; k < half; ++k) {
        const Complex w = std::polar(1.0, -2 * M_PI * double(k) / double(block));
        const Complex a = stages[s - 1][base + k], b = stages[s - 1][base + k + half];
        expected[base + k] = a + w * b;
        expected[base + k + half] = a - w * b;
      }
    EXPECT_LE(relativeError(stages[s], expected), 1e-15) << "stage " << s;
  }
}

TEST(LearnReference, DirectDftEqualsFftw)
{
  const std::vector<Complex> x = randomInput(256, 11);
  EXPECT_LE(relativeError(directDft(x), fftw(x)), 1e-13);
}

TEST(LearnReference, DifEndsBitReversed)
{
  const std::vector<Complex> x = randomInput(32, 5);
  const Schedule s = makeSchedule(Algorithm::Radix2Dif, 32);
  const auto stages = referenceStages(s, x);
  const std::vector<Complex> X = fftw(x);
  EXPECT_NEAR(std::abs(stages.back()[1] - X[16]), 0.0, 1e-12); // position 00001 holds X[10000]
}

TEST(LearnReference, SinglePrecisionPathIsCloseToTheReference)
{
  const std::vector<Complex> x = randomInput(4096, 2);
  const std::vector<ComplexF> xf(x.begin(), x.end());
  for (Algorithm a : allAlgorithms()) {
    const Schedule s = makeSchedule(a, 4096);
    const auto reference = referenceStages(s, x);
    const auto single = singlePrecisionStages(s, xf);
    const std::vector<Complex> last(single.back().begin(), single.back().end());
    EXPECT_LE(relativeError(last, reference.back()), 1e-5) << algorithmName(a);
  }
}

TEST(LearnReference, CpuRunnerChecksEveryStage)
{
  StepRunner cpu("fftw");
  EXPECT_FALSE(cpu.usesOpenCl());
  const StepsResult r = cpu.run(makeSchedule(Algorithm::Stockham, 64), randomInput(64, 9));
  ASSERT_EQ(r.stages.size(), 7u);
  for (std::size_t s = 0; s < r.stages.size(); ++s)
    EXPECT_TRUE(r.stageMatches(s)) << s;
  EXPECT_LE(relativeError(r.output, fftw(r.input)), 1e-5);
}

TEST(LearnRegisterExchange, BainvilleMovesOneValuePerWorkItemPerExchange)
{
  const Schedule s = makeSchedule(Algorithm::RegisterExchange, 16, 8); // R = 2
  EXPECT_TRUE(s.stages[1].viaLocalMemory.empty()); // stage 1 pairs t and t + T: both loaded by t
  for (std::size_t stage = 2; stage <= 4; ++stage) {
    EXPECT_EQ(s.stages[stage].viaLocalMemory.size(), 8u) << stage;
    std::set<std::uint32_t> receivers;
    for (std::uint32_t p : s.stages[stage].viaLocalMemory)
      receivers.insert(s.stages[stage].holders[p].workItem);
    EXPECT_EQ(receivers.size(), 8u) << "every work-item receives exactly one value";
  }
}

TEST(LearnRegisterExchange, EveryButterflyIsInsideOneWorkItem)
{
  for (auto [n, t] : {std::pair<std::size_t, std::size_t>{64, 8}, {128, 16}, {32, 16}, {8, 1}}) {
    const Schedule s = makeSchedule(Algorithm::RegisterExchange, n, t);
    for (std::uint32_t p = 0; p < n; ++p) // work-item t loads t + T m into register m
      EXPECT_EQ(s.stages[0].holders[p], (Holder{std::uint32_t(p % t), std::uint32_t(p / t)}));
    for (std::size_t stage = 1; stage <= s.lastStage(); ++stage)
      for (const Butterfly& b : s.stages[stage].butterflies)
        EXPECT_EQ(s.stages[stage].holders[b.inputs[0]].workItem,
                  s.stages[stage].holders[b.inputs[1]].workItem);
  }
}

TEST(LearnArguments, BadSizesAndWorkItemsAreRefusedWithAReason)
{
  EXPECT_THROW(makeSchedule(Algorithm::Radix2Dit, 12), EngineError);
  EXPECT_THROW(makeSchedule(Algorithm::Radix2Dit, 1), EngineError);
  EXPECT_THROW(makeSchedule(Algorithm::Radix2Dit, 8192), EngineError);
  EXPECT_THROW(makeSchedule(Algorithm::RegisterExchange, 16, 16), EngineError); // R = 1
  EXPECT_THROW(makeSchedule(Algorithm::RegisterExchange, 16, 3), EngineError);
  EXPECT_THROW(makeSchedule(Algorithm::RegisterExchange, 4096, 32), EngineError); // R = 128
  try {
    makeSchedule(Algorithm::RegisterExchange, 16, 3);
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("power of two"), std::string::npos) << e.what();
  }
}

TEST(LearnSignals, ParseAndGenerate)
{
  EXPECT_EQ(parseSignalSpec("sine:3")->frequency, 3);
  EXPECT_EQ(parseSignalSpec("random:42")->seed, 42u);
  EXPECT_EQ(parseSignalSpec("two-tones:2,7")->secondFrequency, 7);
  EXPECT_FALSE(parseSignalSpec("input.bin").has_value());
  EXPECT_THROW(parseSignalSpec("sine:x"), EngineError);
  EXPECT_THROW(parseSignalSpec("random:"), EngineError);
  const auto x = generateSignal(*parseSignalSpec("sine:2"), 8);
  EXPECT_NEAR(x[1].real(), 1.0, 1e-15); // sin(2 pi 2 / 8)
  EXPECT_EQ(generateSignal(*parseSignalSpec("step"), 8)[4], Complex(1.0));
  EXPECT_EQ(generateSignal(*parseSignalSpec("random:1"), 8), generateSignal(*parseSignalSpec("random:1"), 8));
}

} // namespace
