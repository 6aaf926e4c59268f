#include "spectrascope/ui/AudioTab.h"

#include "spectrascope/ui/audio/AudioControls.h"
#include "spectrascope/ui/audio/AudioDrops.h"
#include "spectrascope/ui/audio/AudioExport.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/AudioFilePanel.h"
#include "spectrascope/ui/audio/AudioFileSource.h"
#include "spectrascope/ui/audio/AudioLiveViews.h"
#include "spectrascope/ui/audio/AudioMicrophone.h"
#include "spectrascope/ui/audio/AudioResultsRouter.h"
#include "spectrascope/ui/audio/AudioSession.h"
#include "spectrascope/ui/audio/AudioStatusLine.h"
#include "spectrascope/ui/audio/AudioViewArea.h"
#include "spectrascope/ui/audio/CaptureBanner.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/LevelMeter.h"
#include "spectrascope/ui/audio/SpectrumView.h"
#include "spectrascope/ui/capture/CaptureSupervisor.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHideEvent>
#include <QShowEvent>
#include <QVBoxLayout>

namespace spectrascope::ui {

AudioTab::AudioTab(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("audioTab"));
  session_ = new AudioSession(this);
  layOut();
  openAction_ = new QAction(tr("Open &Audio…"), this);
  openAction_->setObjectName(QStringLiteral("openAudioAction"));
  openAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  openAction_->setShortcutContext(Qt::WindowShortcut);
  addAction(openAction_);
  connectParts();
  controls_->restoreSettings();
  connectControls();
  applyDisplaySettings();
  applyAveragingSettings();
  startAnalysis();
}

// Controls on the left; on the right the file bar, the microphone's banner, the views (the larger part)
// and the status lines.
void AudioTab::layOut()
{
  views_ = new AudioViewArea(this);
  live_ = views_->liveViews();
  spectrum_ = live_->spectrum();
  spectrogram_ = live_->spectrogram();
  filePanel_ = new AudioFilePanel(views_->fileView(), this);
  views_->showLiveSpectrogramWithFile(filePanel_->wantsLiveSpectrogram());
  connect(filePanel_, &AudioFilePanel::liveSpectrogramToggled, views_,
          &AudioViewArea::showLiveSpectrogramWithFile);
  auto* banner = new CaptureBanner(this);
  status_ = new AudioStatusLine(this);
  auto* right = new QVBoxLayout;
  right->addWidget(filePanel_);
  right->addWidget(banner);
  right->addWidget(views_, 1);
  right->addWidget(status_);
  controls_ = new AudioControls(this);
  level_ = controls_->levelMeter();
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(controls_);
  layout->addLayout(right, 1);
  microphone_ = new AudioMicrophone(session_, controls_, banner, this);
  files_ = new AudioFileSource(filePanel_, session_, this);
  results_ = new AudioResultsRouter(session_, live_, level_, controls_, this);
}

// What the parts say goes to the status line (errors also to whoever listens to errorMessage); a file
// read or dropped becomes the source; the display clock moves the file's cursor while it plays.
void AudioTab::connectParts()
{
  connect(this, &AudioTab::errorMessage, status_, &AudioStatusLine::showError);
  connect(session_, &AudioSession::errorMessage, this, &AudioTab::errorMessage);
  connect(microphone_, &AudioMicrophone::notice, status_, &AudioStatusLine::showNotice);
  connect(files_, &AudioFileSource::notice, status_, &AudioStatusLine::showNotice);
  connect(files_, &AudioFileSource::errorMessage, this, &AudioTab::errorMessage);
  connect(files_, &AudioFileSource::loaded, this, [this] { setSource(Source::File); });
  connect(openAction_, &QAction::triggered, this, [this] { files_->choose(controls_->channel()); });
  connect(new AudioDrops(this), &AudioDrops::fileDropped, this, &AudioTab::openFile);
  connect(results_, &AudioResultsRouter::figuresChanged, status_, &AudioStatusLine::showFigures);
  connect(results_, &AudioResultsRouter::ticked, this, [this] {
    if (source_ == Source::File && files_->isPlaying()) files_->showPosition();
  });
}

AudioTab::~AudioTab()
{
  controls_->saveSettings();
  delete filePanel_; // waits for the reading in progress
  delete session_;   // stops capture, joins the threads
}

void AudioTab::connectControls()
{
  connect(controls_, &AudioControls::sourceActivated, this, [this](int index) {
    if (index == 2 && loadedFile().isEmpty()) {
      files_->choose(controls_->channel()); // nothing loaded yet: ask, keep the current source meanwhile
      controls_->showSource(int(source_));
      return;
    }
    setSource(Source(index));
  });
  connect(controls_, &AudioControls::openRequested, this, [this] { files_->choose(controls_->channel()); });
  connect(controls_, &AudioControls::microphoneChoiceChanged, this, [this] {
    controls_->saveSettings();
    microphone_->restartWithChoice();
  });
  connect(controls_, &AudioControls::generatorChanged, this, &AudioTab::applyGeneratorSettings);
  connect(controls_, &AudioControls::analysisChanged, this, &AudioTab::applyAnalysisSettings);
  connect(controls_, &AudioControls::displayChanged, this, &AudioTab::applyDisplaySettings);
  connect(controls_, &AudioControls::averagingChanged, this, &AudioTab::applyAveragingSettings);
  connect(controls_, &AudioControls::captureToggled, this,
          [this] { microphone_->setPaused(!microphone_->isPaused()); });
  connect(controls_, &AudioControls::notice, status_, &AudioStatusLine::showNotice);
  connect(controls_, &AudioControls::exportSpectrogramChosen, this,
          [this](const QString& path) { exportSpectrogram(path); });
  connect(controls_, &AudioControls::exportSpectrumChosen, this,
          [this](const QString& path) { exportSpectrum(path); });
}

// ---- threads and sources -----------------------------------------------------------------------------

void AudioTab::startAnalysis()
{
  started_ = true;
  applyGeneratorSettings();
  applyAnalysisSettings();
  session_->start();
}

// Starts `source` and stops the others; a file's picture becomes the main view while it is the source.
void AudioTab::setSource(Source source)
{
  source_ = source;
  controls_->showSource(int(source));
  session_->runGenerator(source == Source::Generator);
  views_->showFile(source == Source::File);
  files_->setActive(source == Source::File);
  microphone_->select(source == Source::Microphone); // choosing the microphone also ends a pause
  results_->sourceChanged();
  const bool wholeFile = source == Source::File && files_->file().isShorterThanOneFrame();
  results_->showWholeFile(wholeFile ? &files_->file() : nullptr);
  if (source == Source::Generator) status_->showNotice(tr("Analysing the signal generator"));
  emit inputChanged();
}

void AudioTab::setMicrophonePaused(bool paused)
{
  microphone_->setPaused(paused);
}

bool AudioTab::isMicrophonePaused() const
{
  return microphone_->isPaused();
}

// While another tab is shown nobody sees the generator's analysis: the generator, the analysis' polling
// and the display timer rest (about 8% of a core otherwise). A file keeps playing (it is heard) and the
// microphone keeps capturing (its supervision decides about it).
void AudioTab::hideEvent(QHideEvent* event)
{
  QWidget::hideEvent(event);
  if (event->spontaneous()) return; // a minimised window: keep going, as other players do
  restingHidden_ = true;
  results_->setResting(true);
  session_->setPolling(false);
  if (source_ == Source::Generator) session_->runGenerator(false);
}

void AudioTab::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (!restingHidden_) return;
  restingHidden_ = false;
  results_->setResting(false);
  session_->setPolling(true);
  if (source_ == Source::Generator) session_->runGenerator(true);
}

// ---- engine ------------------------------------------------------------------------------------------

void AudioTab::setEngineService(EngineService* service)
{
  filePanel_->setEngineService(service);
  session_->followEngine(service);
}

void AudioTab::setTimingFeed(TimingFeed* feed)
{
  results_->setTimingFeed(feed);
}

QString AudioTab::backendName() const
{
  return results_->backend();
}

// ---- files -------------------------------------------------------------------------------------------

bool AudioTab::isAudioFileName(const QString& path)
{
  return AudioDrops::isAudioFileName(path);
}

void AudioTab::openFile(const QString& path)
{
  files_->open(path, controls_->channel());
}

bool AudioTab::showsFileView() const
{
  return views_->showsFile();
}

// ---- settings into the pipeline ----------------------------------------------------------------------

void AudioTab::setFftSize(int size)
{
  controls_->setFftSize(size);
}

void AudioTab::setFrequencyScale(FrequencyScale scale)
{
  controls_->setFrequencyScale(scale);
}

void AudioTab::setHop(int hop)
{
  controls_->setHop(hop);
}

void AudioTab::applyAnalysisSettings()
{
  settings_ = controls_->analysisSettings();
  results_->setAnalysis(settings_);
  views_->setTransformSize(transformSize()); // the spectrogram keeps its history as a marked segment
  session_->configure(settings_);
  controls_->saveSettings();
}

void AudioTab::applyGeneratorSettings()
{
  const audio::GeneratorSettings settings = controls_->generatorSettings();
  if (!started_) return;
  session_->setGeneratorSettings(settings);
  controls_->saveSettings();
}

void AudioTab::applyDisplaySettings()
{
  views_->setDisplay(controls_->frequencyScale(), controls_->dbRange(), controls_->gainDb(),
                     controls_->colormap());
  if (started_) controls_->saveSettings();
}

void AudioTab::applyAveragingSettings()
{
  spectrum_->setAveraging(controls_->averagingSettings());
  results_->averagingChanged();
  if (started_) controls_->saveSettings();
}

void AudioTab::setAveraging(const audio::AveragingSettings& settings)
{
  controls_->setAveraging(settings); // applied through averagingChanged
}

audio::AveragingSettings AudioTab::averaging() const
{
  return spectrum_->averaging();
}

void AudioTab::setSpectrogramGain(double db)
{
  controls_->setGainDb(db);
}

double AudioTab::spectrogramGain() const
{
  return controls_->gainDb();
}

// ---- results and exports ----------------------------------------------------------------------------

std::uint64_t AudioTab::spectrogramColumns() const
{
  return spectrogram_->renderer().columnsAppended();
}

std::uint64_t AudioTab::droppedResults() const
{
  return session_->droppedResults();
}

std::uint64_t AudioTab::droppedSamples() const
{
  return session_->droppedSamples();
}

std::vector<float> AudioTab::newestSamples(std::size_t count) const
{
  return session_->newestSamples(count);
}

double AudioTab::peakFrequencyHz() const
{
  return live_->peakFrequencyHz();
}

QString AudioTab::levelText() const
{
  return level_->text();
}

void AudioTab::setFrozen(bool frozen)
{
  controls_->setFrozen(frozen);
}

bool AudioTab::isFrozen() const
{
  return controls_->isFrozen();
}

QString AudioTab::statusText() const
{
  return status_->text();
}

PaintStatistics AudioTab::paintStatistics() const
{
  return spectrogram_->statistics();
}

void AudioTab::resetPaintStatistics()
{
  spectrogram_->resetStatistics();
}

// What the main view shows: a file's visible span, or the live history.
bool AudioTab::exportSpectrogram(const QString& pngPath)
{
  QString error;
  if (views_->showsFile() ? AudioExport::fileSpectrogramPng(*views_->fileView(), pngPath, error)
                          : AudioExport::spectrogramPng(spectrogram_->renderer(), transformSize(),
                                                        settings_.hop, pngPath, error))
    return true;
  emit errorMessage(tr("Export failed"), error);
  return false;
}

bool AudioTab::exportSpectrum(const QString& csvPath)
{
  QString error;
  if (AudioExport::spectrumCsv(spectrum_->displayed(), spectrum_->parameters(), csvPath, error)) return true;
  emit errorMessage(tr("Export failed"), error);
  return false;
}

// ---- microphone --------------------------------------------------------------------------------------

bool AudioTab::selectInputDevice(const QString& text)
{
  return microphone_->selectInput(text);
}

bool AudioTab::isMicrophoneLost() const
{
  return source_ == Source::Microphone && microphone_->hasFault();
}

bool AudioTab::isCapturing() const
{
  return microphone_->supervisor()->state() == CaptureSupervisor::State::Capturing;
}

int AudioTab::microphoneRetries() const
{
  return microphone_->supervisor()->retries();
}

const CaptureSupervisor* AudioTab::captureSupervisor() const
{
  return microphone_->supervisor();
}

} // namespace spectrascope::ui
