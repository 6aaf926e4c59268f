#include "ComplexLayout.h"

namespace spectrascope::detail {

std::vector<std::complex<double>> expandInput(const TransformDescriptor& d, std::span<const float> in)
{
  const std::size_t nx = d.extent[0], ny = d.extent[1], nz = d.extent[2];
  const std::size_t rows = ny * nz, half = d.complexRowLength(), realRow = d.realRowLength();
  std::vector<std::complex<double>> full(d.elementsPerTransform() * d.batch);
  for (std::size_t b = 0; b < d.batch; ++b) {
    std::complex<double>* dst = full.data() + b * rows * nx;
    for (std::size_t row = 0; row < rows; ++row) {
      for (std::size_t x = 0; x < nx; ++x) {
        switch (d.kind) {
        case TransformKind::ComplexToComplex: {
          const std::size_t i = 2 * ((b * rows + row) * nx + x);
          dst[row * nx + x] = {in[i], in[i + 1]};
          break;
        }
        case TransformKind::RealToComplex:
          dst[row * nx + x] = {in[(b * rows + row) * realRow + x], 0.0};
          break;
        case TransformKind::ComplexToReal: {
          // X[x, y, z] for x > nx/2 is conj(X[nx-x, -y, -z]) (indices modulo the extents).
          const std::size_t y = row % ny, z = row / ny;
          const bool mirrored = x >= half;
          const std::size_t sx = mirrored ? nx - x : x;
          const std::size_t srow = mirrored ? ((nz - z) % nz) * ny + (ny - y) % ny : row;
          const std::size_t i = 2 * ((b * rows + srow) * half + sx);
          const std::complex<double> v{in[i], in[i + 1]};
          dst[row * nx + x] = mirrored ? std::conj(v) : v;
          break;
        }
        }
      }
    }
  }
  return full;
}

std::vector<double> extractOutput(const TransformDescriptor& d, const std::vector<std::complex<double>>& full)
{
  const std::size_t nx = d.extent[0];
  const std::size_t rows = d.extent[1] * d.extent[2] * d.batch;
  const double scale = d.direction == Direction::Inverse && d.normalization == Normalization::Standard
                           ? 1.0 / double(d.elementsPerTransform())
                           : 1.0;
  std::vector<double> out(d.outputFloats(), 0.0);
  for (std::size_t row = 0; row < rows; ++row) {
    const std::complex<double>* src = full.data() + row * nx;
    if (d.kind == TransformKind::ComplexToReal) {
      for (std::size_t x = 0; x < nx; ++x) out[row * d.realRowLength() + x] = src[x].real() * scale;
    } else {
      const std::size_t len = d.complexRowLength();
      for (std::size_t x = 0; x < len; ++x) {
        out[2 * (row * len + x)] = src[x].real() * scale;
        out[2 * (row * len + x) + 1] = src[x].imag() * scale;
      }
    }
  }
  return out;
}

} // namespace spectrascope::detail
