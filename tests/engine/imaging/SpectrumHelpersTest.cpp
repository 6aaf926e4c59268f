// The Image tab's arithmetic in the engine: where a centred bin lives in the R2C half-plane (against a
// direct DFT of a small real image, odd and even sizes), the composed mask at one bin (against the
// half-plane the filter multiplies with), the cursor readout's numbers, and notch placement.

#include "spectrascope/engine/imaging/BinReadout.h"
#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/HalfSpectrum.h"
#include "spectrascope/engine/imaging/MaskComposition.h"
#include "spectrascope/engine/imaging/NotchPlacement.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

using namespace spectrascope::imaging;

namespace {

// A W x H real image and its spectrum by the definition, unshifted: F(k, l).
std::vector<std::complex<double>> directDft(const std::vector<double>& image, std::size_t w, std::size_t h)
{
  std::vector<std::complex<double>> f(w * h);
  for (std::size_t l = 0; l < h; ++l)
    for (std::size_t k = 0; k < w; ++k)
      for (std::size_t y = 0; y < h; ++y)
        for (std::size_t x = 0; x < w; ++x)
          f[l * w + k] +=
              image[y * w + x] * std::polar(1.0, -2 * std::numbers::pi *
                                                     (double(k * x) / double(w) + double(l * y) / double(h)));
  return f;
}

} // namespace

TEST(HalfSpectrum, EveryCentredBinIsFoundInTheHalfPlane)
{
  for (const auto [w, h] : {std::pair<std::size_t, std::size_t>{6, 4}, {5, 7}, {8, 5}}) {
    std::vector<double> image(w * h);
    for (std::size_t i = 0; i < image.size(); ++i)
      image[i] = std::sin(double(i) * 1.7) + 0.1 * double(i % 3);
    const auto full = directDft(image, w, h);
    // The half-plane as an R2C transform leaves it: columns 0..W/2 of every row.
    const std::size_t row = w / 2 + 1;
    std::vector<std::complex<double>> half(row * h);
    for (std::size_t l = 0; l < h; ++l)
      for (std::size_t k = 0; k < row; ++k)
        half[l * row + k] = full[l * w + k];
    for (long v = -long(h) / 2; v < long(h) - long(h) / 2; ++v)
      for (long u = -long(w) / 2; u < long(w) - long(w) / 2; ++u) {
        const std::size_t k = std::size_t((u + long(w)) % long(w)), l = std::size_t((v + long(h)) % long(h));
        const HalfSpectrumBin bin = halfSpectrumBinOfCentred(u, v, w, h);
        const std::complex<double> got = bin.direct ? half[bin.index] : std::conj(half[bin.index]);
        EXPECT_NEAR(std::abs(got - full[l * w + k]), 0.0, 1e-9) << w << "x" << h << " u " << u << " v " << v;
        const HalfSpectrumBin pixel =
            halfSpectrumBinOfCentredPixel(std::size_t(u + long(w / 2)), std::size_t(v + long(h / 2)), w, h);
        EXPECT_EQ(pixel.index, bin.index);
        EXPECT_EQ(pixel.direct, bin.direct);
      }
  }
}

TEST(MaskComposition, OneBinEqualsTheComposedHalfPlane)
{
  const std::size_t w = 10, h = 7;
  MaskSpec spec;
  spec.kind = MaskKind::BandPass;
  spec.profile = MaskProfile::Gaussian;
  spec.cutoff = 0.1, spec.cutoff2 = 0.3;
  spec.notches = {{2, 1, 1}};
  std::vector<float> paint(w * h, 1.0f);
  paint[3 * w + 7] = 0.25f; // asymmetric on purpose: the filter averages a bin with its mirror
  const std::vector<float> paintedHalf = halfPlaneFromCentred(paint, w, h);
  for (const bool inverted : {false, true}) {
    const std::vector<float> half = composeHalfPlaneMask(spec, w, h, &paintedHalf, inverted);
    for (long v = -3; v <= 3; ++v)
      for (long u = -5; u <= 4; ++u)
        EXPECT_NEAR(composedMaskValue(spec, &paint, inverted, u, v, w, h),
                    half[halfSpectrumBinOfCentred(u, v, w, h).index], 1e-6)
            << "u " << u << " v " << v;
  }
}

TEST(BinReadout, DescribesFrequencyPeriodOrientationAndLevel)
{
  const BinDescription d = describeBin(24, -10, 256, 256, {0.0f, 1000.0f});
  EXPECT_NEAR(d.fu, 0.09375, 1e-12);
  EXPECT_NEAR(d.fv, -0.0390625, 1e-12);
  EXPECT_NEAR(d.frequency, std::hypot(0.09375, 0.0390625), 1e-12);
  EXPECT_NEAR(d.periodPixels, 1 / d.frequency, 1e-12);
  EXPECT_NEAR(d.orientationDegrees, std::atan2(0.0390625, 0.09375) * 180 / std::numbers::pi, 1e-9);
  EXPECT_NEAR(d.magnitudeDb, 60.0, 1e-9);
  EXPECT_NEAR(d.phaseDegrees, 90.0, 1e-4); // arg of a float
  const BinDescription dc = describeBin(0, 0, 8, 8, {0.0f, 0.0f});
  EXPECT_EQ(dc.periodPixels, 0.0);
  EXPECT_TRUE(std::isinf(dc.magnitudeDb) && dc.magnitudeDb < 0);
}

TEST(NotchPlacement, SnapsToThePeakAndNeverCoversDc)
{
  // A peak at (24, 10) over a flat floor; a click two bins away lands on it.
  const auto value = [](long u, long v) {
    return std::complex<float>((std::abs(u) == 24 && std::abs(v) == 10 && u * v > 0) ? 100.0f : 1.0f, 0.0f);
  };
  const Notch n = notchAtPeakNear(22.4, 11.3, 256, 256, value);
  EXPECT_EQ(n.u, 24);
  EXPECT_EQ(n.v, 10);
  EXPECT_EQ(n.radius, defaultNotchRadius(256, 256));
  // Near DC the search skips DC and its neighbours, whatever their magnitude.
  const auto dcBright = [](long u, long v) {
    return std::complex<float>(u == 0 && v == 0 ? 1e9f : 1.0f, 0.0f);
  };
  const Notch near = notchAtPeakNear(0, 0, 64, 64, dcBright);
  EXPECT_GT(std::abs(near.u) + std::abs(near.v), 1);
  EXPECT_LT(near.radius, std::hypot(near.u, near.v));

  // The largest radius stops short of DC, and of max(W, H) for far notches (what validate() accepts).
  EXPECT_EQ(largestNotchRadius(24, 10, 256, 256), 25.5); // DC is 26 bins away
  EXPECT_EQ(largestNotchRadius(3, 4, 256, 256), 4.5);
  EXPECT_EQ(largestNotchRadius(300, 400, 64, 64), 64.0);
  MaskSpec spec;
  spec.kind = MaskKind::Notch;
  spec.notches = {{24, 10, largestNotchRadius(24, 10, 256, 256)}};
  EXPECT_EQ(maskValue(spec, 0, 0, 256, 256), 1.0);
  EXPECT_NO_THROW(validate(spec, 256, 256));
}
