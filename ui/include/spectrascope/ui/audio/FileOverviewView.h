#pragma once
// The whole-file overview spectrogram with a play cursor; click or drag to seek. Time in seconds from the
// start of the file underneath, frequencies on the left (same axis choice as the other views).

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
  void setDisplay(FrequencyScale scale, double minDb, const std::string& colormap);
  void setPosition(double seconds);
  double seconds() const { return seconds_; }
  const QImage& image() const { return image_; }

signals:
  void seekRequested(double seconds);

protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

private:
  QRectF plotRect() const;
  void render();
  void seekTo(double x);

  AudioFileOverview overview_;
  FrequencyScale scale_ = FrequencyScale::Log;
  double minDb_ = -120;
  std::string colormap_ = "viridis";
  double seconds_ = 0, position_ = 0;
  QImage image_;
};

} // namespace spectrascope::ui
