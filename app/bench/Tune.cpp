#include "Tune.h"

#include "spectrascope/engine/Errors.h"

#include <cstdio>
#include <iostream>

namespace spectrascope::bench {
namespace {

void printOutcome(const BenchCase& c, const TuningOutcome& t, bool json)
{
  const double gain = t.chosenMs > 0 ? t.heuristicMs / t.chosenMs : 1.0;
  if (json) {
    std::cout << "{\"tune\":\"" << c.label << "\",\"heuristic_ms\":" << t.heuristicMs << ",\"tuned_ms\":" << t.chosenMs
              << ",\"speedup\":" << gain << ",\"shape\":\"" << t.chosen.toString()
              << "\",\"measured\":" << t.candidatesMeasured << ",\"skipped\":" << t.candidatesSkipped << "}"
              << std::endl;
    return;
  }
  std::printf("%-22s %9.4f %9.4f %6.2fx  %3d/%-3d  %s\n", c.label.c_str(), t.heuristicMs, t.chosenMs, gain,
              t.candidatesMeasured, t.candidatesMeasured + t.candidatesSkipped,
              t.chosen.isDefault() ? "heuristic" : t.chosen.toString().c_str());
  std::fflush(stdout);
}

} // namespace

void tuneCases(OpenClBackend& device, const std::vector<BenchCase>& cases, bool json)
{
  if (!json) {
    std::printf("# tuning on %s; choices go to %s\n", device.deviceName().c_str(),
                device.tuningCache().file().c_str());
    std::printf("%-22s %9s %9s %7s  %7s  %s\n", "case", "default", "tuned", "gain", "timed", "shape (0 = default)");
  }
  for (const BenchCase& c : cases) {
    try {
      printOutcome(c, device.tune(c.descriptor), json);
    } catch (const EngineError& e) {
      std::printf("%-22s not tuned: %s\n", c.label.c_str(), e.what());
    }
  }
  if (!json) std::printf("\n");
}

} // namespace spectrascope::bench
