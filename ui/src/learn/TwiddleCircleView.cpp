#include "spectrascope/ui/learn/TwiddleCircleView.h"

#include "spectrascope/ui/learn/ButterflyDiagram.h"
#include "spectrascope/ui/learn/ReadableNumbers.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace spectrascope::ui {

TwiddleCircleView::TwiddleCircleView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnTwiddleCircle"));
  setMouseTracking(true);
}

void TwiddleCircleView::setTwiddles(std::vector<spectrascope::learn::Twiddle> twiddles,
                                    const QString& caption)
{
  twiddles_ = std::move(twiddles);
  caption_ = caption;
  setToolTip(tr("%1: the twiddle factors this stage multiplies by, as points on the unit circle, each a turn "
                "of k/m. Hover a butterfly in the diagram for the twiddle it uses.")
                 .arg(caption));
  hover_.refresh(int(twiddles_.size()));
  update();
}

QString TwiddleCircleView::describe(int i) const
{
  const auto& t = twiddles_[std::size_t(i)];
  return tr("%1 = %2, %3")
      .arg(ButterflyDiagram::twiddleSymbol(t.m, t.k), readableComplex(t.value()),
           readableDegrees(std::arg(t.value())));
}

void TwiddleCircleView::mouseMoveEvent(QMouseEvent* event)
{
  int nearest = -1;
  double best = kHoverReach;
  const QList<QRectF> dots = dotRects();
  for (int i = 0; i < dots.size(); ++i) {
    const QPointF d = dots[i].center() - event->position();
    if (const double distance = std::hypot(d.x(), d.y()); distance <= best) {
      best = distance;
      nearest = i;
    }
  }
  hover_.pointAt(nearest, event->globalPosition());
}

void TwiddleCircleView::leaveEvent(QEvent*)
{
  hover_.clear();
}

bool TwiddleCircleView::event(QEvent* event)
{
  return hover_.handleToolTip(event) || QWidget::event(event);
}

QFont TwiddleCircleView::labelFont() const
{
  QFont small = font();
  small.setPixelSize(12); // sub- and superscript digits are small already
  return small;
}

QPointF TwiddleCircleView::centre() const
{
  return {width() / 2.0, kCaptionHeight + (height() - kCaptionHeight) / 2.0};
}

QSizeF TwiddleCircleView::labelSize(const spectrascope::learn::Twiddle& t) const
{
  return QFontMetricsF(labelFont()).boundingRect(ButterflyDiagram::twiddleSymbol(t.m, t.k)).size() +
         QSizeF(2, 0);
}

// Room for the labels around the circle: the widest label left and right of it, the tallest above and
// below, past the dots.
double TwiddleCircleView::radius() const
{
  // Measured only where labels are drawn (up to kMaxLabels twiddles): a late stage of N = 4096 has 2048,
  // and measuring each on every paint cost seconds. Without labels, one label's room keeps the circle's
  // size as it was.
  QSizeF largest(0, 0);
  if (int(twiddles_.size()) > kMaxLabels)
    largest = labelSize(twiddles_.front());
  else
    for (const auto& t : twiddles_)
      largest = largest.expandedTo(labelSize(t));
  const double outside = kDotRadius + kLabelClearance;
  return std::max(10.0, std::min(width() / 2.0 - outside - largest.width(),
                                 (height() - kCaptionHeight) / 2.0 - outside - largest.height()));
}

QList<QRectF> TwiddleCircleView::labelRects() const
{
  if (twiddles_.empty() || int(twiddles_.size()) > kMaxLabels) return {};
  const QRectF inside = QRectF(rect()).adjusted(0, kCaptionHeight, 0, 0);
  const QList<QRectF> dots = dotRects();
  QList<QRectF> rects;
  for (const auto& t : twiddles_) {
    const auto w = t.value();
    const QSizeF size = labelSize(t);
    // Out along the dot's ray, just far enough that the label's box clears the dot's box by the
    // clearance on one axis (the ray leaves the two boxes' sum there), whatever the angle. The
    // imaginary axis points up.
    const QPointF outward(w.real(), -w.imag());
    const double clearX = size.width() / 2 + kDotRadius + kLabelClearance;
    const double clearY = size.height() / 2 + kDotRadius + kLabelClearance;
    const double along = std::min(std::abs(outward.x()) > 1e-9 ? clearX / std::abs(outward.x()) : 1e9,
                                  std::abs(outward.y()) > 1e-9 ? clearY / std::abs(outward.y()) : 1e9);
    const QPointF middle = dots[int(rects.size())].center() + outward * along;
    const QRectF r(middle - QPointF(size.width() / 2, size.height() / 2), size);
    // A label that leaves the widget or touches another label or a dot makes them all unreadable:
    // show none.
    if (!inside.contains(r)) return {};
    for (const QRectF& other : rects + dots)
      if (other.intersects(r)) return {};
    rects.push_back(r);
  }
  return rects;
}

// Hundreds of full-size dots (a late stage of N = 1024 has 512) merged into a thick orange rim: each dot is
// at most about its share of the half circle they cover, down to a pixel across.
double TwiddleCircleView::dotRadius() const
{
  const double share = std::numbers::pi * radius() / std::max<double>(1, double(twiddles_.size()));
  return std::clamp(share * 0.4, 1.0, kDotRadius);
}

QList<QRectF> TwiddleCircleView::dotRects() const
{
  QList<QRectF> dots;
  const QPointF c = centre();
  const double r = radius();
  const double d = dotRadius();
  for (const auto& t : twiddles_) {
    const auto w = t.value();
    const QPointF at = c + QPointF(w.real(), -w.imag()) * r; // the imaginary axis points up
    dots.push_back(QRectF(at - QPointF(d, d), QSizeF(2 * d, 2 * d)));
  }
  return dots;
}

// Elided to the view's width (the whole caption is the tooltip): at the window's first size the note ran
// out of the panel mid-word.
QString TwiddleCircleView::shownCaption() const
{
  QString text = caption_;
  if (int(twiddles_.size()) > kMaxLabels)
    text = tr("%1 (hover the diagram for each)").arg(caption_);
  else if (!twiddles_.empty() && labelRects().isEmpty())
    text = tr("%1 (widen for labels)").arg(caption_);
  return QFontMetricsF(font()).elidedText(text, Qt::ElideRight, width() - 12);
}

void TwiddleCircleView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), Qt::white);
  painter.setPen(palette().color(QPalette::PlaceholderText));
  painter.drawText(QRectF(6, 2, width() - 12, kCaptionHeight - 4), Qt::AlignLeft | Qt::AlignVCenter,
                   shownCaption());

  const QPointF c = centre();
  const double r = radius();
  painter.setPen(QPen(QColor(0xd0, 0xd4, 0xd8), 1));
  painter.drawLine(c - QPointF(r + 8, 0), c + QPointF(r + 8, 0));
  painter.drawLine(c - QPointF(0, r + 8), c + QPointF(0, r + 8));
  painter.setPen(QPen(QColor(0x9a, 0xa0, 0xa6), 1.2));
  painter.setBrush(Qt::NoBrush);
  painter.drawEllipse(c, r, r);

  const QColor active(0xd9, 0x48, 0x0f);
  const QList<QRectF> labels = labelRects();
  const QList<QRectF> dots = dotRects();
  painter.setFont(labelFont());
  // A spoke from the centre to each point reads as a turn while there are few; past kMaxSpokes they
  // filled the circle into a solid half-disc, so only the points are drawn.
  const bool spokes = twiddles_.size() <= std::size_t(kMaxSpokes);
  const double dot = dotRadius();
  for (std::size_t i = 0; i < twiddles_.size(); ++i) {
    const auto& t = twiddles_[i];
    const QPointF at = dots[int(i)].center();
    if (spokes) {
      painter.setPen(QPen(active.lighter(140), 1));
      painter.drawLine(c, at);
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(active);
    painter.drawEllipse(at, dot, dot);
    if (int(i) == hover_.index()) { // the dot whose numbers are shown
      painter.setPen(QPen(active, 1.2));
      painter.setBrush(Qt::NoBrush);
      painter.drawEllipse(at, dot + 3, dot + 3);
    }
    if (i < std::size_t(labels.size())) {
      painter.setPen(active.darker(140));
      painter.drawText(labels[int(i)], Qt::AlignCenter, ButterflyDiagram::twiddleSymbol(t.m, t.k));
    }
  }
  if (twiddles_.empty()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(QRectF(c - QPointF(60, 10), QSizeF(120, 20)), Qt::AlignCenter, tr("no twiddles"));
  }
}

} // namespace spectrascope::ui
