#pragma once
// Draws the records of one ExecutionReport as a timeline bar: one coloured segment per record, placed
// at its device start time relative to the first record, so gaps between launches show as gaps.
// Renders into a QImage from plain parameters (testable without a window); TimingPanel shows it.

#include "spectrascope/engine/Timing.h"

#include <QColor>
#include <QImage>
#include <QSize>

namespace spectrascope::ui {

struct TimelineParameters
{
  QSize size{600, 48};        // device-independent pixels
  qreal devicePixelRatio = 1; // HiDPI: the image has size * ratio physical pixels
  QColor background{Qt::white};
  QColor text{Qt::black};
};

class TimelineRenderer
{
public:
  static QImage render(const ExecutionReport& report, const TimelineParameters& p);
  // Colour of a record by type: kernels cycle through a palette, transfers are grey-blue.
  static QColor colourFor(const KernelRecord& record, int kernelIndex);
};

} // namespace spectrascope::ui
