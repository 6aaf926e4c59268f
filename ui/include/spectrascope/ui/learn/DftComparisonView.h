#pragma once
// The last stage in natural order beside a direct O(N^2) DFT of the same input: |X[k]| as bars from the
// FFT and dots from the direct sum, and the largest difference between them.

#include "spectrascope/engine/learn/StageMath.h"

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
  QSize sizeHint() const override { return {320, 130}; }
  QSize minimumSizeHint() const override { return {160, 90}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  std::vector<spectrascope::learn::Complex> fft_, dft_;
};

} // namespace spectrascope::ui
