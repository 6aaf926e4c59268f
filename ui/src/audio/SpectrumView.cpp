#include "spectrascope/ui/audio/SpectrumView.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"
#include "spectrascope/engine/audio/Stft.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace spectrascope::ui {
namespace {
QString noteText(double hz)
{
  const auto note = spectrascope::audio::noteFor(hz);
  return QStringLiteral("%1 %2%3 ct")
      .arg(QString::fromLatin1(note.name))
      .arg(note.cents >= 0 ? "+" : "")
      .arg(note.cents, 0, 'f', 0);
}
} // namespace

SpectrumView::SpectrumView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrumView"));
  setMouseTracking(true);
  setMinimumSize(300, kMinimumHeight);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SpectrumView::addFrame(std::span<const float> db, double sampleRate, int fftSize, double seconds)
{
  if (params_.sampleRate != sampleRate || params_.fftSize != fftSize) averager_.reset();
  params_.sampleRate = sampleRate;
  params_.fftSize = fftSize;
  averager_.add(db, seconds);
}

void SpectrumView::addFrames(const audio::FrameSummary& summary, double sampleRate, int fftSize,
                             double secondsPerFrame)
{
  if (params_.sampleRate != sampleRate || params_.fftSize != fftSize) averager_.reset();
  params_.sampleRate = sampleRate;
  params_.fftSize = fftSize;
  averager_.add(summary, secondsPerFrame);
}

void SpectrumView::setScale(FrequencyScale scale)
{
  params_.scale = scale;
  update();
}

void SpectrumView::setDbRange(double range)
{
  params_.minDb = params_.maxDb - range;
  update();
}

void SpectrumView::setAveraging(const audio::AveragingSettings& settings)
{
  averager_.setSettings(settings);
  update();
}

void SpectrumView::restartAverages()
{
  averager_.reset();
  readoutCorner_ = -1;
  update();
}

QString SpectrumView::averagingText() const
{
  const audio::AveragingSettings& s = averager_.settings();
  if (s.mode == audio::AveragingMode::None || averager_.framesAveraged() == 0) return {};
  return s.mode == audio::AveragingMode::Exponential
             ? tr("exponential average, %1 s").arg(s.seconds, 0, 'g', 3)
             : tr("linear average of %1 frames, %2 s")
                   .arg(averager_.framesAveraged())
                   .arg(averager_.secondsAveraged(), 0, 'f', 2);
}

QString SpectrumView::readoutText() const
{
  const std::vector<float>& db = averager_.displayed();
  if (db.empty()) return {};
  const std::size_t best = audio::strongestBin(db, 1);
  const auto peak = audio::interpolatePeak(db, best);
  const double binHz = params_.sampleRate / params_.fftSize;
  // Digital silence is every bin at the floor: its "strongest" bin is noise of the interpolation
  // ("peak 11.7 Hz -240.0 dB F#-1"), not a peak; the level meter says the same with its "−∞".
  const bool silent = peak.value <= audio::Stft::kFloorDb + 1;
  QString text =
      silent ? tr("silence (every bin at the %1 dB floor)").arg(double(audio::Stft::kFloorDb), 0, 'f', 0)
             : tr("peak %1 Hz  %2 dB  %3")
                   .arg(peak.bin * binHz, 0, 'f', 1)
                   .arg(peak.value, 0, 'f', 1)
                   .arg(noteText(peak.bin * binHz));
  if (cursorX_ >= 0) {
    const SpectrumParameters p = plotParameters();
    const double f = std::max(0.0, SpectrumRenderer::frequencyAt(p, cursorX_));
    const std::size_t k = std::min(db.size() - 1, std::size_t(std::lround(f / binHz)));
    text += tr("   cursor %1 Hz  %2 dB  %3").arg(f, 0, 'f', 1).arg(db[k], 0, 'f', 1).arg(noteText(f));
  }
  const QString averaging = averagingText();
  if (!averaging.isEmpty()) text += QStringLiteral("\n") + averaging;
  return text;
}

void SpectrumView::setNote(const QString& note)
{
  note_ = note;
  update();
}

QRectF SpectrumView::readoutRect() const
{
  return readoutRectFor(readoutText());
}

// The note's line, when there is one, takes the pane's foot and the plot the rest: over the plot, in the
// readout's box and wrapped to a narrow pane's width, it hid most of the trace.
int SpectrumView::noteLineHeight() const
{
  return note_.isEmpty() ? 0 : fontMetrics().height() + 2 * kNotePadding;
}

SpectrumParameters SpectrumView::plotParameters() const
{
  SpectrumParameters p = params_;
  p.size = QSize(width(), std::max(1, height() - noteLineHeight()));
  return p;
}

QRectF SpectrumView::noteRect() const
{
  if (note_.isEmpty()) return {};
  return QRectF(kNotePadding, height() - noteLineHeight() + kNotePadding,
                fontMetrics().horizontalAdvance(note_), fontMetrics().height());
}

// The readout's text is found once a paint (a peak search over every bin), so its box is measured from it.
// It goes to the corner of the plot where it hides the least of the traces: at the top left it covered a
// low tone's peak and the loud low end of speech and music, and in a pane at its least height a loud flat
// spectrum runs along the top, under either top corner. What it hides is judged first by the loudest bin
// under it, then by pixels: in a short pane the flanks of tones cross every corner, and counting pixels
// alone left the box over the tips of two tones rather than over the floor. Ties go to the first corner
// in the list, so a spectrum that leaves the top left free keeps the readout where it always was.
QRectF SpectrumView::readoutRectFor(const QString& readout, double* paddingY) const
{
  if (readout.isEmpty()) return {};
  const SpectrumParameters p = plotParameters();
  const QRectF room = SpectrumRenderer::plotRect(p).adjusted(4, 2, -4, -2);
  const QRectF text = fontMetrics().boundingRect(
      room.adjusted(kReadoutPadding, kReadoutPadding, -kReadoutPadding, -kReadoutPadding).toRect(),
      Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, readout);
  // In a plot too short for the text and its padding (a pane at its least height) the padding above and
  // below gives way, down to a pixel, leaving the box 2 px to move in: cut to the plot's height instead,
  // it covered a loud trace along the plot's top in every corner.
  const double padY =
      std::clamp(std::floor((room.height() - text.height()) / 2) - 1, 1.0, double(kReadoutPadding));
  if (paddingY) *paddingY = padY;
  const QRectF topLeft =
      QRectF(room.topLeft(), QSizeF(text.width() + 2 * kReadoutPadding, text.height() + 2 * padY))
          .intersected(room);
  const double toRight = room.right() - topLeft.right(), toBottom = room.bottom() - topLeft.bottom();
  const std::array<QRectF, 4> corners{topLeft, topLeft.translated(toRight, 0),
                                      topLeft.translated(0, toBottom), topLeft.translated(toRight, toBottom)};
  // Loudest bins that differ by a few pixels count as level: then the fewer pixels hidden decide. To leave
  // the corner it is in, the readout needs a clear reason (a bin 8 px louder there, or a third more pixels):
  // with live input, moving on every small difference between frames made it jump about the plot.
  const auto hidesLess = [](const HiddenTrace& a, const HiddenTrace& b, double levelMargin, double share) {
    if (std::abs(a.loudestPointY - b.loudestPointY) > levelMargin) return a.loudestPointY > b.loudestPointY;
    return a.pixels < b.pixels * share;
  };
  const std::array<std::vector<QPointF>, 2> traces{tracePoints(p, averager_.displayed()),
                                                   tracePoints(p, averager_.peaks())};
  std::array<HiddenTrace, 4> hidden;
  std::size_t best = 0;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    hidden[i] = hiddenTrace(corners[i], traces);
    if (i > 0 && hidesLess(hidden[i], hidden[best], 3, 1)) best = i;
  }
  const bool stay =
      readoutCorner_ >= 0 && (hidden[std::size_t(readoutCorner_)].pixels == 0 ||
                              !hidesLess(hidden[best], hidden[std::size_t(readoutCorner_)], 8, 2.0 / 3));
  if (!stay) readoutCorner_ = int(best);
  return corners[std::size_t(readoutCorner_)];
}

// A trace's points as drawn, bin 1 on (x rises with the bin): found once for the four corners, each of
// which then looks only at the bins over its own columns (a 65536-point frame has 32768 of them).
std::vector<QPointF> SpectrumView::tracePoints(const SpectrumParameters& p, const std::vector<float>& trace)
{
  const double binHz = p.sampleRate / std::max(1, p.fftSize);
  std::vector<QPointF> points;
  points.reserve(trace.size());
  for (std::size_t k = 1; k < trace.size(); ++k)
    points.emplace_back(SpectrumRenderer::xOf(p, double(k) * binHz), SpectrumRenderer::yOf(p, trace[k]));
  return points;
}

// How many of the traces' pixels `box` covers: for each pixel column, the stretch of it that the lines
// between the bins' points cross (a log axis leaves many columns between the low bins), widened by half
// the pen (1.25 px), within the box. 0 when every trace passes above or below it. And the loudest of the
// bins' points inside the box.
SpectrumView::HiddenTrace SpectrumView::hiddenTrace(const QRectF& box,
                                                    const std::array<std::vector<QPointF>, 2>& traces)
{
  constexpr double kHalfPen = 0.625;
  const std::size_t columns = std::size_t(std::max(0.0, std::ceil(box.width())));
  HiddenTrace hidden;
  for (const std::vector<QPointF>& points : traces) {
    // The highest and lowest y the trace reaches in each column of the box.
    std::vector<double> top(columns, box.bottom() + 1), bottom(columns, box.top() - 1);
    // The lines that reach the box's columns: from the one that ends at its left edge or beyond.
    const auto from = std::lower_bound(points.begin(), points.end(), box.left(),
                                       [](const QPointF& point, double x) { return point.x() < x; });
    for (std::size_t i = std::max<std::size_t>(1, std::size_t(from - points.begin()));
         i < points.size() && points[i - 1].x() <= box.right(); ++i) {
      const QPointF a = points[i - 1], b = points[i];
      if (box.contains(b)) hidden.loudestPointY = std::min(hidden.loudestPointY, b.y());
      if (b.x() < box.left() || a.x() > box.right() || b.x() <= a.x()) continue;
      const auto yAt = [&](double x) { return a.y() + (b.y() - a.y()) * (x - a.x()) / (b.x() - a.x()); };
      const std::size_t first = std::size_t(std::max(0.0, a.x() - box.left()));
      const std::size_t last = std::min(columns, std::size_t(std::max(0.0, b.x() - box.left())) + 1);
      for (std::size_t c = first; c < last; ++c) {
        const double left = std::max(a.x(), box.left() + double(c));
        const double right = std::min(b.x(), box.left() + double(c) + 1);
        const double y0 = yAt(left), y1 = yAt(right);
        top[c] = std::min({top[c], y0, y1});
        bottom[c] = std::max({bottom[c], y0, y1});
      }
    }
    for (std::size_t c = 0; c < columns; ++c)
      hidden.pixels += std::max(0.0, std::min(bottom[c] + kHalfPen, box.bottom()) -
                                         std::max(top[c] - kHalfPen, box.top()));
  }
  return hidden;
}

void SpectrumView::paintEvent(QPaintEvent*)
{
  const SpectrumParameters p = plotParameters();
  const QImage image =
      SpectrumRenderer::render(p, averager_.displayed(), averager_.peaks(), devicePixelRatioF());
  QPainter painter(this);
  painter.drawImage(0, 0, image);
  const QRectF plot = SpectrumRenderer::plotRect(p);
  const QString readout = readoutText();
  if (!readout.isEmpty()) {
    // On a backdrop of the plot's own colour, so that a loud spectrum's curve never runs through the text.
    double padY = kReadoutPadding;
    const QRectF box = readoutRectFor(readout, &padY);
    painter.fillRect(box, QColor(20, 22, 28, 225));
    painter.setPen(QColor(235, 238, 245));
    painter.drawText(box.adjusted(kReadoutPadding, padY, -kReadoutPadding, -padY),
                     Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, readout);
  }
  if (!note_.isEmpty()) {
    painter.fillRect(QRectF(0, p.size.height(), width(), noteLineHeight()), QColor(20, 22, 28));
    painter.setPen(QColor(215, 220, 230));
    const QRectF line(kNotePadding, p.size.height() + kNotePadding, width() - 2 * kNotePadding,
                      fontMetrics().height());
    // Elided only in a pane narrower than the line; the file view above says it in full.
    painter.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                     fontMetrics().elidedText(note_, Qt::ElideRight, int(line.width())));
  }
  if (cursorX_ >= plot.left()) {
    painter.setPen(QColor(255, 255, 255, 90));
    painter.drawLine(QPointF(cursorX_, plot.top()), QPointF(cursorX_, plot.bottom()));
  }
}

void SpectrumView::mouseMoveEvent(QMouseEvent* event)
{
  cursorX_ = event->position().x();
  update();
}

void SpectrumView::leaveEvent(QEvent*)
{
  cursorX_ = -1;
  update();
}

} // namespace spectrascope::ui
