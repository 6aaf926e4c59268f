#include "spectrascope/ui/audio/FileOverviewView.h"

#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <QMouseEvent>
#include <QPainter>

namespace spectrascope::ui {

FileOverviewView::FileOverviewView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("fileOverview"));
  setMinimumHeight(90);
  setCursor(Qt::PointingHandCursor);
  setToolTip(tr("The whole file: click or drag to play from there"));
}

void FileOverviewView::setOverview(const AudioFileOverview& overview)
{
  overview_ = overview;
  seconds_ = overview.seconds();
  position_ = 0;
  render();
}

void FileOverviewView::setDisplay(FrequencyScale scale, double minDb, const std::string& colormap)
{
  scale_ = scale;
  minDb_ = minDb;
  colormap_ = colormap;
  render();
}

void FileOverviewView::setPosition(double seconds)
{
  position_ = seconds;
  update();
}

void FileOverviewView::render()
{
  if (overview_.columns == 0) {
    image_ = {};
    update();
    return;
  }
  SpectrogramRenderer renderer;
  SpectrogramParameters p;
  p.rows = 256;
  p.columns = overview_.columns;
  p.sampleRate = overview_.sampleRate;
  p.fftSize = AudioFileOverview::kFftSize;
  p.hop = overview_.samplesPerColumn;
  p.scale = scale_;
  p.minDb = minDb_;
  p.colormap = colormap_;
  renderer.setParameters(p);
  const std::size_t bins = std::size_t(overview_.bins);
  for (int c = 0; c < overview_.columns; ++c)
    renderer.appendColumn(std::span<const float>(overview_.db).subspan(std::size_t(c) * bins, bins));
  image_ = renderer.image();
  update();
}

QRectF FileOverviewView::plotRect() const
{
  return QRectF(rect()).marginsRemoved(axis_painter::margins());
}

void FileOverviewView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), QColor(20, 22, 28));
  if (image_.isNull()) return;
  const QRectF plot = plotRect();
  // The overview covers whole columns; the last may end after the file does.
  const double imageSeconds = double(overview_.columns) * overview_.samplesPerColumn / overview_.sampleRate;
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.drawImage(QRectF(plot.left(), plot.top(), plot.width() * imageSeconds / std::max(1e-9, seconds_),
                           plot.height()),
                    image_);
  axis_painter::drawFrequencyAxis(painter, plot, FrequencyAxis{scale_, overview_.sampleRate / 2.0, 20});
  axis_painter::drawTimeAxis(painter, plot, 0, seconds_);
  const double x = plot.left() + position_ / std::max(1e-9, seconds_) * plot.width();
  painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5));
  painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
}

void FileOverviewView::seekTo(double x)
{
  const QRectF plot = plotRect();
  if (seconds_ <= 0 || plot.width() <= 0) return;
  emit seekRequested(std::clamp((x - plot.left()) / plot.width(), 0.0, 1.0) * seconds_);
}

void FileOverviewView::mousePressEvent(QMouseEvent* event)
{
  if (event->button() == Qt::LeftButton) seekTo(event->position().x());
}

void FileOverviewView::mouseMoveEvent(QMouseEvent* event)
{
  if (event->buttons() & Qt::LeftButton) seekTo(event->position().x());
}

} // namespace spectrascope::ui
