#include "spectrascope/ui/audio/SpectrogramView.h"

#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/SampleRingBuffer.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace spectrascope::ui {

SpectrogramView::SpectrogramView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrogramView"));
  setMinimumSize(300, 120);
  setMouseTracking(true); // the cursor readout follows the mouse without a button held
  resetStatistics();
}

void SpectrogramView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), QColor(20, 22, 28));
  const QRectF plot = plotRect();
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.drawImage(plot, renderer_.image());
  const auto& p = renderer_.parameters();
  axis_painter::drawFrequencyAxis(painter, plot, p.axis());
  axis_painter::drawTimeAxis(painter, plot, -p.columns * p.secondsPerColumn(), 0);
  const QString readout = readoutAt(cursor_);
  if (!readout.isEmpty()) {
    painter.setPen(QColor(255, 255, 255, 110));
    painter.drawLine(QPointF(plot.left(), cursor_.y()), QPointF(plot.right(), cursor_.y()));
    painter.drawLine(QPointF(cursor_.x(), plot.top()), QPointF(cursor_.x(), plot.bottom()));
    const QRectF box =
        painter.boundingRect(plot.adjusted(6, 4, -6, -4), Qt::AlignTop | Qt::AlignLeft, readout);
    painter.fillRect(box.adjusted(-4, -2, 4, 2), QColor(0, 0, 0, 160));
    painter.setPen(QColor(235, 238, 245));
    painter.drawText(box, Qt::AlignTop | Qt::AlignLeft, readout);
  }
  painter.end();
  recordPaint();
}

QRectF SpectrogramView::plotRect() const
{
  return QRectF(rect()).marginsRemoved(axis_painter::margins());
}

QString SpectrogramView::readoutAt(QPointF position) const
{
  const QRectF plot = plotRect();
  if (!plot.contains(position)) return {};
  const auto& p = renderer_.parameters();
  const double u = (position.x() - plot.left()) / plot.width(),
               v = (position.y() - plot.top()) / plot.height();
  const int column = std::min(p.columns - 1, int(u * p.columns)), row = std::min(p.rows - 1, int(v * p.rows));
  const double seconds = (p.columns - column) * p.secondsPerColumn();
  const double hz = p.axis().frequencyAt(1 - v);
  const auto note = audio::noteFor(hz);
  const auto db = renderer_.decibelsAt(column, row);
  return tr("%1 s ago   %2 Hz   %3   %4 %5%6 ct")
      .arg(seconds, 0, 'f', 2)
      .arg(hz, 0, 'f', 1)
      .arg(db ? tr("%1 dB").arg(*db, 0, 'f', 1) : tr("– dB"))
      .arg(QString::fromLatin1(note.name))
      .arg(note.cents >= 0 ? "+" : "")
      .arg(note.cents, 0, 'f', 0);
}

void SpectrogramView::mouseMoveEvent(QMouseEvent* event)
{
  cursor_ = event->position();
  update();
}

void SpectrogramView::leaveEvent(QEvent*)
{
  cursor_ = {-1, -1};
  update();
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
