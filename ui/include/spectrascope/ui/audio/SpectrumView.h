#pragma once
// The live spectrum: the latest frame plus, as chosen, a decaying peak-hold trace or an exponential
// average, and a cursor readout (frequency, dB, note and cents). Painting goes through SpectrumRenderer;
// the owner calls update() from its display timer, so painting is decoupled from how often results
// arrive.

#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QWidget>

#include <vector>

namespace spectrascope::ui {

enum class Averaging { None, PeakHold, Exponential };

class SpectrumView : public QWidget
{
  Q_OBJECT

public:
  explicit SpectrumView(QWidget* parent = nullptr);
  void setFrame(std::span<const float> db, double sampleRate, int fftSize);
  void setScale(FrequencyScale scale);
  void setDbRange(double range);
  void setAveraging(Averaging mode);
  QString readoutText() const;
  const SpectrumParameters& parameters() const { return params_; }

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  SpectrumParameters params_;
  std::vector<float> db_, second_; // second_: peak hold or average, as averaging_ says
  Averaging averaging_ = Averaging::PeakHold;
  double cursorX_ = -1;
};

} // namespace spectrascope::ui
