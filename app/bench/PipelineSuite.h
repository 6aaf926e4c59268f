#pragma once
// `spectrascope-bench --suite pipeline`: one Image-tab mask update (mask multiply + inverse C2R +
// conversion to 8-bit display pixels, FilterPipeline::apply) on colour images of the sizes,
// beside the bare C2R of the same size on the same backend.

#include "Measure.h"

#include <string>

namespace spectrascope::bench {

// `sizes`: "WxH,..." (empty: 1024x1024, 2048x2048, 4096x4096, 4000x3000). Returns the exit code.
int runPipelineSuite(const std::string& backend, const std::string& sizes, const MeasureOptions& o, bool json);

} // namespace spectrascope::bench
