#include "spectrascope/ui/learn/DftComparisonView.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {

DftComparisonView::DftComparisonView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnDftComparison"));
}

void DftComparisonView::setSpectra(std::vector<spectrascope::learn::Complex> fft,
                                   std::vector<spectrascope::learn::Complex> dft)
{
  fft_ = std::move(fft);
  dft_ = std::move(dft);
  update();
}

void DftComparisonView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), Qt::white);
  const QColor caption = palette().color(QPalette::PlaceholderText);
  painter.setPen(caption);
  if (fft_.empty() || fft_.size() != dft_.size()) {
    painter.drawText(QRectF(8, 2, width() - 16, 16), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("|X[k]| beside a direct DFT: step to the last stage"));
    return;
  }
  double peak = 1e-12, diff = 0;
  for (std::size_t k = 0; k < fft_.size(); ++k) {
    peak = std::max(peak, std::abs(dft_[k]));
    diff = std::max(diff, std::abs(fft_[k] - dft_[k]));
  }
  painter.drawText(QRectF(8, 2, width() - 16, 16), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("FFT bars, direct DFT dots: max diff %1").arg(diff / peak, 0, 'g', 2));
  const QRectF area = QRectF(rect()).adjusted(8, 22, -8, -6);
  const double step = area.width() / double(fft_.size());
  const QColor bar(0x1f, 0x6f, 0xb4), dot(0xd9, 0x48, 0x0f);
  for (std::size_t k = 0; k < fft_.size(); ++k) {
    const double x = area.left() + (k + 0.5) * step;
    const double h = std::abs(fft_[k]) / peak * area.height();
    painter.fillRect(QRectF(x - std::max(0.5, step * 0.35), area.bottom() - h, std::max(1.0, step * 0.7), h),
                     bar);
    if (fft_.size() <= 256) {
      painter.setPen(Qt::NoPen);
      painter.setBrush(dot);
      painter.drawEllipse(QPointF(x, area.bottom() - std::abs(dft_[k]) / peak * area.height()), 2.2, 2.2);
    }
  }
}

} // namespace spectrascope::ui
