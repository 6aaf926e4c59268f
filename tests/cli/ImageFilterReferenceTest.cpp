// `spectrascope-cli filter` on the real test images against a reference written from the README's
// formulas alone: the full complex spectrum in double precision (FFTW double, rows then columns, not the
// engine's single-precision half-plane path), each mask evaluated bin by bin on the centred grid, the
// inverse in double, and the 8-bit conversion (clamp, normalize per channel, abs) done here. Every kind
// other than low-pass (tested in ImageCommandsTest) with every profile, on a colour, a non-square and a
// grey image; --range given explicitly; --timings' report.

#include "CliProcess.h"
#include "spectrascope/engine/Reference.h"

#include <QImage>
#include <QTemporaryDir>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <map>
#include <memory>

namespace spectrascope::test {
namespace {

using cd = std::complex<double>;
using testing::HasSubstr;
using testing::MatchesRegex;

QString dataFile(const std::string& name)
{
  return QStringLiteral(SPECTRASCOPE_TEST_DATA "/") + QString::fromStdString(name);
}

// The 2D DFT of a W x H row-major plane: every row, then every column, each a 1D FFTW transform in double
// precision (unscaled both ways, as FFTW's are).
void dft2d(std::vector<cd>& plane, int w, int h, Direction direction)
{
  std::vector<cd> line;
  for (int y = 0; y < h; ++y) {
    line.assign(plane.begin() + std::ptrdiff_t(y) * w, plane.begin() + std::ptrdiff_t(y + 1) * w);
    line = reference::transform1d(std::move(line), direction);
    std::copy(line.begin(), line.end(), plane.begin() + std::ptrdiff_t(y) * w);
  }
  line.resize(std::size_t(h));
  for (int x = 0; x < w; ++x) {
    for (int y = 0; y < h; ++y)
      line[std::size_t(y)] = plane[std::size_t(y) * w + x];
    line = reference::transform1d(std::move(line), direction);
    for (int y = 0; y < h; ++y)
      plane[std::size_t(y) * w + x] = line[std::size_t(y)];
  }
}

// The README's mask semantics, written out once more.
struct Mask
{
  std::string kind, profile;
  double cutoff = 0, cutoff2 = 0;
  int order = 2;

  double lowPass(double f, double cut) const
  {
    if (profile == "ideal") return f <= cut ? 1.0 : 0.0;
    if (profile == "gaussian") return std::exp(-f * f / (2 * cut * cut));
    return 1 / (1 + std::pow(f / cut, 2 * order)); // butterworth
  }
  // Bin (u, v) of the centred W x H spectrum: f = sqrt((u/W)^2 + (v/H)^2) cycles per pixel.
  double at(double u, double v, int w, int h) const
  {
    const double f = std::sqrt((u / w) * (u / w) + (v / h) * (v / h));
    if (kind == "lowpass") return lowPass(f, cutoff);
    if (kind == "highpass") return 1 - lowPass(f, cutoff);
    const double bandPass = lowPass(f, cutoff2) * (1 - lowPass(f, cutoff));
    return kind == "bandpass" ? bandPass : 1 - bandPass; // bandstop
  }
  // Whether an ideal edge passes through a bin (up to rounding): float and double could then disagree
  // on the bin, which no tolerance of one grey level covers. The cutoffs below are chosen to avoid it.
  bool edgeOnABin(int w, int h) const
  {
    for (int v = -h / 2; v < (h + 1) / 2; ++v)
      for (int u = -w / 2; u < (w + 1) / 2; ++u) {
        const double f = std::sqrt((double(u) / w) * (double(u) / w) + (double(v) / h) * (double(v) / h));
        if (std::abs(f - cutoff) < 1e-9 || std::abs(f - cutoff2) < 1e-9) return true;
      }
    return false;
  }
  QStringList arguments() const
  {
    QStringList list{"--mask",    QString::fromStdString(kind),
                     "--profile", QString::fromStdString(profile),
                     "--cutoff",  QString::number(cutoff, 'g', 17)};
    if (kind == "bandpass" || kind == "bandstop") list << "--cutoff2" << QString::number(cutoff2, 'g', 17);
    if (profile == "butterworth") list << "--order" << QString::number(order);
    return list;
  }
  std::string name() const { return kind + " " + profile; }
};

// 8-bit conversion as the README defines the ranges (rounding to nearest; ties may round either way,
// which the one-grey-level tolerance covers).
std::vector<int> toBytes(const std::vector<double>& values, const std::string& range)
{
  std::vector<int> out(values.size());
  double lo = values.front(), hi = values.front();
  for (double v : values)
    lo = std::min(lo, v), hi = std::max(hi, v);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double v = range == "normalize" ? (hi > lo ? (values[i] - lo) * 255 / (hi - lo) : 0)
                     : range == "abs"     ? std::abs(values[i])
                                          : values[i];
    out[i] = int(std::clamp(std::lround(v), 0L, 255L));
  }
  return out;
}

// An image's channels and their spectra, computed once per image for all the masks.
class Reference
{
public:
  explicit Reference(const QImage& image)
      : colour_(!image.isGrayscale()), w_(image.width()), h_(image.height())
  {
    const QImage pixels = image.convertToFormat(colour_ ? QImage::Format_RGB888 : QImage::Format_Grayscale8);
    for (int c = 0; c < channels(); ++c) {
      std::vector<cd> plane(std::size_t(w_) * h_);
      for (int y = 0; y < h_; ++y)
        for (int x = 0; x < w_; ++x)
          plane[std::size_t(y) * w_ + x] = pixels.constScanLine(y)[channels() * x + c];
      dft2d(plane, w_, h_, Direction::Forward);
      spectra_.push_back(std::move(plane));
    }
  }
  int channels() const { return colour_ ? 3 : 1; }
  int width() const { return w_; }
  int height() const { return h_; }

  // The expected 8-bit planes of `filter ... MASK --range RANGE`.
  std::vector<std::vector<int>> filtered(const Mask& mask, const std::string& range) const
  {
    std::vector<double> m(std::size_t(w_) * h_);
    for (int l = 0; l < h_; ++l)
      for (int k = 0; k < w_; ++k) { // unshifted index k, l -> centred u, v
        const double u = k < (w_ + 1) / 2 ? k : k - w_, v = l < (h_ + 1) / 2 ? l : l - h_;
        m[std::size_t(l) * w_ + k] = mask.at(u, v, w_, h_);
      }
    std::vector<std::vector<int>> planes;
    for (const std::vector<cd>& spectrum : spectra_) {
      std::vector<cd> product(spectrum.size());
      for (std::size_t i = 0; i < product.size(); ++i)
        product[i] = spectrum[i] * m[i];
      dft2d(product, w_, h_, Direction::Inverse);
      std::vector<double> real(product.size());
      for (std::size_t i = 0; i < real.size(); ++i)
        real[i] = product[i].real() / (double(w_) * h_);
      planes.push_back(toBytes(real, range));
    }
    return planes;
  }

  // The largest difference between the CLI's output and the expected planes.
  int worstDifference(const QImage& output, const std::vector<std::vector<int>>& expected) const
  {
    EXPECT_EQ(output.size(), QSize(w_, h_));
    EXPECT_EQ(output.isGrayscale(), !colour_);
    const QImage pixels = output.convertToFormat(colour_ ? QImage::Format_RGB888 : QImage::Format_Grayscale8);
    int worst = 0;
    for (int c = 0; c < channels(); ++c)
      for (int y = 0; y < h_; ++y)
        for (int x = 0; x < w_; ++x)
          worst = std::max(worst, std::abs(int(pixels.constScanLine(y)[channels() * x + c]) -
                                           expected[std::size_t(c)][std::size_t(y) * w_ + x]));
    return worst;
  }

private:
  bool colour_;
  int w_, h_;
  std::vector<std::vector<cd>> spectra_;
};

const Reference& referenceFor(const std::string& file)
{
  static std::map<std::string, std::unique_ptr<Reference>> cache;
  auto& slot = cache[file];
  if (!slot) slot = std::make_unique<Reference>(QImage(dataFile(file)));
  return *slot;
}

// coffee.png: colour 600 x 400; hubble_deep_field.jpg: colour, non-square 1000 x 872; moon: grey 512 x 512.
const char* const kImages[] = {"coffee.png", "hubble_deep_field.jpg", "moon_periodic_noise.png"};

class ImageFilterReference : public testing::Test
{
protected:
  void SetUp() override { ASSERT_TRUE(dir_.isValid()); }

  // Runs filter on `file` with `mask` (and --range if given) on FFTW, and returns the worst difference
  // from the reference with that range (or the README's default for the kind).
  int worstDifference(const std::string& file, const Mask& mask, const std::string& range = {})
  {
    const Reference& reference = referenceFor(file);
    EXPECT_FALSE(mask.profile == "ideal" && mask.edgeOnABin(reference.width(), reference.height()))
        << mask.name() << ": choose cutoffs off the bins";
    const QString output = dir_.filePath(QStringLiteral("out.png"));
    QStringList arguments = QStringList{"filter", dataFile(file), output} + mask.arguments();
    arguments << "--backend"
              << "fftw";
    if (!range.empty()) arguments << "--range" << QString::fromStdString(range);
    const CliResult r = runCli(arguments);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const std::string expectedRange = !range.empty()                                       ? range
                                      : mask.kind == "highpass" || mask.kind == "bandpass" ? "normalize"
                                                                                           : "clamp";
    return reference.worstDifference(QImage(output), reference.filtered(mask, expectedRange));
  }

  // Every profile of `kind` on every image, Butterworth orders spread over 1..10.
  void checkKind(const std::string& kind)
  {
    int order = 1;
    for (const char* file : kImages)
      for (const char* profile : {"ideal", "gaussian", "butterworth"}) {
        const Mask mask{kind, profile, 0.0437, 0.1373, order};
        if (mask.profile == "butterworth") order = order % 10 + 3; // 1, 4, 7, ...
        EXPECT_LE(worstDifference(file, mask), 1) << file << ": " << mask.name();
      }
  }

  QTemporaryDir dir_;
};

TEST_F(ImageFilterReference, HighPassMatchesTheFormulasOnRealImages)
{
  checkKind("highpass");
}

TEST_F(ImageFilterReference, BandPassMatchesTheFormulasOnRealImages)
{
  checkKind("bandpass");
}

TEST_F(ImageFilterReference, BandStopMatchesTheFormulasOnRealImages)
{
  checkKind("bandstop");
}

// Each --range on a kind whose default is another one, so the option is seen to take effect: abs and
// clamp of a high-pass (centred on 0: half its values are negative), normalize of a low-pass.
TEST_F(ImageFilterReference, RangeOptionsMatchTheirDefinitions)
{
  const Mask highPass{"highpass", "gaussian", 0.0437, 0, 2};
  const Mask lowPass{"lowpass", "butterworth", 0.0437, 0, 3};
  EXPECT_LE(worstDifference("coffee.png", highPass, "abs"), 1);
  EXPECT_LE(worstDifference("hubble_deep_field.jpg", highPass, "abs"), 1);
  EXPECT_LE(worstDifference("moon_periodic_noise.png", highPass, "clamp"), 1);
  EXPECT_LE(worstDifference("coffee.png", lowPass, "normalize"), 1);
  EXPECT_LE(worstDifference("moon_periodic_noise.png", lowPass, "normalize"), 1);

  // And the ranges really differ on these images, so agreeing with each is not agreeing with one.
  const Reference& coffee = referenceFor("coffee.png");
  const auto abs = coffee.filtered(highPass, "abs"), normalized = coffee.filtered(highPass, "normalize");
  const auto clamped = coffee.filtered(highPass, "clamp");
  int differ = 0;
  for (std::size_t i = 0; i < abs[0].size(); ++i)
    differ += abs[0][i] != clamped[0][i] && abs[0][i] != normalized[0][i];
  EXPECT_GT(differ, int(abs[0].size() / 10));
}

// --timings: the forward transform (once per image) and the update's steps, each named with its time,
// and the totals line, on stderr; the image is still written.
TEST_F(ImageFilterReference, TimingsListEachStep)
{
  const QString output = dir_.filePath(QStringLiteral("t.png"));
  const CliResult r = runCli({"filter", dataFile("hubble_deep_field.jpg"), output, "--mask", "bandpass",
                              "--cutoff", "0.05", "--cutoff2", "0.2", "--backend", "fftw", "--timings"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(QImage(output).size(), QSize(1000, 872));
  EXPECT_THAT(r.err, HasSubstr("forward spectrum (once per image), 1000x872x3:"));
  EXPECT_THAT(r.err, HasSubstr("mask update (mask multiply + inverse + 8 bits):"));
  EXPECT_THAT(r.err, HasSubstr("timings on fftw"));
  // One table per phase, each with its header, at least one named step with a time in ms, and totals.
  const auto count = [&](const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = r.err.find(text); at != std::string::npos; at = r.err.find(text, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("  name "), 2u) << r.err;
  EXPECT_EQ(count("whole call"), 2u) << r.err;
  EXPECT_THAT(r.err, MatchesRegex("(.|\n)*\n  inverse[^\n]* [0-9]+\\.[0-9]{4} (.|\n)*")) << r.err;
  EXPECT_THAT(r.err, MatchesRegex("(.|\n)*\n  forward[^\n]* [0-9]+\\.[0-9]{4} (.|\n)*")) << r.err;
  // Without --timings, nothing of it.
  const CliResult quiet = runCli({"filter", dataFile("coffee.png"), output, "--mask", "lowpass", "--cutoff",
                                  "0.1", "--backend", "fftw"});
  ASSERT_EQ(quiet.exitCode, 0) << quiet.err;
  EXPECT_THAT(quiet.err, testing::Not(HasSubstr("timings on")));
}

} // namespace
} // namespace spectrascope::test
