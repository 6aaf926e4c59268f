// The rule for which device computes the Learn tab's stages, and the accuracy panel's measurement
// (the app's transforms against FFTW in double, beside the reference libraries' figures).

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/learn/Accuracy.h"
#include "spectrascope/engine/learn/StagesDevice.h"

#include <gtest/gtest.h>

using namespace spectrascope;
using namespace spectrascope::learn;

// The engine's choice of FFTW (asked for, or settled on by "auto" for want of a GPU) must not decide
// whether the stages come from kernels: they always run on an OpenCL device when there is one.
TEST(LearnStagesDevice, FollowsAnOpenClEngineAndOtherwiseTakesTheFirstOpenClDevice)
{
  EXPECT_EQ(stagesBackend("opencl:1"), "opencl:1");
  EXPECT_EQ(stagesBackend("opencl"), "opencl");
  EXPECT_EQ(stagesBackend("fftw"), "auto");
  EXPECT_EQ(stagesBackend("naive-dft"), "auto");
  EXPECT_EQ(stagesBackend(""), "auto"); // the engine is still being created
}

TEST(LearnAccuracy, AppTransformsAreValidAndSmallestFirst)
{
  const auto cases = appTransforms();
  ASSERT_GE(cases.size(), 8u);
  for (const auto& c : cases) {
    EXPECT_NO_THROW(c.descriptor.validate()) << c.label;
    EXPECT_FALSE(c.usedBy.empty()) << c.label;
  }
  EXPECT_EQ(cases.front().descriptor, TransformDescriptor::complex1d(64));
}

// FFTW in single precision on random input stays within a few 1e-7 of the double reference; a wrong
// transform (or comparing with the wrong layout) would give errors near 1.
TEST(LearnAccuracy, FftwSinglePrecisionIsNearOneEMinusSeven)
{
  Engine engine("fftw");
  for (const auto& c : appTransforms()) {
    if (c.descriptor.elementsPerTransform() > (1u << 16)) continue; // keep the test short
    const AccuracyMeasurement m = measureAccuracy(engine, c, 7);
    EXPECT_GT(m.relativeError, 1e-9) << c.label; // float, not double: some error must show
    EXPECT_LT(m.relativeError, 1e-6) << c.label;
    EXPECT_EQ(m.backend, "fftw");
  }
}

TEST(LearnAccuracy, PeerFiguresAreTheMeasuredOnes)
{
  const auto cufft = peerAccuracy("cuFFT");
  ASSERT_EQ(cufft.size(), 2u);
  EXPECT_EQ(cufft[0].n, 64u);
  EXPECT_DOUBLE_EQ(cufft[0].relativeError, 1.4e-7);
  EXPECT_EQ(cufft[1].n, std::size_t(1) << 24);
  EXPECT_DOUBLE_EQ(cufft[1].relativeError, 3.1e-7);
  EXPECT_DOUBLE_EQ(peerAccuracy("VkFFT")[1].relativeError, 7.2e-7);
  EXPECT_DOUBLE_EQ(peerAccuracy("clFFT")[0].relativeError, 0.8e-7);
  EXPECT_EQ(peerLibraries().size(), 3u);
}
