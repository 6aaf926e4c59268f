#include "spectrascope/ui/audio/AudioFilePanel.h"

#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/FileDetailLoader.h"
#include "spectrascope/ui/audio/FileOverviewView.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {
// A file's length as the header gives it: seconds to a tenth from one second on; below, milliseconds
// to a tenth ("50 ms", "21.3 ms"), so a short file does not read as "0.1 s" or "0.0 s"; under a
// millisecond its samples and their time to a sample's ("10 samples, 208 µs", not "0.2 ms" or "0 ms").
QString durationText(const AudioFileOverview& file)
{
  const double seconds = file.seconds();
  if (seconds >= 1) return AudioFilePanel::tr("%1 s").arg(seconds, 0, 'f', 1);
  if (seconds < 1e-3)
    return (file.frames == 1 ? AudioFilePanel::tr("1 sample, %1")
                             : AudioFilePanel::tr("%1 samples, %2").arg(file.frames))
        .arg(axis_painter::timeText(seconds, 1.0 / file.sampleRate));
  return AudioFilePanel::tr("%1 ms").arg(QString::number(std::round(seconds * 1e4) / 10, 'g', 6));
}
} // namespace

AudioFilePanel::AudioFilePanel(FileOverviewView* view, QWidget* parent) : QWidget(parent), overview_(view)
{
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  playButton_ = new QPushButton(tr("Play"), this);
  playButton_->setObjectName(QStringLiteral("playButton"));
  playButton_->setShortcut(Qt::Key_Space);
  playButton_->setToolTip(tr("Play or pause the file (Space)"));
  playButton_->setWhatsThis(tr("Play or pause the file"));
  fileLabel_ = new ElidedLabel(this);
  fileLabel_->setObjectName(QStringLiteral("audioFileDescription"));
  // A long name must not widen the tab past a small screen: the label takes the room there is, ends in
  // "…" where the description is cut, and its tooltip holds the whole description.
  fileLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  progress_ = new QProgressBar(this);
  progress_->setObjectName(QStringLiteral("loadingProgress"));
  progress_->setRange(0, 1000);
  progress_->setTextVisible(false);
  cancelButton_ = new QPushButton(tr("Cancel"), this);
  cancelButton_->setObjectName(QStringLiteral("cancelLoading"));
  liveToggle_ = new QCheckBox(tr("Live spectrogram"), this);
  liveToggle_->setObjectName(QStringLiteral("liveSpectrogramWithFile"));
  liveToggle_->setToolTip(tr("Also show the scrolling spectrogram of what is played, below the file's "
                             "picture, at the analysis settings chosen"));
  liveToggle_->setChecked(QSettings().value(kLiveSetting, false).toBool());
  row->addWidget(playButton_);
  row->addWidget(liveToggle_);
  row->addWidget(fileLabel_, 1);
  row->addWidget(progress_, 1);
  row->addWidget(cancelButton_);
  for (QWidget* w : {static_cast<QWidget*>(playButton_), static_cast<QWidget*>(liveToggle_),
                     static_cast<QWidget*>(progress_), static_cast<QWidget*>(cancelButton_)})
    w->hide();
  fileLabel_->setFullText(tr("Drop a sound file here, or open one (Ctrl+Shift+O)."));
  fileLabel_->setForegroundRole(QPalette::PlaceholderText);

  connect(&loading_, &QFutureWatcher<AudioFileOverview>::finished, this, &AudioFilePanel::onLoaded);
  connect(&loading_, &QFutureWatcher<AudioFileOverview>::progressValueChanged, progress_,
          &QProgressBar::setValue);
  connect(playButton_, &QPushButton::clicked, this, &AudioFilePanel::playToggled);
  connect(liveToggle_, &QCheckBox::toggled, this, [this](bool shown) {
    QSettings().setValue(kLiveSetting, shown);
    emit liveSpectrogramToggled(shown);
  });
  connect(cancelButton_, &QPushButton::clicked, this, &AudioFilePanel::cancelLoading);
  connect(overview_, &FileOverviewView::seekRequested, this, &AudioFilePanel::seekRequested);
  detailTimer_ = new QTimer(this);
  detailTimer_->setSingleShot(true);
  detailTimer_->setInterval(kDetailDelayMs);
  connect(overview_, &FileOverviewView::viewChanged, detailTimer_, qOverload<>(&QTimer::start));
  connect(detailTimer_, &QTimer::timeout, this, &AudioFilePanel::requestDetail);
  details_ = new FileDetailLoader(this);
  connect(details_, &FileDetailLoader::detailReady, overview_, &FileOverviewView::setDetail);
}

AudioFilePanel::~AudioFilePanel()
{
  loading_.cancel();
  loading_.waitForFinished(); // stops between chunks: at most one chunk's work
}

std::shared_ptr<Engine> AudioFilePanel::engine() const
{
  return service_ ? service_->engine() : nullptr;
}

void AudioFilePanel::open(const QString& path, int channel)
{
  if (loading_.isRunning()) {
    loading_.cancel();
    loading_.waitForFinished(); // between chunks: short
  }
  loading_.setFuture(QtConcurrent::run(loadAudioFileOverview, path, channel, engine()));
  fileLabel_->setFullText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
  progress_->setValue(0);
  progress_->show();
  cancelButton_->show();
}

void AudioFilePanel::cancelLoading()
{
  loading_.cancel();
}

// A zoomed overview shows the whole file's columns magnified until the tiles of the stretch in view
// have been computed (in the background) or are found in the detail cache.
void AudioFilePanel::requestDetail()
{
  if (file_.path.isEmpty()) return;
  details_->request(overview_->viewStart(), overview_->viewSpan(), overview_->plotPixels().width(), engine());
}

void AudioFilePanel::onLoaded()
{
  progress_->hide();
  cancelButton_->hide();
  const bool wasCancelled = loading_.isCanceled() || loading_.future().resultCount() == 0;
  const AudioFileOverview loadedFile = wasCancelled ? AudioFileOverview{} : loading_.result();
  const QString previous = file_.path.isEmpty() ? tr("Drop a sound file here, or open one (Ctrl+Shift+O).")
                                                : fileLabel_->toolTip();
  if (wasCancelled || !loadedFile.error.isEmpty()) { // the previous file stays
    fileLabel_->setFullText(previous);
    if (!wasCancelled)
      emit failed(tr("Cannot open the audio file"), loadedFile.error);
    else
      emit cancelled();
    return;
  }
  file_ = loadedFile;
  details_->setFile(file_);
  const QString description = tr("%1 — %2, %3 Hz, %4 channel(s), %5")
                                  .arg(QFileInfo(file_.path).fileName(), file_.formatName)
                                  .arg(file_.sampleRate)
                                  .arg(file_.channels)
                                  .arg(durationText(file_));
  description_ = description;
  fileLabel_->setFullText(description);
  fileLabel_->setToolTip(description);
  fileLabel_->setForegroundRole(QPalette::WindowText);
  overview_->setOverview(file_);
  emit loaded();
}

bool AudioFilePanel::wantsLiveSpectrogram() const
{
  return liveToggle_->isChecked();
}

void AudioFilePanel::showPlayButton(bool visible)
{
  playButton_->setVisible(visible);
  liveToggle_->setVisible(visible);
  if (description_.isEmpty()) return;
  // With another input the file stays loaded but greyed, saying so: its name above the live views read as
  // if it were what they showed.
  fileLabel_->setFullText(visible ? description_ : tr("Loaded, not the input now: %1").arg(description_));
  fileLabel_->setForegroundRole(visible ? QPalette::WindowText : QPalette::PlaceholderText);
}

void AudioFilePanel::showPlaying(bool playing)
{
  playButton_->setText(playing ? tr("Pause") : tr("Play"));
}

void AudioFilePanel::setPosition(double seconds)
{
  overview_->setPosition(seconds);
}

} // namespace spectrascope::ui
