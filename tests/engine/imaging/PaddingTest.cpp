// Padding modes: the padded sizes, the mirror extension's continuity, the crop back to the image's size,
// and what padding is for: on a real photo, mirror padding takes the wrap-around edges' cross out of the
// spectrum.

#include "spectrascope/engine/imaging/Padding.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

using namespace spectrascope;
using namespace spectrascope::imaging;

namespace {

// A binary 8-bit PGM (P5) as a one-channel image; the engine tests link no image library.
PlanarImage readPgm(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  std::string magic;
  std::size_t w = 0, h = 0, maxValue = 0;
  in >> magic >> w >> h >> maxValue;
  in.get();
  EXPECT_EQ(magic, "P5");
  EXPECT_EQ(maxValue, 255u);
  std::vector<unsigned char> bytes(w * h);
  in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
  EXPECT_TRUE(in.good()) << path;
  return PlanarImage{w, h, 1, std::vector<float>(bytes.begin(), bytes.end())};
}

// How much the u = 0 and v = 0 axes stand out of the log-magnitude spectrum (as the Image tab and
// `spectrum` draw it) above 0.05 cycles per pixel: their mean log(1 + |F|) minus that of the parallel lines
// 1 % to 3 % of the spectrum away (0 where there is no cross). Near DC the axes hold the image's own
// low frequencies; farther out, in a photo, mostly the jumps where the edges wrap around.
double crossContrast(const FilterPipeline& pipeline)
{
  const long w = long(pipeline.width()), h = long(pipeline.height());
  auto level = [&](long u, long v) { return std::log1p(std::abs(pipeline.binValue(u, v))); };
  double axes = 0, beside = 0;
  long axisBins = 0, besideBins = 0;
  auto line = [&](long n, long across, auto at) {
    for (long k = long(0.05 * double(n)); k < n / 2; ++k)
      for (long side : {-1, 1}) {
        axes += at(side * k, 0), ++axisBins;
        for (long d = std::max(2L, across / 100); d <= std::max(4L, 3 * across / 100); ++d)
          beside += at(side * k, d) + at(side * k, -d), besideBins += 2;
      }
  };
  line(w, h, [&](long k, long d) { return level(k, d); });
  line(h, w, [&](long k, long d) { return level(d, k); });
  return axes / double(axisBins) - beside / double(besideBins);
}

std::vector<float> allPass(const FilterPipeline& pipeline)
{
  return std::vector<float>((pipeline.width() / 2 + 1) * pipeline.height(), 1.0f);
}

} // namespace

TEST(Padding, FastSizesHaveOnlyFactorsTwoThreeFive)
{
  EXPECT_EQ(fastSize(1), 1u);
  EXPECT_EQ(fastSize(7), 8u);
  EXPECT_EQ(fastSize(14), 15u);
  EXPECT_EQ(fastSize(97), 100u);
  EXPECT_EQ(fastSize(1024), 1024u);
  using Extent = std::pair<std::size_t, std::size_t>;
  EXPECT_EQ(paddedExtent(PadMode::None, 240, 181), Extent(240, 181));
  EXPECT_EQ(paddedExtent(PadMode::Mirror, 240, 181), Extent(480, 375));
}

TEST(Padding, MirrorRepeatsTheEdgesAndZeroFillsWithZeros)
{
  const PlanarImage row{4, 1, 1, {10, 20, 30, 40}};
  EXPECT_EQ(pad(row, PadMode::Mirror).values,
            (std::vector<float>{10, 20, 30, 40, 40, 30, 20, 10, 10, 20, 30, 40, 40, 30, 20, 10}));
  const PlanarImage zero = pad(row, PadMode::Zero);
  EXPECT_EQ(zero.width, 8u);
  EXPECT_EQ(zero.height, 2u);
  EXPECT_EQ(zero.values, (std::vector<float>{10, 20, 30, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  // Not a fast 2W: the reflections about both edges still continue them (7 -> 15 columns).
  const PlanarImage seven{7, 1, 1, {0, 1, 2, 3, 4, 5, 6}};
  const PlanarImage padded = pad(seven, PadMode::Mirror);
  ASSERT_EQ(padded.width, 15u);
  EXPECT_EQ(std::vector<float>(padded.values.begin(), padded.values.begin() + 15),
            (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 3, 2, 1, 0}));
}

TEST(Padding, ResultsAreCroppedBackToTheImage)
{
  Engine engine("fftw");
  const PlanarImage image = readPgm(SPECTRASCOPE_TEST_DATA "/coffee_gray.pgm");
  for (PadMode mode : {PadMode::Zero, PadMode::Mirror}) {
    FilterPipeline pipeline(engine, image, nullptr, mode);
    EXPECT_EQ(pipeline.width(), 1200u);
    EXPECT_EQ(pipeline.height(), 800u);
    const PlanarImage back = pipeline.applyFloat(allPass(pipeline));
    ASSERT_EQ(back.width, image.width);
    ASSERT_EQ(back.height, image.height);
    for (std::size_t i = 0; i < back.values.size(); ++i)
      ASSERT_NEAR(back.values[i], image.values[i], 0.05) << toString(mode) << " pixel " << i;
    const PlanarBytes bytes = pipeline.apply(allPass(pipeline), PixelRange::Normalize);
    EXPECT_EQ(bytes.width, image.width);
    EXPECT_EQ(bytes.height, image.height);
    EXPECT_EQ(bytes.values.size(), image.values.size());
  }
}

TEST(Padding, MirrorPaddingWeakensTheEdgeCrossOfARealPhoto)
{
  Engine engine("fftw");
  const PlanarImage image = readPgm(SPECTRASCOPE_TEST_DATA "/coffee_gray.pgm");
  const double none = crossContrast(FilterPipeline(engine, image, nullptr, PadMode::None));
  const double zero = crossContrast(FilterPipeline(engine, image, nullptr, PadMode::Zero));
  const double mirror = crossContrast(FilterPipeline(engine, image, nullptr, PadMode::Mirror));
  std::printf("the axes' log-magnitude above their neighbours': none %.2f, zero %.2f, mirror %.2f\n", none,
              zero, mirror);
  EXPECT_GT(none, 0.5);
  EXPECT_LT(mirror, 0.6 * none);
  EXPECT_GT(zero, none); // the image's edges against black jump more than against each other
}

// A drag preview inverts a crop of the padded spectrum: the image's share of it comes back, with the
// image's aspect, not the padded canvas.
TEST(Padding, PreviewsShowTheImagesShareOfThePaddedPlane)
{
  Engine engine("fftw");
  const PlanarImage image = readPgm(SPECTRASCOPE_TEST_DATA "/coffee_gray.pgm"); // 600 x 400 -> 1200 x 800
  FilterPipeline pipeline(engine, image, nullptr, PadMode::Mirror);
  const auto [cw, ch] = FilterPipeline::previewExtent(pipeline.width(), pipeline.height(), 300, 200);
  MaskSpec low;
  low.cutoff = 0.4;
  const std::vector<float> crop =
      composeCroppedHalfPlaneMask(low, pipeline.width(), pipeline.height(), cw, ch, nullptr, false);
  const PlanarBytes preview = pipeline.applyPreview(crop, cw, ch, PixelRange::Clamp);
  EXPECT_EQ(preview.width, cw / 2);
  EXPECT_EQ(preview.height, ch / 2);
  // Its top-left pixel is (a blur of) the image's, not the reflection's or a black canvas's.
  EXPECT_NEAR(preview.values[0], image.values[0], 40);
}
