// Backend selection and the one fallback point: whatever goes wrong with OpenCL, the engine keeps
// working on FFTW and says why in one line.

#include "OpenClTestDevice.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/Reference.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace spectrascope;

namespace {

bool hasOpenClDevice()
{
  return !enumerateOpenClDevices().devices.empty();
}

bool hasOpenClGpu()
{
  for (const auto& d : enumerateOpenClDevices().devices)
    if (d.isGpu()) return true;
  return false;
}

} // namespace

TEST(Fallback, UnknownDeviceFallsBackToFftwWithReason)
{
  Engine engine("opencl:no-such-device");
  EXPECT_EQ(engine.backendName(), "fftw");
  EXPECT_NE(engine.fallbackReason().find("no-such-device"), std::string::npos) << engine.fallbackReason();
}

TEST(Fallback, AutoUsesFftwWithoutAGpu)
{
  if (hasOpenClGpu()) GTEST_SKIP() << "this machine has an OpenCL GPU";
  Engine engine("auto");
  EXPECT_EQ(engine.backendName(), "fftw");
  EXPECT_FALSE(engine.fallbackReason().empty());
}

TEST(Fallback, MalformedNameIsAnArgumentError)
{
  try {
    Engine engine("cuda");
    FAIL() << "expected an error";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.kind(), EngineError::Kind::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("cuda"), std::string::npos);
  }
}

TEST(Fallback, EnvironmentVariableChoosesTheBackend)
{
  ::setenv("SPECTRASCOPE_BACKEND", "naive-dft", 1);
  Engine engine;
  ::unsetenv("SPECTRASCOPE_BACKEND");
  EXPECT_EQ(engine.backendName(), "naive-dft");
  EXPECT_TRUE(engine.fallbackReason().empty());
}

TEST(Fallback, EverySizeAndKindRunsOnTheDevice)
{
  if (!hasOpenClDevice()) GTEST_SKIP() << "no OpenCL device";
  Engine engine("opencl");
  ASSERT_NE(engine.backendName(), "fftw");
  TransformDescriptor odd = TransformDescriptor::complex2d(1001, 7); // odd real rows, prime-ish columns
  odd.kind = TransformKind::RealToComplex;
  TransformDescriptor inverse = odd;
  inverse.kind = TransformKind::ComplexToReal;
  inverse.direction = Direction::Inverse;
  for (const TransformDescriptor& d :
       {TransformDescriptor::complex1d(1000), TransformDescriptor::complex1d(1009),
        TransformDescriptor::complex3d(12, 17, 5), odd, inverse}) {
    auto plan = engine.plan(d);
    EXPECT_EQ(plan->backendName(), engine.backendName()) << d.toString() << ": " << plan->fallbackReason();
    EXPECT_TRUE(plan->fallbackReason().empty()) << plan->fallbackReason();
  }
}

TEST(Fallback, TooLargeForTheDeviceIsOutOfResources)
{
  if (!hasOpenClDevice()) GTEST_SKIP() << "no OpenCL device";
  OpenClBackend backend(*test::preferredOpenClDevice());
  // One buffer larger than the device allows; refused before anything is allocated.
  const std::size_t n = std::size_t(1) << 29;
  if (n * 8 <= backend.info().maxAllocBytes) GTEST_SKIP() << "device allows very large buffers";
  try {
    backend.createPlan(TransformDescriptor::complex1d(n));
    FAIL() << "expected OutOfResources";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.kind(), EngineError::Kind::OutOfResources) << e.what();
  }
}

// The engine's one fallback point, on a device whose buffers are too small for the transform: FFTW
// serves it, the plan says why, and the result is right.
TEST(Fallback, OutOfResourcesFallsBackToFftwWithReason)
{
  if (!hasOpenClDevice()) GTEST_SKIP() << "no OpenCL device";
  OpenClOptions small;
  small.maxAllocBytes = 1 << 20;
  Engine engine(std::make_unique<OpenClBackend>(*test::preferredOpenClDevice(), small));
  const TransformDescriptor fits = TransformDescriptor::complex1d(1024, 4);
  EXPECT_EQ(engine.plan(fits)->backendName(), engine.backendName());
  EXPECT_TRUE(engine.plan(fits)->fallbackReason().empty());

  const TransformDescriptor d = TransformDescriptor::complex1d(1 << 18); // 2 MiB
  std::shared_ptr<const Plan> plan = engine.plan(d);
  EXPECT_EQ(plan->backendName(), "fftw");
  EXPECT_NE(plan->fallbackReason().find("MiB buffer"), std::string::npos) << plan->fallbackReason();
  EXPECT_NE(plan->fallbackReason().find("FFTW serves it"), std::string::npos) << plan->fallbackReason();
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), 5);
  std::vector<float> output(d.outputFloats());
  plan->execute(input, output);
  EXPECT_LT(reference::relativeL2Error(output, reference::transform(d, input)), 1e-6);
}

TEST(Engine, PlansAreCachedByDescriptor)
{
  Engine engine("fftw");
  auto a = engine.plan(TransformDescriptor::complex1d(256, 2));
  auto b = engine.plan(TransformDescriptor::complex1d(256, 2));
  auto c = engine.plan(TransformDescriptor::complex1d(256, 3));
  EXPECT_EQ(a.get(), b.get());
  EXPECT_NE(a.get(), c.get());
}

TEST(Engine, ExecuteRejectsWrongBufferSizes)
{
  Engine engine("fftw");
  auto plan = engine.plan(TransformDescriptor::complex1d(64));
  std::vector<float> in(64), out(128);
  EXPECT_THROW(plan->execute(in, out), EngineError);
  in.resize(128);
  EXPECT_THROW(plan->execute(in, in), EngineError); // out-of-place plan given one buffer
}
