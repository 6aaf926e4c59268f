#include "spectrascope/ui/image/ImageViews.h"

#include "spectrascope/ui/ElidedLabel.h"

#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"
#include "spectrascope/ui/image/ZoomableImageView.h"

#include <QGridLayout>
#include <QLabel>

#include <array>

namespace spectrascope::ui::image {
namespace {

// A column's heading is shortened with "…" rather than widen its column: the three views keep one width,
// so a picture and its spectrum are shown at one scale (the spectrum's longer heading made its column
// wider on a narrow window: 226 pixels against 195).
QLabel* heading(const QString& text, QWidget* parent)
{
  auto* label = new ElidedLabel(parent);
  QFont font = label->font();
  font.setBold(true);
  label->setFont(font);
  label->setAlignment(Qt::AlignHCenter);
  label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  label->setFullText(text);
  label->setToolTip(text);
  return label;
}

} // namespace

ImageViews::ImageViews(QWidget* parent) : QWidget(parent)
{
  original_ = new ZoomableImageView(this);
  original_->setObjectName(QStringLiteral("originalView"));
  spectrum_ = new MaskedSpectrumView(this);
  spectrum_->setObjectName(QStringLiteral("spectrumView"));
  result_ = new ZoomableImageView(this);
  result_->setObjectName(QStringLiteral("resultView"));
  original_->setPlaceholderText(tr("Opening the picture…"));
  spectrum_->setPlaceholderText(tr("Its spectrum appears here once it is transformed."));
  result_->setPlaceholderText(tr("The filtered picture appears here."));
  caption_ = new QLabel(this);
  caption_->setObjectName(QStringLiteral("imageName"));
  caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  caption_->setWordWrap(true); // a long file name takes a second line, not a wider tab
  // Why the last file could not be opened, in the tab itself: the status bar's line is short and the
  // next message replaces it.
  problem_ = new QLabel(this);
  problem_->setObjectName(QStringLiteral("imageProblem"));
  problem_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
  problem_->setWordWrap(true);
  problem_->hide();
  connect(problem_, &QLabel::linkActivated, problem_, &QLabel::hide); // "Dismiss": read, put away

  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(caption_, 0, 0, 1, 3);
  grid->addWidget(problem_, 1, 0, 1, 3);
  grid->addWidget(heading(tr("Original"), this), 2, 0);
  grid->addWidget(heading(tr("Spectrum (DC centred) and mask"), this), 2, 1);
  grid->addWidget(heading(tr("Filtered"), this), 2, 2);
  const std::array<ZoomableImageView*, 3> all = {original_, spectrum_, result_};
  constexpr ImageReadout::View kinds[] = {ImageReadout::View::Original, ImageReadout::View::Spectrum,
                                          ImageReadout::View::Result};
  for (int column = 0; column < 3; ++column) {
    grid->addWidget(all[column], 3, column);
    grid->setColumnStretch(column, 1);
    connect(all[column], &ZoomableImageView::hovered, this,
            [this, kind = kinds[column]](QPointF p) { emit hovered(kind, p); });
    for (ZoomableImageView* other : all)
      if (other != all[column])
        connect(all[column], &ZoomableImageView::viewChanged, other, &ZoomableImageView::setView);
  }
}

void ImageViews::showCaption(const LoadedImage& loaded)
{
  const imaging::FilterPipeline& pipeline = *loaded.pipeline;
  const QImage& picture = loaded.original;
  QString text = tr("<b>%1</b> — %2 × %3, %4 on %5")
                     .arg(loaded.name.toHtmlEscaped())
                     .arg(picture.width())
                     .arg(picture.height())
                     .arg(pipeline.channels() == 3 ? tr("R, G, B filtered separately")
                          : picture.isGrayscale()  ? tr("grey")
                                                   : tr("its luminance filtered"))
                     .arg(QString::fromStdString(pipeline.backendName()));
  // The spectrum shown is then the padded one, whose bins the mask and the notches use.
  if (pipeline.padding() != imaging::PadMode::None)
    text += tr("; spectrum %1 × %2, %3-padded")
                .arg(pipeline.width())
                .arg(pipeline.height())
                .arg(QString::fromStdString(toString(pipeline.padding())));
  caption_->setText(text);
  // The same picture again (another backend, padding) leaves the last failure's line; another clears it.
  if (!loaded.sameImage) problem_->hide();
}

void ImageViews::showLoadFailure(const QString& detail, const QString& stillShown)
{
  QString text = tr("<b>Could not open it.</b> %1").arg(detail.toHtmlEscaped());
  if (!stillShown.isEmpty()) text += tr(" Still showing %1.").arg(stillShown.toHtmlEscaped());
  text += QStringLiteral(" <a href=\"dismiss\">%1</a>").arg(tr("Dismiss"));
  problem_->setText(text);
  problem_->show();
}

} // namespace spectrascope::ui::image
