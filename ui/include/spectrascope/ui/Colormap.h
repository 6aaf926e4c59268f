#pragma once
// Colormaps for spectrograms and spectrum pictures as small tables (ten stops each, from matplotlib's
// perceptually uniform maps), interpolated into a 256-entry lookup table. They live beside the views
// that draw them: the engine hands out levels, and colours are applied only where they are painted.
// Plain C++ (no Qt types), so the CLI's PNG writer, the Image, Learn and Audio views share them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spectrascope::ui {

class Colormap
{
public:
  // "viridis", "magma", "inferno", "grayscale" (also "gray"). Nothing on an unknown name.
  static std::optional<Colormap> byName(const std::string& name);
  static std::vector<std::string> names();

  const std::string& name() const { return name_; }
  // 0xAARRGGBB (opaque) for t in [0, 1], clamped; as QImage::Format_ARGB32 / RGB32 store it.
  std::uint32_t argb(double t) const { return table_[indexOf(t)]; }
  // The table entry t in [0, 1] (clamped) selects: one step is 1/255 of the range.
  static std::size_t indexOf(double t);
  std::uint32_t argbAt(std::uint8_t index) const { return table_[index]; }

private:
  std::string name_;
  std::array<std::uint32_t, 256> table_{};
};

} // namespace spectrascope::ui
