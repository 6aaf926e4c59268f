#pragma once
// The scrolling spectrogram: SpectrogramRenderer's levels drawn at the plot's size in device pixels (each
// pixel the loudest level it covers), with frequency and time axes (seconds before now, newest at the
// right), a dB colour bar and marks where the FFT size or hop changed. The owner appends columns as
// results arrive and calls update() from its display timer.
//
// It also measures what the user sees: paints per second and, for each paint that shows new columns,
// the time from the arrival of their newest samples (noteArrival) to the end of that paint.

#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <QWidget>

#include <cstdint>

namespace spectrascope::ui {

struct PaintStatistics
{
  std::uint64_t paints = 0;
  double seconds = 0; // since the last reset
  std::uint64_t latencySamples = 0;
  double meanLatencyMs = 0, maxLatencyMs = 0;
  double paintsPerSecond() const { return seconds > 0 ? paints / seconds : 0; }
};

class SpectrogramView : public QWidget
{
  Q_OBJECT

public:
  explicit SpectrogramView(QWidget* parent = nullptr);
  SpectrogramRenderer& renderer() { return renderer_; }
  const SpectrogramRenderer& renderer() const { return renderer_; }
  // steady_clock ns at which the samples of the newest appended column entered the application.
  void noteArrival(std::int64_t arrivalNs) { pendingArrivalNs_ = arrivalNs; }
  PaintStatistics statistics() const;
  // What the cursor readout says for a point of the widget: seconds before now, frequency, level (the
  // level the pixel shows), note and cents; empty outside the plot.
  QString readoutAt(QPointF position) const;
  // The plot area (logical pixels) and its size in device pixels, which render() fills 1:1.
  QRectF plotRect() const;
  QSize plotPixels() const;
  void resetStatistics();

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  void recordPaint();
  QRectF colourBarRect() const;
  void drawSegmentMarks(QPainter& painter, const QRectF& plot, int pixelWidth) const;

  SpectrogramRenderer renderer_;
  QPointF cursor_{-1, -1};
  std::int64_t pendingArrivalNs_ = 0;
  std::int64_t statisticsStartNs_ = 0;
  PaintStatistics stats_;
  double latencySumMs_ = 0;
};

} // namespace spectrascope::ui
