#include "spectrascope/ui/Colormap.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace spectrascope::ui {
namespace {

// Ten evenly spaced stops of matplotlib's maps (0, 1/9, ..., 1), as 0xRRGGBB. Linear interpolation
// between them stays within a few levels of the full 256-entry tables.
constexpr std::uint32_t kViridis[] = {0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e,
                                      0x1f9e89, 0x35b779, 0x6ece58, 0xb5de2b, 0xfde725};
constexpr std::uint32_t kMagma[] = {0x000004, 0x180f3d, 0x440f76, 0x721f81, 0x9e2f7f,
                                    0xcd4071, 0xf1605d, 0xfd9668, 0xfeca8d, 0xfcfdbf};
constexpr std::uint32_t kInferno[] = {0x000004, 0x1b0c41, 0x4a0c6b, 0x781c6d, 0xa52c60,
                                      0xcf4446, 0xed6925, 0xfb9b06, 0xf7d13d, 0xfcffa4};
constexpr std::uint32_t kGrayscale[] = {0x000000, 0xffffff};

template <std::size_t N> std::array<std::uint32_t, 256> interpolate(const std::uint32_t (&stops)[N])
{
  std::array<std::uint32_t, 256> table{};
  for (int i = 0; i < 256; ++i) {
    const double position = double(i) / 255.0 * double(N - 1);
    const std::size_t low = std::min<std::size_t>(std::size_t(position), N - 2);
    const double f = position - double(low);
    std::uint32_t argb = 0xff000000u;
    for (int shift : {16, 8, 0}) {
      const double a = (stops[low] >> shift) & 0xff, b = (stops[low + 1] >> shift) & 0xff;
      argb |= std::uint32_t(std::lround(a + (b - a) * f)) << shift;
    }
    table[std::size_t(i)] = argb;
  }
  return table;
}

} // namespace

std::optional<Colormap> Colormap::byName(const std::string& text)
{
  std::string name = text;
  for (auto& c : name)
    c = char(std::tolower(static_cast<unsigned char>(c)));
  if (name == "gray" || name == "grey" || name == "greyscale") name = "grayscale";
  Colormap map;
  map.name_ = name;
  if (name == "viridis")
    map.table_ = interpolate(kViridis);
  else if (name == "magma")
    map.table_ = interpolate(kMagma);
  else if (name == "inferno")
    map.table_ = interpolate(kInferno);
  else if (name == "grayscale")
    map.table_ = interpolate(kGrayscale);
  else
    return std::nullopt;
  return map;
}

std::vector<std::string> Colormap::names()
{
  return {"viridis", "magma", "inferno", "grayscale"};
}

std::size_t Colormap::indexOf(double t)
{
  if (!(t > 0)) return 0;
  if (t >= 1) return 255;
  return std::size_t(t * 255.0 + 0.5);
}

} // namespace spectrascope::ui
