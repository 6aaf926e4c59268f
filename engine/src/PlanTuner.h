#pragma once
// The measured search behind OpenClBackend::tune: the heuristic shape, then other splits of an axis it
// takes in two launches (firstLaunchCandidates) and of a convolution's FFTs in two launches, then a short
// list of the knob changes that most often win, then coordinate descent over all the planner's knobs, each
// step from the best shape so far. Knob values that give a schedule already timed are skipped, so most
// candidates cost nothing; the others cost a kernel build (cached on disk) and a few timed calls. The budget
// bounds the whole search (see SearchBudget).

#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/PlanTuning.h"

#include <vector>

namespace spectrascope::detail {

TuningOutcome searchShapes(OpenClBackend& backend, const TransformDescriptor& d, SearchBudget budget);

// The launches a shape gives `d` (kernel specialisations and work-group shapes), as text: two shapes with
// the same signature run the same kernels. Empty if the shape does not fit the device.
std::string scheduleSignature(OpenClBackend& backend, const TransformDescriptor& d, const PlanShape& shape);

// The first-launch lengths (PlanShape::firstLaunch) the search tries for `d`, in order: none where the
// heuristic plan takes no axis in two launches.
std::vector<std::size_t> firstLaunchCandidates(OpenClBackend& backend, const TransformDescriptor& d);

// The same for the forward FFTs of its convolution stages (PlanShape::convolutionFirstLaunch): the
// heuristic's split the other way round makes the other length the filter launch's.
std::vector<std::size_t> convolutionSplitCandidates(OpenClBackend& backend, const TransformDescriptor& d);

} // namespace spectrascope::detail
