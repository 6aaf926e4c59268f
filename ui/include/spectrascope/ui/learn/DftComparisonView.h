#pragma once
// The last stage in natural order beside a direct O(N^2) DFT of the same input: |X[k]| as bars from the
// FFT and dots from the direct sum, and the largest difference between them. Hovering a bin shows both
// magnitudes (hoverText()).

#include "spectrascope/engine/learn/StageMath.h"
#include "spectrascope/ui/learn/HoverReadout.h"

#include <QWidget>

namespace spectrascope::ui {

class DftComparisonView : public QWidget
{
  Q_OBJECT

public:
  explicit DftComparisonView(QWidget* parent = nullptr);

  // fft empty: the last stage is not reached yet.
  void setSpectra(std::vector<spectrascope::learn::Complex> fft,
                  std::vector<spectrascope::learn::Complex> dft);
  // True at the last stage, when both spectra are there to compare.
  bool showsSpectra() const { return !fft_.empty() && fft_.size() == dft_.size(); }
  const std::vector<spectrascope::learn::Complex>& fft() const { return fft_; }
  const std::vector<spectrascope::learn::Complex>& dft() const { return dft_; }
  // max_k |FFT[k] - DFT[k]| / max_k |DFT[k]|; 0 when not shown.
  double relativeDifference() const;
  // Where bin k's bar stands (its middle), for pointing at it; only while the spectra are shown.
  QPointF binPoint(std::size_t k) const;
  // "|X[3]| = 4 (FFT), 4 (direct DFT)" for the bin under the pointer, empty when there is none.
  const QString& hoverText() const { return hover_.text(); }
  QSize sizeHint() const override { return {320, 130}; }
  QSize minimumSizeHint() const override { return {160, 90}; }

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  // The caption's height is measured as it is drawn; the bars take the rest.
  QRectF plotRect() const { return QRectF(rect()).adjusted(8, captionBottom_ + 4, -8, -6); }
  QString describe(int k) const;

  std::vector<spectrascope::learn::Complex> fft_, dft_;
  double captionBottom_ = 20;
  HoverReadout hover_{this, [this](int k) { return describe(k); }};
};

} // namespace spectrascope::ui
