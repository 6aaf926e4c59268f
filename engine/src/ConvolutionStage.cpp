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
  // The stage is the first step of its axis' global step (ns = 1, cl/fft_stockham.cl's header): line b's
  // element e is at (b / lines)*dist + b % lines + e*lines, lines = stride*nOverL (nOverL > 1: the stage
  // is one factor of the axis), and its output element q at (b / stride)*rowLength + b % stride +
  // q*stride, with rowLength = length*stride, or distOut when the line is the whole axis (a pitch).
  // Where consecutive lines b are adjacent in memory (columns, or a factor's interleaved lines), the
  // launches that touch the axis take adjacent lines together.
  const std::size_t lines = pass.stride * pass.nOverL;
  job.axisLoadsAdjacent = lines > 1;
  hooks.forward = true;
  hooks.stride = hooks.inner = lines;
  readsRealPairs_ = hooks.pairsOnLoad = hooks.pairs.any();
  hooks.dist = readsRealPairs_ ? hooks.pairs.inputPitch : pass.dist;
  forward_ = std::make_unique<OpenClFftPlan>(backend, inner, job, limitsOf(backend), hooks);

  job.axisLoadsAdjacent = false;
  job.axisStoresAdjacent = pass.stride > 1;
  inner.direction = job.direction = Direction::Inverse;
  inner.normalization = Normalization::Unscaled;
  job.scale = scale;
  hooks.forward = false;
  hooks.pairsOnLoad = false;
  // R2C's split needs each Z[k] together with Z[p-k]: only a launch that holds whole lines has both, and
  // only the length-specialised program keeps them there for its store (cl/fft_mixed.cl).
  const bool wholeLinesOnStore =
      !backend.options().genericMixedShapes && planStockham(job, limitsOf(backend)).passes.size() == 1;
  writesRealPairs_ = hooks.pairsOnStore =
      hooks.pairs.kind == RealPairRows::Kind::ComplexToReal ||
      (hooks.pairs.kind == RealPairRows::Kind::RealToComplex && wholeLinesOnStore);
  hooks.stride = hooks.inner = pass.stride;
  hooks.dist = writesRealPairs_  ? hooks.pairs.outputPitch
               : pass.nOverL > 1 ? pass.length * pass.stride
                                 : pass.distOut;
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
