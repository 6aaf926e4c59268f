#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {
// Room for "-120" at the left, the unit "dB" above it and the frequency labels underneath.
constexpr double kLeftMargin = 38, kBottomMargin = 22, kTopMargin = 16, kRightMargin = 8;
const QColor kBackground(20, 22, 28), kGrid(52, 57, 68), kLabel(150, 158, 172);
const QColor kTrace(110, 200, 255), kSecondTrace(230, 150, 60);

void drawLevelAxis(QPainter& painter, const SpectrumParameters& p, const QRectF& plot)
{
  const double textHeight = QFontMetricsF(painter.font()).height();
  const SpectrumRenderer::LevelTicks ticks = SpectrumRenderer::levelTicks(p, textHeight);
  for (double level = p.maxDb; level >= p.minDb - 1e-9; level -= ticks.gridDb) {
    const double y = std::round(SpectrumRenderer::yOf(p, level)) + 0.5;
    painter.setPen(kGrid);
    painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    if (std::fmod(p.maxDb - level + 1e-9, ticks.labelDb) > 1e-6) continue;
    painter.setPen(kLabel);
    painter.drawText(QRectF(0, y - textHeight / 2, kLeftMargin - 5, textHeight),
                     Qt::AlignRight | Qt::AlignVCenter, QString::number(level, 'f', 0));
  }
  painter.setPen(kLabel);
  painter.drawText(QRectF(0, 0, kLeftMargin - 5, kTopMargin - 4), Qt::AlignRight | Qt::AlignTop,
                   QStringLiteral("dB"));
}

// Every tick gets its grid line; a label that would touch the previous one is left out (narrow plots,
// the octave axis' longer labels).
void drawFrequencyAxis(QPainter& painter, const SpectrumParameters& p, const QRectF& plot)
{
  const FrequencyAxis axis = p.axis();
  const QFontMetricsF metrics(painter.font());
  double lastRight = plot.left() - 1e9;
  for (double f : axis.ticks()) {
    const double x = std::round(SpectrumRenderer::xOf(p, f)) + 0.5;
    painter.setPen(kGrid);
    painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    const QString label = axis.label(f);
    const double half = metrics.horizontalAdvance(label) / 2 + 2;
    if (x - half < lastRight || x + half > p.size.width()) continue;
    lastRight = x + half;
    painter.setPen(kLabel);
    painter.drawText(QRectF(x - half, plot.bottom() + 2, 2 * half, kBottomMargin - 2),
                     Qt::AlignHCenter | Qt::AlignTop, label);
  }
  painter.setPen(kLabel);
  // Below the lowest level's label, which is centred on the plot's bottom edge.
  painter.drawText(QRectF(0, plot.bottom() + 2, kLeftMargin - 5, kBottomMargin - 2),
                   Qt::AlignRight | Qt::AlignBottom, QStringLiteral("Hz"));
}

void drawGrid(QPainter& painter, const SpectrumParameters& p)
{
  const QRectF plot = SpectrumRenderer::plotRect(p);
  QFont font = painter.font();
  font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
  painter.setFont(font);
  drawLevelAxis(painter, p, plot);
  drawFrequencyAxis(painter, p, plot);
}

void drawTrace(QPainter& painter, const SpectrumParameters& p, std::span<const float> values,
               const QColor& colour)
{
  if (values.size() < 2) return;
  const double binHz = p.sampleRate / std::max(1, p.fftSize);
  const QRectF plot = SpectrumRenderer::plotRect(p);
  QPainterPath path;
  bool started = false;
  for (std::size_t k = 1; k < values.size(); ++k) {
    const double x = SpectrumRenderer::xOf(p, double(k) * binHz);
    if (x < plot.left() - 1) continue;
    const QPointF point(x, SpectrumRenderer::yOf(p, values[k]));
    if (!started) {
      path.moveTo(point);
      started = true;
    } else {
      path.lineTo(point);
    }
  }
  painter.setPen(QPen(colour, 1.25));
  painter.drawPath(path);
}
} // namespace

// Grid lines every 20 dB where they stand kLeastGridSpacing apart, else every 40, 60...; labels on every
// grid line whose labels keep a text height apart: in a short pane (the Audio tab's live spectrum on a small
// screen) 0 and -100 dB rather than seven labels printed over each other.
SpectrumRenderer::LevelTicks SpectrumRenderer::levelTicks(const SpectrumParameters& p, double textHeight)
{
  constexpr double kStepDb = 20, kLeastGridSpacing = 6;
  const double per20 = plotRect(p).height() * kStepDb / std::max(1e-9, p.maxDb - p.minDb);
  const int gridEvery = std::max(1, int(std::ceil(kLeastGridSpacing / per20)));
  const int labelEvery = gridEvery * std::max(1, int(std::ceil(textHeight / (per20 * gridEvery))));
  return {kStepDb * gridEvery, kStepDb * labelEvery};
}

QRectF SpectrumRenderer::plotRect(const SpectrumParameters& p)
{
  return QRectF(kLeftMargin, kTopMargin, std::max(1.0, p.size.width() - kLeftMargin - kRightMargin),
                std::max(1.0, p.size.height() - kTopMargin - kBottomMargin));
}

double SpectrumRenderer::frequencyAt(const SpectrumParameters& p, double x)
{
  const QRectF plot = plotRect(p);
  return p.axis().frequencyAt((x - plot.left()) / plot.width());
}

double SpectrumRenderer::xOf(const SpectrumParameters& p, double f)
{
  const QRectF plot = plotRect(p);
  return plot.left() + p.axis().unitOf(f) * plot.width();
}

double SpectrumRenderer::yOf(const SpectrumParameters& p, double db)
{
  const QRectF plot = plotRect(p);
  const double u = (std::clamp(db, p.minDb, p.maxDb) - p.maxDb) / (p.minDb - p.maxDb);
  return plot.top() + u * plot.height();
}

QImage SpectrumRenderer::render(const SpectrumParameters& p, std::span<const float> db,
                                std::span<const float> secondTrace, double dpr)
{
  QImage image((QSizeF(p.size) * dpr).toSize(), QImage::Format_RGB32);
  image.setDevicePixelRatio(dpr);
  image.fill(kBackground);
  QPainter painter(&image);
  drawGrid(painter, p);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setClipRect(plotRect(p));
  drawTrace(painter, p, secondTrace, kSecondTrace);
  drawTrace(painter, p, db, kTrace);
  return image;
}

} // namespace spectrascope::ui
