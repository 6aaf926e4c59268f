#pragma once
// What a transform is: shape, kind, direction, scaling, placement. A plan is made from one of these;
// plans are cached by it, so it is a plain value with equality and a readable string form.

#include <array>
#include <cstddef>
#include <string>

namespace spectrascope {

enum class TransformKind { ComplexToComplex, RealToComplex, ComplexToReal };
enum class Direction { Forward, Inverse };

// Convention (as FFTW and NumPy's default): the forward transform is unscaled,
// X[k] = sum_n x[n] exp(-2 pi i k n / N); the inverse carries exp(+2 pi i k n / N) and is scaled by 1/N
// (N = product of all extents) so that inverse(forward(x)) == x. Unscaled asks for no 1/N on the inverse.
enum class Normalization { Standard, Unscaled };

enum class Placement { OutOfPlace, InPlace };

// Extents are given fastest dimension first: extent[0] = nx (image width, contiguous),
// extent[1] = ny (rows), extent[2] = nz. Unused extents are 1. Memory is row-major with x fastest.
//
// Element layout per transform (batch transforms are packed one after another):
//  - C2C: nx*ny*nz complex values (interleaved float re, im) in and out.
//  - R2C: nx*ny*nz real values in; (nx/2+1)*ny*nz complex values out (Hermitian half, as FFTW).
//  - C2R: the reverse of R2C. Its direction is Inverse by definition.
//  - In-place R2C/C2R use FFTW's padded real layout: each real row holds 2*(nx/2+1) floats.
struct TransformDescriptor {
  int rank = 1;
  std::array<std::size_t, 3> extent{1, 1, 1};
  std::size_t batch = 1;
  TransformKind kind = TransformKind::ComplexToComplex;
  Direction direction = Direction::Forward;
  Normalization normalization = Normalization::Standard;
  Placement placement = Placement::OutOfPlace;

  static TransformDescriptor complex1d(std::size_t n, std::size_t batch = 1, Direction dir = Direction::Forward);
  static TransformDescriptor complex2d(std::size_t nx, std::size_t ny, std::size_t batch = 1,
                                       Direction dir = Direction::Forward);
  static TransformDescriptor complex3d(std::size_t nx, std::size_t ny, std::size_t nz, std::size_t batch = 1,
                                       Direction dir = Direction::Forward);

  std::size_t elementsPerTransform() const { return extent[0] * extent[1] * extent[2]; }
  // Complex values per row on the complex side (nx for C2C, nx/2+1 for real transforms) and floats per
  // row on the real side (nx, or 2*(nx/2+1) when in place).
  std::size_t complexRowLength() const;
  std::size_t realRowLength() const;
  TransformDescriptor withRank(int r) const;
  // Float counts of one call's whole input and output buffers (all batches), following the layout above.
  std::size_t inputFloats() const;
  std::size_t outputFloats() const;
  // Throws InvalidArgument with a message a person can act on if the descriptor is inconsistent.
  void validate() const;
  // Stable human-readable key, e.g. "c2c fwd 1024x1 b32 oop std".
  std::string toString() const;

  bool operator==(const TransformDescriptor&) const = default;
};

std::string toString(TransformKind kind);

} // namespace spectrascope
