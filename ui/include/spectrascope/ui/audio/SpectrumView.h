#pragma once
// The live spectrum: the newest frame or its average (exponential, or linear over the last T seconds),
// optionally with a decaying peak-hold trace over what is shown (audio::SpectrumAverager), and a cursor
// readout (frequency, dB, note and cents). Painting goes through SpectrumRenderer; the owner calls update()
// from its display timer, so painting is decoupled from how often results arrive.

#include "spectrascope/engine/audio/SpectrumAverager.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QWidget>

#include <array>
#include <limits>
#include <vector>

namespace spectrascope::ui {

class SpectrumView : public QWidget
{
  Q_OBJECT

public:
  explicit SpectrumView(QWidget* parent = nullptr);
  // One analysed frame (dB per bin) standing for `seconds` of audio; a new rate or size starts afresh.
  void addFrame(std::span<const float> db, double sampleRate, int fftSize, double seconds);
  // Every frame of `summary` (each `secondsPerFrame` of audio) reaches the averages and peak hold.
  void addFrames(const audio::FrameSummary& summary, double sampleRate, int fftSize, double secondsPerFrame);
  void setScale(FrequencyScale scale);
  void setDbRange(double range);
  void setAveraging(const audio::AveragingSettings& settings);
  // Averages and held peaks start afresh (a new stream: another source, or a seek in a file).
  void restartAverages();
  const audio::AveragingSettings& averaging() const { return averager_.settings(); }
  // What the main trace shows (the average when averaging), and the peak-hold trace (empty when off).
  const std::vector<float>& displayed() const { return averager_.displayed(); }
  const std::vector<float>& peaks() const { return averager_.peaks(); }
  const audio::SpectrumAverager& averager() const { return averager_; }
  QString readoutText() const;
  // A line under the plot while it applies (what a short file's spectrum is); empty for none. The plot
  // makes room for it, so that it hides none of the traces.
  void setNote(const QString& note);
  const QString& note() const { return note_; }
  // Where the readout is drawn, on its backdrop in the plot's corner where it hides least of the traces
  // (empty without a frame).
  QRectF readoutRect() const;
  // Where the note's whole text goes (empty without one): one line under the plot; wider than the pane
  // when the pane is too narrow for it, which then shows it elided.
  QRectF noteRect() const;
  const SpectrumParameters& parameters() const { return params_; }
  // The parameters the plot is drawn with (its size, in logical pixels): where the traces are.
  SpectrumParameters plotParameters() const;

  static constexpr int kMinimumHeight = 80; // fits 1920x1080 at scale 2 (540 logical rows)

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  static constexpr int kReadoutPadding = 4;
  static constexpr int kNotePadding = 3;
  int noteLineHeight() const;
  QString averagingText() const;
  // The readout's box; *paddingY, when given, is the padding above and below its text.
  QRectF readoutRectFor(const QString& readout, double* paddingY = nullptr) const;
  // What a box over the plot hides of the traces: how many of their pixels, and how high the loudest bin
  // point under it is drawn (the smaller y, the louder; infinite for none).
  struct HiddenTrace
  {
    double pixels = 0;
    double loudestPointY = std::numeric_limits<double>::infinity();
  };
  static std::vector<QPointF> tracePoints(const SpectrumParameters& p, const std::vector<float>& trace);
  static HiddenTrace hiddenTrace(const QRectF& box, const std::array<std::vector<QPointF>, 2>& traces);

  SpectrumParameters params_;
  audio::SpectrumAverager averager_;
  double cursorX_ = -1;
  QString note_;
  // The corner the readout went to last (0 top left, 1 top right, 2 bottom left, 3 bottom right; -1 none
  // yet): it stays there until another corner is clearly freer, so that live input does not shake it.
  mutable int readoutCorner_ = -1;
};

} // namespace spectrascope::ui
