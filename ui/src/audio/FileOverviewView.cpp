#include "spectrascope/ui/audio/FileOverviewView.h"

#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {
constexpr double kMinSpanSeconds = 0.5;
constexpr double kZoomStep = 1.25; // per wheel notch or key press
} // namespace

FileOverviewView::FileOverviewView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("fileOverview"));
  setMinimumHeight(90);
  setCursor(Qt::PointingHandCursor);
  setFocusPolicy(Qt::StrongFocus);
  setToolTip(tr("The whole file: click or drag to play from there; wheel to zoom, right-drag to scroll"));
}

void FileOverviewView::setOverview(const AudioFileOverview& overview)
{
  overview_ = overview;
  seconds_ = overview.seconds();
  position_ = 0;
  viewStart_ = 0;
  viewSpan_ = seconds_;
  detail_ = {};
  detailImage_ = {};
  render();
}

void FileOverviewView::setDisplay(FrequencyScale scale, double minDb, double maxDb,
                                  const std::string& colormap)
{
  scale_ = scale;
  minDb_ = minDb;
  maxDb_ = maxDb;
  colormap_ = colormap;
  render();
}

void FileOverviewView::setPosition(double seconds)
{
  // Page along with playback when the cursor runs off the right edge; a view the user scrolled away
  // from the cursor stays where it is.
  const double end = viewStart_ + viewSpan_;
  const bool wasVisible = position_ >= viewStart_ && position_ <= end;
  position_ = seconds;
  if (viewSpan_ < seconds_ && wasVisible && seconds > end) setView(seconds - 0.1 * viewSpan_, viewSpan_);
  update();
}

void FileOverviewView::setDetail(const AudioFileOverview& detail)
{
  if (detail.path != overview_.path || detail.columns == 0) return;
  detail_ = detail;
  detailImage_ = renderColumns(detail_);
  update();
}

bool FileOverviewView::showsDetail() const
{
  if (detailImage_.isNull() || viewSpan_ >= seconds_) return false;
  const double end =
      detail_.startSeconds + double(detail_.columns) * detail_.samplesPerColumn / detail_.sampleRate;
  return detail_.startSeconds <= viewStart_ + 1e-6 && viewStart_ + viewSpan_ <= end + 1e-6;
}

void FileOverviewView::render()
{
  image_ = overview_.columns == 0 ? QImage() : renderColumns(overview_);
  if (!detail_.db.empty()) detailImage_ = renderColumns(detail_);
  update();
}

QImage FileOverviewView::renderColumns(const AudioFileOverview& o) const
{
  SpectrogramRenderer renderer;
  SpectrogramParameters p;
  p.rows = 256;
  p.columns = o.columns;
  p.sampleRate = o.sampleRate;
  p.fftSize = AudioFileOverview::kFftSize;
  p.hop = o.samplesPerColumn;
  p.scale = scale_;
  p.minDb = minDb_;
  p.maxDb = maxDb_;
  p.colormap = colormap_;
  renderer.setParameters(p);
  const std::size_t bins = std::size_t(o.bins);
  for (int c = 0; c < o.columns; ++c)
    renderer.appendColumn(std::span<const float>(o.db).subspan(std::size_t(c) * bins, bins));
  return renderer.image();
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
  const bool detail = showsDetail();
  const AudioFileOverview& shown = detail ? detail_ : overview_;
  const double columnSeconds = double(shown.samplesPerColumn) / shown.sampleRate;
  const double span = std::max(1e-9, viewSpan_);
  // The visible span in image columns; the plot shows exactly that part of the image.
  const QRectF source((viewStart_ - shown.startSeconds) / columnSeconds, 0, span / columnSeconds,
                      detail ? detailImage_.height() : image_.height());
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.save();
  painter.setClipRect(plot);
  painter.drawImage(plot, detail ? detailImage_ : image_, source);
  painter.restore();
  axis_painter::drawFrequencyAxis(painter, plot, FrequencyAxis{scale_, overview_.sampleRate / 2.0, 20});
  axis_painter::drawTimeAxis(painter, plot, viewStart_, viewStart_ + span);
  const double x = plot.left() + (position_ - viewStart_) / span * plot.width();
  if (x < plot.left() || x > plot.right()) return;
  painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5));
  painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
}

double FileOverviewView::timeAt(double x) const
{
  const QRectF plot = plotRect();
  if (plot.width() <= 0) return viewStart_;
  return viewStart_ + std::clamp((x - plot.left()) / plot.width(), 0.0, 1.0) * viewSpan_;
}

void FileOverviewView::seekTo(double x)
{
  if (seconds_ <= 0) return;
  emit seekRequested(std::clamp(timeAt(x), 0.0, seconds_));
}

void FileOverviewView::setView(double start, double span)
{
  viewSpan_ = std::clamp(span, std::min(kMinSpanSeconds, seconds_), seconds_);
  viewStart_ = std::clamp(start, 0.0, std::max(0.0, seconds_ - viewSpan_));
  update();
  emit viewChanged(viewStart_, viewSpan_);
}

void FileOverviewView::zoom(double factor, double x)
{
  const double anchor = timeAt(x), fraction = viewSpan_ > 0 ? (anchor - viewStart_) / viewSpan_ : 0;
  const double span = std::clamp(viewSpan_ * factor, std::min(kMinSpanSeconds, seconds_), seconds_);
  setView(anchor - fraction * span, span);
}

void FileOverviewView::scrollBy(double seconds)
{
  setView(viewStart_ + seconds, viewSpan_);
}

void FileOverviewView::showAll()
{
  setView(0, seconds_);
}

void FileOverviewView::mousePressEvent(QMouseEvent* event)
{
  const bool scroll = event->button() != Qt::LeftButton || (event->modifiers() & Qt::ShiftModifier);
  if (scroll)
    dragX_ = event->position().x();
  else
    seekTo(event->position().x());
}

void FileOverviewView::mouseMoveEvent(QMouseEvent* event)
{
  if (dragX_ >= 0) {
    const double width = std::max(1.0, plotRect().width());
    scrollBy((dragX_ - event->position().x()) / width * viewSpan_);
    dragX_ = event->position().x();
  } else if (event->buttons() & Qt::LeftButton) {
    seekTo(event->position().x());
  }
}

void FileOverviewView::mouseReleaseEvent(QMouseEvent*)
{
  dragX_ = -1;
}

void FileOverviewView::wheelEvent(QWheelEvent* event)
{
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0) return;
  zoom(std::pow(kZoomStep, -notches), event->position().x());
  event->accept();
}

void FileOverviewView::keyPressEvent(QKeyEvent* event)
{
  const double centre = plotRect().center().x();
  switch (event->key()) {
  case Qt::Key_Plus:
  case Qt::Key_Equal:
    zoom(1 / kZoomStep, centre);
    break;
  case Qt::Key_Minus:
    zoom(kZoomStep, centre);
    break;
  case Qt::Key_Left:
    scrollBy(-0.25 * viewSpan_);
    break;
  case Qt::Key_Right:
    scrollBy(0.25 * viewSpan_);
    break;
  case Qt::Key_Home:
    setView(0, viewSpan_);
    break;
  case Qt::Key_End:
    setView(seconds_, viewSpan_);
    break;
  case Qt::Key_0:
    showAll();
    break;
  default:
    QWidget::keyPressEvent(event);
  }
}

} // namespace spectrascope::ui
