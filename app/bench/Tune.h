#pragma once
// spectrascope-bench --tune: the per-device tuning search for each case, stored in the device's tuning
// cache so every later plan (bench, CLI, GUI) of that transform uses the fastest shape found.
// spectrascope-bench --measure-plans: each case planned as a Measure-mode backend plans it (a search
// within the backend's measureBudget where no shape is stored), with what that planning cost.

#include "BenchCase.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <vector>

namespace spectrascope::bench {

void tuneCases(OpenClBackend& device, const std::vector<BenchCase>& cases, bool json);
void measurePlans(OpenClBackend& device, const std::vector<BenchCase>& cases, bool json);

} // namespace spectrascope::bench
