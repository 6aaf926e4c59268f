#include "spectrascope/ui/learn/SignalInputView.h"

#include "spectrascope/ui/learn/ReadableNumbers.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {

SignalInputView::SignalInputView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnSignalInput"));
  setMouseTracking(true);
}

void SignalInputView::setSignal(std::vector<spectrascope::learn::Complex> signal)
{
  signal_ = std::move(signal);
  hover_.refresh(int(signal_.size())); // the numbers follow the new signal
  update();
}

QString SignalInputView::describe(int n) const
{
  return tr("x[%1] = %2").arg(n).arg(readableComplex(signal_[std::size_t(n)]));
}

QPointF SignalInputView::samplePoint(std::size_t n) const
{
  const QRectF area = plotRect();
  return {area.left() + (double(n) + 0.5) * area.width() / double(std::max<std::size_t>(1, signal_.size())),
          area.center().y()};
}

void SignalInputView::setDrawingEnabled(bool enabled)
{
  drawing_ = enabled;
  setCursor(enabled ? Qt::CrossCursor : Qt::ArrowCursor);
  setToolTip(enabled ? tr("Drag to draw the input signal") : QString());
  update();
}

QRectF SignalInputView::plotRect() const
{
  return QRectF(rect()).adjusted(8, 18, -8, -6);
}

QRect SignalInputView::titleRect() const
{
  return QRect(8, 0, std::max(0, width() - 16), int(plotRect().top()));
}

QString SignalInputView::title() const
{
  return drawing_ ? tr("input x[n] — drag to draw") : tr("input x[n] (real; imaginary faint)");
}

// In the side panel at the window's smallest size the title ran into the view's frame mid-word; shortened
// with "…" it says that there is more, and the tooltip over it has the rest.
QString SignalInputView::shownTitle() const
{
  return fontMetrics().elidedText(title(), Qt::ElideRight, titleRect().width());
}

void SignalInputView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), Qt::white);
  painter.setPen(palette().color(QPalette::PlaceholderText));
  painter.drawText(QPointF(titleRect().left(), 13), shownTitle());
  const QRectF area = plotRect();
  const double mid = area.center().y();
  painter.setPen(QPen(QColor(0xc8, 0xcc, 0xd0), 1));
  painter.drawLine(QPointF(area.left(), mid), QPointF(area.right(), mid));
  if (signal_.empty()) return;
  // While drawing, the scale is the pen's -1..1 (or what the signal needs beyond it): scaled to the
  // signal's own peak, a stroke that stayed below the old peak rescaled the plot as it was drawn.
  double peak = drawing_ ? 1.0 : 1e-12;
  for (const auto& v : signal_)
    peak = std::max({peak, std::abs(v.real()), std::abs(v.imag())});
  const double step = area.width() / double(signal_.size());
  const double half = area.height() / 2;
  const bool stems = signal_.size() <= 128;
  HoverReadout::highlightSlot(painter, area, hover_.index(), signal_.size()); // whose numbers are shown
  for (int part = 1; part >= 0; --part) {
    const QColor colour = part == 0 ? QColor(0x1f, 0x6f, 0xb4) : QColor(0xf0, 0x8c, 0x00, 120);
    painter.setPen(QPen(colour, stems ? 1.4 : 1.0));
    painter.setBrush(colour);
    QPointF previous;
    for (std::size_t i = 0; i < signal_.size(); ++i) {
      const double value = part == 0 ? signal_[i].real() : signal_[i].imag();
      const QPointF tip(area.left() + (i + 0.5) * step, mid - value / peak * half);
      if (stems) {
        painter.drawLine(QPointF(tip.x(), mid), tip);
        painter.drawEllipse(tip, 2.0, 2.0);
      } else if (i > 0) {
        painter.drawLine(previous, tip);
      }
      previous = tip;
    }
  }
}

int SignalInputView::sampleAt(double x) const
{
  const QRectF area = plotRect();
  return std::clamp(int((x - area.left()) / area.width() * double(signal_.size())), 0,
                    int(signal_.size()) - 1);
}

// Every sample between the last point of the stroke and this one takes the stroke's height there, as a
// pen would leave it: a fast drag moves many samples between two mouse events.
void SignalInputView::drawTo(QPointF point)
{
  if (signal_.empty()) return;
  const QRectF area = plotRect();
  // The drawing range is fixed at -1..1 so the shape does not rescale under the pen.
  const auto valueAt = [&](double y) {
    return std::clamp((area.center().y() - y) / (area.height() / 2), -1.0, 1.0);
  };
  const QPointF from = strokeEnd_.value_or(point);
  const int first = sampleAt(from.x()), last = sampleAt(point.x());
  const int step = first <= last ? 1 : -1;
  for (int i = first;; i += step) {
    const double t = first == last ? 1.0 : double(i - first) / double(last - first);
    signal_[std::size_t(i)] = valueAt(from.y() + t * (point.y() - from.y()));
    if (i == last) break;
  }
  strokeEnd_ = point;
  hover_.refresh(int(signal_.size()));
  update();
}

void SignalInputView::mousePressEvent(QMouseEvent* event)
{
  if (!drawing_ || event->button() != Qt::LeftButton) return;
  // Drawing starts on a clean -1..1 scale: larger samples would dwarf what is drawn.
  for (auto& v : signal_)
    v = {std::clamp(v.real(), -1.0, 1.0), 0.0};
  pressed_ = true;
  strokeEnd_.reset();
  drawTo(event->position());
}

void SignalInputView::mouseMoveEvent(QMouseEvent* event)
{
  if (pressed_) {
    drawTo(event->position());
    return;
  }
  // Over the title no sample is pointed at, and the title's own tooltip (see event()) is left alone.
  const bool overTitle = event->position().y() < plotRect().top();
  if (overTitle && hover_.index() < 0) return;
  hover_.pointAt(overTitle ? -1 : HoverReadout::slotUnder(event->position().x(), plotRect(), signal_.size()),
                 event->globalPosition());
}

void SignalInputView::leaveEvent(QEvent*)
{
  hover_.clear();
}

bool SignalInputView::event(QEvent* event)
{
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    if (titleRect().contains(help->pos()) && shownTitle() != title()) {
      QToolTip::showText(help->globalPos(), title(), this, titleRect());
      return true;
    }
  }
  return hover_.handleToolTip(event) || QWidget::event(event);
}

void SignalInputView::mouseReleaseEvent(QMouseEvent* event)
{
  if (!pressed_ || event->button() != Qt::LeftButton) return;
  drawTo(event->position()); // the stroke ends where the button is let go
  pressed_ = false;
  emit signalDrawn();
}

} // namespace spectrascope::ui
