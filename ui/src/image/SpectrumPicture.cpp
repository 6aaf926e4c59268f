#include "spectrascope/ui/image/SpectrumPicture.h"

#include "spectrascope/ui/Colormap.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::ui::image {
namespace {
constexpr int kLevels = 65536;
}

SpectrumPicture::SpectrumPicture(const std::vector<float>& values, int width, int height, bool cyclic)
    : width_(width), height_(height), cyclic_(cyclic), levels_(values.size()), histogram_(kLevels)
{
  if (values.empty()) return;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  low_ = *lo, high_ = *hi;
  const float scale = high_ > low_ ? float(kLevels - 1) / (high_ - low_) : 0.0f;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto level = std::uint16_t(std::clamp((values[i] - low_) * scale + 0.5f, 0.0f, float(kLevels - 1)));
    levels_[i] = level;
    ++histogram_[level];
  }
}

double SpectrumPicture::percentile(double percent) const
{
  if (levels_.empty()) return 0;
  const double target = std::clamp(percent, 0.0, 100.0) / 100.0 * double(levels_.size());
  double count = 0;
  int level = 0;
  for (; level < kLevels - 1; ++level) {
    count += histogram_[std::size_t(level)];
    if (count >= target) break;
  }
  return low_ + (high_ - low_) * level / double(kLevels - 1);
}

QImage SpectrumPicture::render(const SpectrumContrast& contrast) const
{
  if (isNull()) return {};
  const auto colormap =
      ui::Colormap::byName(contrast.colormap.toStdString()).value_or(*ui::Colormap::byName("grayscale"));
  // Lookup table from quantised level to colour, with clipping and gamma folded in.
  const double span = std::max(double(high_ - low_), 1e-30);
  const double lo = cyclic_ ? low_ : percentile(contrast.clipLowPercent);
  const double hi =
      cyclic_ ? high_ : std::max(percentile(100.0 - contrast.clipHighPercent), lo + span * 1e-6);
  const double exponent = cyclic_ ? 1.0 : 1.0 / std::clamp(contrast.gamma, 0.05, 20.0);
  std::vector<QRgb> table(kLevels);
  for (int level = 0; level < kLevels; ++level) {
    const double value = low_ + span * level / (kLevels - 1);
    const double t = std::clamp((value - lo) / (hi - lo), 0.0, 1.0);
    table[std::size_t(level)] = colormap.argb(std::pow(t, exponent));
  }
  QImage picture(width_, height_, QImage::Format_RGB32);
  for (int y = 0; y < height_; ++y) {
    auto* line = reinterpret_cast<QRgb*>(picture.scanLine(y));
    const std::uint16_t* levels = levels_.data() + std::size_t(y) * std::size_t(width_);
    for (int x = 0; x < width_; ++x)
      line[x] = table[levels[x]];
  }
  return picture;
}

} // namespace spectrascope::ui::image
