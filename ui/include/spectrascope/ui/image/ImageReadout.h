#pragma once
// The line under the Image tab's views that names what the cursor points at: a pixel of the original or
// the filtered image, or a bin of the spectrum with the mask's value there. It keeps the point the cursor
// rests on and says again whenever what lies under it changes (a new mask, result or image), so it never
// shows a value from before the latest click, drag or stroke.

#include "spectrascope/ui/image/MaskEditor.h"

#include <QImage>
#include <QLabel>
#include <QPointF>

#include <memory>
#include <optional>

namespace spectrascope::imaging {
class FilterPipeline;
}

namespace spectrascope::ui::image {

class MaskedSpectrumView;

class ImageReadout : public QLabel
{
  Q_OBJECT

public:
  enum class View { Original, Spectrum, Result };

  ImageReadout(const MaskedSpectrumView* spectrumView, QWidget* parent = nullptr);

  // The cursor at `imagePos` of a view's image; NaN coordinates: it left the picture.
  void hover(View view, QPointF imagePos);
  void setOriginal(const QImage& image);
  void setResult(const QImage& image);
  void setPipeline(std::shared_ptr<const imaging::FilterPipeline> pipeline);
  void setMask(const MaskState& mask);

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

private:
  static constexpr int kLeastWidth = 100;

  void refresh();
  QString spectrumText(QPointF imagePos) const;

  const MaskedSpectrumView* spectrumView_;
  QImage original_, result_;
  std::shared_ptr<const imaging::FilterPipeline> pipeline_;
  MaskState mask_;
  std::optional<std::pair<View, QPointF>> hovered_;
};

} // namespace spectrascope::ui::image
