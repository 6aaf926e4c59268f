#include "OpenClRealFftPlan.h"

#include "DeviceCalls.h"
#include "TwiddleTables.h"
#include "spectrascope/engine/Errors.h"

namespace spectrascope::detail {

namespace {

AxisJob jobOf(const TransformDescriptor& d, std::array<std::size_t, 3> extent, unsigned axes)
{
  AxisJob job;
  job.extent = extent;
  job.batch = d.batch;
  job.axes = axes;
  job.direction = d.direction;
  return job;
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

std::vector<AxisJob> OpenClRealFftPlan::complexJobs(const TransformDescriptor& d, const DeviceLimits& limits)
{
  std::vector<AxisJob> jobs = requestedJobs(d);
  if (jobs.front().realRows && !realRowsFused(planStockham(jobs.front(), limits)))
    jobs.front() = withoutFusedRows(jobs.front());
  return jobs;
}

std::vector<AxisJob> OpenClRealFftPlan::requestedJobs(const TransformDescriptor& d)
{
  const bool forward = d.kind == TransformKind::RealToComplex;
  const bool hasRest = d.extent[1] * d.extent[2] > 1;
  const std::size_t half = d.extent[0] / 2, complexPitch = half + 1;
  std::vector<AxisJob> jobs;
  if (d.extent[0] % 2 != 0) {
    jobs.push_back(jobOf(d, d.extent, forward ? 0b111 : 0b001));
    if (!forward && hasRest) jobs.push_back(jobOf(d, {complexPitch, d.extent[1], d.extent[2]}, 0b110));
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
  if (oddRows_) {
    prepareOddRows(d, limits);
    return;
  }

  const std::vector<AxisJob> jobs = complexJobs(d, limits);
  rowsFused_ = jobs.front().realRows != 0;
  try {
    rowPlan_ = std::make_unique<OpenClFftPlan>(backend, d, jobs[0], limits);
    if (jobs.size() > 1) restPlan_ = std::make_unique<OpenClFftPlan>(backend, d, jobs[1], limits);
    twiddles_ = [&] {
      const std::vector<float> table = twiddleTable(d.extent[0], half_ / 2 + 1, -1);
      return cl::Buffer(backend.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                        table.size() * sizeof(float), const_cast<float*>(table.data()));
    }();
    cl::Program program = backend.programs().get("real_fft", "-cl-std=CL1.2");
    rowKernel_ = cl::Kernel(program, forward ? "r2c_post" : "c2r_pre");
    if (!forward && restPlan_)
      spectrumScratch_ =
          cl::Buffer(backend.context(), CL_MEM_READ_WRITE, rows_ * complexPitch_ * 2 * sizeof(float));
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "preparing " + d.toString());
  }
}

OpenClRealFftPlan::~OpenClRealFftPlan() = default;

void OpenClRealFftPlan::prepareOddRows(const TransformDescriptor& d, const DeviceLimits& limits)
{
  const bool forward = d.kind == TransformKind::RealToComplex;
  const std::vector<AxisJob> jobs = complexJobs(d, limits);
  try {
    fullPlan_ = std::make_unique<OpenClFftPlan>(backend_, d, jobs[0], limits);
    if (jobs.size() > 1) {
      restPlan_ = std::make_unique<OpenClFftPlan>(backend_, d, jobs[1], limits);
      spectrumScratch_ =
          cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, rows_ * complexPitch_ * 2 * sizeof(float));
    }
    fullRows_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, rows_ * d.extent[0] * 2 * sizeof(float));
    cl::Program program = backend_.programs().get("real_fft", "-cl-std=CL1.2");
    toFull_ = cl::Kernel(program, forward ? "promote_real" : "expand_hermitian");
    fromFull_ = cl::Kernel(program, forward ? "keep_half" : "keep_real");
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "preparing " + d.toString());
  }
}

void OpenClRealFftPlan::enqueueFlat(cl::Kernel& kernel, std::size_t items, const std::string& name,
                                    std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const
{
  constexpr std::size_t kGroup = 64;
  const std::size_t padded = (items + kGroup - 1) / kGroup * kGroup;
  cl::Event event;
  backend_.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(padded), cl::NDRange(kGroup),
                                        nullptr, &event);
  KernelRecord r;
  r.name = name;
  r.type = KernelRecord::Type::Kernel;
  r.globalSize = {padded, 1, 1};
  r.localSize = {kGroup, 1, 1};
  r.bytes = 2.0 * double(items) * 2 * sizeof(float);
  events.push_back(event);
  records.push_back(r);
}

void OpenClRealFftPlan::enqueueOddForward(const cl::Buffer& input, const cl::Buffer& output,
                                          std::vector<cl::Event>& events,
                                          std::vector<KernelRecord>& records) const
{
  const std::size_t n = descriptor().extent[0];
  toFull_.setArg(0, input);
  toFull_.setArg(1, fullRows_);
  toFull_.setArg(2, cl_uint(n));
  toFull_.setArg(3, cl_uint(realRowFloats_));
  toFull_.setArg(4, cl_uint(rows_));
  enqueueFlat(toFull_, n * rows_, "promote_real n" + std::to_string(n), events, records);
  fullPlan_->enqueueInto(fullRows_, fullRows_, events, records);
  fromFull_.setArg(0, fullRows_);
  fromFull_.setArg(1, output);
  fromFull_.setArg(2, cl_uint(n));
  fromFull_.setArg(3, cl_uint(complexPitch_));
  fromFull_.setArg(4, cl_uint(rows_));
  enqueueFlat(fromFull_, complexPitch_ * rows_, "keep_half n" + std::to_string(n), events, records);
}

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
  toFull_.setArg(0, *spectrum);
  toFull_.setArg(1, fullRows_);
  toFull_.setArg(2, cl_uint(n));
  toFull_.setArg(3, cl_uint(complexPitch_));
  toFull_.setArg(4, cl_uint(rows_));
  toFull_.setArg(5, scale);
  enqueueFlat(toFull_, n * rows_, "expand_hermitian n" + std::to_string(n), events, records);
  fullPlan_->enqueueInto(fullRows_, fullRows_, events, records);
  fromFull_.setArg(0, fullRows_);
  fromFull_.setArg(1, output);
  fromFull_.setArg(2, cl_uint(n));
  fromFull_.setArg(3, cl_uint(realRowFloats_));
  fromFull_.setArg(4, cl_uint(rows_));
  enqueueFlat(fromFull_, n * rows_, "keep_real n" + std::to_string(n), events, records);
}

void OpenClRealFftPlan::enqueueRowKernel(cl::Kernel& kernel, const std::string& name,
                                         std::vector<cl::Event>& events,
                                         std::vector<KernelRecord>& records) const
{
  enqueueFlat(kernel, (half_ / 2 + 1) * rows_, name, events, records);
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
