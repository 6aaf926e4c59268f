#include "spectrascope/ui/LearnTab.h"

#include "spectrascope/ui/PlaceholderPage.h"

#include <QVBoxLayout>

namespace spectrascope::ui {

LearnTab::LearnTab(QWidget* parent) : QWidget(parent)
{
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(
      new PlaceholderPage(tr("Learn"),
                          tr("Step through a fast Fourier transform stage by stage, from a sum of sinusoids "
                             "to the butterflies, with the numbers shown at every step."),
                          this));
}

} // namespace spectrascope::ui
