// The program cache on a real device: built once, loaded from disk by a new context, rebuilt when the
// disk entry is damaged, a build failure carries the compiler's log, and a build prints nothing.

#include "OpenClTestDevice.h"
#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <vector>

using namespace spectrascope;

namespace {

const std::string kOptions =
    "-cl-std=CL1.2 -DLEN=64 -DRADIX=16 -DFIRST_RADIX=4 -DLINES=4 -DLOAD_LINES_FASTEST=0 "
    "-DSTORE_LINES_FASTEST=0 -DEXCHANGE_PARTS=1 -DPASS_TWIDDLE=0 -DTWIDDLE_ONTHEFLY=0 -DDIR=-1";

class ProgramCacheTest : public testing::Test
{
protected:
  std::filesystem::path dir;
  void SetUp() override
  {
    if (!test::preferredOpenClDevice()) GTEST_SKIP() << "no OpenCL device";
    dir = std::filesystem::path(testing::TempDir()) /
          ("spectrascope-programs-" +
           std::string(testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir);
  }
  std::unique_ptr<OpenClBackend> backend()
  {
    OpenClOptions o;
    o.cacheDirectory = dir;
    return std::make_unique<OpenClBackend>(*test::preferredOpenClDevice(), o);
  }
};

} // namespace

TEST_F(ProgramCacheTest, SecondContextLoadsFromDisk)
{
  auto first = backend();
  first->programs().get("fft_stockham", kOptions);
  first->programs().get("fft_stockham", kOptions);
  EXPECT_EQ(first->programs().stats().builds, 1);
  EXPECT_EQ(first->programs().stats().memoryHits, 1);
  EXPECT_TRUE(std::filesystem::exists(first->programs().entryPath("fft_stockham", kOptions)));

  auto second = backend();
  cl::Program p = second->programs().get("fft_stockham", kOptions);
  EXPECT_EQ(second->programs().stats().diskHits, 1);
  EXPECT_EQ(second->programs().stats().builds, 0);
  EXPECT_NO_THROW(cl::Kernel(p, "fft_pass"));
}

TEST_F(ProgramCacheTest, DamagedEntryIsRebuilt)
{
  auto first = backend();
  first->programs().get("fft_stockham", kOptions);
  const auto file = first->programs().entryPath("fft_stockham", kOptions);
  ASSERT_TRUE(std::filesystem::exists(file));
  std::ofstream(file, std::ios::binary | std::ios::trunc) << "not a program binary";

  auto second = backend();
  cl::Program p = second->programs().get("fft_stockham", kOptions);
  EXPECT_EQ(second->programs().stats().rejectedEntries, 1);
  EXPECT_EQ(second->programs().stats().builds, 1);
  EXPECT_NO_THROW(cl::Kernel(p, "fft_pass"));
}

TEST_F(ProgramCacheTest, KeyChangesWithOptions)
{
  auto b = backend();
  EXPECT_NE(b->programs().entryPath("fft_stockham", kOptions),
            b->programs().entryPath("fft_stockham", kOptions + " -DEXTRA=1"));
}

TEST_F(ProgramCacheTest, BuildFailureCarriesTheLog)
{
  auto b = backend();
  try {
    b->programs().get("fft_stockham", "-DLEN=64 -DRADIX=banana");
    FAIL() << "expected a build error";
  } catch (const BuildError& e) {
    EXPECT_FALSE(e.buildLog().empty());
    EXPECT_NE(std::string(e.what()).find("fft_stockham"), std::string::npos);
    EXPECT_EQ(e.kind(), EngineError::Kind::BuildFailed);
  }
}

TEST(DeviceEnumeration, DevicesHaveSaneProperties)
{
  const DeviceEnumeration e = enumerateOpenClDevices();
  if (e.devices.empty()) GTEST_SKIP() << e.problem;
  for (const auto& d : e.devices) {
    EXPECT_FALSE(d.name.empty());
    EXPECT_GT(d.computeUnits, 0u);
    EXPECT_GT(d.localMemBytes, 0u);
    EXPECT_GT(d.maxWorkGroupSize, 0u);
  }
}

// Callers asking for one program at the same time share one build (the engine's workers plan at once).
TEST_F(ProgramCacheTest, ConcurrentCallersShareOneBuild)
{
  auto b = backend();
  std::vector<std::future<cl::Program>> callers;
  for (int i = 0; i < 6; ++i)
    callers.push_back(
        std::async(std::launch::async, [&] { return b->programs().get("fft_stockham", kOptions); }));
  std::vector<cl::Program> programs;
  for (auto& c : callers)
    programs.push_back(c.get());
  for (const cl::Program& p : programs)
    EXPECT_EQ(p(), programs.front()());
  EXPECT_EQ(b->programs().stats().builds, 1);
  EXPECT_EQ(b->programs().stats().memoryHits, 5);
}

// A failed build is not kept: asking again compiles again (and fails again, with the log).
TEST_F(ProgramCacheTest, FailedBuildIsNotKept)
{
  auto b = backend();
  EXPECT_THROW(b->programs().get("fft_stockham", "-DLEN=64 -DRADIX=banana"), BuildError);
  EXPECT_THROW(b->programs().get("fft_stockham", "-DLEN=64 -DRADIX=banana"), BuildError);
  EXPECT_EQ(b->programs().stats().memoryHits, 0);
}

// A build from source prints nothing on the process' stderr (PoCL's compiler printed "10 warnings
// generated." for every mixed-radix program it built, read by the command-line tool's users). The options
// carry a nonce, so the OpenCL implementation's own cache cannot answer instead of its compiler.
TEST_F(ProgramCacheTest, BuildsPrintNothing)
{
  const std::string options =
      "-cl-std=CL1.2 -DLEN=1000 -DTHREADS=125 -DLINES=1 -DVMAX=8 -DNUM_RADICES=4 -DRADIX_0=8 -DRADIX_1=5 "
      "-DRADIX_2=5 -DRADIX_3=5 -DMAX_RADIX=32 -DGENERIC_SHAPE=0 -DLOAD_LINES_FASTEST=0 "
      "-DSTORE_LINES_FASTEST=0 "
      "-DPASS_TWIDDLE=0 -DTWIDDLE_ONTHEFLY=0 -DDIR=-1 -DBUILD_NONCE=" +
      std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
  auto b = backend();
  const std::filesystem::path captured = dir / "stderr.txt";
  std::filesystem::create_directories(dir);
  std::fflush(stderr);
  const int saved = dup(STDERR_FILENO);
  FILE* file = std::fopen(captured.c_str(), "w");
  ASSERT_NE(file, nullptr);
  dup2(fileno(file), STDERR_FILENO);
  cl::Program program;
  try {
    program = b->programs().get("fft_mixed", options);
  } catch (...) {
  }
  std::fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  std::fclose(file);
  EXPECT_TRUE(program()) << "the mixed-radix program did not build";
  std::ifstream in(captured);
  const std::string printed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(printed, "");
}
