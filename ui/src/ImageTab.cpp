#include "spectrascope/ui/ImageTab.h"

#include "spectrascope/ui/PlaceholderPage.h"

#include <QVBoxLayout>

namespace spectrascope::ui {

ImageTab::ImageTab(QWidget* parent) : QWidget(parent)
{
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(
      new PlaceholderPage(tr("Image"),
                          tr("Open an image to see its two-dimensional Fourier spectrum, then paint masks on "
                             "the spectrum to filter the image and watch the result change."),
                          this));
}

} // namespace spectrascope::ui
