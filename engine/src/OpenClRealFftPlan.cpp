#include "OpenClRealFftPlan.h"

#include "ConvolutionStage.h"
#include "DeviceCalls.h"
#include "TwiddleTables.h"
#include "spectrascope/engine/Errors.h"

namespace spectrascope::detail {

namespace {

// Values each work-item of pack_real_pairs and unpack_real_pairs takes (cl/real_fft.cl's VALUES_PER_ITEM).
constexpr std::size_t kPairValuesPerWorkItem = 4;

AxisJob jobOf(const TransformDescriptor& d, std::array<std::size_t, 3> extent, unsigned axes)
{
  AxisJob job;
  job.extent = extent;
  job.batch = d.batch;
  job.axes = axes;
  job.direction = d.direction;
  return job;
}

std::size_t pairsOf(const TransformDescriptor& d)
{
  return (d.extent[1] * d.extent[2] * d.batch + 1) / 2;
}

} // namespace

AxisJob OpenClRealFftPlan::withoutFusedRows(AxisJob rows)
{
  // The pairwise step then runs as its own launch (r2c_post after, c2r_pre before, in place on the rows),
  // and c2r_pre applies the scale (rows of length 1 have no launch to carry it).
  if (rows.realRows == 2) {
    rows.rowPitchIn = rows.rowPitchOut;
    rows.scale = 1.0f;
  }
  rows.realRows = 0;
  return rows;
}

AxisJob OpenClRealFftPlan::withRealPairs(const TransformDescriptor& d, AxisJob rows)
{
  const bool forward = d.kind == TransformKind::RealToComplex;
  const std::size_t realRowFloats = d.realRowLength(), complexPitch = d.extent[0] / 2 + 1;
  rows.realPairs.kind = forward ? RealPairRows::Kind::RealToComplex : RealPairRows::Kind::ComplexToReal;
  rows.realPairs.rows = d.extent[1] * d.extent[2] * d.batch;
  rows.realPairs.inputPitch = forward ? realRowFloats : complexPitch;
  rows.realPairs.outputPitch = forward ? complexPitch : realRowFloats;
  // No merge kernel runs to apply C2R's scale: the rows' store does.
  if (!forward && d.normalization == Normalization::Standard)
    rows.scale = float(1.0 / double(d.elementsPerTransform()));
  return rows;
}

std::vector<AxisJob> OpenClRealFftPlan::complexJobs(const TransformDescriptor& d, const DeviceLimits& limits)
{
  std::vector<AxisJob> jobs = requestedJobs(d);
  if (jobs.front().realRows && !realRowsFused(planStockham(jobs.front(), limits)))
    jobs.front() = withoutFusedRows(jobs.front());
  // Planned as they would run with the pairs: one Rader stage or one mixed-radix launch takes them.
  if (d.extent[0] % 2 != 0) {
    const AxisJob paired = withRealPairs(d, jobs.front());
    if (rowsTakeRealPairs(planStockham(paired, limits), limits)) jobs.front() = paired;
  }
  return jobs;
}

std::vector<AxisJob> OpenClRealFftPlan::requestedJobs(const TransformDescriptor& d)
{
  const bool forward = d.kind == TransformKind::RealToComplex;
  const bool hasRest = d.extent[1] * d.extent[2] > 1;
  const std::size_t half = d.extent[0] / 2, complexPitch = half + 1;
  std::vector<AxisJob> jobs;
  if (d.extent[0] % 2 != 0) {
    // Two real rows (of any batch) share one complex row: a batch of ceil(rows / 2) rows of length nx,
    // and the other axes over the half spectrum as for even rows. C2R's merge applies the scale.
    AxisJob rows = jobOf(d, {d.extent[0], 1, 1}, 0b001);
    rows.batch = pairsOf(d);
    jobs.push_back(rows);
    if (hasRest) jobs.push_back(jobOf(d, {complexPitch, d.extent[1], d.extent[2]}, 0b110));
    return jobs;
  }
  // The rows ask for the pairwise step fused into their launch; C2R rows then read the spectrum. The
  // inverse scale rides on the rows (the last launch); by linearity that equals scaling the spectrum.
  AxisJob rows = jobOf(d, {half, d.extent[1], d.extent[2]}, 0b001);
  rows.realRows = forward ? 1 : 2;
  rows.rowPitchIn = forward ? d.realRowLength() / 2 : complexPitch;
  rows.rowPitchOut = forward ? complexPitch : d.realRowLength() / 2;
  if (!forward && d.normalization == Normalization::Standard)
    rows.scale = float(1.0 / double(d.elementsPerTransform()));
  jobs.push_back(rows);
  if (hasRest) jobs.push_back(jobOf(d, {complexPitch, d.extent[1], d.extent[2]}, 0b110));
  return jobs;
}

OpenClRealFftPlan::OpenClRealFftPlan(OpenClBackend& backend, const TransformDescriptor& d,
                                     const DeviceLimits& limits)
    : StagedOpenClPlan(backend, d)
{
  if (auto why = stockhamCannotPlan(d)) throw unsupported(*why);
  const bool forward = d.kind == TransformKind::RealToComplex;
  half_ = d.extent[0] / 2;
  rows_ = d.extent[1] * d.extent[2] * d.batch;
  complexPitch_ = half_ + 1;
  realPitch_ = d.realRowLength() / 2;
  realRowFloats_ = d.realRowLength();
  oddRows_ = d.extent[0] % 2 != 0;
  pairs_ = pairsOf(d);

  const std::vector<AxisJob> jobs = complexJobs(d, limits);
  rowsFused_ = jobs.front().realRows != 0;
  try {
    rowPlan_ = std::make_unique<OpenClFftPlan>(backend, d, jobs[0], limits);
    if (jobs.size() > 1) restPlan_ = std::make_unique<OpenClFftPlan>(backend, d, jobs[1], limits);
    if (!forward && restPlan_)
      spectrumScratch_ =
          cl::Buffer(backend.context(), CL_MEM_READ_WRITE, rows_ * complexPitch_ * 2 * sizeof(float));
    cl::Program program = backend.programs().get("real_fft", "-cl-std=CL1.2");
    if (oddRows_) {
      // Rows of one mixed-radix launch, or on one Rader stage, read (and but for a Rader R2C of several
      // launches, write) the real side themselves.
      const ConvolutionStage* rader = rowPlan_->soleConvolution();
      pairsRead_ = rowPlan_->takesRealPairs() || (rader && rader->readsRealPairs());
      pairsWritten_ = rowPlan_->takesRealPairs() || (rader && rader->writesRealPairs());
      if (pairsRead_ && pairsWritten_) return;
      pairRows_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, pairs_ * d.extent[0] * 2 * sizeof(float));
      if (!pairsRead_) toPairs_ = cl::Kernel(program, forward ? "pack_real_pairs" : "merge_real_pairs");
      if (!pairsWritten_)
        fromPairs_ = cl::Kernel(program, forward ? "split_real_pairs" : "unpack_real_pairs");
      return;
    }
    twiddles_ = [&] {
      const std::vector<float> table = twiddleTable(d.extent[0], half_ / 2 + 1, -1);
      return cl::Buffer(backend.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                        table.size() * sizeof(float), const_cast<float*>(table.data()));
    }();
    rowKernel_ = cl::Kernel(program, forward ? "r2c_post" : "c2r_pre");
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "preparing " + d.toString());
  }
}

OpenClRealFftPlan::~OpenClRealFftPlan() = default;

void OpenClRealFftPlan::enqueueFlat(cl::Kernel& kernel, std::size_t items, std::size_t bytesPerItem,
                                    const std::string& name, std::vector<cl::Event>& events,
                                    std::vector<KernelRecord>& records, std::size_t valuesPerWorkItem) const
{
  constexpr std::size_t kGroup = 64; // cl/real_fft.cl's FLAT_GROUP
  const std::size_t workItems = (items + valuesPerWorkItem - 1) / valuesPerWorkItem;
  const std::size_t padded = (workItems + kGroup - 1) / kGroup * kGroup;
  cl::Event event;
  backend_.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(padded), cl::NDRange(kGroup),
                                        nullptr, &event);
  KernelRecord r;
  r.name = name;
  r.type = KernelRecord::Type::Kernel;
  r.globalSize = {padded, 1, 1};
  r.localSize = {kGroup, 1, 1};
  r.bytes = double(items) * double(bytesPerItem);
  events.push_back(event);
  records.push_back(r);
}

// The pair kernels' common arguments: source, destination, row length, the pitch of the side that is
// not pairRows_ (real rows in floats, or half spectra in complex values), rows.
void OpenClRealFftPlan::setPairArguments(cl::Kernel& kernel, const cl::Buffer& from, const cl::Buffer& to,
                                         std::size_t pitch) const
{
  kernel.setArg(0, from);
  kernel.setArg(1, to);
  kernel.setArg(2, cl_uint(descriptor().extent[0]));
  kernel.setArg(3, cl_uint(pitch));
  kernel.setArg(4, cl_uint(rows_));
}

// The input is only read by the pack (into pairRows_) and the output only written by the split (from it),
// so input and output may be one buffer.
void OpenClRealFftPlan::enqueueOddForward(const cl::Buffer& input, const cl::Buffer& output,
                                          std::vector<cl::Event>& events,
                                          std::vector<KernelRecord>& records) const
{
  const std::size_t n = descriptor().extent[0];
  if (!pairsRead_) {
    setPairArguments(toPairs_, input, pairRows_, realRowFloats_);
    // Per complex value: two floats read, one complex value written.
    enqueueFlat(toPairs_, n * pairs_, 4 * sizeof(float), "pack_real_pairs n" + std::to_string(n), events,
                records, kPairValuesPerWorkItem);
  }
  rowPlan_->enqueueInto(pairsRead_ ? input : pairRows_, pairsWritten_ ? output : pairRows_, events, records);
  if (!pairsWritten_) {
    setPairArguments(fromPairs_, pairRows_, output, complexPitch_);
    // Per kept k: about two complex values read (Z[k], Z[n-k]) and two written (A[k], B[k]).
    enqueueFlat(fromPairs_, complexPitch_ * pairs_, 8 * sizeof(float),
                "split_real_pairs n" + std::to_string(n), events, records);
  }
  if (restPlan_) restPlan_->enqueueInto(output, output, events, records);
}

// The merge reads the spectrum (the input, or its transformed copy) into pairRows_ and the unpack writes
// the output from it, so in place the input is read whole before the output is written.
void OpenClRealFftPlan::enqueueOddInverse(const cl::Buffer& input, const cl::Buffer& output,
                                          std::vector<cl::Event>& events,
                                          std::vector<KernelRecord>& records) const
{
  const TransformDescriptor& d = descriptor();
  const std::size_t n = d.extent[0];
  const float scale =
      d.normalization == Normalization::Standard ? float(1.0 / double(d.elementsPerTransform())) : 1.0f;
  const cl::Buffer* spectrum = &input;
  if (restPlan_) {
    restPlan_->enqueueInto(input, spectrumScratch_, events, records);
    spectrum = &spectrumScratch_;
  }
  if (!pairsRead_) {
    setPairArguments(toPairs_, *spectrum, pairRows_, complexPitch_);
    toPairs_.setArg(5, scale);
    // Per kept k: two complex values read (A[k], B[k]) and two written (Z[k], Z[n-k]).
    enqueueFlat(toPairs_, complexPitch_ * pairs_, 8 * sizeof(float), "merge_real_pairs n" + std::to_string(n),
                events, records);
  }
  rowPlan_->enqueueInto(pairsRead_ ? *spectrum : pairRows_, pairsWritten_ ? output : pairRows_, events,
                        records);
  if (!pairsWritten_) {
    setPairArguments(fromPairs_, pairRows_, output, realRowFloats_);
    // Per complex value: one read, two floats written.
    enqueueFlat(fromPairs_, n * pairs_, 4 * sizeof(float), "unpack_real_pairs n" + std::to_string(n), events,
                records, kPairValuesPerWorkItem);
  }
}

void OpenClRealFftPlan::enqueueRowKernel(cl::Kernel& kernel, const std::string& name,
                                         std::vector<cl::Event>& events,
                                         std::vector<KernelRecord>& records) const
{
  enqueueFlat(kernel, (half_ / 2 + 1) * rows_, 4 * sizeof(float), name, events, records);
}

void OpenClRealFftPlan::enqueueForward(const cl::Buffer& input, const cl::Buffer& output,
                                       std::vector<cl::Event>& events,
                                       std::vector<KernelRecord>& records) const
{
  if (oddRows_) return enqueueOddForward(input, output, events, records);
  rowPlan_->enqueueInto(input, output, events, records);
  if (rowsFused_) {
    if (restPlan_) restPlan_->enqueueInto(output, output, events, records);
    return;
  }
  rowKernel_.setArg(0, output);
  rowKernel_.setArg(1, twiddles_);
  rowKernel_.setArg(2, cl_uint(half_));
  rowKernel_.setArg(3, cl_uint(complexPitch_));
  rowKernel_.setArg(4, cl_uint(rows_));
  enqueueRowKernel(rowKernel_, "r2c_post h" + std::to_string(half_), events, records);
  if (restPlan_) restPlan_->enqueueInto(output, output, events, records);
}

void OpenClRealFftPlan::enqueueInverse(const cl::Buffer& input, const cl::Buffer& output,
                                       std::vector<cl::Event>& events,
                                       std::vector<KernelRecord>& records) const
{
  if (oddRows_) return enqueueOddInverse(input, output, events, records);
  const cl::Buffer* spectrum = &input;
  if (restPlan_) {
    restPlan_->enqueueInto(input, spectrumScratch_, events, records);
    spectrum = &spectrumScratch_;
  }
  if (rowsFused_) return rowPlan_->enqueueInto(*spectrum, output, events, records);
  const TransformDescriptor& d = descriptor();
  const float scale =
      d.normalization == Normalization::Standard ? float(1.0 / double(d.elementsPerTransform())) : 1.0f;
  rowKernel_.setArg(0, *spectrum);
  rowKernel_.setArg(1, output);
  rowKernel_.setArg(2, twiddles_);
  rowKernel_.setArg(3, cl_uint(half_));
  rowKernel_.setArg(4, cl_uint(complexPitch_));
  rowKernel_.setArg(5, cl_uint(realPitch_));
  rowKernel_.setArg(6, cl_uint(rows_));
  rowKernel_.setArg(7, scale);
  enqueueRowKernel(rowKernel_, "c2r_pre h" + std::to_string(half_), events, records);
  rowPlan_->enqueueInto(output, output, events, records);
}

void OpenClRealFftPlan::enqueueLocked(const cl::Buffer& input, const cl::Buffer& output,
                                      std::vector<cl::Event>& events,
                                      std::vector<KernelRecord>& records) const
{
  if (descriptor().kind == TransformKind::RealToComplex)
    enqueueForward(input, output, events, records);
  else
    enqueueInverse(input, output, events, records);
}

} // namespace spectrascope::detail
