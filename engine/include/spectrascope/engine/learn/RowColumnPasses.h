#pragma once
// A 2D transform taken apart as Gu et al. describe it: one batched 1D transform of every row, then one of
// every column. The Learn tab shows the image after each pass.
//
// Both passes are ordinary engine plans on the given backend (the OpenCL device's production kernels, or
// FFTW on the CPU): the rows are one complex1d(width, batch = height) call; the columns are gathered into
// rows by a transpose on the host and go through one complex1d(height, batch = width) call, so the
// column pass is the same kind of kernel call as the row pass. The result after both passes is checked
// against the full 2D transform in double precision (FFTW), the row pass against the 1D transforms of
// the rows in double precision.
//
// Threading: call off the GUI thread (plans build kernels); the backend is used by one thread at a time.

#include "spectrascope/engine/Backend.h"
#include "spectrascope/engine/Timing.h"

#include <complex>
#include <span>
#include <string>
#include <vector>

namespace spectrascope::learn {

struct RowColumnPasses
{
  std::size_t width = 0, height = 0;
  // Row-major, x fastest, width * height values each.
  std::vector<std::complex<float>> input, afterRows, afterColumns;
  double rowError = 0;  // afterRows vs the rows' 1D transforms in double
  double fullError = 0; // afterColumns vs the full 2D transform in double
  // The records of both engine calls, the row pass first; names say which pass they belong to.
  ExecutionReport report;
  std::string computedOn;

  // Single precision over log2 of a few hundred points stays near 1e-6; 1e-4 catches a wrong pass.
  static constexpr double kTolerance = 1e-4;
  bool rowsMatch() const { return rowError <= kTolerance; }
  bool columnsMatch() const { return fullError <= kTolerance; }
};

// pixels: width * height real values (e.g. luminance), row-major. Throws EngineError on a bad size or a
// failed plan.
RowColumnPasses runRowColumnPasses(Backend& backend, std::span<const float> pixels, std::size_t width,
                                   std::size_t height);

} // namespace spectrascope::learn
