// The Image tab's device-resident update path (cl/image_filter.cl + the C2R plan on device buffers)
// against the host path on FFTW: the same 8-bit pixels within one grey level, for every range mode, on
// synthetic images of even and odd sizes and (when Qt can decode them) on the real images of tests/data.

#include "OpenClTestDevice.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#ifdef SPECTRASCOPE_TEST_DATA
#include <QImage>
#endif

using namespace spectrascope;
using namespace spectrascope::imaging;

namespace {

std::shared_ptr<Engine> deviceEngine()
{
  const auto index = test::preferredOpenClDevice();
  if (!index) return nullptr;
  return std::make_shared<Engine>("opencl:" + std::to_string(*index));
}

PlanarImage randomImage(std::size_t w, std::size_t h, std::size_t channels, unsigned seed)
{
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> pixel(0, 255);
  PlanarImage image{w, h, channels, std::vector<float>(w * h * channels)};
  for (float& v : image.values)
    v = pixel(random);
  return image;
}

int maxDifference(const PlanarBytes& a, const PlanarBytes& b)
{
  int worst = 0;
  for (std::size_t i = 0; i < a.values.size(); ++i)
    worst = std::max(worst, std::abs(int(a.values[i]) - int(b.values[i])));
  return worst;
}

struct Case
{
  MaskSpec spec;
  PixelRange range;
};

std::vector<Case> cases()
{
  MaskSpec low;
  low.cutoff = 0.08;
  MaskSpec high = low;
  high.kind = MaskKind::HighPass;
  high.profile = MaskProfile::Butterworth;
  MaskSpec notch;
  notch.kind = MaskKind::Notch;
  notch.notches = {{12, -5, 3}};
  return {{low, PixelRange::Clamp},
          {high, PixelRange::Normalize},
          {high, PixelRange::Abs},
          {notch, PixelRange::Clamp}};
}

// Every case on the device against FFTW on the host; the device pipeline must really be on the device.
void expectDeviceMatchesHost(const PlanarImage& image, PadMode pad = PadMode::None)
{
  const auto device = deviceEngine();
  if (!device) GTEST_SKIP() << "no OpenCL device on this machine";
  Engine fftw("fftw");
  FilterPipeline onDevice(*device, image, nullptr, pad), onHost(fftw, image, nullptr, pad);
  ASSERT_TRUE(onDevice.onDevice()) << onDevice.fallbackReason();
  ASSERT_FALSE(onHost.onDevice());
  for (const Case& c : cases()) {
    const std::vector<float> mask = halfPlaneMask(c.spec, onHost.width(), onHost.height());
    const PlanarBytes expected = onHost.apply(mask, c.range);
    const PlanarBytes got = onDevice.apply(mask, c.range);
    ASSERT_EQ(got.values.size(), expected.values.size());
    ASSERT_EQ(got.values.size(), image.values.size()); // cropped back to the image
    EXPECT_LE(maxDifference(got, expected), 1)
        << toString(c.spec.kind) << " " << toString(c.range) << " on " << image.width << "x" << image.height
        << " padded " << toString(pad);
  }
}

} // namespace

TEST(ImageFilterDevice, MatchesTheHostPathOnEvenAndOddSizes)
{
  expectDeviceMatchesHost(randomImage(128, 96, 3, 1));
  expectDeviceMatchesHost(randomImage(75, 50, 1, 2));
}

// The device converts only the image's part of the padded plane (its min/max included).
TEST(ImageFilterDevice, MatchesTheHostPathWhenPadded)
{
  expectDeviceMatchesHost(randomImage(75, 50, 3, 4), PadMode::Zero);
  expectDeviceMatchesHost(randomImage(75, 50, 1, 5), PadMode::Mirror);
}

// Parametric masks evaluated by the device (parametric_mask) against the host's formulas through FFTW:
// every kind and profile, notches, inverted, even and odd sizes, padded; no mask is uploaded.
TEST(ImageFilterDevice, ParametricMasksOnTheDeviceMatchTheHostFormulas)
{
  const auto device = deviceEngine();
  if (!device) GTEST_SKIP() << "no OpenCL device on this machine";
  Engine fftw("fftw");
  std::vector<std::pair<MaskSpec, bool>> specs;
  for (MaskKind kind : {MaskKind::LowPass, MaskKind::HighPass, MaskKind::BandPass, MaskKind::BandStop})
    for (MaskProfile profile : {MaskProfile::Ideal, MaskProfile::Gaussian, MaskProfile::Butterworth}) {
      MaskSpec spec;
      spec.kind = kind, spec.profile = profile, spec.cutoff = 0.07, spec.cutoff2 = 0.19, spec.order = 3;
      specs.push_back({spec, false});
    }
  MaskSpec notch;
  notch.kind = MaskKind::Notch;
  notch.notches = {{12, -5, 3}, {-4, 9, 2.5}, {20, 0, 0}};
  specs.push_back({notch, false});
  specs.push_back({notch, true});
  MaskSpec lowWithNotch = specs[1].first;
  lowWithNotch.notches = notch.notches;
  specs.push_back({lowWithNotch, true});
  for (const auto& [image, pad] : {std::pair{randomImage(128, 96, 3, 7), PadMode::None},
                                   std::pair{randomImage(75, 50, 1, 8), PadMode::None},
                                   std::pair{randomImage(75, 50, 1, 9), PadMode::Mirror}}) {
    FilterPipeline onDevice(*device, image, nullptr, pad), onHost(fftw, image, nullptr, pad);
    ASSERT_TRUE(onDevice.onDevice()) << onDevice.fallbackReason();
    for (const auto& [spec, inverted] : specs) {
      const PixelRange range = spec.kind == MaskKind::HighPass || spec.kind == MaskKind::BandPass || inverted
                                   ? PixelRange::Normalize
                                   : PixelRange::Clamp;
      ExecutionReport report;
      const PlanarBytes got = onDevice.applyParametric(spec, inverted, range, &report);
      const PlanarBytes expected =
          onHost.apply(composeHalfPlaneMask(spec, onHost.width(), onHost.height(), nullptr, inverted), range);
      ASSERT_EQ(got.values.size(), expected.values.size());
      EXPECT_LE(maxDifference(got, expected), 1)
          << toString(spec.kind) << " " << toString(spec.profile) << (inverted ? " inverted" : "") << " on "
          << onHost.width() << "x" << onHost.height();
      for (const KernelRecord& r : report.records)
        EXPECT_NE(r.name, "upload mask") << "a parametric update uploads no mask";
      EXPECT_TRUE(std::any_of(report.records.begin(), report.records.end(),
                              [](const KernelRecord& r) { return r.name.starts_with("mask ("); }));
    }
  }
}

// The Timings dock shows each step with its device time; only the display bytes come back.
TEST(ImageFilterDevice, ReportsEveryStepWithDeviceTimes)
{
  const auto device = deviceEngine();
  if (!device) GTEST_SKIP() << "no OpenCL device on this machine";
  const PlanarImage image = randomImage(64, 48, 3, 3);
  FilterPipeline pipeline(*device, image);
  ASSERT_TRUE(pipeline.onDevice()) << pipeline.fallbackReason();
  ExecutionReport report;
  MaskSpec high;
  high.kind = MaskKind::HighPass;
  pipeline.apply(halfPlaneMask(high, 64, 48), PixelRange::Normalize, &report);
  std::set<std::string> names;
  for (const KernelRecord& r : report.records) {
    names.insert(r.name);
    EXPECT_GE(r.endNs, r.startNs) << r.name;
  }
  for (const char* step :
       {"upload mask", "mask multiply", "min/max", "to 8 bits (normalize)", "download pixels"})
    EXPECT_TRUE(names.count(step)) << "no record named " << step;
  EXPECT_TRUE(std::any_of(names.begin(), names.end(),
                          [](const std::string& n) { return n.starts_with("inverse: "); }));
  const auto download = std::find_if(report.records.begin(), report.records.end(),
                                     [](const KernelRecord& r) { return r.name == "download pixels"; });
  ASSERT_NE(download, report.records.end());
  EXPECT_EQ(download->bytes, 64u * 48u * 3u);
}

#ifdef SPECTRASCOPE_TEST_DATA
namespace {

PlanarImage load(const char* name)
{
  const QImage file(QStringLiteral(SPECTRASCOPE_TEST_DATA "/") + QLatin1String(name));
  const bool colour = !file.isGrayscale();
  const QImage pixels = file.convertToFormat(colour ? QImage::Format_RGB888 : QImage::Format_Grayscale8);
  const std::size_t w = std::size_t(pixels.width()), h = std::size_t(pixels.height()),
                    channels = colour ? 3 : 1;
  PlanarImage image{w, h, channels, std::vector<float>(w * h * channels)};
  for (std::size_t y = 0; y < h; ++y) {
    const uchar* line = pixels.constScanLine(int(y));
    for (std::size_t x = 0; x < w; ++x)
      for (std::size_t c = 0; c < channels; ++c)
        image.plane(c)[y * w + x] = float(line[x * channels + c]);
  }
  return image;
}

} // namespace

TEST(ImageFilterDevice, MatchesTheHostPathOnRealImages)
{
  for (const char* name : {"coffee.png", "moon_periodic_noise.png", "hubble_deep_field.jpg"}) {
    SCOPED_TRACE(name);
    const PlanarImage image = load(name);
    ASSERT_GT(image.width, 0u);
    expectDeviceMatchesHost(image);
  }
}
#endif
