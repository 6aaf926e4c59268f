#include "spectrascope/ui/learn/RowColumnView.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {

using Values = std::vector<std::complex<float>>;

// Min-max scales `level` (width * height values, row-major) to 8-bit grey, reading pixel (x, y) from
// ((x + dx) mod width, (y + dy) mod height): a shift by half the size puts DC in the middle.
QImage greyPicture(const std::vector<float>& level, std::size_t width, std::size_t height, std::size_t dx,
                   std::size_t dy)
{
  const auto [low, high] = std::minmax_element(level.begin(), level.end());
  const float span = *high - *low > 0 ? *high - *low : 1.0f;
  QImage image(int(width), int(height), QImage::Format_Grayscale8);
  for (std::size_t y = 0; y < height; ++y) {
    uchar* line = image.scanLine(int(y));
    const std::size_t sy = (y + dy) % height;
    for (std::size_t x = 0; x < width; ++x)
      line[x] = uchar(std::lround(255.0f * (level[sy * width + (x + dx) % width] - *low) / span));
  }
  return image;
}

// log(1 + |X|): the spectrum's few huge values (DC above all) would otherwise leave the rest black.
std::vector<float> logMagnitude(const Values& values)
{
  std::vector<float> level(values.size());
  std::transform(values.begin(), values.end(), level.begin(),
                 [](std::complex<float> v) { return std::log1p(std::abs(v)); });
  return level;
}

} // namespace

std::vector<float> squareLuminance(const QImage& image, int side)
{
  if (image.isNull() || side <= 0) return std::vector<float>(side > 0 ? std::size_t(side) * side : 0, 0.0f);
  const int edge = std::min(image.width(), image.height());
  const QImage square = image.copy((image.width() - edge) / 2, (image.height() - edge) / 2, edge, edge)
                            .scaled(side, side, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                            .convertToFormat(QImage::Format_RGB32);
  std::vector<float> pixels(std::size_t(side) * std::size_t(side));
  for (int y = 0; y < side; ++y) {
    const auto* line = reinterpret_cast<const QRgb*>(square.constScanLine(y));
    for (int x = 0; x < side; ++x)
      pixels[std::size_t(y) * side + x] =
          float(0.299 * qRed(line[x]) + 0.587 * qGreen(line[x]) + 0.114 * qBlue(line[x])) / 255.0f;
  }
  return pixels;
}

QImage passPicture(const spectrascope::learn::RowColumnPasses& p, int pass)
{
  if (p.width == 0 || p.height == 0) return {};
  if (pass <= 0) {
    std::vector<float> level(p.input.size());
    std::transform(p.input.begin(), p.input.end(), level.begin(),
                   [](std::complex<float> v) { return v.real(); });
    return greyPicture(level, p.width, p.height, 0, 0);
  }
  if (pass == 1) return greyPicture(logMagnitude(p.afterRows), p.width, p.height, (p.width + 1) / 2, 0);
  return greyPicture(logMagnitude(p.afterColumns), p.width, p.height, (p.width + 1) / 2, (p.height + 1) / 2);
}

RowColumnView::RowColumnView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnRowColumnView"));
}

void RowColumnView::setPasses(std::shared_ptr<const spectrascope::learn::RowColumnPasses> passes)
{
  passes_ = std::move(passes);
  for (int i = 0; i < 3; ++i)
    pictures_[i] = passes_ ? passPicture(*passes_, i) : QImage();
  update();
}

void RowColumnView::setPass(int pass)
{
  pass_ = std::clamp(pass, 0, 2);
  update();
}

QStringList RowColumnView::titles()
{
  return {tr("Input (luminance)"), tr("After the row pass: log |X| of each row"),
          tr("After the column pass: log |X|, the 2D spectrum")};
}

// The captions wrap to the pictures' width: three lines where the pictures are narrow (at an 800-pixel
// window), where a fixed two lines cut the third off.
qreal RowColumnView::captionHeight(qreal side) const
{
  int tallest = 0;
  for (const QString& title : titles())
    tallest = std::max(
        tallest, fontMetrics().boundingRect(QRect(0, 0, int(side), 1000), Qt::TextWordWrap, title).height());
  return std::max<qreal>(kCaptionHeight, tallest + 6);
}

// Three squares side by side, as large as the width and height allow.
qreal RowColumnView::pictureSide() const
{
  const qreal widest = (width() - 4 * kGap) / 3;
  const qreal side = std::min(widest, height() - captionHeight(widest) - 2 * kGap);
  return std::max<qreal>(16, std::min(side, height() - captionHeight(side) - 2 * kGap));
}

QSize RowColumnView::contentSize() const
{
  const qreal side = pictureSide();
  return {width(), int(std::ceil(side + captionHeight(side) + 2 * kGap))};
}

// No taller than the pictures the width allows: on a wide, short page the extra height was an empty band
// between the pictures and the text under them.
void RowColumnView::resizeEvent(QResizeEvent* event)
{
  QWidget::resizeEvent(event);
  const qreal widest = (width() - 4 * kGap) / 3;
  setMaximumHeight(
      std::max(minimumSizeHint().height(), int(std::ceil(widest + captionHeight(widest) + 2 * kGap))));
}

void RowColumnView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.fillRect(rect(), palette().color(QPalette::Window));
  const QStringList titles = RowColumnView::titles();
  const QString waiting[3] = {tr("Computing…"), tr("Step forward (→) to transform every row"),
                              tr("Step forward (→) to transform every column")};
  const qreal side = pictureSide();
  const QColor caption = palette().color(QPalette::PlaceholderText);
  const QColor active(0x1f, 0x6f, 0xb4);
  for (int i = 0; i < 3; ++i) {
    const QRectF box(kGap + i * (side + kGap), kGap, side, side);
    const bool shown = passes_ && i <= pass_;
    if (shown) {
      painter.setRenderHint(QPainter::SmoothPixmapTransform, false); // pixels stay pixels, as on a slide
      painter.drawImage(box, pictures_[i]);
    } else {
      painter.fillRect(box, palette().color(QPalette::Base));
      painter.setPen(caption);
      painter.drawText(box.adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, waiting[i]);
    }
    painter.setPen(QPen(i == pass_ ? active : caption, i == pass_ ? 3 : 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(box.adjusted(-1, -1, 1, 1));
    if (i < 2) {
      painter.setPen(caption);
      painter.drawText(QRectF(box.right(), box.center().y() - 10, kGap, 20), Qt::AlignCenter,
                       QStringLiteral("›"));
    }
    painter.setPen(i == pass_ ? palette().color(QPalette::WindowText) : caption);
    painter.drawText(QRectF(box.left(), box.bottom() + 4, side, captionHeight(side)),
                     Qt::AlignHCenter | Qt::TextWordWrap, titles[i]);
  }
}

} // namespace spectrascope::ui
