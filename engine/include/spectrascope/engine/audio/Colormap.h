#pragma once
// Colormaps for spectrograms as small tables (ten stops each, from matplotlib's perceptually uniform
// maps), interpolated into a 256-entry lookup table. Qt-free so the CLI and the GUI share them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spectrascope::audio {

class Colormap
{
public:
  // "viridis", "magma", "inferno", "grayscale" (also "gray"). Nothing on an unknown name.
  static std::optional<Colormap> byName(const std::string& name);
  static std::vector<std::string> names();

  const std::string& name() const { return name_; }
  // 0xAARRGGBB (opaque) for t in [0, 1], clamped; as QImage::Format_ARGB32 / RGB32 store it.
  std::uint32_t argb(double t) const;
  std::uint32_t argbAt(std::uint8_t index) const { return table_[index]; }

private:
  std::string name_;
  std::array<std::uint32_t, 256> table_{};
};

} // namespace spectrascope::audio
