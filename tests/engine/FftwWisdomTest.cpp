#include "spectrascope/engine/FftwBackend.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace spectrascope;

TEST(FftwWisdom, MeasuredPlansAreRememberedOnDisk)
{
  const auto dir = std::filesystem::path(testing::TempDir()) / "spectrascope-wisdom-test";
  std::filesystem::remove_all(dir);
  FftwOptions options;
  options.rigor = FftwOptions::Rigor::Measure;
  options.wisdomFile = dir / "fftw-wisdom-float";
  FftwBackend backend(options);
  auto plan = backend.createPlan(TransformDescriptor::complex1d(96, 2));
  ASSERT_TRUE(std::filesystem::exists(options.wisdomFile));
  std::ifstream in(options.wisdomFile);
  std::string first;
  std::getline(in, first);
  EXPECT_NE(first.find("wisdom"), std::string::npos) << first;
}
