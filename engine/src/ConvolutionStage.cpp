#include "ConvolutionStage.h"

namespace spectrascope::detail {

cl::Buffer uploadRounded(cl::Context& context, const std::vector<std::complex<double>>& values)
{
  std::vector<float> rounded(2 * values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    rounded[2 * i] = float(values[i].real());
    rounded[2 * i + 1] = float(values[i].imag());
  }
  return cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rounded.size() * sizeof(float),
                    rounded.data());
}

} // namespace spectrascope::detail
