#pragma once
// Input level: RMS as a bar and peak as a line with a short hold, in dBFS from -60 to 0, with the
// numbers beside it. Idle (no audio arriving: a paused microphone, a stopped file) it says so instead of
// holding the last reading.

#include <QWidget>

namespace spectrascope::ui {

class LevelMeter : public QWidget
{
  Q_OBJECT

public:
  explicit LevelMeter(QWidget* parent = nullptr);
  void setLevel(float rmsDbfs, float peakDbfs);
  void setIdle();
  bool isIdle() const { return idle_; }
  QString text() const;
  QSize sizeHint() const override { return {160, 22}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  float rms_ = -200, peak_ = -200;
  bool idle_ = false;
};

} // namespace spectrascope::ui
