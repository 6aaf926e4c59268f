#include "spectrascope/engine/Plan.h"

#include "spectrascope/engine/Errors.h"

#include <chrono>

namespace spectrascope {

void Plan::check(std::span<const float> input, std::span<float> output, ExecutionReport* report) const
{
  const TransformDescriptor& d = descriptor_;
  if (input.size() < d.inputFloats())
    throw invalidArgument("input holds " + std::to_string(input.size()) + " floats, " + d.toString() +
                          " needs " + std::to_string(d.inputFloats()));
  if (output.size() < d.outputFloats())
    throw invalidArgument("output holds " + std::to_string(output.size()) + " floats, " + d.toString() +
                          " needs " + std::to_string(d.outputFloats()));
  const bool sameBuffer = static_cast<const void*>(input.data()) == static_cast<const void*>(output.data());
  if (sameBuffer && d.placement != Placement::InPlace)
    throw invalidArgument("input and output are the same buffer but the plan is out-of-place");
  if (report) {
    report->backend = backendName();
    report->device = deviceName();
    report->records.clear();
  }
}

void Plan::execute(std::span<const float> input, std::span<float> output, ExecutionReport* report) const
{
  check(input, output, report);
  const auto start = std::chrono::steady_clock::now();
  executeChecked(input.data(), output.data(), report);
  if (report)
    report->wallMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void Plan::executeConsuming(std::span<float> input, std::span<float> output, ExecutionReport* report) const
{
  check(input, output, report);
  const auto start = std::chrono::steady_clock::now();
  executeConsumingChecked(input.data(), output.data(), report);
  if (report)
    report->wallMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace spectrascope
