#include "spectrascope/ui/audio/FileOverviewView.h"

#include "spectrascope/ui/KeyboardHelp.h"

#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/ColourBar.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"

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
constexpr double kMinTopHz = 200;  // the frequency zoom stops at an axis from 20 Hz to here
} // namespace

FileOverviewView::FileOverviewView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("fileOverview"));
  setMinimumHeight(90);
  setCursor(Qt::PointingHandCursor);
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(true); // the readout follows the mouse
  setToolTip(
      tr("The whole file: click or drag to move the play cursor; wheel to zoom, right-drag to scroll"));
  // The keys keyPressEvent answers, for Help > Keyboard Shortcuts.
  keyboard_help::publish(this, {{tr("File view: zoom time in / out"), tr("+ / −")},
                                {tr("File view: scroll earlier / later"), tr("Left / Right")},
                                {tr("File view: go to the start / end"), tr("Home / End")},
                                {tr("File view: zoom frequency in / out"), tr("Up / Down")},
                                {tr("File view: show the whole file and every frequency"), tr("0")}});
}

void FileOverviewView::setOverview(const AudioFileOverview& overview)
{
  overview_ = overview;
  seconds_ = overview.seconds();
  position_ = 0;
  viewStart_ = 0;
  viewSpan_ = seconds_;
  detail_ = {};
  detailRenderer_ = {};
  if (overview_.columns > 0) fill(overviewRenderer_, overview_);
  update();
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
  fill(detailRenderer_, detail_);
  update();
}

bool FileOverviewView::showsDetail() const
{
  if (detail_.columns == 0 || viewSpan_ >= seconds_) return false;
  const double end =
      detail_.startSeconds + double(detail_.columns) * detail_.samplesPerColumn / detail_.sampleRate;
  // A detail that ends within a column of the file's end covers the view up to the end.
  const double columnSeconds = double(detail_.samplesPerColumn) / detail_.sampleRate;
  const double covered = end + columnSeconds >= seconds_ ? seconds_ : end;
  return detail_.startSeconds <= viewStart_ + 1e-6 && viewStart_ + viewSpan_ <= covered + 1e-6;
}

// Display changes recolour and re-map the levels already held.
void FileOverviewView::render()
{
  for (SpectrogramRenderer* renderer : {&overviewRenderer_, &detailRenderer_}) {
    SpectrogramParameters p = renderer->parameters();
    p.scale = scale_;
    p.minDb = minDb_;
    p.maxDb = maxDb_;
    p.colormap = colormap_;
    p.maxFrequencyHz = topHz_;
    renderer->setParameters(p);
  }
  update();
}

QImage FileOverviewView::image() const
{
  return overview_.columns == 0 ? QImage() : overviewRenderer_.image();
}

QImage FileOverviewView::visibleImage() const
{
  const Shown s = shown();
  return s.renderer->render(plotPixels(), s.firstColumn, s.columnCount);
}

// The renderer holds the levels; colours, range and axis apply when it draws.
void FileOverviewView::fill(SpectrogramRenderer& renderer, const AudioFileOverview& o) const
{
  SpectrogramParameters p;
  p.rows = 256;
  p.columns = std::max(2, o.columns);
  p.sampleRate = o.sampleRate;
  p.fftSize = AudioFileOverview::kFftSize;
  p.hop = o.samplesPerColumn;
  p.scale = scale_;
  p.minDb = minDb_;
  p.maxDb = maxDb_;
  p.colormap = colormap_;
  p.maxFrequencyHz = topHz_;
  renderer = SpectrogramRenderer();
  renderer.setParameters(p);
  const std::size_t bins = std::size_t(o.bins);
  for (int c = 0; c < o.columns; ++c)
    renderer.appendColumn(std::span<const float>(o.db).subspan(std::size_t(c) * bins, bins));
  // The renderer holds at least two columns and puts the newest at the right: a one-column file is
  // followed by an empty one, so that its column stays at the file's start (time 0), where it belongs.
  renderer.appendGap(p.columns - o.columns);
}

// The span in view, as columns of the renderer that shows it.
FileOverviewView::Shown FileOverviewView::shown() const
{
  const bool detail = showsDetail();
  const AudioFileOverview& o = detail ? detail_ : overview_;
  const double columnSeconds = double(o.samplesPerColumn) / o.sampleRate;
  return {detail ? &detailRenderer_ : &overviewRenderer_, (viewStart_ - o.startSeconds) / columnSeconds,
          std::max(1e-9, viewSpan_) / columnSeconds};
}

QSize FileOverviewView::plotPixels() const
{
  const QRectF plot = plotRect();
  const double ratio = devicePixelRatioF();
  return QSize(std::max(1, int(std::lround(plot.width() * ratio))),
               std::max(1, int(std::lround(plot.height() * ratio))));
}

QString FileOverviewView::readoutAt(QPointF position) const
{
  const QRectF plot = plotRect();
  if (!plot.contains(position) || overview_.columns == 0) return {};
  const QSize pixels = plotPixels();
  const int x =
      std::min(pixels.width() - 1, int((position.x() - plot.left()) / plot.width() * pixels.width()));
  const int y =
      std::min(pixels.height() - 1, int((position.y() - plot.top()) / plot.height() * pixels.height()));
  const Shown s = shown();
  const auto level = s.renderer->levelAt(pixels, x, y, s.firstColumn, s.columnCount);
  const double hz = frequencyAxis().frequencyAt(1 - (y + 0.5) / pixels.height());
  const auto note = audio::noteFor(hz);
  // To a pixel's time where that is under a hundredth of a second: a file of a few samples would read
  // "0.00 s" everywhere.
  const double pixelSeconds = viewSpan_ / std::max(1.0, plot.width());
  const double t = timeAt(position.x());
  return tr("%1   %2 Hz   %3   %4 %5%6 ct")
      .arg(pixelSeconds < 0.01 ? axis_painter::timeText(t, pixelSeconds) : axis_painter::clockTime(t))
      .arg(hz, 0, 'f', 1)
      .arg(level ? tr("%1 dB").arg(double(*level), 0, 'f', 1) : tr("– dB"))
      .arg(QString::fromLatin1(note.name))
      .arg(note.cents >= 0 ? "+" : "")
      .arg(note.cents, 0, 'f', 0);
}

QRectF FileOverviewView::plotRect() const
{
  QRectF plot = QRectF(rect()).marginsRemoved(axis_painter::margins());
  plot.setRight(plot.right() - colour_bar::kWidth);
  const double ratio = devicePixelRatioF();
  plot.setWidth(std::floor(plot.width() * ratio) / ratio);
  plot.setHeight(std::floor(plot.height() * ratio) / ratio);
  return plot;
}

void FileOverviewView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), QColor(20, 22, 28));
  if (overview_.columns == 0) return;
  const QRectF plot = plotRect();
  // One image pixel per device pixel, each the loudest level of the frames and bins it covers: a line
  // one bin wide stays at its level at every zoom.
  QImage image = visibleImage();
  image.setDevicePixelRatio(devicePixelRatioF());
  painter.drawImage(plot.topLeft(), image);
  const QRectF bar(plot.right() + 10, plot.top(), colour_bar::kWidth - 10, plot.height());
  colour_bar::draw(painter, bar, colormap(), minDb_, maxDb_);
  const double span = std::max(1e-9, viewSpan_);
  axis_painter::drawFrequencyAxis(painter, plot, frequencyAxis());
  axis_painter::drawTimeAxis(painter, plot, viewStart_, viewStart_ + span, true);
  drawNote(painter, plot);
  drawReadout(painter, plot);
  const double x = plot.left() + (position_ - viewStart_) / span * plot.width();
  if (x < plot.left() || x > plot.right()) return;
  painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5));
  painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
}

void FileOverviewView::drawReadout(QPainter& painter, const QRectF& plot) const
{
  const QString text = readoutAt(cursor_);
  if (text.isEmpty()) return;
  painter.save();
  const QRectF box = painter.boundingRect(plot.adjusted(6, 4, -6, -4), Qt::AlignTop | Qt::AlignLeft, text);
  painter.fillRect(box.adjusted(-4, -2, 4, 2), QColor(0, 0, 0, 160));
  painter.setPen(QColor(235, 238, 245));
  painter.drawText(box, Qt::AlignTop | Qt::AlignLeft, text);
  painter.restore();
}

// What a short file's one column is, at the plot's foot: every column of such a file is the same one, so
// the note hides nothing that is not shown beside it.
void FileOverviewView::drawNote(QPainter& painter, const QRectF& plot) const
{
  const QString note = shortFileNote(overview_);
  if (note.isEmpty()) return;
  painter.save();
  const QRectF box = painter.boundingRect(plot.adjusted(6, 4, -6, -4),
                                          Qt::AlignBottom | Qt::AlignLeft | Qt::TextWordWrap, note);
  painter.fillRect(box.adjusted(-4, -2, 4, 2), QColor(0, 0, 0, 160));
  painter.setPen(QColor(235, 238, 245));
  painter.drawText(box, Qt::AlignBottom | Qt::AlignLeft | Qt::TextWordWrap, note);
  painter.restore();
}

void FileOverviewView::leaveEvent(QEvent*)
{
  cursor_ = {-1, -1};
  update();
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
  cursor_ = event->position();
  update();
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

FrequencyAxis FileOverviewView::frequencyAxis() const
{
  const double nyquist = overview_.sampleRate / 2.0;
  return {scale_, topHz_ > 0 ? std::min(topHz_, nyquist) : nyquist, 20};
}

double FileOverviewView::topFrequencyHz() const
{
  return frequencyAxis().maxHz;
}

// The frequency axis zooms at its top: the lowest frequency stays, so a log axis keeps its low end.
void FileOverviewView::zoomFrequency(double factor)
{
  const double nyquist = overview_.sampleRate / 2.0;
  if (nyquist <= 0) return;
  topHz_ = std::clamp(topFrequencyHz() * factor, std::min(nyquist, kMinTopHz), nyquist);
  render();
}

void FileOverviewView::wheelEvent(QWheelEvent* event)
{
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0) return;
  if (event->modifiers() & Qt::ControlModifier) { // Ctrl+wheel: frequency
    zoomFrequency(std::pow(kZoomStep, -notches));
    event->accept();
    return;
  }
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
    zoomFrequency(1e9); // and every frequency
    break;
  case Qt::Key_Up:
    zoomFrequency(1 / kZoomStep);
    break;
  case Qt::Key_Down:
    zoomFrequency(kZoomStep);
    break;
  default:
    QWidget::keyPressEvent(event);
  }
}

} // namespace spectrascope::ui
