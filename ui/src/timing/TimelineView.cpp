#include "spectrascope/ui/timing/TimelineView.h"

#include "spectrascope/ui/timing/TimelineRenderer.h"

#include <QPainter>

namespace spectrascope::ui {

TimelineView::TimelineView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("timingTimeline"));
  setMinimumHeight(44);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TimelineView::setReport(const ExecutionReport& report)
{
  report_ = report;
  update();
}

void TimelineView::paintEvent(QPaintEvent*)
{
  TimelineParameters p;
  p.size = size();
  p.devicePixelRatio = devicePixelRatioF();
  p.background = palette().color(QPalette::Base);
  p.text = palette().color(QPalette::Text);
  QPainter painter(this);
  painter.drawImage(QPoint(0, 0), TimelineRenderer::render(report_, p));
}

} // namespace spectrascope::ui
