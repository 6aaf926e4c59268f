#include "ConvolutionStage.h"

#include "DeviceCalls.h"
#include "spectrascope/engine/Errors.h"

#include <string>

namespace spectrascope::detail {
namespace {

// The convolution FFTs' job: lines of `length`, in place on the work buffer, on the mixed-radix kernel.
AxisJob convolutionJob(const TransformDescriptor& inner)
{
  AxisJob job = AxisJob::fromDescriptor(inner);
  job.mixedRadixOnly = true;
  return job;
}

TransformDescriptor convolutionLines(std::size_t length, const StockhamPass& pass)
{
  TransformDescriptor inner = TransformDescriptor::complex1d(length, pass.totalLines);
  inner.placement = Placement::InPlace;
  return inner;
}

// Where the stage's output lines lie apart (makeFfts' geometry comment): a factor's whole lines, or the
// axis' pitch (also for a factor's stage that does the rest of its rows, and writes them whole).
std::size_t outputDist(const StockhamPass& pass)
{
  return pass.nOverL > 1 && !pass.raderRest.any() ? pass.length * pass.stride : pass.distOut;
}

} // namespace

ConvolutionStage::~ConvolutionStage() = default;

void ConvolutionStage::makeFfts(OpenClBackend& backend, const StockhamPass& pass, ConvolutionHooks hooks,
                                const cl::Buffer* inverseIndex, float scale)
{
  work_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, pass.totalLines * length_ * 2 * sizeof(float));
  TransformDescriptor inner = convolutionLines(length_, pass);
  AxisJob job = convolutionJob(inner);
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
  hooks.dist = writesRealPairs_ ? hooks.pairs.outputPitch : outputDist(pass);
  if (inverseIndex) hooks.index = *inverseIndex;
  // Rader's inverse of several launches (or on the generic-shape program) would scatter its output to
  // X[g^-r] from its last launch, a sector written per value (H100, 65537: 1.03 of 1.81 ms). It leaves
  // the output in order in the work buffer instead, and a pass of its own writes the axis in order.
  hooks.storeInWork = hooks.kind == ConvolutionHooks::Kind::Rader && !wholeLinesOnStore && !writesRealPairs_;
  if (hooks.storeInWork) {
    job.scale = 1.0f;
    InOrderPass inOrder;
    inOrder.backend = &backend;
    inOrder.kernel = cl::Kernel(backend.programs().get("rader_in_order", "-cl-std=CL1.2"), "rader_in_order");
    inOrder.p = hooks.n + 1;
    inOrder.lines = pass.totalLines;
    inOrder.linesFastest = hooks.stride != 1;
    inOrder.kernel.setArg(2, hooks.index);
    inOrder.kernel.setArg(3, hooks.sums);
    inOrder.kernel.setArg(4, cl_uint(inOrder.p));
    inOrder.kernel.setArg(5, cl_uint(length_));
    inOrder.kernel.setArg(6, cl_uint(hooks.stride));
    inOrder.kernel.setArg(7, cl_uint(hooks.inner));
    inOrder.kernel.setArg(8, cl_uint(hooks.dist));
    inOrder.kernel.setArg(9, cl_uint(inOrder.lines));
    inOrder.kernel.setArg(10, scale);
    inOrder_ = std::move(inOrder);
  }
  inverse_ = std::make_unique<OpenClFftPlan>(backend, inner, job, limitsOf(backend), hooks);
}

void ConvolutionStage::makeOneLaunch(OpenClBackend& backend, const StockhamPass& pass, ConvolutionHooks hooks,
                                     float scale)
{
  const TransformDescriptor inner = convolutionLines(length_, pass);
  AxisJob job = convolutionJob(inner);
  job.scale = scale;
  // The input side as makeFfts' forward FFT reads it, the output side as its inverse writes it.
  const std::size_t lines = pass.stride * pass.nOverL;
  job.axisLoadsAdjacent = lines > 1;
  job.axisStoresAdjacent = pass.stride > 1;
  hooks.forward = true;
  hooks.oneLaunch = true;
  hooks.stride = hooks.inner = lines;
  hooks.dist = pass.dist;
  hooks.outStride = hooks.outInner = pass.stride;
  hooks.outDist = outputDist(pass);
  job.raderRest = pass.raderRest;
  // Two FFTs per launch: the local passes set its time, so fewer of them pay wherever the primes allow.
  DeviceLimits limits = limitsOf(backend);
  limits.allCompositeRadices = true;
  forward_ = std::make_unique<OpenClFftPlan>(backend, inner, job, limits, hooks);
  // The planner chose this stage by raderInOneLaunch; a plan that disagrees is refused in words (and the
  // engine falls back) rather than run with the wrong kernel.
  if (forward_->schedule().passes.size() != 1)
    throw unsupported("Rader's stage on " + std::to_string(pass.length) + " in one launch planned as " +
                      std::to_string(forward_->schedule().passes.size()) + " launches");
}

void ConvolutionStage::enqueueInOrder(const cl::Buffer& output, std::vector<cl::Event>& events,
                                      std::vector<KernelRecord>& records) const
{
  // Adjacent work-items on adjacent P along rows (64 of them, 4 lines a group), on adjacent lines along a
  // strided axis (16 lines, 16 values of P).
  const bool linesFastest = inOrder_->linesFastest;
  const std::size_t fast = linesFastest ? inOrder_->lines : inOrder_->p;
  const std::size_t slow = linesFastest ? inOrder_->p : inOrder_->lines;
  const std::size_t fastGroup = linesFastest ? 16 : 64, slowGroup = linesFastest ? 16 : 4;
  const cl::NDRange global((fast + fastGroup - 1) / fastGroup * fastGroup,
                           (slow + slowGroup - 1) / slowGroup * slowGroup);
  cl::Kernel kernel = inOrder_->kernel;
  kernel.setArg(0, work_);
  kernel.setArg(1, output);
  cl::Event event;
  inOrder_->backend->queue().enqueueNDRangeKernel(kernel, cl::NullRange, global,
                                                  cl::NDRange(fastGroup, slowGroup), nullptr, &event);
  KernelRecord r;
  r.name = "rader_in_order n" + std::to_string(inOrder_->p);
  r.type = KernelRecord::Type::Kernel;
  r.globalSize = {global[0], global[1], 1};
  r.localSize = {fastGroup, slowGroup, 1};
  r.bytes = 2.0 * double(inOrder_->p) * double(inOrder_->lines) * 2 * sizeof(float);
  events.push_back(event);
  records.push_back(r);
}

void ConvolutionStage::enqueue(const cl::Buffer& input, const cl::Buffer& output,
                               std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const
{
  if (!inverse_) { // one launch: the axis straight to the output
    forward_->enqueueInto(input, output, events, records, &input);
    return;
  }
  forward_->enqueueInto(work_, work_, events, records, &input);
  inverse_->enqueueInto(work_, work_, events, records, &output);
  if (inOrder_) enqueueInOrder(output, events, records);
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
