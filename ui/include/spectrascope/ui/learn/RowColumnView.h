#pragma once
// The 2D transform as a row pass and a column pass (RowColumnPasses.h), drawn as three pictures side by
// side: the input image, log(1 + |X|) after the row transforms (each row centred, DC in the middle
// column), and log(1 + |X|) after the column transforms (centred both ways: the image's 2D spectrum).
// Passes beyond the current step are left blank, as the 1D diagram leaves later stages unlit.
//
// The pictures come from passPicture(), plain data in and a QImage out, so tests check them without a
// window.

#include "spectrascope/engine/learn/RowColumnPasses.h"

#include <QImage>
#include <QWidget>

#include <memory>

namespace spectrascope::ui {

// The picture prepared for the passes: luminance 0..1 (Y = 0.299 R + 0.587 G + 0.114 B, as the CLI's
// `spectrum`) of its centred square scaled to side x side, row-major. Zeros for a null image.
std::vector<float> squareLuminance(const QImage& image, int side);

// 8-bit grey picture of pass 0 (the input's real part, min-max scaled), 1 (log magnitude, rows centred)
// or 2 (log magnitude, centred both ways).
QImage passPicture(const spectrascope::learn::RowColumnPasses& passes, int pass);

class RowColumnView : public QWidget
{
  Q_OBJECT

public:
  explicit RowColumnView(QWidget* parent = nullptr);

  void setPasses(std::shared_ptr<const spectrascope::learn::RowColumnPasses> passes);
  // 0: the input only; 1: after the row pass; 2: after the column pass too.
  void setPass(int pass);
  QSize sizeHint() const override { return {660, 280}; }
  QSize minimumSizeHint() const override { return {360, 160}; }
  // The part of the widget the pictures and captions take (the rest is empty below them).
  QSize contentSize() const;

protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

private:
  static constexpr qreal kGap = 12, kCaptionHeight = 34;
  qreal pictureSide() const;
  qreal captionHeight(qreal side) const;
  static QStringList titles();

  std::shared_ptr<const spectrascope::learn::RowColumnPasses> passes_;
  QImage pictures_[3];
  int pass_ = 0;
};

} // namespace spectrascope::ui
