#include "spectrascope/engine/gallery/GallerySweep.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace spectrascope::gallery {
namespace {

constexpr std::uint64_t kSeed = 20240607;
using Clock = std::chrono::steady_clock;

double median(std::vector<double> values)
{
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double kernelMs(const ExecutionReport& report)
{
  return report.totalMs(KernelRecord::Type::Kernel);
}

void throwIfCancelled(const SweepSettings& s)
{
  if (s.cancel && s.cancel->load()) throw SweepCancelled{};
}

// The double-precision reference of the seeded input; a sweep compares several subjects at one size in
// a row, so the last one is kept (per thread) instead of recomputed for each.
const std::vector<double>& referenceOutput(const TransformDescriptor& d, const std::vector<float>& input)
{
  thread_local TransformDescriptor cachedFor{};
  thread_local std::vector<double> cached;
  if (!(cachedFor == d) || cached.empty()) {
    cached = reference::transform(d, input);
    cachedFor = d;
  }
  return cached;
}

// Calls `call` (which returns the device ms of that call, or 0) until settings say enough; medians.
template <typename Call> void timeCalls(SweepPoint& p, const SweepSettings& s, Call&& call)
{
  std::vector<double> wall, device;
  const auto start = Clock::now();
  while (int(wall.size()) < s.maxCalls) {
    throwIfCancelled(s);
    const auto before = Clock::now();
    const double deviceMs = call();
    wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - before).count());
    device.push_back(deviceMs);
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    if (int(wall.size()) >= s.minCalls && elapsed >= s.minSeconds) break;
  }
  p.wallMs = median(wall);
  p.deviceMs = median(device);
}

SweepPoint startPoint(std::string subject, std::string device, std::size_t n, std::size_t batch)
{
  SweepPoint p;
  p.subject = std::move(subject);
  p.device = std::move(device);
  p.n = n;
  p.batch = batch;
  return p;
}

void measureOnDevice(SweepPoint& p, const OpenClPlan& plan, OpenClBackend& backend, const SweepSettings& s)
{
  const TransformDescriptor& d = plan.descriptor();
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), kSeed);
  cl::Buffer in(backend.context(), CL_MEM_READ_WRITE, input.size() * sizeof(float));
  cl::Buffer out(backend.context(), CL_MEM_READ_WRITE, d.outputFloats() * sizeof(float));
  backend.queue().enqueueWriteBuffer(in, CL_TRUE, 0, input.size() * sizeof(float), input.data());
  ExecutionReport profiled;
  plan.enqueue(in, out, &profiled); // also the warm-up call
  p.kernels = profiled.records;
  if (s.checkAccuracy) {
    std::vector<float> output(d.outputFloats());
    backend.queue().enqueueReadBuffer(out, CL_TRUE, 0, output.size() * sizeof(float), output.data());
    p.relErr = reference::relativeL2Error(output, referenceOutput(d, input));
  }
  timeCalls(p, s, [&] {
    ExecutionReport report;
    plan.enqueue(in, out, &report);
    return kernelMs(report);
  });
}

} // namespace

double SweepPoint::gigabytesPerSecond() const
{
  const double ms = timeMs();
  return ms > 0 ? 2.0 * double(n * batch) * 2 * sizeof(float) / (ms * 1e6) : 0;
}

double SweepPoint::gigaflops() const
{
  const double ms = timeMs();
  return ms > 0 ? 5.0 * double(n * batch) * std::log2(double(n)) / (ms * 1e6) : 0;
}

SweepPoint measureVariant(Variant v, OpenClBackend& backend, std::size_t n, std::size_t batch,
                          const GalleryOptions& options, const SweepSettings& settings)
{
  SweepPoint p = startPoint(std::string(info(v).key), backend.info().name, n, batch);
  p.workGroupSize = options.workGroupSize ? options.workGroupSize : defaultWorkGroupSize(v, backend.info());
  if (v == Variant::Production) p.workGroupSize = 0; // chosen per pass by the planner
  const TransformDescriptor d = TransformDescriptor::complex1d(n, batch);
  if (auto why = cannotPlan(v, backend, d, options)) {
    p.skipped = *why;
    return p;
  }
  throwIfCancelled(settings);
  try {
    const std::unique_ptr<OpenClPlan> plan = createPlan(v, backend, d, options);
    measureOnDevice(p, *plan, backend, settings);
  } catch (const EngineError& e) {
    p.skipped = e.what();
  } catch (const cl::Error& e) {
    p.skipped = std::string("OpenCL error ") + e.what() + " (" + std::to_string(e.err()) + ")";
  }
  return p;
}

SweepPoint measureHost(Backend& backend, std::size_t n, std::size_t batch, const SweepSettings& settings)
{
  SweepPoint p = startPoint(backend.name(), backend.deviceName(), n, batch);
  const TransformDescriptor d = TransformDescriptor::complex1d(n, batch);
  if (auto why = backend.cannotPlan(d)) {
    p.skipped = *why;
    return p;
  }
  throwIfCancelled(settings);
  const std::unique_ptr<Plan> plan = backend.createPlan(d);
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), kSeed);
  std::vector<float> output(d.outputFloats());
  ExecutionReport report;
  plan->execute(input, output, &report); // also the warm-up call
  p.kernels = report.records;
  if (settings.checkAccuracy) p.relErr = reference::relativeL2Error(output, referenceOutput(d, input));
  timeCalls(p, settings, [&] {
    plan->execute(input, output);
    return 0.0;
  });
  return p;
}

std::vector<std::size_t> powerOfTwoSizes(int log2Min, int log2Max)
{
  std::vector<std::size_t> sizes;
  for (int e = log2Min; e <= log2Max; ++e)
    sizes.push_back(std::size_t{1} << e);
  return sizes;
}

} // namespace spectrascope::gallery
