#pragma once
// The twiddle factors one stage uses, as points on the unit circle with their W_m^k labels.

#include "spectrascope/engine/learn/Schedule.h"

#include <QWidget>

namespace spectrascope::ui {

class TwiddleCircleView : public QWidget
{
  Q_OBJECT

public:
  explicit TwiddleCircleView(QWidget* parent = nullptr);

  void setTwiddles(std::vector<spectrascope::learn::Twiddle> twiddles, const QString& caption);
  QSize sizeHint() const override { return {220, 220}; }
  QSize minimumSizeHint() const override { return {150, 150}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  std::vector<spectrascope::learn::Twiddle> twiddles_;
  QString caption_;
};

} // namespace spectrascope::ui
