#include "spectrascope/ui/learn/PictureTile.h"

#include <QPainter>

namespace spectrascope::ui {

PictureTile::PictureTile(const QString& caption, QWidget* parent) : QWidget(parent), caption_(caption) {}

void PictureTile::setImage(const QImage& image)
{
  image_ = image;
  placeholder_.clear();
  update();
}

void PictureTile::setCaption(const QString& caption)
{
  caption_ = caption;
  update();
}

void PictureTile::setPlaceholder(const QString& text)
{
  image_ = {};
  placeholder_ = text;
  update();
}

void PictureTile::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  const QFontMetrics metrics(font());
  // The caption wraps onto two lines at most, under the picture.
  const QRect captionRect(0, height() - 2 * metrics.height() - 2, width(), 2 * metrics.height() + 2);
  const QRect area = rect().adjusted(0, 0, 0, -captionRect.height() - 2);
  painter.setPen(palette().color(QPalette::WindowText));
  painter.drawText(captionRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, caption_);
  if (image_.isNull()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
    return;
  }
  QSize size = image_.size().scaled(area.size(), Qt::KeepAspectRatio);
  const QRect target(area.left() + (area.width() - size.width()) / 2,
                     area.top() + (area.height() - size.height()) / 2, size.width(), size.height());
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.drawImage(target, image_);
}

} // namespace spectrascope::ui
