#include "spectrascope/ui/audio/AudioExport.h"

#include "spectrascope/ui/SavedFile.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/ColourBar.h"
#include "spectrascope/ui/audio/FileOverviewView.h"

#include <QFileInfo>
#include <QImage>
#include <QPainter>

#include <cmath>
#include <functional>

namespace spectrascope::ui {
namespace {
constexpr int kLeft = AudioExport::kPlotLeft, kTimeRow = 22, kBottom = kTimeRow + 24,
              kRight = colour_bar::kWidth + 8;

// A spectrogram picture and what its frame says about it.
struct Figure
{
  QImage plot; // drawn as it is, one pixel per pixel
  FrequencyAxis axis;
  const Colormap& colormap;
  double minDb, maxDb;
  double fromSeconds, toSeconds;                       // the time at the plot's left and right edges
  std::function<QString(double t, double step)> label; // a time tick's label
  QString caption;
};

// A round step giving at most about ten ticks over `seconds`.
double timeStep(double seconds)
{
  for (double step : {0.01, 0.02, 0.05, 0.1,   0.2,   0.5,   1.0,    2.0,    5.0,    10.0,
                      20.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1200.0, 1800.0, 3600.0, 7200.0})
    if (seconds / step <= 10) return step;
  return 3 * 3600.0;
}

// Ticks at the round times within the figure's span, each with its label.
void drawTimeAxis(QPainter& painter, const QRect& row, const Figure& figure)
{
  const double span = figure.toSeconds - figure.fromSeconds;
  if (span <= 0) return;
  const double step = timeStep(span);
  for (auto i = std::llround(std::ceil(figure.fromSeconds / step - 1e-9));
       double(i) * step <= figure.toSeconds + 1e-9; ++i) {
    const double t = double(i) * step;
    const int x = row.left() + int(std::lround((t - figure.fromSeconds) / span * (row.width() - 1)));
    painter.drawLine(x, row.top(), x, row.top() + 5);
    painter.drawText(QRect(x - 40, row.top() + 5, 80, row.height() - 5), Qt::AlignCenter,
                     figure.label(t, step));
  }
}

// The plot with a frequency scale on the left, the dB colour bar on the right, a time scale and the
// caption underneath, saved as a PNG.
QString savePng(const Figure& figure, const QString& path)
{
  const QImage& plot = figure.plot;
  QImage out(plot.width() + kLeft + kRight, plot.height() + kBottom, QImage::Format_RGB32);
  out.fill(Qt::white);
  QPainter painter(&out);
  painter.drawImage(kLeft, 0, plot);
  painter.setPen(Qt::black);
  colour_bar::draw(painter, QRectF(kLeft + plot.width() + 8, 0, colour_bar::kWidth, plot.height()),
                   figure.colormap, figure.minDb, figure.maxDb);
  painter.setPen(Qt::black);
  for (double f : figure.axis.ticks()) {
    const int y = int((1 - figure.axis.unitOf(f)) * (plot.height() - 1));
    painter.drawLine(kLeft - 5, y, kLeft - 1, y); // beside the plot: its pixels stay its levels
    painter.drawText(QRect(0, y - 8, kLeft - 8, 16), Qt::AlignRight | Qt::AlignVCenter,
                     AudioExport::tr("%1 Hz").arg(figure.axis.label(f)));
  }
  drawTimeAxis(painter, QRect(kLeft, plot.height(), plot.width(), kTimeRow), figure);
  painter.drawText(QRect(0, plot.height() + kTimeRow, out.width(), kBottom - kTimeRow), Qt::AlignCenter,
                   figure.caption);
  painter.end();
  const QString error = saveImage(path, out, "png");
  return error.isEmpty() ? error : AudioExport::tr("%1 cannot be written: %2").arg(path, error);
}

} // namespace

bool AudioExport::spectrogramPng(const SpectrogramRenderer& renderer, int fftSize, int hop,
                                 const QString& path, QString& error)
{
  // The history image; time in seconds before the newest column (the right edge).
  const auto& p = renderer.parameters();
  const Figure figure{renderer.image(),
                      p.axis(),
                      renderer.colormap(),
                      p.minDb,
                      p.maxDb,
                      -p.columns * p.secondsPerColumn(),
                      0,
                      [](double t, double) { return t == 0 ? tr("0 s") : tr("-%1").arg(-t, 0, 'g', 3); },
                      tr("seconds before the newest column; FFT %1, hop %2, %3 Hz, %4 dB range, gain %5 dB")
                          .arg(fftSize)
                          .arg(hop)
                          .arg(p.sampleRate)
                          .arg(p.maxDb - p.minDb)
                          .arg(-p.maxDb)};
  error = savePng(figure, path);
  return error.isEmpty();
}

bool AudioExport::fileSpectrogramPng(const FileOverviewView& view, const QString& path, QString& error)
{
  const AudioFileOverview& file = view.overview();
  if (file.columns == 0) {
    error = tr("no file shown");
    return false;
  }
  // The visible span as the view draws it; time in h:m:s from the start of the file.
  const Figure figure{
      view.visibleImage(),
      view.frequencyAxis(),
      view.colormap(),
      view.minDb(),
      view.maxDb(),
      view.viewStart(),
      view.viewStart() + view.viewSpan(),
      [](double t, double step) {
        return axis_painter::clockTime(t, step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3);
      },
      tr("%1, time from its start; FFT %2, %3 Hz, %4 dB range, gain %5 dB")
          .arg(QFileInfo(file.path).fileName())
          .arg(AudioFileOverview::kFftSize)
          .arg(file.sampleRate)
          .arg(view.maxDb() - view.minDb())
          .arg(-view.maxDb())};
  error = savePng(figure, path);
  return error.isEmpty();
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
