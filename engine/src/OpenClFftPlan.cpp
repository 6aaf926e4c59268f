#include "OpenClFftPlan.h"

#include "TwiddleTables.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::detail {
namespace {

// Copies the profiling timestamps of each event into its record and appends the records to the report.
void appendTimedRecords(const std::vector<cl::Event>& events, std::vector<KernelRecord>& records,
                        ExecutionReport& report)
{
  cl::Event::waitForEvents(events);
  for (std::size_t i = 0; i < events.size(); ++i) {
    records[i].queuedNs = events[i].getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
    records[i].startNs = events[i].getProfilingInfo<CL_PROFILING_COMMAND_START>();
    records[i].endNs = events[i].getProfilingInfo<CL_PROFILING_COMMAND_END>();
    report.records.push_back(records[i]);
  }
}

// Device errors at execute time become engine errors the UI can show.
[[noreturn]] void rethrowDeviceError(const cl::Error& e, const std::string& what)
{
  if (e.err() == CL_OUT_OF_RESOURCES || e.err() == CL_MEM_OBJECT_ALLOCATION_FAILURE ||
      e.err() == CL_OUT_OF_HOST_MEMORY)
    throw outOfResources(what + ": the device ran out of memory (" + std::to_string(e.err()) + ")");
  throw deviceUnavailable(what + " failed: " + e.what() + " (" + std::to_string(e.err()) + ")");
}

} // namespace

OpenClFftPlan::OpenClFftPlan(OpenClBackend& backend, const TransformDescriptor& d)
    : OpenClPlan(d), backend_(backend)
{
  const OpenClDeviceInfo& info = backend.info();
  DeviceLimits limits;
  limits.localMemBytes = backend.options().localMemoryBytes ? backend.options().localMemoryBytes
                                                            : std::size_t(info.localMemBytes);
  limits.maxWorkGroupSize = info.maxWorkGroupSize;
  limits.maxPassLength = backend.options().maxPassLength;
  if (backend.options().targetGroupSize) limits.targetGroupSize = backend.options().targetGroupSize;
  if (backend.options().stridedGroupSize) limits.stridedGroupSize = backend.options().stridedGroupSize;
  if (backend.options().minAdjacentLines) limits.minAdjacentLines = backend.options().minAdjacentLines;
  schedule_ = planStockham(d, limits);

  const std::size_t bytes = complexCount() * 2 * sizeof(float);
  if (bytes > info.maxAllocBytes)
    throw outOfResources(d.toString() + " needs a " + std::to_string(bytes >> 20) + " MiB buffer; " + info.name +
                         " allows " + std::to_string(info.maxAllocBytes >> 20) + " MiB");
  try {
    for (const StockhamPass& pass : schedule_.passes) launches_.push_back(makeLaunch(pass));
    const bool needsScratch = std::any_of(schedule_.passes.begin(), schedule_.passes.end(),
                                          [](const StockhamPass& p) { return !p.inPlaceSafe(); });
    if (needsScratch) scratch_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, bytes);
    const bool noneInPlace = std::none_of(schedule_.passes.begin(), schedule_.passes.end(),
                                          [](const StockhamPass& p) { return p.inPlaceSafe(); });
    if (noneInPlace && schedule_.passes.size() % 2 == 1 && schedule_.passes.size() >= 3)
      secondScratch_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, bytes);
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "preparing " + d.toString());
  }
}

std::size_t OpenClFftPlan::complexCount() const
{
  return descriptor().elementsPerTransform() * descriptor().batch;
}

std::string OpenClFftPlan::buildOptions(const StockhamPass& p) const
{
  const bool onTheFly = backend_.options().twiddles == OpenClOptions::Twiddles::OnTheFly;
  const int dir = descriptor().direction == Direction::Forward ? -1 : 1;
  return "-cl-std=CL1.2 -DLEN=" + std::to_string(p.length) + " -DRADIX=" + std::to_string(p.radix) +
         " -DFIRST_RADIX=" + std::to_string(p.firstRadix) + " -DLINES=" + std::to_string(p.lines) +
         " -DLOAD_LINES_FASTEST=" + std::to_string(int(p.loadLinesFastest)) +
         " -DSTORE_LINES_FASTEST=" + std::to_string(int(p.storeLinesFastest)) +
         " -DSPLIT_EXCHANGE=" + std::to_string(int(p.splitExchange)) +
         " -DPASS_TWIDDLE=" + std::to_string(int(p.ns > 1)) + " -DTWIDDLE_ONTHEFLY=" + std::to_string(int(onTheFly)) +
         " -DDIR=" + std::to_string(dir);
}

cl::Buffer OpenClFftPlan::uploadTable(const std::vector<float>& table)
{
  return cl::Buffer(backend_.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, table.size() * sizeof(float),
                    const_cast<float*>(table.data()));
}

OpenClFftPlan::Launch OpenClFftPlan::makeLaunch(const StockhamPass& pass)
{
  const int sign = descriptor().direction == Direction::Forward ? -1 : 1;
  Launch launch;
  launch.pass = pass;
  cl::Program program = backend_.programs().get("fft_stockham", buildOptions(pass));
  launch.kernel = cl::Kernel(program, "fft_pass");
  launch.localTwiddles = uploadTable(twiddleTable(pass.length, pass.length, sign));
  if (pass.ns > 1) {
    const SplitTwiddles split = splitTwiddles(pass.ns * pass.length, sign);
    launch.passTwiddlesHi = uploadTable(split.hi);
    launch.passTwiddlesLo = uploadTable(split.lo);
    launch.passLoBits = split.loBits;
  } else {
    launch.passTwiddlesHi = launch.passTwiddlesLo = launch.localTwiddles; // unused by the kernel
  }
  launch.name = "fft_pass axis" + std::to_string(pass.axis) + " len" + std::to_string(pass.length) + " r" +
                std::to_string(pass.radix) + (pass.ns > 1 ? " ns" + std::to_string(pass.ns) : "");
  return launch;
}

// Chooses source and destination of every launch so the result lands in `output`, using the scratch
// buffer only for launches that cannot run in place.
std::vector<OpenClFftPlan::Step> OpenClFftPlan::steps(const cl::Buffer& input, const cl::Buffer& output) const
{
  std::vector<Step> result(launches_.size());
  const auto other = [&](const cl::Buffer* b) { return b == &output ? &scratch_ : &output; };
  if (input() != output()) {
    // Walk backwards from the output; the first launch reads the caller's input, which stays untouched.
    const cl::Buffer* current = &output;
    for (std::size_t i = launches_.size(); i-- > 0;) {
      result[i].launch = &launches_[i];
      result[i].destination = current;
      if (i == 0) result[i].source = &input;
      else result[i].source = launches_[i].pass.inPlaceSafe() ? current : other(current);
      current = result[i].source;
    }
    if (launches_.empty()) result.push_back({nullptr, &input, &output});
    return result;
  }
  const cl::Buffer* current = &output;
  for (std::size_t i = 0; i < launches_.size(); ++i) {
    result[i].launch = &launches_[i];
    result[i].source = current;
    result[i].destination = launches_[i].pass.inPlaceSafe() ? current : other(current);
    current = result[i].destination;
  }
  if (current != &output) {
    // Odd number of buffer switches: let the last in-place-capable launch switch too.
    for (std::size_t i = launches_.size(); i-- > 0;) {
      if (!launches_[i].pass.inPlaceSafe()) continue;
      for (std::size_t later = i; later < launches_.size(); ++later) {
        result[later].destination = result[later].destination == &output ? &scratch_ : &output;
        if (later + 1 < launches_.size()) result[later + 1].source = result[later].destination;
      }
      return result;
    }
    // No launch can run in place and their count is odd (the constructor then made a second scratch
    // buffer): ping-pong between the two scratch buffers so the last launch writes the output directly,
    // instead of paying a full copy.
    for (std::size_t i = 0; i < launches_.size(); ++i) {
      result[i].source = i == 0 ? &output : result[i - 1].destination;
      result[i].destination = i + 1 == launches_.size() ? &output : (i % 2 ? &secondScratch_ : &scratch_);
    }
  }
  return result;
}

void OpenClFftPlan::enqueue(const cl::Buffer& input, const cl::Buffer& output, ExecutionReport* report) const
{
  std::vector<cl::Event> events;
  std::vector<KernelRecord> records;
  try {
    std::lock_guard lock(mutex_);
    enqueueLocked(input, output, events, records);
    if (report) appendTimedRecords(events, records, *report);
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "running " + descriptor().toString());
  }
}

void OpenClFftPlan::enqueueLocked(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                                  std::vector<KernelRecord>& records) const
{
  const TransformDescriptor& d = descriptor();
  const float inverseScale = d.direction == Direction::Inverse && d.normalization == Normalization::Standard
                                 ? float(1.0 / double(d.elementsPerTransform()))
                                 : 1.0f;
  const std::size_t bytes = complexCount() * 2 * sizeof(float);
  cl::CommandQueue& queue = backend_.queue();
  for (const Step& step : steps(input, output)) {
    cl::Event event;
    KernelRecord r;
    if (!step.launch) {
      queue.enqueueCopyBuffer(*step.source, *step.destination, 0, 0, bytes, nullptr, &event);
      r.name = "copy";
      r.type = KernelRecord::Type::Kernel;
      r.bytes = 2 * bytes;
    } else {
      const Launch& l = *step.launch;
      const StockhamPass& p = l.pass;
      cl::Kernel kernel = l.kernel;
      kernel.setArg(0, *step.source);
      kernel.setArg(1, *step.destination);
      kernel.setArg(2, l.localTwiddles);
      kernel.setArg(3, l.passTwiddlesHi);
      kernel.setArg(4, l.passTwiddlesLo);
      kernel.setArg(5, cl_uint(l.passLoBits));
      kernel.setArg(6, cl_uint(p.ns));
      kernel.setArg(7, cl_uint(p.nOverL));
      kernel.setArg(8, cl_uint(p.stride));
      kernel.setArg(9, cl_uint(p.inner));
      kernel.setArg(10, cl_uint(p.dist));
      kernel.setArg(11, cl_uint(p.totalLines));
      kernel.setArg(12, p.lastOfTransform ? inverseScale : 1.0f);
      const cl::NDRange global(p.groups() * p.groupSize()), local(p.groupSize());
      queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &event);
      r.name = l.name;
      r.type = KernelRecord::Type::Kernel;
      r.globalSize = {p.groups() * p.groupSize(), 1, 1};
      r.localSize = {p.groupSize(), 1, 1};
      r.bytes = 2 * bytes;
      r.flops = 5.0 * double(complexCount()) * std::log2(double(p.length));
    }
    events.push_back(event);
    records.push_back(r);
  }
}

void OpenClFftPlan::executeChecked(const float* input, float* output, ExecutionReport* report) const
{
  const TransformDescriptor& d = descriptor();
  const std::size_t bytes = complexCount() * 2 * sizeof(float);
  cl::CommandQueue& queue = backend_.queue();
  try {
    std::lock_guard lock(mutex_);
    if (!stagingIn_()) stagingIn_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, bytes);
    const bool inPlace = d.placement == Placement::InPlace;
    if (!inPlace && !stagingOut_()) stagingOut_ = cl::Buffer(backend_.context(), CL_MEM_READ_WRITE, bytes);
    const cl::Buffer& deviceOut = inPlace ? stagingIn_ : stagingOut_;

    std::vector<cl::Event> events(1);
    std::vector<KernelRecord> records(1);
    queue.enqueueWriteBuffer(stagingIn_, CL_FALSE, 0, bytes, input, nullptr, &events[0]);
    records[0].name = "upload";
    records[0].type = KernelRecord::Type::Upload;
    records[0].bytes = bytes;
    enqueueLocked(stagingIn_, deviceOut, events, records);
    events.emplace_back();
    queue.enqueueReadBuffer(deviceOut, CL_TRUE, 0, bytes, output, nullptr, &events.back());
    records.push_back({});
    records.back().name = "download";
    records.back().type = KernelRecord::Type::Download;
    records.back().bytes = bytes;
    if (report) appendTimedRecords(events, records, *report);
  } catch (const cl::Error& e) {
    rethrowDeviceError(e, "running " + d.toString());
  }
}

} // namespace spectrascope::detail
