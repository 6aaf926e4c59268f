#include "spectrascope/ui/learn/DftComparisonView.h"

#include "spectrascope/ui/learn/ReadableNumbers.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {

DftComparisonView::DftComparisonView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnDftComparison"));
  setMouseTracking(true);
}

void DftComparisonView::setSpectra(std::vector<spectrascope::learn::Complex> fft,
                                   std::vector<spectrascope::learn::Complex> dft)
{
  fft_ = std::move(fft);
  dft_ = std::move(dft);
  hover_.refresh(showsSpectra() ? int(fft_.size()) : 0);
  update();
}

QString DftComparisonView::describe(int k) const
{
  return tr("|X[%1]| = %2 (FFT), %3 (direct DFT)")
      .arg(k)
      .arg(readableReal(std::abs(fft_[std::size_t(k)])))
      .arg(readableReal(std::abs(dft_[std::size_t(k)])));
}

QPointF DftComparisonView::binPoint(std::size_t k) const
{
  const QRectF area = plotRect();
  return {area.left() + (double(k) + 0.5) * area.width() / double(std::max<std::size_t>(1, fft_.size())),
          area.bottom() - 2};
}

void DftComparisonView::mouseMoveEvent(QMouseEvent* event)
{
  hover_.pointAt(showsSpectra() ? HoverReadout::slotUnder(event->position().x(), plotRect(), fft_.size())
                                : -1,
                 event->globalPosition());
}

void DftComparisonView::leaveEvent(QEvent*)
{
  hover_.clear();
}

double DftComparisonView::relativeDifference() const
{
  if (!showsSpectra()) return 0;
  double peak = 1e-12, diff = 0;
  for (std::size_t k = 0; k < fft_.size(); ++k) {
    peak = std::max(peak, std::abs(dft_[k]));
    diff = std::max(diff, std::abs(fft_[k] - dft_[k]));
  }
  return diff / peak;
}

void DftComparisonView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), Qt::white);
  painter.setPen(palette().color(QPalette::PlaceholderText));
  // The caption wraps rather than being cut off in a narrow side panel; the plot takes what is left.
  const auto caption = [&](const QString& text) {
    QRectF used;
    painter.drawText(QRectF(8, 2, width() - 16, height() - 4),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text, &used);
    return used.bottom();
  };
  if (!showsSpectra()) {
    caption(tr("|X[k]| beside a direct DFT: step to the last stage"));
    return;
  }
  double peak = 1e-12;
  for (const auto& X : dft_)
    peak = std::max(peak, std::abs(X));
  const double top = caption(tr("|X[k]|: FFT bars, direct DFT dots; largest difference %1 of the peak")
                                 .arg(scientific(relativeDifference())));
  captionBottom_ = top;
  const QRectF area = plotRect();
  if (area.height() < 8) return;
  const double step = area.width() / double(fft_.size());
  HoverReadout::highlightSlot(painter, area, hover_.index(), fft_.size()); // whose numbers are shown
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
