#pragma once
// The Image tab's mask at one bin, composed as the filter composes the whole of it
// (composeHalfPlaneMask with halfPlaneFromCentred's painted layer): the spec's value, times the painted
// layer averaged over the bin and its mirror (-u, -v), then inverted if asked. For readouts, which need
// one value now rather than W x H values after the next filter run.

#include "spectrascope/engine/imaging/FrequencyMask.h"

#include <vector>

namespace spectrascope::imaging {

// `paintedCentred`: W x H factors in the centred layout (DC at W/2, H/2), or null when nothing is painted.
double composedMaskValue(const MaskSpec& spec, const std::vector<float>* paintedCentred, bool inverted,
                         long u, long v, std::size_t width, std::size_t height);

} // namespace spectrascope::imaging
