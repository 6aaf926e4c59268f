#pragma once
// Vectors whose storage starts on a 64-byte boundary: a cache line, and the SIMD alignment FFTW plans for
// (a buffer aligned otherwise than planned goes through a copy on every call).

#include <cstddef>
#include <new>
#include <vector>

namespace spectrascope {

template <typename T> struct CacheLineAllocator
{
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};

  CacheLineAllocator() = default;
  template <typename U> CacheLineAllocator(const CacheLineAllocator<U>&) {}

  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlignment)); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, kAlignment); }
  template <typename U> bool operator==(const CacheLineAllocator<U>&) const { return true; }
};

template <typename T> using AlignedVector = std::vector<T, CacheLineAllocator<T>>;

} // namespace spectrascope
