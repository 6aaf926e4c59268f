#include "Measure.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace spectrascope::bench {
namespace {

constexpr std::uint64_t kSeed = 20261121;

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start)
{
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

template <typename Call> double timeCalls(Call&& call, const MeasureOptions& o, const std::function<void()>& sync)
{
  for (int i = 0; i < o.warmupCalls; ++i) call();
  sync();
  std::vector<double> perCall;
  for (int rep = 0; rep < o.repetitions; ++rep) {
    const auto start = Clock::now();
    for (int i = 0; i < o.callsPerRepetition; ++i) call();
    sync();
    perCall.push_back(millisecondsSince(start) / o.callsPerRepetition);
  }
  return median(perCall);
}

// A measurement of `c` on `backend`, already marked skipped if the backend cannot plan it.
Measurement begin(const Backend& backend, const BenchCase& c)
{
  Measurement m;
  m.benchCase = c;
  m.backend = backend.name();
  m.device = backend.deviceName();
  if (auto why = backend.cannotPlan(c.descriptor)) m.skipped = *why;
  return m;
}

double errorAgainstReference(const TransformDescriptor& d, const std::vector<float>& input,
                             const std::vector<float>& output)
{
  return reference::relativeL2Error(output, reference::transform(d, input));
}

} // namespace

double median(std::vector<double> values)
{
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double Measurement::bytesMoved() const
{
  const TransformDescriptor& d = benchCase.descriptor;
  return double(d.inputFloats() + d.outputFloats()) * sizeof(float);
}

double Measurement::gigaflops() const
{
  const TransformDescriptor& d = benchCase.descriptor;
  double n = double(d.elementsPerTransform());
  double flops = 5.0 * n * std::log2(n) * double(d.batch);
  if (d.kind != TransformKind::ComplexToComplex) flops /= 2; // real transforms: half the work by convention
  return ms > 0 ? flops / (ms * 1e6) : 0;
}

Measurement measureOnDevice(OpenClBackend& backend, const BenchCase& c, const MeasureOptions& o)
{
  Measurement m = begin(backend, c);
  if (!m.skipped.empty()) return m;
  const TransformDescriptor& d = c.descriptor;
  auto plan = backend.createPlan(d);
  auto& devicePlan = dynamic_cast<OpenClPlan&>(*plan);
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), kSeed);
  cl::CommandQueue& queue = backend.queue();
  const bool inPlace = d.placement == Placement::InPlace;
  cl::Buffer in(backend.context(), CL_MEM_READ_WRITE, input.size() * sizeof(float));
  cl::Buffer out = inPlace ? in : cl::Buffer(backend.context(), CL_MEM_READ_WRITE, d.outputFloats() * sizeof(float));
  queue.enqueueWriteBuffer(in, CL_TRUE, 0, input.size() * sizeof(float), input.data());

  if (o.checkAccuracy) {
    devicePlan.enqueue(in, out, nullptr);
    std::vector<float> output(d.outputFloats());
    queue.enqueueReadBuffer(out, CL_TRUE, 0, output.size() * sizeof(float), output.data());
    m.relErr = errorAgainstReference(d, input, output);
  }
  ExecutionReport profiled;
  devicePlan.enqueue(in, out, &profiled);
  m.kernels = profiled.records;
  // Repeated in-place forward transforms grow without bound; float speed does not depend on the values.
  m.ms = timeCalls([&] { devicePlan.enqueue(in, out, nullptr); }, o, [&] { queue.finish(); });
  return m;
}

Measurement measureOnHost(Backend& backend, const BenchCase& c, const MeasureOptions& o)
{
  Measurement m = begin(backend, c);
  if (!m.skipped.empty()) return m;
  const TransformDescriptor& d = c.descriptor;
  auto plan = backend.createPlan(d);
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), kSeed);
  std::vector<float> work(std::max(d.inputFloats(), d.outputFloats()));
  std::vector<float> output(d.outputFloats());
  const bool inPlace = d.placement == Placement::InPlace;
  std::copy(input.begin(), input.end(), work.begin());
  ExecutionReport report;
  plan->execute(work, inPlace ? std::span<float>(work) : std::span<float>(output), &report);
  m.kernels = report.records;
  if (o.checkAccuracy) {
    if (inPlace) output.assign(work.begin(), work.begin() + std::ptrdiff_t(d.outputFloats()));
    m.relErr = errorAgainstReference(d, input, output);
  }
  m.ms = timeCalls([&] { plan->execute(work, inPlace ? std::span<float>(work) : std::span<float>(output)); }, o,
                   [] {});
  return m;
}

double deviceCopyBandwidth(OpenClBackend& backend, std::size_t bytes, int repetitions)
{
  cl::Buffer a(backend.context(), CL_MEM_READ_WRITE, bytes), b(backend.context(), CL_MEM_READ_WRITE, bytes);
  cl::CommandQueue& q = backend.queue();
  q.enqueueFillBuffer(a, 0.0f, 0, bytes);
  MeasureOptions o;
  o.repetitions = repetitions;
  const double ms = timeCalls([&] { q.enqueueCopyBuffer(a, b, 0, 0, bytes); }, o, [&] { q.finish(); });
  return 2.0 * double(bytes) / (ms * 1e6);
}

double hostCopyBandwidth(std::size_t bytes, int repetitions)
{
  std::vector<char> a(bytes, 1), b(bytes, 0);
  MeasureOptions o;
  o.repetitions = repetitions;
  o.callsPerRepetition = 3;
  const double ms = timeCalls([&] { std::memcpy(b.data(), a.data(), bytes); }, o, [] {});
  return 2.0 * double(bytes) / (ms * 1e6);
}

} // namespace spectrascope::bench
