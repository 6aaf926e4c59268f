#include "spectrascope/ui/audio/SpectrogramView.h"

#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/SampleRingBuffer.h"

#include <QPainter>

namespace spectrascope::ui {

SpectrogramView::SpectrogramView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrogramView"));
  setMinimumSize(300, 120);
  resetStatistics();
}

void SpectrogramView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), QColor(20, 22, 28));
  const QRectF plot = QRectF(rect()).marginsRemoved(axis_painter::margins());
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.drawImage(plot, renderer_.image());
  const auto& p = renderer_.parameters();
  axis_painter::drawFrequencyAxis(painter, plot, p.axis());
  axis_painter::drawTimeAxis(painter, plot, -p.columns * p.secondsPerColumn(), 0);
  painter.end();
  recordPaint();
}

void SpectrogramView::recordPaint()
{
  const std::int64_t now = SampleRingBuffer::nowNs();
  ++stats_.paints;
  stats_.seconds = double(now - statisticsStartNs_) * 1e-9;
  if (pendingArrivalNs_ == 0) return;
  const double latencyMs = double(now - pendingArrivalNs_) * 1e-6;
  pendingArrivalNs_ = 0;
  ++stats_.latencySamples;
  latencySumMs_ += latencyMs;
  stats_.meanLatencyMs = latencySumMs_ / double(stats_.latencySamples);
  stats_.maxLatencyMs = std::max(stats_.maxLatencyMs, latencyMs);
}

PaintStatistics SpectrogramView::statistics() const
{
  return stats_;
}

void SpectrogramView::resetStatistics()
{
  stats_ = {};
  latencySumMs_ = 0;
  statisticsStartNs_ = SampleRingBuffer::nowNs();
}

} // namespace spectrascope::ui
