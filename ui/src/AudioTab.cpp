#include "spectrascope/ui/AudioTab.h"

#include "spectrascope/ui/BackendStatusLabel.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/audio/AudioControls.h"
#include "spectrascope/ui/audio/AudioExport.h"
#include "spectrascope/ui/audio/AudioFilePanel.h"
#include "spectrascope/ui/audio/AudioLiveViews.h"
#include "spectrascope/ui/audio/AudioSession.h"
#include "spectrascope/ui/audio/CaptureBanner.h"
#include "spectrascope/ui/audio/LevelMeter.h"
#include "spectrascope/ui/audio/SpectrumView.h"
#include "spectrascope/ui/capture/CaptureSupervisor.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHideEvent>
#include <QLabel>
#include <QMediaDevices>
#include <QMimeData>
#include <QPainter>
#include <QShowEvent>

#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace spectrascope::ui {
namespace {
constexpr int kDisplayIntervalMs = 16; // about 60 frames per second

QString fileFilter()
{
  return QObject::tr("Audio files (*.wav *.flac *.ogg *.oga *.mp3 *.aiff *.aif *.au);;All files (*)");
}
} // namespace

AudioTab::AudioTab(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("audioTab"));
  setAcceptDrops(true);
  views_ = new AudioLiveViews(this);
  spectrum_ = views_->spectrum();
  spectrogram_ = views_->spectrogram();
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("audioStatus"));
  status_->setWordWrap(true);
  figures_ = new QLabel(this);
  figures_->setObjectName(QStringLiteral("audioFigures"));
  figures_->setForegroundRole(QPalette::PlaceholderText);
  // Long figures wrap rather than widen the tab past a small screen.
  figures_->setWordWrap(true);
  auto* right = new QVBoxLayout;
  filePanel_ = new AudioFilePanel(this);
  right->addWidget(filePanel_);
  captureBanner_ = new CaptureBanner(this);
  right->addWidget(captureBanner_);
  right->addWidget(views_, 1);
  right->addWidget(status_);
  right->addWidget(figures_);
  auto* layout = new QHBoxLayout(this);
  controls_ = new AudioControls(this);
  level_ = controls_->levelMeter();
  layout->addWidget(controls_);
  openAction_ = new QAction(tr("Open &Audio…"), this);
  openAction_->setObjectName(QStringLiteral("openAudioAction"));
  openAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  openAction_->setShortcutContext(Qt::WindowShortcut);
  connect(openAction_, &QAction::triggered, this, &AudioTab::chooseFile);
  addAction(openAction_);
  layout->addLayout(right, 1);

  displayTimer_ = new QTimer(this);
  connect(displayTimer_, &QTimer::timeout, this, &AudioTab::onDisplayTick);
  displayTimer_->start(kDisplayIntervalMs);
  connect(this, &AudioTab::errorMessage, this, &AudioTab::showError);
  session_ = new AudioSession(this);
  capture_ = session_->capture();
  connect(session_, &AudioSession::columnsReady, this, &AudioTab::onColumns);
  connect(session_, &AudioSession::errorMessage, this, &AudioTab::errorMessage);
  connect(session_, &AudioSession::fileFinished, this, [this] {
    filePanel_->showPlaying(false);
    status_->setText(tr("Played %1 to the end").arg(QFileInfo(file().path).fileName()));
  });
  connectCapture();
  auto* devices = new QMediaDevices(this);
  connect(devices, &QMediaDevices::audioInputsChanged, this, &AudioTab::onInputsChanged);
  refreshDevices();
  controls_->restoreSettings();
  connectControls();
  applyDisplaySettings();
  applyAveragingSettings();
  startAnalysis();
  updateCaptureButton();
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
    if (index == 2 && file().path.isEmpty()) {
      chooseFile(); // nothing loaded yet: ask for a file, keep the current source meanwhile
      controls_->showSource(int(source_));
      return;
    }
    setSource(Source(index));
  });
  connect(controls_, &AudioControls::openRequested, this, &AudioTab::chooseFile);
  connect(controls_, &AudioControls::microphoneChoiceChanged, this, [this] {
    controls_->saveSettings();
    // A paused microphone stays paused: the new choice is used when capture starts again.
    if (source_ == Source::Microphone && !microphonePaused_) startMicrophone();
  });
  connect(controls_, &AudioControls::generatorChanged, this, &AudioTab::applyGeneratorSettings);
  connect(controls_, &AudioControls::analysisChanged, this, &AudioTab::applyAnalysisSettings);
  connect(controls_, &AudioControls::displayChanged, this, &AudioTab::applyDisplaySettings);
  connect(controls_, &AudioControls::averagingChanged, this, &AudioTab::applyAveragingSettings);
  connect(controls_, &AudioControls::captureToggled, this,
          [this] { setMicrophonePaused(!microphonePaused_); });
  connect(controls_, &AudioControls::notice, status_, &QLabel::setText);
  connect(controls_, &AudioControls::exportSpectrogramChosen, this,
          [this](const QString& path) { exportSpectrogram(path); });
  connect(controls_, &AudioControls::exportSpectrumChosen, this,
          [this](const QString& path) { exportSpectrum(path); });
  connect(filePanel_, &AudioFilePanel::playToggled, this, [this] { setPlaying(!session_->isFilePlaying()); });
  connect(filePanel_, &AudioFilePanel::seekRequested, this, &AudioTab::seekFile);
  connect(filePanel_, &AudioFilePanel::loaded, this, &AudioTab::onFileLoaded);
  connect(filePanel_, &AudioFilePanel::failed, this, &AudioTab::errorMessage);
  connect(filePanel_, &AudioFilePanel::cancelled, this,
          [this] { status_->setText(tr("Opening cancelled.")); });
}

// ---- threads and sources -----------------------------------------------------------------------------

void AudioTab::startAnalysis()
{
  started_ = true;
  applyGeneratorSettings();
  applyAnalysisSettings();
  session_->start();
}

void AudioTab::setSource(Source source)
{
  microphonePaused_ = false; // choosing the microphone starts it
  source_ = source;
  controls_->showSource(int(source));
  activate(source);
}

// Starts `source` and stops the others.
void AudioTab::activate(Source source)
{
  if (source != Source::Microphone || microphonePaused_) stopMicrophone();
  runGenerator(source == Source::Generator);
  runPlayback(source == Source::File);
  if (source == Source::Microphone && !microphonePaused_) startMicrophone();
  updateCaptureButton();
}

void AudioTab::setMicrophonePaused(bool paused)
{
  if (paused == microphonePaused_) return;
  microphonePaused_ = paused;
  if (source_ != Source::Microphone) {
    updateCaptureButton();
    return;
  }
  if (paused) {
    activate(Source::Microphone); // capture and its retries stop
    status_->setText(tr("Microphone paused: capture stopped and the device released."));
  } else {
    status_->setText(tr("Starting the microphone…"));
    activate(Source::Microphone); // in the capture process: the GUI does not wait
  }
}

void AudioTab::updateCaptureButton()
{
  controls_->showCaptureButton(source_ == Source::Microphone, microphonePaused_);
}

void AudioTab::runGenerator(bool on)
{
  session_->runGenerator(on);
}

// While another tab is shown nobody sees the generator's analysis: the generator, the analysis' polling
// and the display timer rest (about 8% of a core otherwise). A file keeps playing (it is heard) and the
// microphone keeps capturing (its supervision decides about it).
void AudioTab::hideEvent(QHideEvent* event)
{
  QWidget::hideEvent(event);
  if (event->spontaneous()) return; // a minimised window: keep going, as other players do
  restingHidden_ = true;
  displayTimer_->stop();
  session_->setPolling(false);
  if (source_ == Source::Generator) runGenerator(false);
}

void AudioTab::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (!restingHidden_) return;
  restingHidden_ = false;
  displayTimer_->start(kDisplayIntervalMs);
  session_->setPolling(true);
  if (source_ == Source::Generator) runGenerator(true);
}

void AudioTab::runPlayback(bool on)
{
  filePanel_->showPlayButton(on);
  if (!on) {
    session_->stopFile();
    return;
  }
  setPlaying(true);
}

void AudioTab::setPlaying(bool playing)
{
  const AudioFileOverview& f = file();
  if (f.path.isEmpty()) return;
  if (playing && playPositionSeconds() >= f.seconds() - 1e-3) seekFile(0); // at the end: again
  session_->playFile(playing, f.sampleRate);
  filePanel_->showPlaying(playing);
  const QString name = QFileInfo(f.path).fileName();
  const QString state = playing ? tr("Playing %1").arg(name) : tr("Paused %1").arg(name);
  status_->setText(f.note.isEmpty() ? state : tr("%1. Note: %2").arg(state, f.note));
}

// ---- engine ------------------------------------------------------------------------------------------

void AudioTab::setEngineService(EngineService* service)
{
  service_ = service;
  filePanel_->setEngineService(service);
  if (!service_) return;
  connect(service_, &EngineService::backendChanged, this, &AudioTab::pushEngine);
  pushEngine();
}

void AudioTab::pushEngine()
{
  std::shared_ptr<Engine> engine = service_ ? service_->engine() : nullptr;
  if (!engine) return;
  session_->useEngine(engine);
}

// ---- files -------------------------------------------------------------------------------------------

bool AudioTab::isAudioFileName(const QString& path)
{
  static const QStringList suffixes{"wav", "flac", "ogg", "oga", "mp3", "aiff", "aif", "au", "opus"};
  return suffixes.contains(QFileInfo(path).suffix().toLower());
}

void AudioTab::chooseFile()
{
  const QString path = QFileDialog::getOpenFileName(this, tr("Open audio file"), {}, fileFilter());
  if (!path.isEmpty()) openFile(path);
}

void AudioTab::openFile(const QString& path)
{
  filePanel_->open(path, controls_->channel());
}

void AudioTab::cancelLoading()
{
  filePanel_->cancelLoading();
}

bool AudioTab::isLoading() const
{
  return filePanel_->isLoading();
}

const AudioFileOverview& AudioTab::file() const
{
  return filePanel_->file();
}

QString AudioTab::loadedFile() const
{
  return file().path;
}

double AudioTab::fileSeconds() const
{
  return file().seconds();
}

// The file was read: its overview is shown; it becomes the source and plays.
void AudioTab::onFileLoaded()
{
  const AudioFileOverview& f = file();
  applyDisplaySettings();
  status_->setText(f.note.isEmpty() ? tr("Playing %1").arg(QFileInfo(f.path).fileName())
                                    : tr("Playing %1. Note: %2").arg(QFileInfo(f.path).fileName(), f.note));
  session_->openFile(f.path, f.channel);
  setSource(Source::File);
}

double AudioTab::playPositionSeconds() const
{
  return file().sampleRate > 0 ? double(session_->filePositionFrames()) / file().sampleRate : 0;
}

void AudioTab::seekFile(double seconds)
{
  const AudioFileOverview& f = file();
  if (f.path.isEmpty()) return;
  const qint64 frame = qint64(std::clamp(seconds, 0.0, f.seconds()) * f.sampleRate);
  session_->seekFile(frame);
  filePanel_->setPosition(double(frame) / f.sampleRate);
}

void AudioTab::dragEnterEvent(QDragEnterEvent* event)
{
  const auto urls = event->mimeData()->urls();
  if (urls.size() == 1 && urls.first().isLocalFile() && isAudioFileName(urls.first().toLocalFile()))
    event->acceptProposedAction();
}

void AudioTab::dropEvent(QDropEvent* event)
{
  openFile(event->mimeData()->urls().first().toLocalFile());
  event->acceptProposedAction();
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
  // The spectrogram keeps its history: columns of the new size start a new, marked segment.
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.fftSize = transformSize();
  spectrogram_->renderer().setParameters(p);
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
  const auto scale = controls_->frequencyScale();
  spectrum_->setDbRange(controls_->dbRange());
  spectrum_->setScale(scale);
  // The gain shifts the range the colours cover: a level L shows as L + gain within [-range, 0].
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.minDb = -controls_->dbRange() - controls_->gainDb();
  p.maxDb = -controls_->gainDb();
  p.scale = scale;
  p.colormap = controls_->colormap();
  spectrogram_->renderer().setParameters(p); // recolours and re-maps the whole history when drawn
  spectrogram_->update();
  filePanel_->setDisplay(scale, p.minDb, p.maxDb, p.colormap);
  if (started_) controls_->saveSettings();
}

void AudioTab::applyAveragingSettings()
{
  spectrum_->setAveraging(controls_->averagingSettings());
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

// ---- results and display -----------------------------------------------------------------------------

void AudioTab::onColumns(const SpectrumColumns& columns)
{
  session_->resultConsumed();
  level_->setLevel(columns.rmsDbfs, columns.peakDbfs);
  backend_ = columns.backend;
  if (columns.report && timingFeed_) timingFeed_->publish(tr("Audio"), *columns.report);
  if (columns.fftSize != transformSize()) return; // made before the size changed
  if (controls_->isFrozen()) return;
  views_->addColumns(columns);
}

void AudioTab::onDisplayTick()
{
  views_->repaintViews();
  if (source_ == Source::File) filePanel_->setPosition(playPositionSeconds());
  const QString figures = views_->takeFigures(backend_, settings_, session_->droppedResults());
  if (!figures.isEmpty()) figures_->setText(figures);
}

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
  return views_->peakFrequencyHz(transformSize());
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

bool AudioTab::exportSpectrogram(const QString& pngPath)
{
  QString error;
  if (AudioExport::spectrogramPng(spectrogram_->renderer(), transformSize(), settings_.hop, pngPath, error))
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

void AudioTab::refreshDevices()
{
  // The newest capture process's list where there is one: this process's own view of the audio server
  // is fixed at its start.
  QList<CaptureInput> inputs = capture_->inputs();
  if (inputs.isEmpty())
    for (const QAudioDevice& device : QMediaDevices::audioInputs())
      inputs.append({QString::fromUtf8(device.id()), device.description(), false});
  controls_->setInputs(inputs);
}

bool AudioTab::selectInputDevice(const QString& text)
{
  refreshDevices();
  return controls_->selectInput(text);
}

void AudioTab::onInputsChanged()
{
  refreshDevices();
}

bool AudioTab::isMicrophoneLost() const
{
  return source_ == Source::Microphone && !capture_->faultHeading().isEmpty();
}

bool AudioTab::isCapturing() const
{
  return capture_->state() == CaptureSupervisor::State::Capturing;
}

int AudioTab::microphoneRetries() const
{
  return capture_->retries();
}

// The supervisor feeds the ring buffer and keeps the microphone running; the banner says what it does
// when it cannot. The microphone stays the source throughout: nothing stands in for it.
void AudioTab::connectCapture()
{
  connect(capture_, &CaptureSupervisor::started, this, [this](const QString& description, int sampleRate) {
    session_->resetStream(sampleRate); // a new stream: the analysis starts again at its rate
    captureBanner_->clear();
    status_->setText(tr("Capturing from %1").arg(description));
  });
  connect(capture_, &CaptureSupervisor::faulted, captureBanner_, &CaptureBanner::showProblem);
  connect(capture_, &CaptureSupervisor::faulted, this,
          [this](const QString& heading) { status_->setText(tr("%1: trying again…").arg(heading)); });
  connect(capture_, &CaptureSupervisor::retrying, captureBanner_, &CaptureBanner::showAttempt);
  connect(capture_, &CaptureSupervisor::stateChanged, this, [this](CaptureSupervisor::State state) {
    if (state == CaptureSupervisor::State::Stopped) captureBanner_->clear();
  });
  connect(capture_, &CaptureSupervisor::silenceChanged, this, [this](bool silent) {
    status_->setText(silent ? tr("Capturing from %1: silent (no sound above %2 dBFS)")
                                  .arg(capture_->description())
                                  .arg(double(CaptureSupervisor::kSilenceDbfs))
                            : tr("Capturing from %1").arg(capture_->description()));
  });
  // The capture process sees the audio server as it is now (a server that started after this
  // application, or a restarted one); the device list follows what it reports.
  connect(capture_, &CaptureSupervisor::inputsChanged, this, &AudioTab::refreshDevices);
}

void AudioTab::startMicrophone()
{
  CaptureRequest request;
  request.deviceId = controls_->inputDeviceId();
  request.sampleRate = controls_->microphoneRate();
  request.channel = controls_->channel();
  capture_->start(request);
}

void AudioTab::stopMicrophone()
{
  capture_->stop();
}

void AudioTab::showError(const QString& heading, const QString& detail)
{
  status_->setText(QStringLiteral("%1: %2").arg(heading, detail));
}

} // namespace spectrascope::ui
