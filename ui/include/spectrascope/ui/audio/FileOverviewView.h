#pragma once
// The whole-file overview spectrogram with a play cursor; click or drag to seek. Time in seconds from the
// start of the file underneath, frequencies on the left (same axis choice as the other views).
// Zoom and scroll through the file: the wheel zooms around the mouse, a drag with the middle or right
// button (or Shift) scrolls, and the keys +/- zoom, Left/Right scroll, Home/End jump, 0 shows it all.
// While playing, the view pages along when the cursor runs off its right edge.

#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QImage>
#include <QWidget>

namespace spectrascope::ui {

class FileOverviewView : public QWidget
{
  Q_OBJECT

public:
  explicit FileOverviewView(QWidget* parent = nullptr);
  void setOverview(const AudioFileOverview& overview);
  // A finer overview of a stretch of the same file (loadAudioFileDetail), drawn instead of the whole
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
  void showAll();
  const QImage& image() const { return image_; }

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

private:
  QRectF plotRect() const;
  void render();
  QImage renderColumns(const AudioFileOverview& overview) const;
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
  QImage image_;
  AudioFileOverview detail_; // kept, so display changes re-render it
  QImage detailImage_;
};

} // namespace spectrascope::ui
