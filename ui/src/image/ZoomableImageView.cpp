#include "spectrascope/ui/image/ZoomableImageView.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace spectrascope::ui::image {
namespace {
constexpr double kMaxZoom = 64;        // image pixels as 64 x 64 screen squares
constexpr double kMinZoomOfFit = 0.25; // a quarter of the fitted size
constexpr double kWheelStep = 1.0015;  // per 1/8 degree of wheel rotation: 1.2x per notch
const QColor kBackground(0x1e, 0x1f, 0x22);
} // namespace

ZoomableImageView::ZoomableImageView(QWidget* parent) : QWidget(parent)
{
  setMouseTracking(true);
  setMinimumSize(160, 120);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  setFocusPolicy(Qt::ClickFocus);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

namespace {

// Pictures with a palette are drawn from 32-bit copies: Qt's smooth scaling of a 1-bit picture to under
// half its size gives black and white speckle instead of the palette's colours, and 32-bit pixels are
// what the painter draws fastest anyway.
QImage drawable(const QImage& image)
{
  switch (image.format()) {
  case QImage::Format_Mono:
  case QImage::Format_MonoLSB:
  case QImage::Format_Indexed8:
    return image.convertToFormat(image.hasAlphaChannel() ? QImage::Format_ARGB32_Premultiplied
                                                         : QImage::Format_RGB32);
  default:
    return image;
  }
}

} // namespace

void ZoomableImageView::setImage(const QImage& image)
{
  const bool resized = image.size() != image_.size();
  image_ = drawable(image);
  preview_ = QImage();
  if (resized) {
    centre_ = QPointF(image_.width() / 2.0, image_.height() / 2.0);
    if (!fit_) clampCentre();
  }
  update();
}

void ZoomableImageView::setPlaceholderText(const QString& text)
{
  placeholder_ = text;
  update();
}

void ZoomableImageView::setPreview(const QImage& preview)
{
  preview_ = preview;
  update();
}

double ZoomableImageView::fitZoom() const
{
  if (image_.isNull() || width() < 2 || height() < 2) return 1;
  return std::min(double(width()) / image_.width(), double(height()) / image_.height());
}

double ZoomableImageView::zoom() const
{
  return fit_ ? fitZoom() : zoom_;
}

QSizeF ZoomableImageView::drawnScale() const
{
  const double z = zoom();
  if (image_.isNull()) return {z, z};
  const double across = image_.width() * z, down = image_.height() * z;
  QSizeF scale(z, z);
  if (across < kMinThickness && down >= 4 * kMinThickness) scale.setWidth(kMinThickness / image_.width());
  if (down < kMinThickness && across >= 4 * kMinThickness) scale.setHeight(kMinThickness / image_.height());
  return scale;
}

QString ZoomableImageView::stretchNote() const
{
  const QSizeF scale = drawnScale(), uniform(zoom(), zoom());
  if (scale == uniform) return {};
  const bool across = scale.width() != uniform.width();
  return (across ? tr("drawn %1 px wide: %2 px in the picture").arg(kMinThickness).arg(image_.width())
                 : tr("drawn %1 px tall: %2 px in the picture").arg(kMinThickness).arg(image_.height()));
}

QTransform ZoomableImageView::imageToWidget() const
{
  const QSizeF scale = drawnScale();
  const QPointF c = fit_ ? QPointF(image_.width() / 2.0, image_.height() / 2.0) : centre_;
  QTransform t;
  t.translate(width() / 2.0, height() / 2.0);
  t.scale(scale.width(), scale.height());
  t.translate(-c.x(), -c.y());
  return t;
}

QPointF ZoomableImageView::toImage(QPointF widgetPos) const
{
  return imageToWidget().inverted().map(widgetPos);
}

QPointF ZoomableImageView::toWidget(QPointF imagePos) const
{
  return imageToWidget().map(imagePos);
}

void ZoomableImageView::fitToWindow()
{
  fit_ = true;
  centre_ = QPointF(image_.width() / 2.0, image_.height() / 2.0);
  announce();
}

void ZoomableImageView::showActualSize()
{
  setZoom(1.0 / devicePixelRatioF(), rect().center());
}

void ZoomableImageView::zoomBy(double factor, QPointF anchorWidgetPos)
{
  setZoom(zoom() * factor, anchorWidgetPos);
}

// Keeps the image point under the anchor where it is.
void ZoomableImageView::setZoom(double zoom, QPointF anchorWidget)
{
  if (image_.isNull()) return;
  const QPointF anchorImage = toImage(anchorWidget);
  if (fit_) centre_ = QPointF(image_.width() / 2.0, image_.height() / 2.0);
  fit_ = false;
  zoom_ = std::clamp(zoom, fitZoom() * kMinZoomOfFit, kMaxZoom);
  const QPointF offset = anchorWidget - QPointF(width() / 2.0, height() / 2.0);
  centre_ = anchorImage - offset / zoom_;
  clampCentre();
  announce();
}

void ZoomableImageView::setView(bool fit, double displayedWidth, QPointF centreFraction)
{
  if (image_.isNull()) return;
  const QPointF centre(centreFraction.x() * image_.width(), centreFraction.y() * image_.height());
  const double zoom = displayedWidth / image_.width();
  if (fit == fit_ && (fit || (qFuzzyCompare(zoom, zoom_) && centre == centre_))) return;
  fit_ = fit;
  if (!fit) zoom_ = zoom, centre_ = centre;
  update();
}

// Keeps some of the image on screen: the centre stays inside the image.
void ZoomableImageView::clampCentre()
{
  centre_.setX(std::clamp(centre_.x(), 0.0, double(image_.width())));
  centre_.setY(std::clamp(centre_.y(), 0.0, double(image_.height())));
}

void ZoomableImageView::announce()
{
  update();
  if (image_.isNull()) return;
  emit viewChanged(fit_, zoom() * image_.width(),
                   QPointF(centre_.x() / image_.width(), centre_.y() / image_.height()));
}

const QPixmap& ZoomableImageView::scaledPixmap(QSize devicePixels)
{
  const QSize size(std::max(1, devicePixels.width()), std::max(1, devicePixels.height()));
  if (scaledKey_ != image_.cacheKey() || scaledSize_ != size) {
    scaled_ = QPixmap::fromImage(image_.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation));
    scaled_.setDevicePixelRatio(devicePixelRatioF());
    scaledKey_ = image_.cacheKey();
    scaledSize_ = size;
  }
  return scaled_;
}

// In the background beside the strip (above a horizontal one, left of a vertical one), never over it.
void ZoomableImageView::drawStretchNote(QPainter& painter, const QRectF& target) const
{
  const QString note = stretchNote();
  if (note.isEmpty()) return;
  const bool vertical = target.width() < target.height();
  const QRectF room = vertical ? QRectF(4, 4, std::max(0.0, target.left() - 8), height() - 8)
                               : QRectF(4, 4, width() - 8, std::max(0.0, target.top() - 8));
  painter.setPen(QColor(0xb0, 0xb4, 0xba)); // readable on the fixed dark background
  painter.drawText(
      room, (vertical ? Qt::AlignVCenter : Qt::AlignBottom) | Qt::AlignHCenter | Qt::TextWordWrap, note);
}

void ZoomableImageView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), kBackground);
  if (image_.isNull()) {
    painter.setPen(QColor(0xb0, 0xb4, 0xba)); // readable on the fixed dark background
    painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
    return;
  }
  const QTransform transform = imageToWidget();
  const QRectF target = transform.mapRect(QRectF(image_.rect()));
  if (!preview_.isNull()) {
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawImage(target, preview_);
  } else if (std::min(drawnScale().width(), drawnScale().height()) * devicePixelRatioF() < 1) {
    // Drawn 1:1 on the device: sharp, and the smoothing happened once in scaledPixmap().
    const double ratio = devicePixelRatioF();
    painter.drawPixmap(target.topLeft(), scaledPixmap(QSize(int(std::lround(target.width() * ratio)),
                                                            int(std::lround(target.height() * ratio)))));
  } else {
    painter.setTransform(transform);
    painter.drawImage(QPointF(0, 0), image_); // nearest neighbour: pixels stay crisp squares
    painter.resetTransform();
  }
  drawStretchNote(painter, target);
  painter.setTransform(transform);
  painter.setRenderHint(QPainter::Antialiasing);
  paintOverlay(painter);
}

void ZoomableImageView::paintOverlay(QPainter&) {}

void ZoomableImageView::resizeEvent(QResizeEvent* event)
{
  QWidget::resizeEvent(event);
  update();
}

void ZoomableImageView::wheelEvent(QWheelEvent* event)
{
  zoomBy(std::pow(kWheelStep, event->angleDelta().y()), event->position());
  event->accept();
}

void ZoomableImageView::mousePressEvent(QMouseEvent* event)
{
  const bool pans =
      event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && leftButtonPans());
  if (!pans) return QWidget::mousePressEvent(event);
  panning_ = true;
  panFrom_ = event->position();
  setCursor(Qt::ClosedHandCursor);
}

void ZoomableImageView::mouseMoveEvent(QMouseEvent* event)
{
  reportHover(event->position());
  if (!panning_) return QWidget::mouseMoveEvent(event);
  if (fit_) centre_ = QPointF(image_.width() / 2.0, image_.height() / 2.0), zoom_ = fitZoom(), fit_ = false;
  centre_ -= (event->position() - panFrom_) / zoom_;
  panFrom_ = event->position();
  clampCentre();
  announce();
}

void ZoomableImageView::mouseReleaseEvent(QMouseEvent* event)
{
  if (!panning_) return QWidget::mouseReleaseEvent(event);
  panning_ = false;
  unsetCursor();
}

void ZoomableImageView::leaveEvent(QEvent* event)
{
  emit hovered(QPointF(std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()));
  QWidget::leaveEvent(event);
}

void ZoomableImageView::reportHover(QPointF widgetPos)
{
  const QPointF p = toImage(widgetPos);
  const bool inside = p.x() >= 0 && p.y() >= 0 && p.x() < image_.width() && p.y() < image_.height();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  emit hovered(inside ? p : QPointF(nan, nan));
}

} // namespace spectrascope::ui::image
