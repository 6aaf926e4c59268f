#pragma once
// The Image tab's three panes side by side, original, spectrum with its mask, filtered result, under a
// line naming the picture. Zoom and pan are linked: every view follows the one the user moves. Until the
// first picture arrives each pane says what it waits for instead of staying dark.

#include "spectrascope/ui/image/ImageReadout.h"
#include "spectrascope/ui/image/ImageWorker.h"

#include <QWidget>

class QLabel;

namespace spectrascope::ui::image {

class MaskedSpectrumView;
class ZoomableImageView;

class ImageViews : public QWidget
{
  Q_OBJECT

public:
  explicit ImageViews(QWidget* parent = nullptr);

  ZoomableImageView* original() const { return original_; }
  MaskedSpectrumView* spectrum() const { return spectrum_; }
  ZoomableImageView* result() const { return result_; }
  // "<b>name</b> — W × H, how it is filtered, on which backend" and the padded spectrum's size.
  void showCaption(const LoadedImage& loaded);
  // A line under the caption saying why a file could not be opened, and which picture is still shown;
  // the next other picture shown clears it.
  void showLoadFailure(const QString& detail, const QString& stillShown);

signals:
  // The cursor over a view's image (NaN when it left it), for the readout.
  void hovered(spectrascope::ui::image::ImageReadout::View view, QPointF imagePos);

private:
  ZoomableImageView* original_ = nullptr;
  MaskedSpectrumView* spectrum_ = nullptr;
  ZoomableImageView* result_ = nullptr;
  QLabel* caption_ = nullptr;
  QLabel* problem_ = nullptr;
};

} // namespace spectrascope::ui::image
