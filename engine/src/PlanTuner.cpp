#include "PlanTuner.h"

#include "DeviceCalls.h"
#include "OpenClRealFftPlan.h"
#include "StockhamPlanner.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

namespace spectrascope::detail {
namespace {

// A candidate must beat the best so far by this much: timing noise must not pick shapes.
constexpr double kRequiredGain = 0.97;

struct KnobValues
{
  std::size_t PlanShape::*field;
  std::vector<std::size_t> values;
};

std::vector<KnobValues> knobValues(OpenClBackend& backend)
{
  const std::size_t maxGroup = backend.info().maxWorkGroupSize;
  const auto upTo = [&](std::vector<std::size_t> values) {
    std::erase_if(values, [&](std::size_t v) { return v > maxGroup; });
    return values;
  };
  // Pass lengths: 0 keeps the longest that fits; shorter ones trade a launch for smaller work-groups.
  // Less local memory per group: more groups resident per compute unit, at the price of the split
  // re/im exchange (twice the barriers) or fewer lines per group.
  // Radix: the default allows 32 where the planner finds it pays; 16 and below never use it.
  return {{&PlanShape::maxRadix, {16, 8, 4}},
          {&PlanShape::groupSize, upTo({32, 64, 128, 256, 512})},
          {&PlanShape::stridedGroupSize, upTo({64, 128, 256, 512, 1024})},
          {&PlanShape::adjacentLines, {2, 4, 8, 16}},
          {&PlanShape::maxPassLength, {0, 4096, 1024, 256}},
          {&PlanShape::localMemory, {0, 32768, 16384}}};
}

std::string passSignature(const StockhamPass& p)
{
  std::string s = std::to_string(int(p.family)) + ":" + std::to_string(p.length) + "/" +
                  std::to_string(p.radix) + "/" + std::to_string(p.firstRadix) + "/" +
                  std::to_string(p.threads) + "/" + std::to_string(p.lines) + "/" +
                  std::to_string(int(p.splitExchange)) + std::to_string(int(p.loadLinesFastest)) +
                  std::to_string(int(p.storeLinesFastest)) + "/" + std::to_string(p.realRows);
  for (int r : p.radices)
    s += "," + std::to_string(r);
  return s + ";";
}

std::vector<AxisJob> jobsOf(const TransformDescriptor& d, const DeviceLimits& limits)
{
  if (d.kind == TransformKind::ComplexToComplex) return {AxisJob::fromDescriptor(d)};
  return OpenClRealFftPlan::complexJobs(d, limits);
}

class CandidateTimer
{
public:
  CandidateTimer(OpenClBackend& backend, const TransformDescriptor& d) : backend_(backend), d_(d)
  {
    std::vector<float> data(d.inputFloats());
    std::mt19937 random(1234);
    std::uniform_real_distribution<float> uniform(-0.5f, 0.5f);
    for (float& x : data)
      x = uniform(random);
    cl::Context& context = backend.context();
    try {
      input_ = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, data.size() * sizeof(float),
                          data.data());
      output_ = d.placement == Placement::InPlace
                    ? input_
                    : cl::Buffer(context, CL_MEM_READ_WRITE, d.outputFloats() * sizeof(float));
    } catch (const cl::Error& e) {
      rethrowDeviceError(e, "allocating the buffers to tune " + d.toString());
    }
  }

  // Median wall time of one call, in ms, over a few samples of back-to-back calls.
  double millisecondsPerCall(const OpenClPlan& plan)
  {
    using Clock = std::chrono::steady_clock;
    const auto sample = [&](int calls) {
      const auto start = Clock::now();
      for (int i = 0; i < calls; ++i)
        plan.enqueue(input_, output_, nullptr);
      backend_.queue().finish();
      return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / calls;
    };
    sample(1); // first call: lazy driver work, caches
    const double once = sample(1);
    const int calls = std::clamp(int(2.0 / std::max(once, 1e-3)), 1, 64); // ~2 ms per sample
    std::vector<double> samples;
    for (int i = 0; i < 5; ++i)
      samples.push_back(sample(calls));
    std::nth_element(samples.begin(), samples.begin() + 2, samples.end());
    return samples[2];
  }

private:
  OpenClBackend& backend_;
  TransformDescriptor d_;
  cl::Buffer input_, output_;
};

} // namespace

std::string scheduleSignature(OpenClBackend& backend, const TransformDescriptor& d, const PlanShape& shape)
{
  const DeviceLimits limits = limitsOf(backend, shape);
  std::string signature;
  try {
    for (const AxisJob& job : jobsOf(d, limits))
      for (const StockhamPass& pass : planStockham(job, limits).passes)
        signature += passSignature(pass);
  } catch (const EngineError&) {
    return {}; // the shape does not fit this device
  }
  return signature;
}

TuningOutcome searchShapes(OpenClBackend& backend, const TransformDescriptor& d)
{
  CandidateTimer timer(backend, d);
  std::set<std::string> timed;
  TuningOutcome outcome;
  const auto time = [&](const PlanShape& shape) -> std::optional<double> {
    const std::string signature = scheduleSignature(backend, d, shape);
    if (signature.empty() || !timed.insert(signature).second) {
      ++outcome.candidatesSkipped;
      return std::nullopt;
    }
    try {
      const double ms = timer.millisecondsPerCall(*backend.createPlan(d, shape));
      ++outcome.candidatesMeasured;
      return ms;
    } catch (const EngineError&) {
      ++outcome.candidatesSkipped; // e.g. too many registers for this work-group size on this device
      return std::nullopt;
    }
  };

  outcome.heuristicMs = time(PlanShape{}).value_or(0);
  outcome.chosenMs = outcome.heuristicMs;
  for (int round = 0; round < 2; ++round) {
    const PlanShape before = outcome.chosen;
    for (const KnobValues& knob : knobValues(backend))
      for (std::size_t value : knob.values) {
        PlanShape candidate = outcome.chosen;
        candidate.*knob.field = value;
        const std::optional<double> ms = time(candidate);
        if (ms && (outcome.chosenMs == 0 || *ms < outcome.chosenMs * kRequiredGain)) {
          outcome.chosen = candidate;
          outcome.chosenMs = *ms;
        }
      }
    if (outcome.chosen == before) break;
  }
  return outcome;
}

} // namespace spectrascope::detail
