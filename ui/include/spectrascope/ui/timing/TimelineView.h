#pragma once
// A widget that paints TimelineRenderer's image at the screen's pixel ratio.

#include "spectrascope/engine/Timing.h"

#include <QWidget>

namespace spectrascope::ui {

class TimelineView : public QWidget
{
  Q_OBJECT

public:
  explicit TimelineView(QWidget* parent = nullptr);
  void setReport(const ExecutionReport& report);
  QSize sizeHint() const override { return {400, 44}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  ExecutionReport report_;
};

} // namespace spectrascope::ui
