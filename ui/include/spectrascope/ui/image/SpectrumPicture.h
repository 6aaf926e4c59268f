#pragma once
// SpectrumPicture: a centred spectrum plane (log(1 + |F|) or phase) ready to be drawn with any contrast.
// The values are quantised once to 16 bits with a histogram, so a contrast change (percentile clipping,
// gamma, colormap) is a 65536-entry lookup table and one pass over the pixels, cheap enough for the GUI
// thread; percentiles come from the histogram without sorting.

#include <QImage>
#include <QString>

#include <cstdint>
#include <vector>

namespace spectrascope::ui::image {

struct SpectrumContrast
{
  QString colormap = QStringLiteral("grayscale"); // any name of ui::Colormap
  double clipLowPercent = 0.5;                    // darkest values below this percentile show as black
  double clipHighPercent = 0.02; // brightest values above 100 - this percentile show as white
  double gamma = 1.0;            // t -> t^(1/gamma): above 1 lifts faint detail
  bool operator==(const SpectrumContrast&) const = default;
};

class SpectrumPicture
{
public:
  SpectrumPicture() = default;
  // `cyclic` values (phase) are shown over their full range, without clipping or gamma.
  SpectrumPicture(const std::vector<float>& values, int width, int height, bool cyclic);

  bool isNull() const { return width_ == 0; }
  QSize size() const { return QSize(width_, height_); }
  // The value below which `percent` of the pixels lie.
  double percentile(double percent) const;
  QImage render(const SpectrumContrast& contrast) const;

private:
  int width_ = 0, height_ = 0;
  bool cyclic_ = false;
  float low_ = 0, high_ = 0; // range of the quantised values
  std::vector<std::uint16_t> levels_;
  std::vector<std::uint32_t> histogram_;
};

} // namespace spectrascope::ui::image
