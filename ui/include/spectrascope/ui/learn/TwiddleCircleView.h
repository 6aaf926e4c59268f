#pragma once
// The twiddle factors one stage uses, as points on the unit circle with their W_m^k labels. Labels are
// drawn only where each has room of its own: when the circle is too small (or a stage has more than
// eight twiddles) they are left out and the caption says how to read them, rather than overlap.

#include "spectrascope/engine/learn/Schedule.h"

#include <QWidget>

namespace spectrascope::ui {

class TwiddleCircleView : public QWidget
{
  Q_OBJECT

public:
  explicit TwiddleCircleView(QWidget* parent = nullptr);

  void setTwiddles(std::vector<spectrascope::learn::Twiddle> twiddles, const QString& caption);
  // Where the labels go at the current size, one per twiddle, or none when they would not fit apart.
  QList<QRectF> labelRects() const;
  // The dots of the twiddles on the circle, one per twiddle.
  QList<QRectF> dotRects() const;
  // The caption as drawn, with the note when labels are left out.
  QString shownCaption() const;
  QSize sizeHint() const override { return {220, 220}; }
  QSize minimumSizeHint() const override { return {120, 120}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  static constexpr int kMaxLabels = 8;
  static constexpr double kCaptionHeight = 22;
  static constexpr double kDotRadius = 3.5;
  static constexpr double kLabelClearance = 3; // from a dot to its label's nearest edge
  QFont labelFont() const;
  QSizeF labelSize(const spectrascope::learn::Twiddle& t) const;
  QPointF centre() const;
  double radius() const;

  std::vector<spectrascope::learn::Twiddle> twiddles_;
  QString caption_;
};

} // namespace spectrascope::ui
