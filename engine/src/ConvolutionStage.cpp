#include "ConvolutionStage.h"

#include "DeviceCalls.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <string>
#include <utility>

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

// The forward FFT's job: its first launch reads the axis, taking adjacent lines together where consecutive
// lines are adjacent in memory (columns, or a factor's interleaved lines).
AxisJob forwardJob(const StockhamPass& pass, std::size_t length)
{
  AxisJob job = convolutionJob(convolutionLines(length, pass));
  job.axisLoadsAdjacent = pass.stride * pass.nOverL > 1;
  return job;
}

// Rader's stage in one launch: the input side as makeFfts' forward FFT reads it, the output side as its
// inverse writes it, and the rest of the rows where the stage does them.
AxisJob oneLaunchJob(const StockhamPass& pass, std::size_t length)
{
  AxisJob job = forwardJob(pass, length);
  job.axisStoresAdjacent = pass.stride > 1;
  job.raderRest = pass.raderRest;
  return job;
}

// Rader's stage in one launch: the shape raderInOneLaunch judged (the planner's raderOneLaunchLimits).
DeviceLimits oneLaunchLimits(const DeviceLimits& axisLimits, std::size_t length)
{
  return raderOneLaunchLimits(convolutionLimits(axisLimits, length));
}

std::size_t convolutionLengthOf(const StockhamPass& pass, const DeviceLimits& axisLimits)
{
  return pass.family == StockhamPass::Family::Rader ? pass.raderConvolution
                                                    : bluesteinStageLength(pass.length, axisLimits);
}

// Whether the forward FFT's last launch can also filter and do the inverse FFT's first launch
// (ConvolutionHooks::filterLaunch): both FFTs in two launches of the length-specialised program, the
// inverse's split the forward's in reverse order (set in inverseLimits), and the forward's last launch a
// plain one. The inverse's first launch then reads, line for line, the elements that launch holds.
bool takesFilterLaunch(const AxisJob& forward, const AxisJob& inverse, const DeviceLimits& limits,
                       DeviceLimits& inverseLimits)
{
  if (!limits.filterLaunch || limits.mixedThreads) return false;
  const StockhamSchedule forwardSchedule = planStockham(forward, limits);
  if (forwardSchedule.passes.size() != 2) return false;
  const StockhamPass& last = forwardSchedule.passes.back();
  if (last.family != StockhamPass::Family::Mixed || last.lineRounds > 1 || last.teamPrime ||
      last.ns != last.nOverL)
    return false;
  DeviceLimits reversed = limits;
  reversed.firstLaunchLength = last.length;
  const StockhamSchedule inverseSchedule = planStockham(inverse, reversed);
  if (inverseSchedule.passes.size() != 2 || inverseSchedule.passes.front().length != last.length)
    return false;
  inverseLimits = reversed;
  return true;
}

} // namespace

DeviceLimits convolutionLimits(const DeviceLimits& axisLimits, std::size_t length)
{
  DeviceLimits limits = axisLimits;
  limits.firstLaunchLength = axisLimits.convolutionFirstLaunch ? axisLimits.convolutionFirstLaunch
                                                               : filterLaunchFirstLength(length, axisLimits);
  limits.convolutionFirstLaunch = 0;
  return limits;
}

StockhamSchedule forwardConvolutionSchedule(const StockhamPass& pass, const DeviceLimits& axisLimits)
{
  const std::size_t length = convolutionLengthOf(pass, axisLimits);
  if (pass.raderInOneLaunch)
    return planStockham(oneLaunchJob(pass, length), oneLaunchLimits(axisLimits, length));
  return planStockham(forwardJob(pass, length), convolutionLimits(axisLimits, length));
}

ConvolutionStage::~ConvolutionStage() = default;

void ConvolutionStage::makeFfts(OpenClBackend& backend, const StockhamPass& pass,
                                const DeviceLimits& axisLimits, ConvolutionHooks hooks,
                                const cl::Buffer* inverseIndex, float scale)
{
  work_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, pass.totalLines * length_ * 2 * sizeof(float));
  TransformDescriptor inner = convolutionLines(length_, pass);
  AxisJob job = forwardJob(pass, length_);
  // Rader's gather from odd real rows in pairs: its first launch may hold whole lines (AxisJob::
  // gatherWholeLines).
  job.gatherWholeLines =
      pass.family == StockhamPass::Family::Rader && hooks.pairs.any() && pass.stride * pass.nOverL == 1;
  const DeviceLimits limits = convolutionLimits(axisLimits, length_);
  // The stage is the first step of its axis' global step (ns = 1, cl/fft_stockham.cl's header): line b's
  // element e is at (b / lines)*dist + b % lines + e*lines, lines = stride*nOverL (nOverL > 1: the stage
  // is one factor of the axis), and its output element q at (b / stride)*rowLength + b % stride +
  // q*stride, with rowLength = length*stride, or distOut when the line is the whole axis (a pitch).
  // Where consecutive lines b are adjacent in memory (columns, or a factor's interleaved lines), the
  // launches that touch the axis take adjacent lines together.
  const std::size_t lines = pass.stride * pass.nOverL;
  AxisJob inverseJob = job;
  inverseJob.axisLoadsAdjacent = false;
  inverseJob.gatherWholeLines = false;
  inverseJob.axisStoresAdjacent = pass.stride > 1;
  inverseJob.direction = Direction::Inverse;
  inverseJob.scale = scale;
  // Where both FFTs take two launches, three launches instead of four (H100, one lease: Bluestein's 4099
  // on 8200 1.54 -> 1.43 ms, 10007 1.87 -> 1.70; Rader's 7681 on 7680 1.29 -> 1.22, 65537 1.31 -> 1.26).
  DeviceLimits inverseLimits = limits;
  hooks.filterLaunch = takesFilterLaunch(job, inverseJob, limits, inverseLimits);
  hooks.forward = true;
  hooks.stride = hooks.inner = lines;
  readsRealPairs_ = hooks.pairsOnLoad = hooks.pairs.any();
  hooks.dist = readsRealPairs_ ? hooks.pairs.inputPitch : pass.dist;
  forward_ = std::make_unique<OpenClFftPlan>(backend, inner, job, limits, hooks);

  job = inverseJob;
  inner.direction = Direction::Inverse;
  inner.normalization = Normalization::Unscaled;
  hooks.afterFilterLaunch = std::exchange(hooks.filterLaunch, false);
  hooks.forward = false;
  hooks.pairsOnLoad = false;
  // R2C's split needs each Z[k] together with Z[p-k]: only a launch that holds whole lines has both, and
  // only the length-specialised program keeps them there for its store (cl/fft_mixed.cl).
  const bool wholeLinesOnStore =
      !backend.options().genericMixedShapes && planStockham(job, limits).passes.size() == 1;
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
    inOrder.p = hooks.n + 1;
    inOrder.lines = pass.totalLines;
    inOrder.linesFastest = hooks.stride != 1;
    const std::string options = inOrder.linesFastest ? std::string() : stagedInOrder(inOrder, limits);
    inOrder.kernel = cl::Kernel(backend.programs().get("rader_in_order", "-cl-std=CL1.2" + options),
                                inOrder.group ? "rader_in_order_staged" : "rader_in_order");
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
  inverse_ = std::make_unique<OpenClFftPlan>(backend, inner, job, inverseLimits, hooks);
}

void ConvolutionStage::makeOneLaunch(OpenClBackend& backend, const StockhamPass& pass,
                                     const DeviceLimits& axisLimits, ConvolutionHooks hooks, float scale)
{
  const TransformDescriptor inner = convolutionLines(length_, pass);
  AxisJob job = oneLaunchJob(pass, length_);
  job.scale = scale;
  const std::size_t lines = pass.stride * pass.nOverL;
  hooks.forward = true;
  hooks.oneLaunch = true;
  hooks.stride = hooks.inner = lines;
  hooks.dist = pass.dist;
  hooks.outStride = hooks.outInner = pass.stride;
  hooks.outDist = outputDist(pass);
  // Odd real rows in pairs: the gather reads the two real rows (C2R: merges the half spectra) and the
  // in-order store splits the half spectra out (C2R: writes the two real rows), as makeFfts' launches do.
  if (hooks.pairs.any()) {
    // The split needs each line to be a whole axis line (rowsTakeRealPairs plans no other).
    if (pass.nOverL != 1 || pass.raderRest.any())
      throw unsupported("odd real rows in pairs through Rader's stage on a factor of " +
                        std::to_string(pass.length * pass.nOverL));
    readsRealPairs_ = writesRealPairs_ = hooks.pairsOnLoad = hooks.pairsOnStore = true;
    hooks.dist = hooks.pairs.inputPitch;
    hooks.outDist = hooks.pairs.outputPitch;
  }
  forward_ =
      std::make_unique<OpenClFftPlan>(backend, inner, job, oneLaunchLimits(axisLimits, length_), hooks);
  // The planner chose this stage by raderInOneLaunch; a plan that disagrees is refused in words (and the
  // engine falls back) rather than run with the wrong kernel.
  if (forward_->schedule().passes.size() != 1)
    throw unsupported("Rader's stage on " + std::to_string(pass.length) + " in one launch planned as " +
                      std::to_string(forward_->schedule().passes.size()) + " launches");
}

// Rows whose whole line one group holds in registers, kStagedValues a work-item, take the staged in-order
// pass (cl/rader_in_order.cl): `inOrder.group` work-items a line and the build options of its rounds
// through local memory. Empty options and no group where the line is longer.
std::string ConvolutionStage::stagedInOrder(InOrderPass& inOrder, const DeviceLimits& limits)
{
  constexpr std::size_t kStagedGroup = 1024, kStagedValues = 16, kWarp = 32;
  const std::size_t n = inOrder.p - 1;
  const std::size_t group =
      std::min({limits.maxWorkGroupSize, kStagedGroup, (n + kWarp - 1) / kWarp * kWarp});
  const std::size_t values = (n + group - 1) / group;
  const std::size_t mostPerRound = limits.localMemBytes / (2 * sizeof(float));
  if (values > kStagedValues || mostPerRound < 2 * kWarp) return {};
  // Rounds of equal size: fewer bytes of local memory a group than the most it may take.
  const std::size_t rounds = (inOrder.p + mostPerRound - 1) / mostPerRound;
  const std::size_t chunk = (inOrder.p + rounds - 1) / rounds;
  inOrder.group = group;
  return " -DSTAGED_GROUP=" + std::to_string(group) + " -DSTAGED_VALUES=" + std::to_string(values) +
         " -DSTAGED_CHUNK=" + std::to_string(chunk);
}

void ConvolutionStage::enqueueInOrder(const cl::Buffer& output, std::vector<cl::Event>& events,
                                      std::vector<KernelRecord>& records) const
{
  // The staged pass: one group a line. The other: adjacent work-items on adjacent P along rows (64 of
  // them, 4 lines a group), on adjacent lines along a strided axis (16 lines, 16 values of P).
  const bool staged = inOrder_->group > 0, linesFastest = inOrder_->linesFastest;
  const std::size_t fast = staged         ? inOrder_->lines * inOrder_->group
                           : linesFastest ? inOrder_->lines
                                          : inOrder_->p;
  const std::size_t slow = staged ? 1 : linesFastest ? inOrder_->p : inOrder_->lines;
  const std::size_t fastGroup = staged ? inOrder_->group : linesFastest ? 16 : 64;
  const std::size_t slowGroup = staged ? 1 : linesFastest ? 16 : 4;
  const cl::NDRange global((fast + fastGroup - 1) / fastGroup * fastGroup,
                           (slow + slowGroup - 1) / slowGroup * slowGroup);
  cl::Kernel kernel = inOrder_->kernel;
  kernel.setArg(0, work_);
  kernel.setArg(1, output);
  cl::Event event;
  inOrder_->backend->queue().enqueueNDRangeKernel(kernel, cl::NullRange, global,
                                                  cl::NDRange(fastGroup, slowGroup), nullptr, &event);
  KernelRecord r;
  r.name = "rader_in_order n" + std::to_string(inOrder_->p) + (staged ? " staged" : "");
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
