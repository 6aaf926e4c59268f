#pragma once
// The right end of the Image tab's status line: the last update's wall time and backend, and whether it
// was a preview; its steps in the tooltip (the Timings panel has the table). Gives way to the window's
// width rather than widening it.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/ui/ElidedLabel.h"

namespace spectrascope::ui::image {

class UpdateSummary : public ElidedLabel
{
  Q_OBJECT

public:
  explicit UpdateSummary(QWidget* parent = nullptr);

  void showReport(const ExecutionReport& report, bool preview);
};

} // namespace spectrascope::ui::image
