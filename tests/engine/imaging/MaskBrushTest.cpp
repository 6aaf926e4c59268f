// The mask brush and the composed (painted, inverted) mask: symmetric stamps, soft edges, wrapping.

#include "spectrascope/engine/imaging/MaskBrush.h"
#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/PixelRange.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace spectrascope::imaging;

namespace {
float at(const std::vector<float>& layer, std::size_t w, std::size_t h, long u, long v)
{
  return layer[std::size_t((v + long(h / 2) + long(h)) % long(h)) * w +
               std::size_t((u + long(w / 2) + long(w)) % long(w))];
}
} // namespace

TEST(MaskBrush, WeightIsFullInsideTheHardCoreAndFallsSmoothlyToZero)
{
  const Brush brush{10, 0.5, 1, BrushMode::Block};
  EXPECT_DOUBLE_EQ(brushWeight(brush, 0), 1);
  EXPECT_DOUBLE_EQ(brushWeight(brush, 5), 1);
  EXPECT_NEAR(brushWeight(brush, 7.5), 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(brushWeight(brush, 10), 0);
  EXPECT_GT(brushWeight(brush, 6), brushWeight(brush, 8));
}

TEST(MaskBrush, StampsThePointAndItsConjugateTwinAlike)
{
  for (auto [w, h] : {std::pair<std::size_t, std::size_t>{64, 48}, {33, 21}}) {
    std::vector<float> layer(w * h, 1.0f);
    stamp(layer, w, h, 7, -5, Brush{3, 0.5, 1, BrushMode::Block});
    EXPECT_EQ(at(layer, w, h, 7, -5), 0.0f);
    EXPECT_EQ(at(layer, w, h, -7, 5), 0.0f);
    for (long v = -long(h / 2) + 1; v < long(h / 2); ++v)
      for (long u = -long(w / 2) + 1; u < long(w / 2); ++u)
        ASSERT_EQ(at(layer, w, h, u, v), at(layer, w, h, -u, -v)) << u << "," << v;
    EXPECT_EQ(at(layer, w, h, 0, 0), 1.0f); // far from the brush
  }
}

TEST(MaskBrush, OverlappingTwinsNearDcArePaintedOnce)
{
  const std::size_t w = 32, h = 32;
  std::vector<float> layer(w * h, 1.0f);
  stamp(layer, w, h, 1, 0, Brush{4, 0, 0.5, BrushMode::Block});
  // DC is inside both disks: painted with the larger weight once, not twice.
  const double expected = 1 - brushWeight(Brush{4, 0, 0.5, BrushMode::Block}, 1);
  EXPECT_NEAR(at(layer, w, h, 0, 0), expected, 1e-6);
}

TEST(MaskBrush, WrapsAroundTheSpectrumEdges)
{
  const std::size_t w = 32, h = 32;
  std::vector<float> layer(w * h, 1.0f);
  stamp(layer, w, h, -16, 0, Brush{2, 1, 1, BrushMode::Block});
  EXPECT_EQ(at(layer, w, h, -16, 0), 0.0f);
  EXPECT_EQ(at(layer, w, h, 15, 0), 0.0f); // one bin to the left, across the edge
}

TEST(MaskBrush, PassModeRestoresWhatBlockRemoved)
{
  const std::size_t w = 16, h = 16;
  std::vector<float> layer(w * h, 1.0f);
  stamp(layer, w, h, 3, 3, Brush{2, 1, 1, BrushMode::Block});
  stamp(layer, w, h, 3, 3, Brush{2, 1, 1, BrushMode::Pass});
  for (float m : layer)
    ASSERT_EQ(m, 1.0f);
}

TEST(ComposedMask, PaintMultipliesAndInvertComplements)
{
  const std::size_t w = 20, h = 12, row = w / 2 + 1;
  const MaskSpec spec{MaskKind::LowPass, MaskProfile::Gaussian, 0.2, 0.3, 2, {}};
  const auto plain = halfPlaneMask(spec, w, h);
  std::vector<float> paint(row * h, 0.5f);
  const auto painted = composeHalfPlaneMask(spec, w, h, &paint, false);
  const auto inverted = composeHalfPlaneMask(spec, w, h, &paint, true);
  for (std::size_t i = 0; i < plain.size(); ++i) {
    EXPECT_FLOAT_EQ(painted[i], plain[i] * 0.5f);
    EXPECT_FLOAT_EQ(inverted[i], 1 - plain[i] * 0.5f);
  }
  std::vector<float> wrong(3);
  EXPECT_ANY_THROW(composeHalfPlaneMask(spec, w, h, &wrong, false));
}

TEST(ComposedMask, CentredFromHalfPlaneInvertsTheHalfPlaneLayout)
{
  for (auto [w, h] : {std::pair<std::size_t, std::size_t>{20, 12}, {15, 9}}) {
    const MaskSpec spec{MaskKind::Notch, MaskProfile::Ideal, 0.1, 0.2, 2, {{3, -2, 1}}};
    EXPECT_EQ(centredFromHalfPlane(halfPlaneMask(spec, w, h), w, h), centredMask(spec, w, h));
  }
}

// The 8-bit conversion was rewritten for speed: it must still round half to even and clamp, NaN to 0.
TEST(PixelRangeConversion, RoundsHalfToEvenAndClamps)
{
  const float in[] = {
      -3.0f,  0.4f, 0.5f, 1.5f, 2.5f, 254.5f, 254.6f, 300.0f, std::numeric_limits<float>::quiet_NaN(),
      127.49f};
  std::uint8_t out[std::size(in)];
  toBytes(in, std::size(in), PixelRange::Clamp, out);
  const std::uint8_t expected[] = {0, 0, 0, 2, 2, 254, 255, 255, 0, 127};
  for (std::size_t i = 0; i < std::size(in); ++i)
    EXPECT_EQ(out[i], expected[i]) << in[i];
  for (float v = -2.0f; v < 258.0f; v += 0.0625f) {
    std::uint8_t b = 0;
    toBytes(&v, 1, PixelRange::Clamp, &b);
    ASSERT_EQ(b, std::uint8_t(std::clamp(std::nearbyint(v), 0.0f, 255.0f))) << v;
  }
}
