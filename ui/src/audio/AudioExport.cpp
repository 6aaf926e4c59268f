#include "spectrascope/ui/audio/AudioExport.h"

#include "spectrascope/ui/SavedFile.h"
#include "spectrascope/ui/audio/ColourBar.h"

#include <QImage>
#include <QPainter>

#include <cmath>

namespace spectrascope::ui {
namespace {

// Ticks at a round step (at most about ten) from the newest column (right edge, 0 s) back in time.
void drawTimeAxis(QPainter& painter, const QRect& row, double seconds)
{
  if (seconds <= 0) return;
  double step = 0.01;
  for (double candidate : {0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 60.0})
    if (seconds / candidate <= 10) {
      step = candidate;
      break;
    }
  for (double t = 0; t <= seconds + 1e-9; t += step) {
    const int x = row.right() - int(std::lround(t / seconds * (row.width() - 1)));
    painter.drawLine(x, row.top(), x, row.top() + 5);
    painter.drawText(QRect(x - 40, row.top() + 5, 80, row.height() - 5), Qt::AlignCenter,
                     t == 0 ? AudioExport::tr("0 s") : AudioExport::tr("-%1").arg(t, 0, 'g', 3));
  }
}

} // namespace

bool AudioExport::spectrogramPng(const SpectrogramRenderer& renderer, int fftSize, int hop,
                                 const QString& path, QString& error)
{
  // The history image with a frequency scale on the left, the dB colour bar on the right, a time scale
  // (seconds before the newest column) and the settings underneath.
  const QImage history = renderer.image();
  const auto& p = renderer.parameters();
  constexpr int kLeft = 90, kTimeRow = 22, kBottom = kTimeRow + 24, kRight = colour_bar::kWidth + 8;
  QImage out(history.width() + kLeft + kRight, history.height() + kBottom, QImage::Format_RGB32);
  out.fill(Qt::white);
  QPainter painter(&out);
  painter.drawImage(kLeft, 0, history);
  painter.setPen(Qt::black);
  colour_bar::draw(painter, QRectF(kLeft + history.width() + 8, 0, colour_bar::kWidth, history.height()),
                   renderer.colormap(), p.minDb, p.maxDb);
  painter.setPen(Qt::black);
  const FrequencyAxis axis = p.axis();
  for (double f : axis.ticks()) {
    const int y = int((1 - axis.unitOf(f)) * (history.height() - 1));
    painter.drawLine(kLeft - 5, y, kLeft, y);
    painter.drawText(QRect(0, y - 8, kLeft - 8, 16), Qt::AlignRight | Qt::AlignVCenter,
                     tr("%1 Hz").arg(axis.label(f)));
  }
  drawTimeAxis(painter, QRect(kLeft, history.height(), history.width(), kTimeRow),
               p.columns * p.secondsPerColumn());
  painter.drawText(QRect(kLeft, history.height() + kTimeRow, history.width(), kBottom - kTimeRow),
                   Qt::AlignCenter,
                   tr("seconds before the newest column; FFT %1, hop %2, %3 Hz, %4 dB range, gain %5 dB")
                       .arg(fftSize)
                       .arg(hop)
                       .arg(p.sampleRate)
                       .arg(p.maxDb - p.minDb)
                       .arg(-p.maxDb));
  painter.end();
  error = saveImage(path, out, "png");
  if (error.isEmpty()) return true;
  error = tr("%1 cannot be written: %2").arg(path, error);
  return false;
}

bool AudioExport::spectrumCsv(const std::vector<float>& shown, const SpectrumParameters& parameters,
                              const QString& path, QString& error)
{
  if (shown.empty()) {
    error = tr("no spectrum yet");
    return false;
  }
  QByteArray text = "frequency_hz,db\n";
  const double binHz = parameters.sampleRate / parameters.fftSize;
  for (std::size_t k = 0; k < shown.size(); ++k)
    text += QByteArray::number(double(k) * binHz, 'f', 3) + ',' + QByteArray::number(shown[k], 'f', 2) + '\n';
  error = saveFile(path, text);
  if (error.isEmpty()) return true;
  error = tr("%1 cannot be written: %2").arg(path, error);
  return false;
}

} // namespace spectrascope::ui
