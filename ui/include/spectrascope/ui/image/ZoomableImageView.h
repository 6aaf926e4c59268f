#pragma once
// ZoomableImageView: one image, zoomed with the wheel (about the cursor), panned by dragging, with
// Fit and 100 % (one image pixel per physical screen pixel, so HiDPI screens show the image sharp).
// Downscaled views are drawn from a smoothly scaled copy made at the screen's device pixel ratio;
// magnified views draw pixels as crisp squares. A strip (1 x 3000, 3000 x 2) is drawn at least
// kMinThickness screen pixels across its thin side, where one scale for both sides made it a hairline,
// and the view says so beside it.
//
// Views are linked through viewChanged / setView, which speak in fractions of the image (centre) and
// screen pixels per image width (scale), so a padded spectrum twice the image's size stays aligned.
// GUI thread only.

#include <QImage>
#include <QPixmap>
#include <QPointF>
#include <QWidget>

namespace spectrascope::ui::image {

class ZoomableImageView : public QWidget
{
  Q_OBJECT

public:
  explicit ZoomableImageView(QWidget* parent = nullptr);

  void setImage(const QImage& image);
  // Shown in the middle of the empty view until the first image arrives, so a wait reads as one.
  void setPlaceholderText(const QString& text);
  // Draws `preview` (a smaller rendering of the same picture) stretched over the image's place until the
  // next setImage; the view's geometry, zoom and readout stay those of image().
  void setPreview(const QImage& preview);
  bool showsPreview() const { return !preview_.isNull(); }
  const QImage& preview() const { return preview_; } // null when none is shown
  const QImage& image() const { return image_; }
  bool isFit() const { return fit_; }
  // Device-independent screen pixels per image pixel.
  double zoom() const;
  // Those across and down as drawn: zoom() both, but a strip's thin side stretched to kMinThickness.
  QSizeF drawnScale() const;
  // What the view says of a stretched strip ("drawn 16 px wide: 1 px in the picture"); empty otherwise.
  QString stretchNote() const;
  // A side drawn thinner than this while the other is drawn 4 times as long is stretched to it.
  static constexpr double kMinThickness = 16;
  QPointF centre() const { return centre_; }
  // Image coordinates (pixel x covers [x, x + 1)) of a widget position and back.
  QPointF toImage(QPointF widgetPos) const;
  QPointF toWidget(QPointF imagePos) const;

public slots:
  void fitToWindow();
  void showActualSize(); // one image pixel per physical pixel
  void zoomBy(double factor, QPointF anchorWidgetPos);
  void zoomIn() { zoomBy(1.25, rect().center()); }
  void zoomOut() { zoomBy(1 / 1.25, rect().center()); }
  // Linked views: centre as a fraction of the image, width as screen pixels across the whole image.
  void setView(bool fit, double displayedWidth, QPointF centreFraction);

signals:
  void viewChanged(bool fit, double displayedWidth, QPointF centreFraction);
  // Image coordinates under the cursor; an invalid (NaN) point when it leaves the image.
  void hovered(QPointF imagePos);

protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  // Subclasses draw over the image with the painter already in image coordinates.
  virtual void paintOverlay(QPainter& painter);
  // Whether a left-button press pans; subclasses with editing tools take the left button themselves.
  virtual bool leftButtonPans() const { return true; }
  void reportHover(QPointF widgetPos);
  QTransform imageToWidget() const;

private:
  double fitZoom() const;
  void setZoom(double zoom, QPointF anchorWidget);
  void announce();
  void clampCentre();
  const QPixmap& scaledPixmap(QSize devicePixels);
  void drawStretchNote(QPainter& painter, const QRectF& target) const;

  QImage image_;
  QImage preview_;
  QString placeholder_;
  bool fit_ = true;
  double zoom_ = 1;
  QPointF centre_;
  QPixmap scaled_; // smooth downscaled copy at device resolution, for zoom < 1 device pixel
  qint64 scaledKey_ = 0;
  QSize scaledSize_;
  bool panning_ = false;
  QPointF panFrom_;
};

} // namespace spectrascope::ui::image
