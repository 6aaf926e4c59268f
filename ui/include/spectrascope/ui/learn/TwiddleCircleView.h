#pragma once
// The twiddle factors one stage uses, as points on the unit circle with their W_m^k labels. Labels are
// drawn only where each has room of its own: when the circle is too small (or a stage has more than
// eight twiddles) they are left out and the caption says how to read them, rather than overlap. Hovering
// a dot shows its twiddle's value and angle (hoverText()).

#include "spectrascope/engine/learn/Schedule.h"
#include "spectrascope/ui/learn/HoverReadout.h"

#include <QWidget>

namespace spectrascope::ui {

class TwiddleCircleView : public QWidget
{
  Q_OBJECT

public:
  explicit TwiddleCircleView(QWidget* parent = nullptr);

  void setTwiddles(std::vector<spectrascope::learn::Twiddle> twiddles, const QString& caption);
  const std::vector<spectrascope::learn::Twiddle>& twiddles() const { return twiddles_; }
  // Where the labels go at the current size, one per twiddle, or none when they would not fit apart.
  QList<QRectF> labelRects() const;
  // The dots of the twiddles on the circle, one per twiddle.
  QList<QRectF> dotRects() const;
  // The caption as drawn, with the note when labels are left out.
  QString shownCaption() const;
  // "W₁₆³ = 0.383 − 0.924i, −68°" for the dot under the pointer, empty when there is none.
  const QString& hoverText() const { return hover_.text(); }
  QSize sizeHint() const override { return {220, 220}; }
  QSize minimumSizeHint() const override { return {120, 120}; }

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  bool event(QEvent* event) override;

private:
  static constexpr int kMaxLabels = 8;
  static constexpr double kCaptionHeight = 22;
  static constexpr double kDotRadius = 3.5;
  static constexpr int kMaxSpokes = 32;
  static constexpr double kLabelClearance = 3; // from a dot to its label's nearest edge
  QFont labelFont() const;
  QSizeF labelSize(const spectrascope::learn::Twiddle& t) const;
  QPointF centre() const;
  double radius() const;
  double dotRadius() const;

  static constexpr double kHoverReach = 8; // how near a dot the pointer must be for its numbers
  QString describe(int i) const;

  std::vector<spectrascope::learn::Twiddle> twiddles_;
  QString caption_;
  HoverReadout hover_{this, [this](int i) { return describe(i); }};
};

} // namespace spectrascope::ui
