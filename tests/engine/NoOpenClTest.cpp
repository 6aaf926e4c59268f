// Runs with OCL_ICD_VENDORS pointing at an empty directory (set by CTest), so the ICD loader finds no
// platform (ocl-icd's -1001): nothing may crash, and FFTW must serve everything.

#include "FftChecks.h"
#include "spectrascope/engine/Engine.h"

#include <gtest/gtest.h>

using namespace spectrascope;

TEST(NoOpenCl, EnumerationReportsTheProblem)
{
  const DeviceEnumeration e = enumerateOpenClDevices();
  EXPECT_TRUE(e.devices.empty());
  EXPECT_NE(e.problem.find("no OpenCL platform"), std::string::npos) << e.problem;
}

TEST(NoOpenCl, EveryOpenClRequestFallsBackToFftw)
{
  for (const char* name : {"auto", "opencl", "opencl:0", "opencl:gpu"}) {
    Engine engine(name);
    EXPECT_EQ(engine.backendName(), "fftw") << name;
    EXPECT_NE(engine.fallbackReason().find("OpenCL"), std::string::npos) << engine.fallbackReason();
    auto plan = engine.plan(TransformDescriptor::complex1d(256));
    EXPECT_LE(test::errorAgainstReference(*plan, 5), 1e-6);
  }
}

TEST(NoOpenCl, RegistryStillOffersCpuBackends)
{
  const auto choices = availableBackends();
  ASSERT_FALSE(choices.empty());
  EXPECT_EQ(choices.front().name, "auto");
  bool hasFftw = false;
  for (const auto& c : choices) hasFftw |= c.name == "fftw";
  EXPECT_TRUE(hasFftw);
}
