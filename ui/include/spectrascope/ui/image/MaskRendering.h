#pragma once
// Turning the editable mask into what the pipeline multiplies with (the R2C half-plane) and into
// pictures of it: a translucent tint over the spectrum and a grey PNG (white passes, black stops, the
// centred layout `spectrascope-cli filter --mask-image` reads). Runs on worker threads.

#include "spectrascope/ui/image/MaskEditor.h"

#include <QImage>

#include <memory>
#include <vector>

namespace spectrascope::ui::image {

// The painted layer converted to the half-plane, kept while the layer is the same object: converting
// costs a pass over W x H, the multiply that uses it a pass over half of that. One user at a time.
class PaintedHalfPlaneCache
{
public:
  const std::vector<float>* halfPlane(const MaskState& state, std::size_t width, std::size_t height);

private:
  std::shared_ptr<const std::vector<float>> layer_;
  std::vector<float> half_;
};

std::vector<float> halfPlaneMask(const MaskState& state, std::size_t width, std::size_t height,
                                 PaintedHalfPlaneCache& cache);
// Dark translucent where the mask stops, clear where it passes; at most maxSide pixels on the longer
// side (drawn stretched over the spectrum), so live updates of large images stay cheap.
QImage maskTint(const std::vector<float>& half, std::size_t width, std::size_t height, int maxSide);
// The same tint evaluated from the state's formulas (and painted layer) at the tint's pixels alone: no
// W x H mask needed, for previews while dragging.
QImage maskTint(const MaskState& state, std::size_t width, std::size_t height, int maxSide);
// Full size, Grayscale8, 255 passes.
QImage maskPicture(const std::vector<float>& half, std::size_t width, std::size_t height);

} // namespace spectrascope::ui::image
