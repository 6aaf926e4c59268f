#include "spectrascope/ui/image/ImageReadout.h"

#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/engine/imaging/MaskComposition.h"
#include "spectrascope/ui/image/CursorReadout.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"

#include <QFontDatabase>

#include <cmath>

namespace spectrascope::ui::image {

ImageReadout::ImageReadout(const MaskedSpectrumView* spectrumView, QWidget* parent)
    : QLabel(parent), spectrumView_(spectrumView)
{
  setObjectName(QStringLiteral("cursorReadout"));
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  // As wide as its text where there is room, so that a load's sentence beside it has the rest; a long
  // readout is cut at the window's edge rather than widening the tab (see minimumSizeHint()).
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

// With the cursor off the pictures the readout says nothing and takes no room from the line (an empty
// label would keep a few pixels); its height stays, so that the line does not jump when it speaks.
QSize ImageReadout::sizeHint() const
{
  return {text().isEmpty() ? 0 : QLabel::sizeHint().width(), QLabel::sizeHint().height()};
}

// A few characters when it says something.
QSize ImageReadout::minimumSizeHint() const
{
  return {text().isEmpty() ? 0 : kLeastWidth, QLabel::minimumSizeHint().height()};
}

void ImageReadout::hover(View view, QPointF imagePos)
{
  if (std::isnan(imagePos.x()))
    hovered_.reset();
  else
    hovered_ = {view, imagePos};
  refresh();
}

void ImageReadout::setOriginal(const QImage& image)
{
  original_ = image;
  refresh();
}

void ImageReadout::setResult(const QImage& image)
{
  result_ = image;
  refresh();
}

void ImageReadout::setPipeline(std::shared_ptr<const imaging::FilterPipeline> pipeline)
{
  pipeline_ = std::move(pipeline);
  refresh();
}

void ImageReadout::setMask(const MaskState& mask)
{
  mask_ = mask;
  if (hovered_ && hovered_->first == View::Spectrum) refresh();
}

void ImageReadout::refresh()
{
  if (!hovered_) return clear();
  const auto [view, pos] = *hovered_;
  switch (view) {
  case View::Original:
    return setText(pixelReadout(original_, pos));
  case View::Result:
    return setText(pixelReadout(result_, pos));
  case View::Spectrum:
    return setText(spectrumText(pos));
  }
}

QString ImageReadout::spectrumText(QPointF imagePos) const
{
  if (!pipeline_) return {};
  SpectrumBin bin;
  const QPointF b = spectrumView_->binAt(imagePos);
  bin.u = std::lround(b.x()), bin.v = std::lround(b.y());
  bin.width = long(pipeline_->width()), bin.height = long(pipeline_->height());
  bin.value = pipeline_->binValue(bin.u, bin.v);
  // The mask being edited, not the one last applied: the readout answers for what the spectrum shows.
  const bool sized =
      mask_.paint == nullptr || mask_.paint->size() == pipeline_->width() * pipeline_->height();
  if (sized)
    bin.maskValue = float(imaging::composedMaskValue(mask_.spec, mask_.paint.get(), mask_.inverted, bin.u,
                                                     bin.v, pipeline_->width(), pipeline_->height()));
  return spectrumReadout(bin);
}

} // namespace spectrascope::ui::image
