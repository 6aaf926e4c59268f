// Masks against the formulas written out once more, as plainly as possible, on the centred grid.

#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/Errors.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace spectrascope;
using namespace spectrascope::imaging;

namespace {

// Independent reference: centred pixel (x, y) of a W x H spectrum has u = x - floor(W/2), v = y - floor(H/2).
double referenceMask(const MaskSpec& s, int x, int y, int w, int h)
{
  const double u = x - w / 2, v = y - h / 2;
  for (const Notch& n : s.notches)
    if (std::hypot(u - n.u, v - n.v) <= n.radius || std::hypot(u + n.u, v + n.v) <= n.radius) return 0;
  const double f = std::sqrt((u / w) * (u / w) + (v / h) * (v / h));
  auto lp = [&](double cut) {
    if (s.profile == MaskProfile::Ideal) return f <= cut ? 1.0 : 0.0;
    if (s.profile == MaskProfile::Gaussian) return std::exp(-f * f / (2 * cut * cut));
    return 1 / (1 + std::pow(f / cut, 2 * s.order));
  };
  switch (s.kind) {
  case MaskKind::LowPass:
    return lp(s.cutoff);
  case MaskKind::HighPass:
    return 1 - lp(s.cutoff);
  case MaskKind::BandPass:
    return lp(s.cutoff2) * (1 - lp(s.cutoff));
  case MaskKind::BandStop:
    return 1 - lp(s.cutoff2) * (1 - lp(s.cutoff));
  default:
    return 1;
  }
}

std::vector<MaskSpec> allSpecs()
{
  std::vector<MaskSpec> specs;
  for (MaskKind kind : {MaskKind::LowPass, MaskKind::HighPass, MaskKind::BandPass, MaskKind::BandStop})
    for (MaskProfile profile : {MaskProfile::Ideal, MaskProfile::Gaussian, MaskProfile::Butterworth})
      for (int order : {1, 4})
        specs.push_back({kind, profile, 0.13, 0.31, order, {}});
  specs.push_back({MaskKind::Notch, MaskProfile::Ideal, 0.1, 0.2, 2, {{3, -2, 1.5}, {-5, 1, 1}}});
  specs.push_back({MaskKind::LowPass, MaskProfile::Butterworth, 0.2, 0.3, 3, {{2, 2, 1}}});
  return specs;
}

const std::pair<int, int> kSizes[] = {{8, 6}, {7, 5}, {9, 12}, {16, 16}, {1, 5}};

} // namespace

TEST(FrequencyMask, CentredMaskMatchesTheFormulas)
{
  for (const MaskSpec& spec : allSpecs())
    for (auto [w, h] : kSizes) {
      const auto mask = centredMask(spec, w, h);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          ASSERT_NEAR(mask[y * w + x], referenceMask(spec, x, y, w, h), 1e-6)
              << toString(spec.kind) << " " << toString(spec.profile) << " " << w << "x" << h << " at " << x
              << "," << y;
    }
}

// The half-plane (unshifted, columns 0..W/2) holds the same values as the centred mask at the same (u, v).
TEST(FrequencyMask, HalfPlaneMatchesCentredLayout)
{
  for (const MaskSpec& spec : allSpecs())
    for (auto [w, h] : kSizes) {
      const auto half = halfPlaneMask(spec, w, h);
      const int row = w / 2 + 1;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < row; ++x) {
          // Unshifted (x, y) is centred column (x + floor(W/2)) mod W; the Nyquist column wraps to u = -W/2,
          // which for even W has the same frequency and (by mirror symmetry) the same notches as u = +W/2.
          const int cx = (x + w / 2) % w, cy = (y + h / 2) % h;
          ASSERT_NEAR(half[y * row + x], referenceMask(spec, cx, cy, w, h), 1e-6)
              << toString(spec.kind) << " " << w << "x" << h << " at " << x << "," << y;
        }
    }
}

TEST(FrequencyMask, IsConjugateSymmetric)
{
  for (const MaskSpec& spec : allSpecs())
    for (auto [w, h] : kSizes) {
      const auto mask = centredMask(spec, w, h);
      const int cx = w / 2, cy = h / 2;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const int mx = 2 * cx - x, my = 2 * cy - y;           // (-u, -v)
          if (mx < 0 || mx >= w || my < 0 || my >= h) continue; // the unpaired Nyquist row/column
          ASSERT_EQ(mask[y * w + x], mask[my * w + mx]) << w << "x" << h << " at " << x << "," << y;
        }
    }
}

TEST(FrequencyMask, CentredDrawingIsSymmetrisedOnTheHalfPlane)
{
  const int w = 6, h = 5;
  std::vector<float> drawing(w * h, 0.0f);
  drawing[1 * w + 4] = 1.0f; // (u, v) = (1, -1) only; its partner (-1, 1) stays black
  const auto half = halfPlaneFromCentred(drawing, w, h);
  const int row = w / 2 + 1;
  EXPECT_FLOAT_EQ(half[(h - 1) * row + 1], 0.5f); // v = -1 is unshifted row h-1
  EXPECT_FLOAT_EQ(half[0], 0.0f);
  EXPECT_FLOAT_EQ(
      halfPlaneFromCentred(std::vector<float>(w * h, 1.0f), w, h, {{1, -1, 0}})[(h - 1) * row + 1], 0.0f);
}

TEST(FrequencyMask, RejectsBadSpecs)
{
  EXPECT_THROW(halfPlaneMask({MaskKind::LowPass, MaskProfile::Ideal, 0.0, 0.2, 2, {}}, 8, 8), EngineError);
  EXPECT_THROW(halfPlaneMask({MaskKind::BandPass, MaskProfile::Ideal, 0.3, 0.2, 2, {}}, 8, 8), EngineError);
  EXPECT_THROW(halfPlaneMask({MaskKind::LowPass, MaskProfile::Butterworth, 0.1, 0.2, 11, {}}, 8, 8),
               EngineError);
  EXPECT_NO_THROW(halfPlaneMask({MaskKind::Notch, MaskProfile::Ideal, 0.0, 0.0, 2, {{1, 1, 3}}}, 8, 8));
}

// Against the spectrum's size: notch centres must lie on it (|u| <= W/2, |v| <= H/2), radii at most
// max(W, H); the message names the notch and the limits.
TEST(FrequencyMask, RejectsNotchesOffTheSpectrum)
{
  const MaskSpec edge{MaskKind::Notch, MaskProfile::Ideal, 0.1, 0.2, 2, {{300, -200, 600}, {-300, 200, 0}}};
  EXPECT_NO_THROW(validate(edge, 600, 400));
  EXPECT_NO_THROW(validate(edge, 601, 401)); // odd sizes: u in -300..300 too
  try {
    validate({MaskKind::Notch, MaskProfile::Ideal, 0.1, 0.2, 2, {{5000, 2, 3}}}, 600, 400);
    FAIL() << "a notch at u = 5000 of a 600 x 400 spectrum was accepted";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.kind(), EngineError::Kind::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("(5000, 2) lies outside the 600 x 400 spectrum"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("-300..300"), std::string::npos) << e.what();
  }
  EXPECT_THROW(validate({MaskKind::LowPass, MaskProfile::Ideal, 0.1, 0.2, 2, {{0, -201, 3}}}, 600, 400),
               EngineError);
  EXPECT_THROW(validate({MaskKind::Notch, MaskProfile::Ideal, 0.1, 0.2, 2, {{10, 10, 601}}}, 600, 400),
               EngineError);
  // The size-free checks still come first.
  EXPECT_THROW(validate({MaskKind::LowPass, MaskProfile::Ideal, 0.0, 0.2, 2, {}}, 600, 400), EngineError);
}
