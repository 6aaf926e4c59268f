#include "spectrascope/ui/AudioTab.h"

#include "spectrascope/ui/PlaceholderPage.h"

#include <QVBoxLayout>

namespace spectrascope::ui {

AudioTab::AudioTab(QWidget* parent) : QWidget(parent)
{
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(
      new PlaceholderPage(tr("Audio"),
                          tr("Play a sound file or the microphone to see its live spectrum and a scrolling "
                             "spectrogram, and hear what frequency-domain filters do to it."),
                          this));
}

} // namespace spectrascope::ui
