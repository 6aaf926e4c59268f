#include "PlanTuner.h"

#include "ConvolutionStage.h"
#include "DeviceCalls.h"
#include "OpenClRealFftPlan.h"
#include "StockhamPlanner.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>

namespace spectrascope::detail {
namespace {

// A candidate must beat the best so far by this much: timing noise must not pick shapes.
constexpr double kRequiredGain = 0.97;

using Clock = std::chrono::steady_clock;

struct KnobValue
{
  std::size_t PlanShape::*field;
  std::size_t value;
};

struct KnobValues
{
  std::size_t PlanShape::*field;
  std::vector<std::size_t> values;
};

std::size_t maxGroupOf(OpenClBackend& backend)
{
  return backend.info().maxWorkGroupSize;
}

// The single knob changes that beat the heuristic most often, timed first so that a short budget still
// tries them: no radix-32 passes (16, then 8; 4 for short lines), strided and contiguous groups either side
// of the heuristic's 256 and 64, a shorter pass (one more launch, smaller groups), more adjacent lines,
// less local memory (more groups resident); and the usual radices where the planner's rule of thumb
// balanced them (it lost 1% to 5% on a few lengths it was not fitted on: R2C 3000's 1500 before real
// rows' fewer values, 1600 x 1200); Rader's stage in one launch or in two, which its shape does not tell
// apart (PlanShape::raderLaunches). A change that leaves the launches as they were is not timed.
std::vector<KnobValue> likelyWinners(OpenClBackend& backend)
{
  std::vector<KnobValue> changes = {{&PlanShape::maxRadix, 16},          {&PlanShape::balancedValues, 1},
                                    {&PlanShape::stridedGroupSize, 128}, {&PlanShape::groupSize, 128},
                                    {&PlanShape::maxPassLength, 4096},   {&PlanShape::maxRadix, 8},
                                    {&PlanShape::stridedGroupSize, 512}, {&PlanShape::groupSize, 32},
                                    {&PlanShape::adjacentLines, 8},      {&PlanShape::maxRadix, 4},
                                    {&PlanShape::localMemory, 32768},    {&PlanShape::raderLaunches, 1},
                                    {&PlanShape::raderLaunches, 2}};
  std::erase_if(changes, [&](const KnobValue& c) {
    return (c.field == &PlanShape::groupSize || c.field == &PlanShape::stridedGroupSize) &&
           c.value > maxGroupOf(backend);
  });
  return changes;
}

std::vector<KnobValues> knobValues(OpenClBackend& backend)
{
  const std::size_t maxGroup = maxGroupOf(backend);
  const auto upTo = [&](std::vector<std::size_t> values) {
    std::erase_if(values, [&](std::size_t v) { return v > maxGroup; });
    return values;
  };
  // Pass lengths: 0 keeps the longest that fits; shorter ones trade a launch for smaller work-groups.
  // Less local memory per group: more groups resident per compute unit, at the price of exchanges in more
  // rounds (a barrier pair each) or fewer lines per group.
  // Radix: the default allows 32 where the planner finds it pays; 16 and below never use it.
  // Balanced radices: the usual ones (1), or groupings holding at most 16, 20 or 25 values a work-item.
  // Rader's stage: in one launch wherever it fits (1), or in two (2).
  return {{&PlanShape::maxRadix, {16, 8, 4}},
          {&PlanShape::groupSize, upTo({32, 64, 128, 256, 512})},
          {&PlanShape::stridedGroupSize, upTo({64, 128, 256, 512, 1024})},
          {&PlanShape::adjacentLines, {2, 4, 8, 16}},
          {&PlanShape::maxPassLength, {0, 4096, 1024, 256}},
          {&PlanShape::localMemory, {0, 32768, 16384}},
          {&PlanShape::balancedValues, {1, 16, 20, 25}},
          {&PlanShape::raderLaunches, {1, 2}}};
}

std::string passSignature(const StockhamPass& p)
{
  std::string s = std::to_string(int(p.family)) + ":" + std::to_string(p.length) + "/" +
                  std::to_string(p.radix) + "/" + std::to_string(p.firstRadix) + "/" +
                  std::to_string(p.threads) + "/" + std::to_string(p.lines) + "/" +
                  std::to_string(p.exchangeParts) + "r" + std::to_string(p.lineRounds) +
                  std::to_string(int(p.loadLinesFastest)) + std::to_string(int(p.storeLinesFastest)) + "/" +
                  std::to_string(p.realRows);
  for (int r : p.radices)
    s += "," + std::to_string(r);
  return s + ";";
}

std::vector<AxisJob> jobsOf(const TransformDescriptor& d, const DeviceLimits& limits)
{
  if (d.kind == TransformKind::ComplexToComplex) return {AxisJob::fromDescriptor(d)};
  return OpenClRealFftPlan::complexJobs(d, limits);
}

// How long each timing sample of a candidate lasts, and how many of them the median is taken over. A tight
// budget buys more candidates with shorter samples; three still outvote one disturbed sample.
struct TimingEffort
{
  double sampleMs;
  int samples;
};
constexpr TimingEffort kThoroughTiming{2.0, 5}, kQuickTiming{0.5, 3};

class CandidateTimer
{
public:
  CandidateTimer(OpenClBackend& backend, const TransformDescriptor& d, TimingEffort effort)
      : backend_(backend), effort_(effort), d_(d)
  {
    // Filled on the device: a kernel's time does not depend on the values, and drawing random floats on
    // the host for a large transform (2^26 of them in the benchmark's cases) took most of a 200 ms budget.
    cl::Context& context = backend.context();
    try {
      input_ = cl::Buffer(context, CL_MEM_READ_WRITE, d.inputFloats() * sizeof(float));
      backend.queue().enqueueFillBuffer(input_, 0.25f, 0, d.inputFloats() * sizeof(float));
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
    const auto sample = [&](int calls) {
      const auto start = Clock::now();
      for (int i = 0; i < calls; ++i)
        plan.enqueue(input_, output_, nullptr);
      backend_.queue().finish();
      return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / calls;
    };
    sample(1); // first call: lazy driver work, caches
    const double once = sample(1);
    const int calls = std::clamp(int(effort_.sampleMs / std::max(once, 1e-3)), 1, 64);
    std::vector<double> samples;
    for (int i = 0; i < effort_.samples; ++i)
      samples.push_back(sample(calls));
    const auto median = samples.begin() + std::ptrdiff_t(samples.size() / 2);
    std::nth_element(samples.begin(), median, samples.end());
    return *median;
  }

private:
  OpenClBackend& backend_;
  TimingEffort effort_;
  TransformDescriptor d_;
  cl::Buffer input_, output_;
};

} // namespace

// Other splits of an axis the heuristic plan takes in two launches (PlanShape::firstLaunch): its two
// lengths the other way round, then the factor pairs nearest an even split, neither longer than twice
// the heuristic's longer launch (nor a pass-length cap). The planner's rule (as even as possible) was up to
// 13% off, and no order rule held across lengths (H100: 48000 as 240 x 200 0.456 ms, 200 x 240 0.418; 44100
// as 210 x 210 0.50, 100 x 441 0.435, 196 x 225 0.457; 96000 and 36000 slower the other way round).
constexpr std::size_t kOtherSplits = 6;

namespace {

// The first-launch lengths to try for a length the heuristic splits as `lengths` (two launches).
void appendOtherSplits(const std::vector<std::size_t>& lengths, const DeviceLimits& limits,
                       std::vector<std::size_t>& candidates)
{
  if (lengths.size() != 2) return;
  const std::size_t n = lengths[0] * lengths[1];
  const std::size_t longest =
      std::min(2 * std::max(lengths[0], lengths[1]), limits.maxPassLength ? limits.maxPassLength : n);
  std::vector<std::size_t> others;
  for (std::size_t f = std::max<std::size_t>(2, n / longest); f <= std::min(longest, n / 2); ++f)
    if (n % f == 0 && f != lengths[0] && f != lengths[1] && n / f <= longest) others.push_back(f);
  const auto unevenness = [n](std::size_t f) {
    return std::abs(std::log(double(f) * double(f) / double(n)));
  };
  std::stable_sort(others.begin(), others.end(),
                   [&](std::size_t a, std::size_t b) { return unevenness(a) < unevenness(b); });
  if (lengths[1] != lengths[0]) candidates.push_back(lengths[1]);
  for (std::size_t i = 0; i < others.size() && i < kOtherSplits; ++i)
    candidates.push_back(others[i]);
}

std::vector<std::size_t> launchLengthsOf(const StockhamSchedule& schedule)
{
  std::vector<std::size_t> lengths;
  for (const StockhamPass& p : schedule.passes)
    lengths.push_back(p.length);
  return lengths;
}

} // namespace

std::vector<std::size_t> firstLaunchCandidates(OpenClBackend& backend, const TransformDescriptor& d)
{
  const DeviceLimits limits = limitsOf(backend, PlanShape{});
  std::vector<std::size_t> candidates;
  try {
    for (const AxisJob& job : jobsOf(d, limits)) {
      std::map<int, std::vector<std::size_t>> launches; // per axis: the lengths of its FFT launches
      for (const StockhamPass& p : planStockham(job, limits).passes)
        if (p.family == StockhamPass::Family::PowerOfTwo || p.family == StockhamPass::Family::Mixed)
          launches[p.axis].push_back(p.length);
      for (const auto& [axis, lengths] : launches)
        appendOtherSplits(lengths, limits, candidates);
    }
  } catch (const EngineError&) {
    return {}; // the heuristic shape does not plan here: nothing to split
  }
  return candidates;
}

std::vector<std::size_t> convolutionSplitCandidates(OpenClBackend& backend, const TransformDescriptor& d)
{
  const DeviceLimits limits = limitsOf(backend, PlanShape{});
  std::vector<std::size_t> candidates;
  try {
    for (const AxisJob& job : jobsOf(d, limits))
      for (const StockhamPass& p : planStockham(job, limits).passes)
        if (p.isConvolution() && !p.raderInOneLaunch)
          appendOtherSplits(launchLengthsOf(forwardConvolutionSchedule(p, limits)), limits, candidates);
  } catch (const EngineError&) {
    return {};
  }
  return candidates;
}

std::string scheduleSignature(OpenClBackend& backend, const TransformDescriptor& d, const PlanShape& shape)
{
  const DeviceLimits limits = limitsOf(backend, shape);
  std::string signature;
  try {
    for (const AxisJob& job : jobsOf(d, limits))
      for (const StockhamPass& pass : planStockham(job, limits).passes) {
        signature += passSignature(pass);
        // A convolution stage's own FFTs follow the shape's knobs too (the inverse's from the forward's).
        if (pass.isConvolution())
          for (const StockhamPass& inner : forwardConvolutionSchedule(pass, limits).passes)
            signature += "conv " + passSignature(inner);
      }
  } catch (const EngineError&) {
    return {}; // the shape does not fit this device
  }
  return signature;
}

TuningOutcome searchShapes(OpenClBackend& backend, const TransformDescriptor& d, SearchBudget budget)
{
  const auto start = Clock::now();
  // A candidate is started only if it should end within the budget, judging by the last one (its kernel
  // builds and timing): on the H100 a new shape's builds took 50-250 ms, so "not started after the budget"
  // alone ran 200 ms searches to 250-310 ms.
  Clock::duration lastCandidate{};
  const auto budgetSpent = [&] {
    return std::chrono::duration_cast<SearchBudget>(Clock::now() - start + lastCandidate) >= budget;
  };
  CandidateTimer timer(backend, d, budget < kThoroughTimingBudget ? kQuickTiming : kThoroughTiming);
  std::set<std::string> timed;
  TuningOutcome outcome;
  // Times `shape` and keeps it if it beats the best so far by kRequiredGain, unless it gives a schedule
  // already timed or does not fit. False once the budget has stopped the search.
  const auto consider = [&](const PlanShape& shape) {
    if (outcome.budgetExhausted) return false;
    const std::string signature = scheduleSignature(backend, d, shape);
    if (signature.empty() || timed.contains(signature)) {
      ++outcome.candidatesSkipped;
      return true;
    }
    const bool heuristic = timed.empty() && shape.isDefault(); // always timed: it is the fallback
    if (!heuristic && budgetSpent()) {
      outcome.budgetExhausted = true;
      return false;
    }
    timed.insert(signature);
    double ms = 0;
    const auto candidateStart = Clock::now();
    try {
      ms = timer.millisecondsPerCall(*backend.createPlan(d, shape));
      ++outcome.candidatesMeasured;
      lastCandidate = Clock::now() - candidateStart;
    } catch (const EngineError&) {
      ++outcome.candidatesSkipped; // e.g. too many registers for this work-group size on this device
      return true;
    }
    if (heuristic) outcome.heuristicMs = ms;
    if (outcome.chosenMs == 0 || ms < outcome.chosenMs * kRequiredGain) {
      outcome.chosen = shape;
      outcome.chosenMs = ms;
    }
    return true;
  };
  const auto changeOfBest = [&](std::size_t PlanShape::*field, std::size_t value) {
    PlanShape candidate = outcome.chosen;
    candidate.*field = value;
    return consider(candidate);
  };

  const auto search = [&] {
    consider(PlanShape{});
    // Other splits first: they changed the most where they apply, and leave every other shape alone.
    for (std::size_t first : firstLaunchCandidates(backend, d))
      if (!changeOfBest(&PlanShape::firstLaunch, first)) return;
    for (std::size_t first : convolutionSplitCandidates(backend, d))
      if (!changeOfBest(&PlanShape::convolutionFirstLaunch, first)) return;
    for (const KnobValue& change : likelyWinners(backend))
      if (!changeOfBest(change.field, change.value)) return;
    for (int round = 0; round < 2; ++round) {
      const PlanShape before = outcome.chosen;
      for (const KnobValues& knob : knobValues(backend))
        for (std::size_t value : knob.values)
          if (!changeOfBest(knob.field, value)) return;
      if (outcome.chosen == before) break;
    }
  };
  search();
  outcome.searchMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return outcome;
}

} // namespace spectrascope::detail
