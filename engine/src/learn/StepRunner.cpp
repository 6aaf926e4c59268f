#include "spectrascope/engine/learn/StepRunner.h"

#include "OpenClStages.h"
#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <chrono>

namespace spectrascope::learn {
namespace {

bool asksForCpu(const std::string& name)
{
  return name == "fftw" || name == "naive-dft";
}

std::unique_ptr<OpenClBackend> openDevice(const std::string& name)
{
  std::unique_ptr<Backend> backend = createBackend(name);
  auto* device = dynamic_cast<OpenClBackend*>(backend.get());
  if (!device) throw deviceUnavailable(name + " is not an OpenCL device");
  backend.release();
  return std::unique_ptr<OpenClBackend>(device);
}

std::vector<Complex> widened(const std::vector<ComplexF>& values)
{
  return {values.begin(), values.end()};
}

std::uint64_t steadyNs()
{
  return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count());
}

} // namespace

StepRunner::StepRunner(const std::string& backend)
{
  const std::string name = requestedBackendName(backend);
  if (asksForCpu(name)) return;
  if (name != "auto") {
    device_ = openDevice(name); // an explicit device that is missing is the caller's to hear about
    return;
  }
  // Unlike the engine's "auto", a CPU OpenCL device (PoCL) is welcome: the point is to run the kernels.
  try {
    device_ = openDevice("opencl");
  } catch (const EngineError& e) {
    fallbackReason_ = std::string(e.what()) + "; the stages run on the CPU";
  }
}

StepRunner::~StepRunner() = default;

std::string StepRunner::description() const
{
  return device_ ? "OpenCL: " + device_->deviceName() : std::string("CPU (single precision)");
}

StepsResult StepRunner::run(const Schedule& schedule, std::span<const Complex> input, int stopAfter)
{
  if (input.size() != schedule.n)
    throw invalidArgument("the input has " + std::to_string(input.size()) +
                          " values; N = " + std::to_string(schedule.n) + " needs exactly N");
  const std::size_t last =
      stopAfter < 0 ? schedule.lastStage() : std::min<std::size_t>(stopAfter, schedule.lastStage());
  StepsResult r;
  r.schedule = schedule;
  r.input.assign(input.begin(), input.end());
  r.reference = referenceStages(schedule, input);
  r.computedOn = description();

  const std::vector<ComplexF> single(input.begin(), input.end());
  if (device_) {
    const std::uint64_t started = steadyNs();
    detail::DeviceStages computed = detail::runOnDevice(*device_, schedule, single, last);
    computed.report.backend = device_->name();
    computed.report.device = device_->deviceName();
    computed.report.wallMs = double(steadyNs() - started) * 1e-6;
    for (const auto& stage : computed.stages)
      r.stages.push_back(widened(stage));
    r.reportedHolders = std::move(computed.holders);
    r.report = std::move(computed.report);
  } else {
    KernelRecord host{.name = "stages on the CPU", .type = KernelRecord::Type::Host};
    host.startNs = host.queuedNs = steadyNs();
    std::vector<std::vector<ComplexF>> computed = singlePrecisionStages(schedule, single);
    host.endNs = steadyNs();
    computed.resize(last + 1);
    for (const auto& stage : computed)
      r.stages.push_back(widened(stage));
    r.report.backend = "cpu";
    r.report.device = r.computedOn;
    r.report.wallMs = host.milliseconds();
    r.report.records.push_back(std::move(host));
  }
  for (std::size_t s = 0; s < r.stages.size(); ++s) {
    double error = relativeError(r.stages[s], r.reference[s]);
    // A register-exchange stage also has to be held where the schedule says, or the diagram would lie.
    if (s < r.reportedHolders.size() && r.reportedHolders[s] != schedule.stages[s].holders) error = INFINITY;
    r.stageErrors.push_back(error);
  }
  if (last == schedule.lastStage()) r.output = naturalOrderOutput(schedule, r.stages.back());
  return r;
}

RowColumnPasses StepRunner::runRowColumn(std::span<const float> pixels, std::size_t width, std::size_t height)
{
  if (device_) {
    RowColumnPasses r = runRowColumnPasses(*device_, pixels, width, height);
    r.computedOn = description();
    return r;
  }
  if (!cpu_) cpu_ = createBackend("fftw");
  RowColumnPasses r = runRowColumnPasses(*cpu_, pixels, width, height);
  r.computedOn = "CPU (FFTW, single precision)";
  return r;
}

} // namespace spectrascope::learn
