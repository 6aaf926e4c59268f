#include "spectrascope/ui/audio/AudioViewArea.h"

#include "spectrascope/ui/audio/AudioLiveViews.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumView.h"

namespace spectrascope::ui {

AudioViewArea::AudioViewArea(QWidget* parent) : QSplitter(Qt::Vertical, parent)
{
  setObjectName(QStringLiteral("audioViewArea"));
  setChildrenCollapsible(false);
  fileView_ = new FileOverviewView(this);
  live_ = new AudioLiveViews(this);
  addWidget(fileView_);
  addWidget(live_);
  setStretchFactor(0, kFileShare);
  setStretchFactor(1, kSpectrumShare);
  fileView_->hide(); // until a file is the source
}

void AudioViewArea::showFile(bool file)
{
  if (file == showsFile_) return;
  showsFile_ = file;
  fileView_->setVisible(file);
  live_->spectrum()->setToolTip(file ? tr("The spectrum at the play cursor") : QString());
  layOut();
  if (file) fileView_->setFocus(); // its keys zoom and scroll at once
}

void AudioViewArea::showLiveSpectrogramWithFile(bool shown)
{
  if (shown == liveWithFile_) return;
  liveWithFile_ = shown;
  if (showsFile_) layOut();
}

void AudioViewArea::layOut()
{
  const bool live = !showsFile_ || liveWithFile_;
  live_->spectrogram()->setVisible(live);
  // A pane shown again would otherwise get whatever the splitter last gave it; the shares are relative.
  if (showsFile_) setSizes({kFileShare * 1000, (live ? kLiveShare : kSpectrumShare) * 1000});
}

void AudioViewArea::setTransformSize(int transformSize)
{
  SpectrogramRenderer& renderer = live_->spectrogram()->renderer();
  SpectrogramParameters p = renderer.parameters();
  p.fftSize = transformSize;
  renderer.setParameters(p);
}

void AudioViewArea::setDisplay(FrequencyScale scale, double rangeDb, double gainDb,
                               const std::string& colormap)
{
  live_->spectrum()->setDbRange(rangeDb);
  live_->spectrum()->setScale(scale);
  // The gain shifts the range the colours cover: a level L shows as L + gain within [-range, 0].
  SpectrogramRenderer& renderer = live_->spectrogram()->renderer();
  SpectrogramParameters p = renderer.parameters();
  p.minDb = -rangeDb - gainDb;
  p.maxDb = -gainDb;
  p.scale = scale;
  p.colormap = colormap;
  renderer.setParameters(p); // recolours and re-maps the whole history when drawn
  live_->spectrogram()->update();
  fileView_->setDisplay(scale, p.minDb, p.maxDb, p.colormap);
}

} // namespace spectrascope::ui
