#pragma once
// The live spectrum: the latest frame, a decaying peak-hold trace and a cursor readout (frequency, dB,
// note and cents). Painting goes through SpectrumRenderer; the owner calls update() from its display
// timer, so painting is decoupled from how often results arrive.

#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QWidget>

#include <vector>

namespace spectrascope::ui {

class SpectrumView : public QWidget
{
  Q_OBJECT

public:
  explicit SpectrumView(QWidget* parent = nullptr);
  void setFrame(std::span<const float> db, double sampleRate, int fftSize);
  void setLogFrequency(bool on);
  void setDbRange(double range);
  void setPeakHold(bool on);
  QString readoutText() const;

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  SpectrumParameters params_;
  std::vector<float> db_, peak_;
  bool peakHold_ = true;
  double cursorX_ = -1;
};

} // namespace spectrascope::ui
