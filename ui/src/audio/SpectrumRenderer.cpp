#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {

double SpectrumRenderer::frequencyAt(const SpectrumParameters& p, double x)
{
  const double nyquist = p.sampleRate / 2, u = x / std::max(1, p.size.width());
  if (!p.logFrequency) return u * nyquist;
  return p.minFrequencyHz * std::pow(nyquist / p.minFrequencyHz, u);
}

double SpectrumRenderer::xOf(const SpectrumParameters& p, double f)
{
  const double nyquist = p.sampleRate / 2, w = p.size.width();
  if (!p.logFrequency) return f / nyquist * w;
  return std::log(std::max(f, 1e-9) / p.minFrequencyHz) / std::log(nyquist / p.minFrequencyHz) * w;
}

double SpectrumRenderer::yOf(const SpectrumParameters& p, double db)
{
  const double u = (std::clamp(db, p.minDb, p.maxDb) - p.maxDb) / (p.minDb - p.maxDb);
  return u * (p.size.height() - 1);
}

QImage SpectrumRenderer::render(const SpectrumParameters& p, std::span<const float> db,
                                std::span<const float> peakHold)
{
  QImage image(p.size, QImage::Format_RGB32);
  image.fill(QColor(20, 22, 28));
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  // Grid: every 20 dB, and decades (log) or 2 kHz steps (linear).
  painter.setPen(QColor(55, 60, 70));
  for (double level = p.maxDb; level >= p.minDb; level -= 20)
    painter.drawLine(QPointF(0, yOf(p, level)), QPointF(p.size.width(), yOf(p, level)));
  if (p.logFrequency) {
    for (double f : {100.0, 1000.0, 10000.0})
      painter.drawLine(QPointF(xOf(p, f), 0), QPointF(xOf(p, f), p.size.height()));
  } else {
    for (double f = 2000; f < p.sampleRate / 2; f += 2000)
      painter.drawLine(QPointF(xOf(p, f), 0), QPointF(xOf(p, f), p.size.height()));
  }
  const double binHz = p.sampleRate / std::max(1, p.fftSize);
  auto trace = [&](std::span<const float> values, const QColor& colour) {
    if (values.size() < 2) return;
    QPainterPath path;
    bool started = false;
    for (std::size_t k = 1; k < values.size(); ++k) {
      const QPointF point(xOf(p, double(k) * binHz), yOf(p, values[k]));
      if (point.x() < -1) continue;
      if (!started)
        path.moveTo(point), started = true;
      else
        path.lineTo(point);
    }
    painter.setPen(QPen(colour, 1.2));
    painter.drawPath(path);
  };
  trace(peakHold, QColor(230, 150, 60));
  trace(db, QColor(110, 200, 255));
  return image;
}

} // namespace spectrascope::ui
