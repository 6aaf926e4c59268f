#include "spectrascope/ui/audio/SpectrogramView.h"

#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/ColourBar.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {

SpectrogramView::SpectrogramView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrogramView"));
  setMinimumSize(300, 80); // small screens and scale 2 still show the whole tab
  setMouseTracking(true);  // the cursor readout follows the mouse without a button held
  resetStatistics();
}

void SpectrogramView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), QColor(20, 22, 28));
  const QRectF plot = plotRect();
  // One image pixel per device pixel: every pixel shows the loudest level it covers, nothing is scaled.
  const QSize pixels = plotPixels();
  QImage image = renderer_.render(pixels);
  image.setDevicePixelRatio(devicePixelRatioF());
  painter.drawImage(plot.topLeft(), image);
  const auto& p = renderer_.parameters();
  drawSegmentMarks(painter, plot, pixels.width());
  axis_painter::drawFrequencyAxis(painter, plot, p.axis());
  axis_painter::drawTimeAxis(painter, plot, -p.columns * p.secondsPerColumn(), 0);
  colour_bar::draw(painter, colourBarRect(), renderer_.colormap(), p.minDb, p.maxDb);
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
  QRectF plot = QRectF(rect()).marginsRemoved(axis_painter::margins());
  plot.setRight(plot.right() - colour_bar::kWidth);
  // Whole device pixels, so the image lands 1:1.
  const double ratio = devicePixelRatioF();
  plot.setWidth(std::floor(plot.width() * ratio) / ratio);
  plot.setHeight(std::floor(plot.height() * ratio) / ratio);
  return plot;
}

QSize SpectrogramView::plotPixels() const
{
  const QRectF plot = plotRect();
  const double ratio = devicePixelRatioF();
  return QSize(std::max(1, int(std::lround(plot.width() * ratio))),
               std::max(1, int(std::lround(plot.height() * ratio))));
}

QRectF SpectrogramView::colourBarRect() const
{
  const QRectF plot = plotRect();
  return QRectF(plot.right() + 10, plot.top(), colour_bar::kWidth - 10, plot.height());
}

// Where the FFT size or hop changed, the older columns stay as they were made, behind a marked edge.
void SpectrogramView::drawSegmentMarks(QPainter& painter, const QRectF& plot, int pixelWidth) const
{
  const double ratio = devicePixelRatioF();
  for (const SegmentMark& mark : renderer_.segmentMarks(pixelWidth)) {
    const double x = plot.left() + mark.x / ratio;
    painter.setPen(QPen(QColor(255, 255, 255, 200), 1, Qt::DashLine));
    painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    QRectF box = painter.boundingRect(QRectF(x + 3, plot.top() + 18, 300, 20), Qt::AlignLeft, mark.label);
    // A mark near the newest column (a segment just begun) labels its left side: the label stays in the
    // plot rather than under the colour bar.
    if (box.right() > plot.right()) box.moveRight(x - 3);
    if (box.left() < plot.left()) box.moveLeft(plot.left() + 2);
    painter.fillRect(box.adjusted(-2, -1, 2, 1), QColor(0, 0, 0, 150));
    painter.setPen(QColor(235, 238, 245));
    painter.drawText(box, Qt::AlignLeft, mark.label);
  }
}

QString SpectrogramView::readoutAt(QPointF position) const
{
  const QRectF plot = plotRect();
  if (!plot.contains(position)) return {};
  const auto& p = renderer_.parameters();
  const double u = (position.x() - plot.left()) / plot.width(),
               v = (position.y() - plot.top()) / plot.height();
  // The level of the device pixel under the cursor: the data it shows, not its colour read back.
  const QSize pixels = plotPixels();
  const int x = std::min(pixels.width() - 1, int(u * pixels.width()));
  const int y = std::min(pixels.height() - 1, int(v * pixels.height()));
  const int column = std::min(p.columns - 1, int(u * p.columns));
  const double seconds = (p.columns - column) * p.secondsPerColumn();
  const double hz = p.axis().frequencyAt(1 - (y + 0.5) / pixels.height());
  const auto note = audio::noteFor(hz);
  const auto db = renderer_.levelAt(pixels, x, y);
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
  const std::int64_t now = audio::SampleRingBuffer::nowNs();
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
  statisticsStartNs_ = audio::SampleRingBuffer::nowNs();
}

} // namespace spectrascope::ui
