#pragma once
// One picture of the phase lesson with its caption underneath, scaled to fit and kept in proportion.

#include <QImage>
#include <QWidget>

namespace spectrascope::ui {

class PictureTile : public QWidget
{
  Q_OBJECT

public:
  explicit PictureTile(const QString& caption, QWidget* parent = nullptr);

  void setImage(const QImage& image);
  const QImage& image() const { return image_; }
  void setCaption(const QString& caption);
  const QString& caption() const { return caption_; }
  // Said in place of the picture while there is none ("computing…", or why there is none).
  void setPlaceholder(const QString& text);

  QSize sizeHint() const override { return {200, 200}; }
  QSize minimumSizeHint() const override { return {90, 90}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  QImage image_;
  QString caption_;
  QString placeholder_;
};

} // namespace spectrascope::ui
