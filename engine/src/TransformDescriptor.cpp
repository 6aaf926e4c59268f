#include "spectrascope/engine/TransformDescriptor.h"

#include "spectrascope/engine/Errors.h"

#include <limits>

namespace spectrascope {

TransformDescriptor TransformDescriptor::complex1d(std::size_t n, std::size_t batch, Direction dir)
{
  return complex3d(n, 1, 1, batch, dir).withRank(1);
}

TransformDescriptor TransformDescriptor::complex2d(std::size_t nx, std::size_t ny, std::size_t batch, Direction dir)
{
  return complex3d(nx, ny, 1, batch, dir).withRank(2);
}

TransformDescriptor TransformDescriptor::complex3d(std::size_t nx, std::size_t ny, std::size_t nz,
                                                   std::size_t batch, Direction dir)
{
  TransformDescriptor d;
  d.rank = 3;
  d.extent = {nx, ny, nz};
  d.batch = batch;
  d.direction = dir;
  return d;
}

TransformDescriptor TransformDescriptor::withRank(int r) const
{
  TransformDescriptor d = *this;
  d.rank = r;
  return d;
}

std::size_t TransformDescriptor::complexRowLength() const
{
  return kind == TransformKind::ComplexToComplex ? extent[0] : extent[0] / 2 + 1;
}

std::size_t TransformDescriptor::realRowLength() const
{
  return placement == Placement::InPlace ? 2 * (extent[0] / 2 + 1) : extent[0];
}

std::size_t TransformDescriptor::inputFloats() const
{
  const std::size_t rows = extent[1] * extent[2] * batch;
  if (kind == TransformKind::RealToComplex) return rows * realRowLength();
  return rows * complexRowLength() * 2;
}

std::size_t TransformDescriptor::outputFloats() const
{
  const std::size_t rows = extent[1] * extent[2] * batch;
  if (kind == TransformKind::ComplexToReal) return rows * realRowLength();
  return rows * complexRowLength() * 2;
}

void TransformDescriptor::validate() const
{
  if (rank < 1 || rank > 3) throw invalidArgument("rank must be 1, 2 or 3 (got " + std::to_string(rank) + ")");
  for (int axis = 0; axis < 3; ++axis) {
    if (extent[axis] == 0) throw invalidArgument("transform sizes must be at least 1");
    if (axis >= rank && extent[axis] != 1)
      throw invalidArgument("a rank-" + std::to_string(rank) + " transform cannot have extent " +
                            std::to_string(extent[axis]) + " in dimension " + std::to_string(axis + 1));
  }
  if (batch == 0) throw invalidArgument("batch must be at least 1");
  if (kind == TransformKind::RealToComplex && direction != Direction::Forward)
    throw invalidArgument("a real-to-complex transform is always forward");
  if (kind == TransformKind::ComplexToReal && direction != Direction::Inverse)
    throw invalidArgument("a complex-to-real transform is always inverse");
  // Guard the products below against overflow before anyone allocates: 2^40 floats is 4 TiB.
  const double floats = double(extent[0] + 2) * double(extent[1]) * double(extent[2]) * double(batch) * 2.0;
  if (floats > double(std::size_t{1} << 40))
    throw invalidArgument("transform of " + toString() + " is too large for memory");
}

std::string TransformDescriptor::toString() const
{
  std::string s = spectrascope::toString(kind) + (direction == Direction::Forward ? " fwd " : " inv ");
  s += std::to_string(extent[0]);
  for (int axis = 1; axis < rank; ++axis) s += "x" + std::to_string(extent[axis]);
  s += " b" + std::to_string(batch);
  s += placement == Placement::InPlace ? " inplace" : " outofplace";
  if (normalization == Normalization::Unscaled) s += " unscaled";
  return s;
}

std::string toString(TransformKind kind)
{
  switch (kind) {
  case TransformKind::ComplexToComplex: return "c2c";
  case TransformKind::RealToComplex: return "r2c";
  case TransformKind::ComplexToReal: return "c2r";
  }
  return "?";
}

} // namespace spectrascope
