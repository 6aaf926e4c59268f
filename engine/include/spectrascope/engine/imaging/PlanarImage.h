#pragma once
// A planar float image: `channels` planes of width x height values, rows contiguous, x fastest. Grey
// images have one plane, colour images three (R, G, B); values are on the 0..255 scale of 8-bit pixels.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace spectrascope::imaging {

struct PlanarImage
{
  std::size_t width = 0;
  std::size_t height = 0;
  std::size_t channels = 0;
  std::vector<float> values; // channels * height * width

  std::size_t planeSize() const { return width * height; }
  float* plane(std::size_t c) { return values.data() + c * planeSize(); }
  const float* plane(std::size_t c) const { return values.data() + c * planeSize(); }
};

// An allocator whose resize() leaves new elements uninitialised: every producer of display pixels writes
// all of them, and zeroing 50 MB first (a 4096 x 4096 colour result) costs as much as converting it.
template <typename T> struct UninitialisedAllocator : std::allocator<T>
{
  template <typename U> struct rebind
  {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() = default;
  template <typename U> UninitialisedAllocator(const UninitialisedAllocator<U>&) {}
  template <typename U> void construct(U* p) { ::new (static_cast<void*>(p)) U; }
  template <typename U, typename... Args> void construct(U* p, Args&&... args)
  {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
using ByteVector = std::vector<std::uint8_t, UninitialisedAllocator<std::uint8_t>>;

// 8-bit planes of the same layout, as the display and the files want them.
struct PlanarBytes
{
  std::size_t width = 0;
  std::size_t height = 0;
  std::size_t channels = 0;
  ByteVector values; // channels * height * width

  std::size_t planeSize() const { return width * height; }
  const std::uint8_t* plane(std::size_t c) const { return values.data() + c * planeSize(); }
};

// Y = 0.299 R + 0.587 G + 0.114 B (ITU-R BT.601 luma) of a 3-channel image; a 1-channel image is returned
// unchanged.
PlanarImage luminance(const PlanarImage& image);

} // namespace spectrascope::imaging
