#include "spectrascope/ui/image/MaskedSpectrumView.h"

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace spectrascope::ui::image {
namespace {
constexpr double kGrabPixels = 7;      // how close (screen pixels) a press must be to grab a ring or handle
constexpr double kClickSlopPixels = 4; // a press that moves less than this is a click
const QColor kRingColour(255, 196, 0);
const QColor kNotchColour(0, 220, 255);
const QColor kSelectedNotchColour(255, 200, 0); // the one the radius box edits

QPen cosmeticPen(const QColor& colour, double width, Qt::PenStyle style = Qt::SolidLine)
{
  QPen pen(colour, width, style);
  pen.setCosmetic(true); // widths in screen pixels, whatever the zoom
  return pen;
}
} // namespace

MaskedSpectrumView::MaskedSpectrumView(QWidget* parent) : ZoomableImageView(parent) {}

void MaskedSpectrumView::setTool(Tool tool)
{
  tool_ = tool;
  unsetCursor();
  update();
}

void MaskedSpectrumView::setBrushRadius(double bins)
{
  brushRadius_ = std::max(0.5, bins);
  update();
}

void MaskedSpectrumView::setMaskState(const MaskState& state)
{
  state_ = state;
  if (selectedNotch_ >= int(state_.spec.notches.size())) setSelectedNotch(-1);
  update();
}

void MaskedSpectrumView::setSelectedNotch(int index)
{
  if (index >= int(state_.spec.notches.size())) index = -1;
  if (index == selectedNotch_) return;
  selectedNotch_ = index;
  update();
  emit notchSelected(index);
}

void MaskedSpectrumView::setMaskTint(const QImage& tint)
{
  tint_ = tint;
  update();
}

void MaskedSpectrumView::setCutoffRings(int count)
{
  rings_ = count;
  update();
}

// Bin (u, v) is drawn on pixel (u + W/2, v + H/2), whose centre is half a pixel further.
QPointF MaskedSpectrumView::binAt(QPointF imagePos) const
{
  return imagePos - QPointF(image().width() / 2 + 0.5, image().height() / 2 + 0.5);
}

QPointF MaskedSpectrumView::imagePosOf(QPointF bin) const
{
  return bin + QPointF(image().width() / 2 + 0.5, image().height() / 2 + 0.5);
}

double MaskedSpectrumView::cyclesPerPixelAt(QPointF imagePos) const
{
  const QPointF b = binAt(imagePos);
  return std::hypot(b.x() / image().width(), b.y() / image().height());
}

MaskedSpectrumView::Hit MaskedSpectrumView::hitTest(QPointF widgetPos) const
{
  if (image().isNull()) return {};
  const double grab = kGrabPixels / zoom(); // in bins
  const QPointF bin = binAt(toImage(widgetPos));
  for (int i = int(state_.spec.notches.size()) - 1; i >= 0; --i) {
    const auto& n = state_.spec.notches[std::size_t(i)];
    const double toCentre = std::hypot(bin.x() - n.u, bin.y() - n.v);
    const double toTwin = std::hypot(bin.x() + n.u, bin.y() + n.v);
    if (std::abs(toCentre - n.radius) < grab * 0.6 && n.radius * zoom() > 2 * kGrabPixels)
      return {DragKind::NotchRing, i};
    if (toCentre <= std::max(n.radius, grab)) return {DragKind::NotchCentre, i};
    if (toTwin <= std::max(n.radius, grab)) return {DragKind::NotchTwin, i};
  }
  const double f = cyclesPerPixelAt(toImage(widgetPos));
  const double binsPerCycle = std::min(image().width(), image().height());
  for (int ring = 0; ring < rings_; ++ring) {
    const double cutoff = ring == 0 ? state_.spec.cutoff : state_.spec.cutoff2;
    if (std::abs(f - cutoff) * binsPerCycle < grab) return {DragKind::CutoffRing, ring};
  }
  return {};
}

void MaskedSpectrumView::mousePressEvent(QMouseEvent* event)
{
  if (tool_ == Tool::Pan || event->button() == Qt::MiddleButton || image().isNull())
    return ZoomableImageView::mousePressEvent(event);
  const Hit hit = hitTest(event->position());
  if (event->button() == Qt::RightButton) {
    if (hit.kind == DragKind::NotchCentre || hit.kind == DragKind::NotchTwin) {
      // The selection stays on the same notch, whose index drops if an earlier one goes.
      if (hit.index <= selectedNotch_)
        setSelectedNotch(hit.index == selectedNotch_ ? -1 : selectedNotch_ - 1);
      emit notchRemovalRequested(hit.index);
    }
    return;
  }
  if (event->button() != Qt::LeftButton) return;
  pressPos_ = event->position();
  if (tool_ != Tool::Edit) {
    drag_ = {DragKind::Brush, -1};
    emit gestureStarted();
    emit brushStroke(binAt(toImage(event->position())));
    return;
  }
  drag_ = hit.kind == DragKind::None ? Hit{DragKind::Click, -1} : hit;
  if (hit.kind == DragKind::NotchCentre || hit.kind == DragKind::NotchTwin || hit.kind == DragKind::NotchRing)
    setSelectedNotch(hit.index);
  if (drag_.kind != DragKind::Click) emit gestureStarted();
}

void MaskedSpectrumView::mouseMoveEvent(QMouseEvent* event)
{
  hoverImagePos_ = toImage(event->position());
  if (drag_.kind == DragKind::None) {
    updateHoverCursor(event->position());
    update(); // the brush cursor follows
    return ZoomableImageView::mouseMoveEvent(event);
  }
  reportHover(event->position());
  dragTo(event->position());
}

void MaskedSpectrumView::dragTo(QPointF widgetPos)
{
  const QPointF bin = binAt(toImage(widgetPos));
  switch (drag_.kind) {
  case DragKind::Brush:
    emit brushStroke(bin);
    break;
  case DragKind::NotchCentre:
  case DragKind::NotchTwin: {
    imaging::Notch n = state_.spec.notches[std::size_t(drag_.index)];
    const double sign = drag_.kind == DragKind::NotchTwin ? -1 : 1;
    n.u = std::round(sign * bin.x()), n.v = std::round(sign * bin.y());
    emit notchDragged(drag_.index, n);
    break;
  }
  case DragKind::NotchRing: {
    imaging::Notch n = state_.spec.notches[std::size_t(drag_.index)];
    n.radius = std::max(0.5, std::round(2 * std::hypot(bin.x() - n.u, bin.y() - n.v)) / 2);
    emit notchDragged(drag_.index, n);
    break;
  }
  case DragKind::CutoffRing:
    emit cutoffDragged(drag_.index, cyclesPerPixelAt(toImage(widgetPos)));
    break;
  case DragKind::Click:
  case DragKind::None:
    break;
  }
}

void MaskedSpectrumView::mouseReleaseEvent(QMouseEvent* event)
{
  const Hit drag = std::exchange(drag_, Hit{});
  if (drag.kind == DragKind::None) return ZoomableImageView::mouseReleaseEvent(event);
  if (drag.kind == DragKind::Click) {
    if ((event->position() - pressPos_).manhattanLength() < kClickSlopPixels)
      emit notchRequested(binAt(toImage(event->position())));
    return;
  }
  emit gestureFinished(drag.kind == DragKind::Brush
                           ? (tool_ == Tool::PassBrush ? tr("Erase mask paint") : tr("Paint mask"))
                       : drag.kind == DragKind::NotchRing  ? tr("Resize notch")
                       : drag.kind == DragKind::CutoffRing ? tr("Change cutoff")
                                                           : tr("Move notch"));
}

void MaskedSpectrumView::updateHoverCursor(QPointF widgetPos)
{
  if (tool_ != Tool::Edit) return setCursor(tool_ == Tool::Pan ? Qt::OpenHandCursor : Qt::CrossCursor);
  switch (hitTest(widgetPos).kind) {
  case DragKind::NotchCentre:
  case DragKind::NotchTwin:
    return setCursor(Qt::SizeAllCursor);
  case DragKind::NotchRing:
  case DragKind::CutoffRing:
    return setCursor(Qt::SizeFDiagCursor);
  default:
    return setCursor(Qt::CrossCursor);
  }
}

void MaskedSpectrumView::paintOverlay(QPainter& painter)
{
  if (!tint_.isNull()) {
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(QRectF(image().rect()), tint_);
  }
  paintRings(painter);
  paintNotches(painter);
  paintBrushCursor(painter);
}

// Rings where f = F (and F2): ellipses, as f is isotropic in cycles per pixel while the centred layout
// has W columns and H rows.
void MaskedSpectrumView::paintRings(QPainter& painter) const
{
  const QPointF dc = imagePosOf(QPointF(0, 0));
  painter.setBrush(Qt::NoBrush);
  for (int ring = 0; ring < rings_; ++ring) {
    const double f = ring == 0 ? state_.spec.cutoff : state_.spec.cutoff2;
    painter.setPen(cosmeticPen(QColor(0, 0, 0, 140), 3.5));
    painter.drawEllipse(dc, f * image().width(), f * image().height());
    painter.setPen(cosmeticPen(kRingColour, 1.5));
    painter.drawEllipse(dc, f * image().width(), f * image().height());
  }
}

void MaskedSpectrumView::paintNotches(QPainter& painter) const
{
  const double handle = 3.5 / zoom(); // a small square handle, in bins
  for (std::size_t i = 0; i < state_.spec.notches.size(); ++i) {
    const imaging::Notch& n = state_.spec.notches[i];
    const QColor colour = int(i) == selectedNotch_ ? kSelectedNotchColour : kNotchColour;
    for (const double sign : {1.0, -1.0}) {
      const QPointF centre = imagePosOf(QPointF(sign * n.u, sign * n.v));
      const double r = std::max(n.radius, 0.5);
      painter.setBrush(QColor(0, 0, 0, 90));
      painter.setPen(cosmeticPen(QColor(0, 0, 0, 160), 3));
      painter.drawEllipse(centre, r, r);
      painter.setBrush(Qt::NoBrush);
      // The twin is dashed: it follows the notch the user placed.
      painter.setPen(
          cosmeticPen(colour, int(i) == selectedNotch_ ? 2.5 : 1.5, sign > 0 ? Qt::SolidLine : Qt::DashLine));
      painter.drawEllipse(centre, r, r);
      painter.fillRect(QRectF(centre - QPointF(handle, handle), QSizeF(2 * handle, 2 * handle)), colour);
    }
  }
}

void MaskedSpectrumView::paintBrushCursor(QPainter& painter) const
{
  if (tool_ != Tool::BlockBrush && tool_ != Tool::PassBrush) return;
  if (!underMouse() || hoverImagePos_.x() < 0) return;
  const QPointF bin = binAt(hoverImagePos_);
  painter.setBrush(Qt::NoBrush);
  for (const double sign : {1.0, -1.0}) {
    const QPointF centre = imagePosOf(sign * bin);
    painter.setPen(cosmeticPen(QColor(0, 0, 0, 160), 3));
    painter.drawEllipse(centre, brushRadius_, brushRadius_);
    painter.setPen(cosmeticPen(tool_ == Tool::BlockBrush ? QColor(255, 90, 90) : QColor(120, 255, 140), 1.2,
                               sign > 0 ? Qt::SolidLine : Qt::DashLine));
    painter.drawEllipse(centre, brushRadius_, brushRadius_);
  }
}

} // namespace spectrascope::ui::image
