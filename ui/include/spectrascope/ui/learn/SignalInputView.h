#pragma once
// The input signal as stems (real part; imaginary part faint). When drawing is enabled, dragging the
// mouse sets the samples under it (all those the stroke crosses, however fast), and signalDrawn() reports the
// new signal when the button is released. Hovering a sample shows its value (hoverText()).

#include "spectrascope/engine/learn/StageMath.h"
#include "spectrascope/ui/learn/HoverReadout.h"

#include <QWidget>

#include <optional>

namespace spectrascope::ui {

class SignalInputView : public QWidget
{
  Q_OBJECT

public:
  explicit SignalInputView(QWidget* parent = nullptr);

  void setSignal(std::vector<spectrascope::learn::Complex> signal);
  const std::vector<spectrascope::learn::Complex>& signal() const { return signal_; }
  void setDrawingEnabled(bool enabled);
  // Where sample n's stem stands (its middle), for pointing at it.
  QPointF samplePoint(std::size_t n) const;
  // "x[5] = 0.707 − 0.707i" for the sample under the pointer, empty when there is none.
  const QString& hoverText() const { return hover_.text(); }
  // The plot's title, whole, and as drawn: shortened with "…" to the view's width when it does not fit
  // (the whole title is then the tooltip over it).
  QString title() const;
  QString shownTitle() const;
  // The band above the plot where the title is drawn.
  QRect titleRect() const;
  QSize sizeHint() const override { return {320, 110}; }
  QSize minimumSizeHint() const override { return {160, 80}; }

signals:
  void signalDrawn();

protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  bool event(QEvent* event) override;

private:
  QRectF plotRect() const;
  int sampleAt(double x) const;
  void drawTo(QPointF point);

  std::vector<spectrascope::learn::Complex> signal_;
  bool drawing_ = false;
  bool pressed_ = false;
  std::optional<QPointF> strokeEnd_; // where the stroke so far ends
  HoverReadout hover_{this, [this](int n) { return describe(n); }};
  QString describe(int n) const;
};

} // namespace spectrascope::ui
