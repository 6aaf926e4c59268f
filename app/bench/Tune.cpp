#include "Tune.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Plan.h"

#include <chrono>
#include <cstdio>
#include <iostream>

namespace spectrascope::bench {
namespace {

void printOutcome(const BenchCase& c, const TuningOutcome& t, bool replacedPartial, bool json)
{
  const double gain = t.chosenMs > 0 ? t.heuristicMs / t.chosenMs : 1.0;
  if (json) {
    std::cout << "{\"tune\":\"" << c.label << "\",\"heuristic_ms\":" << t.heuristicMs
              << ",\"tuned_ms\":" << t.chosenMs << ",\"speedup\":" << gain << ",\"shape\":\""
              << t.chosen.toString() << "\",\"measured\":" << t.candidatesMeasured
              << ",\"skipped\":" << t.candidatesSkipped << ",\"search_ms\":" << t.searchMs
              << ",\"replaced_partial\":" << (replacedPartial ? "true" : "false") << "}" << std::endl;
    return;
  }
  std::printf("%-22s %9.4f %9.4f %6.2fx  %3d/%-3d %9.1f  %s%s\n", c.label.c_str(), t.heuristicMs, t.chosenMs,
              gain, t.candidatesMeasured, t.candidatesMeasured + t.candidatesSkipped, t.searchMs,
              t.chosen.isDefault() ? "heuristic" : t.chosen.toString().c_str(),
              replacedPartial ? " (replaces a partial search's)" : "");
  std::fflush(stdout);
}

void printPlanning(const BenchCase& c, double planMs, const std::optional<TuningOutcome>& search, bool json)
{
  if (json) {
    std::cout << "{\"plan\":\"" << c.label << "\",\"plan_ms\":" << planMs
              << ",\"searched\":" << (search ? "true" : "false");
    if (search)
      std::cout << ",\"search_ms\":" << search->searchMs << ",\"measured\":" << search->candidatesMeasured
                << ",\"skipped\":" << search->candidatesSkipped
                << ",\"budget_exhausted\":" << (search->budgetExhausted ? "true" : "false") << ",\"shape\":\""
                << search->chosen.toString() << "\"";
    std::cout << "}" << std::endl;
    return;
  }
  if (!search) {
    std::printf("%-22s %9.1f %9s  %5s  %-9s  stored shape, no search\n", c.label.c_str(), planMs, "-", "-",
                "-");
  } else {
    std::printf("%-22s %9.1f %9.1f  %5d  %-9s  %s\n", c.label.c_str(), planMs, search->searchMs,
                search->candidatesMeasured, search->budgetExhausted ? "yes" : "no",
                search->chosen.isDefault() ? "heuristic" : search->chosen.toString().c_str());
  }
  std::fflush(stdout);
}

} // namespace

void tuneCases(OpenClBackend& device, const std::vector<BenchCase>& cases, bool json)
{
  if (!json) {
    std::printf("# tuning on %s; choices go to %s\n", device.deviceName().c_str(),
                device.tuningCache().file().c_str());
    std::printf("%-22s %9s %9s %7s  %7s %9s  %s\n", "case", "default", "tuned", "gain", "timed", "search ms",
                "shape (0 = default)");
  }
  for (const BenchCase& c : cases) {
    try {
      const bool wasPartial = device.tuningCache().isPartial(c.descriptor);
      printOutcome(c, device.tune(c.descriptor), wasPartial, json);
    } catch (const EngineError& e) {
      std::printf("%-22s not tuned: %s\n", c.label.c_str(), e.what());
    }
  }
  if (!json) std::printf("\n");
}

void measurePlans(OpenClBackend& device, const std::vector<BenchCase>& cases, bool json)
{
  if (!json) {
    std::printf("# planning with measurement on %s, %lld ms per search; choices go to %s\n",
                device.deviceName().c_str(), static_cast<long long>(device.options().measureBudget.count()),
                device.tuningCache().file().c_str());
    std::printf("%-22s %9s %9s  %5s  %-9s  %s\n", "case", "plan ms", "search ms", "timed", "cut short",
                "shape (0 = default)");
  }
  for (const BenchCase& c : cases) {
    try {
      const auto start = std::chrono::steady_clock::now();
      device.createPlan(c.descriptor);
      const double planMs =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      printPlanning(c, planMs, device.lastPlanSearch(), json);
    } catch (const EngineError& e) {
      std::printf("%-22s not planned: %s\n", c.label.c_str(), e.what());
    }
  }
  if (!json) std::printf("\n");
}

} // namespace spectrascope::bench
