#pragma once
// The whole-file overview spectrogram with a play cursor; click or drag to seek. Time (h:m:s) from the
// start of the file underneath, frequencies on the left (same axis choice as the other views), a dB
// colour bar on the right. Drawn true: every device pixel shows the loudest level of the frames and bins
// it covers, at every zoom, and the readout names that level.
// Zoom and scroll through the file: the wheel zooms around the mouse, a drag with the middle or right
// button (or Shift) scrolls, and the keys +/- zoom, Left/Right scroll, Home/End jump, 0 shows it all;
// Ctrl+wheel and Up/Down zoom the frequency axis.
// While playing, the view pages along when the cursor runs off its right edge.

#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <QImage>
#include <QWidget>

namespace spectrascope::ui {

class FileOverviewView : public QWidget
{
  Q_OBJECT

public:
  explicit FileOverviewView(QWidget* parent = nullptr);
  void setOverview(const AudioFileOverview& overview);
  // A finer overview of a stretch of the same file (FileDetailLoader), drawn instead of the whole
  // file's while the view lies inside that stretch.
  void setDetail(const AudioFileOverview& detail);
  bool showsDetail() const;
  // The levels from minDb to maxDb cover the colormap (maxDb below 0 is a gain, as in the spectrogram).
  void setDisplay(FrequencyScale scale, double minDb, double maxDb, const std::string& colormap);
  void setPosition(double seconds);
  double seconds() const { return seconds_; }
  // The visible time span, seconds from the start of the file.
  double viewStart() const { return viewStart_; }
  double viewSpan() const { return viewSpan_; }
  // Zooms by `factor` (< 1: in) keeping the time under `x` (widget pixels) where it is.
  void zoom(double factor, double x);
  void scrollBy(double seconds);
  // Zooms the frequency axis by `factor` (< 1: in) at its top (Ctrl+wheel, Up/Down keys); the top
  // frequency shown, Nyquist when not zoomed.
  void zoomFrequency(double factor);
  double topFrequencyHz() const;
  void showAll();
  // The whole file at one pixel per overview column (256 rows).
  QImage image() const;
  // The visible span as the plot shows it, plotPixels() in size (each pixel the loudest level it
  // covers), and what it is drawn with.
  QImage visibleImage() const;
  const AudioFileOverview& overview() const { return overview_; }
  FrequencyAxis frequencyAxis() const;
  const Colormap& colormap() const { return overviewRenderer_.colormap(); }
  double minDb() const { return minDb_; }
  double maxDb() const { return maxDb_; }
  // The plot area and its size in device pixels; what the readout says at a point (time, frequency,
  // level, note), empty outside the plot.
  QRectF plotRect() const;
  QSize plotPixels() const;
  QString readoutAt(QPointF position) const;

signals:
  void seekRequested(double seconds);
  // The visible span changed (zoom or scroll); the owner may answer with setDetail.
  void viewChanged(double start, double span);

protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  struct Shown
  {
    const SpectrogramRenderer* renderer;
    double firstColumn, columnCount;
  };
  void render();
  void fill(SpectrogramRenderer& renderer, const AudioFileOverview& overview) const;
  Shown shown() const;
  void drawNote(QPainter& painter, const QRectF& plot) const;
  void drawReadout(QPainter& painter, const QRectF& plot) const;
  void seekTo(double x);
  double timeAt(double x) const;
  void setView(double start, double span);

  AudioFileOverview overview_;
  FrequencyScale scale_ = FrequencyScale::Log;
  double minDb_ = -120, maxDb_ = 0;
  std::string colormap_ = "viridis";
  double seconds_ = 0, position_ = 0;
  double viewStart_ = 0, viewSpan_ = 0;
  double dragX_ = -1; // where a scrolling drag last was, -1 when none
  double topHz_ = 0;  // the frequency axis' top, 0 for Nyquist
  QPointF cursor_{-1, -1};
  SpectrogramRenderer overviewRenderer_;
  AudioFileOverview detail_;
  SpectrogramRenderer detailRenderer_;
};

} // namespace spectrascope::ui
