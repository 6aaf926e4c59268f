#pragma once
// One axis of a transform done as a circular convolution by two of the engine's own smooth-length FFTs
// (Bluestein's or Rader's algorithm): what a plan's schedule enqueues in place of that axis' launches.

#include "spectrascope/engine/OpenClBackend.h"

#include <complex>
#include <vector>

namespace spectrascope::detail {

class ConvolutionStage
{
public:
  virtual ~ConvolutionStage() = default;
  // Reads every line of `input` before writing `output`, so the two may be one buffer.
  virtual void enqueue(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                       std::vector<KernelRecord>& records) const = 0;
};

// A table computed in double on the host, rounded once to float2 on upload.
cl::Buffer uploadRounded(cl::Context& context, const std::vector<std::complex<double>>& values);

} // namespace spectrascope::detail
