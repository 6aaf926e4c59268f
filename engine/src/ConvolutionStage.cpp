#include "ConvolutionStage.h"

#include "DeviceCalls.h"

namespace spectrascope::detail {

ConvolutionStage::~ConvolutionStage() = default;

void ConvolutionStage::makeFfts(OpenClBackend& backend, const StockhamPass& pass, ConvolutionHooks hooks,
                                const cl::Buffer* inverseIndex, float scale)
{
  work_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, pass.totalLines * length_ * 2 * sizeof(float));
  TransformDescriptor inner = TransformDescriptor::complex1d(length_, pass.totalLines);
  inner.placement = Placement::InPlace;
  AxisJob job = AxisJob::fromDescriptor(inner);
  job.mixedRadixOnly = true;
  // Columns: line b of the work buffer is column b of the axis, so the launches that touch the axis
  // take adjacent columns together.
  const bool columns = pass.stride > 1;
  job.axisLoadsAdjacent = columns;
  hooks.forward = true;
  hooks.dist = pass.dist;
  forward_ = std::make_unique<OpenClFftPlan>(backend, inner, job, limitsOf(backend), hooks);

  job.axisLoadsAdjacent = false;
  job.axisStoresAdjacent = columns;
  inner.direction = job.direction = Direction::Inverse;
  inner.normalization = Normalization::Unscaled;
  job.scale = scale;
  hooks.forward = false;
  hooks.dist = pass.distOut;
  if (inverseIndex) hooks.index = *inverseIndex;
  inverse_ = std::make_unique<OpenClFftPlan>(backend, inner, job, limitsOf(backend), hooks);
}

void ConvolutionStage::enqueue(const cl::Buffer& input, const cl::Buffer& output,
                               std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const
{
  forward_->enqueueInto(work_, work_, events, records, &input);
  inverse_->enqueueInto(work_, work_, events, records, &output);
}

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
