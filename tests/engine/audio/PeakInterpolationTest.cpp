#include "spectrascope/engine/audio/PeakInterpolation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace spectrascope::audio;

namespace {

TEST(PeakInterpolationTest, FindsTheVertexOfAParabola)
{
  // y = -(k - 10.3)^2: the vertex is at 10.3 with value 0.
  std::vector<float> y(20);
  for (std::size_t k = 0; k < y.size(); ++k)
    y[k] = float(-(double(k) - 10.3) * (double(k) - 10.3));
  const std::size_t best = strongestBin(y);
  EXPECT_EQ(best, 10u);
  const auto peak = interpolatePeak(y, best);
  EXPECT_NEAR(peak.bin, 10.3, 1e-5);
  EXPECT_NEAR(peak.value, 0.0, 1e-4);
  EXPECT_EQ(interpolatePeak(y, 0).bin, 0.0);
}

TEST(PeakInterpolationTest, NamesNotesWithA4At440)
{
  EXPECT_STREQ(noteFor(440).name, "A4");
  EXPECT_NEAR(noteFor(440).cents, 0, 1e-9);
  EXPECT_STREQ(noteFor(261.6256).name, "C4");
  EXPECT_STREQ(noteFor(466.1638).name, "A#4");
  EXPECT_NEAR(noteFor(445).cents, 1200 * std::log2(445.0 / 440.0), 1e-9);
}

} // namespace
