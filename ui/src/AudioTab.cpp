#include "spectrascope/ui/AudioTab.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"
#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/engine/audio/Window.h"
#include "spectrascope/ui/BackendStatusLabel.h"
#include "spectrascope/ui/Colormap.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/audio/AudioAnalysisWorker.h"
#include "spectrascope/ui/audio/AudioExport.h"
#include "spectrascope/ui/audio/AudioOutput.h"
#include "spectrascope/ui/audio/CaptureBanner.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/FilePlaybackSource.h"
#include "spectrascope/ui/audio/GeneratorSource.h"
#include "spectrascope/ui/audio/LevelMeter.h"
#include "spectrascope/ui/audio/SpectrumView.h"
#include "spectrascope/ui/capture/CaptureSupervisor.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHideEvent>
#include <QLabel>
#include <QMediaDevices>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QShowEvent>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <cmath>

namespace spectrascope::ui {
namespace {
constexpr int kDisplayIntervalMs = 16; // about 60 frames per second
constexpr double kDefaultRangeDb = 120;
const char* kSettingsGroup = "audio";
// The overlap box's entry for a hop given in samples rather than as a percentage.
constexpr int kCustomHop = -1;
constexpr double kDefaultKaiserBeta = 8.6;
// Gaussian sigma as a fraction of the window's length N: N/8 (about -72 dB at the edges) by default, and
// it keeps the window's shape when the FFT size changes.
constexpr double kDefaultGaussianSigma = 0.125;

QString fileFilter()
{
  return QObject::tr("Audio files (*.wav *.flac *.ogg *.oga *.mp3 *.aiff *.aif *.au);;All files (*)");
}
} // namespace

AudioTab::AudioTab(QWidget* parent)
    : QWidget(parent), ring_(std::make_shared<audio::SampleRingBuffer>()),
      outputRing_(std::make_shared<audio::SampleRingBuffer>(1 << 15))
{
  qRegisterMetaType<SpectrumColumns>();
  qRegisterMetaType<AnalysisSettings>();
  setObjectName(QStringLiteral("audioTab"));
  setAcceptDrops(true);
  spectrum_ = new SpectrumView(this);
  spectrogram_ = new SpectrogramView(this);
  auto* views = new QSplitter(Qt::Vertical, this);
  views->addWidget(spectrum_);
  views->addWidget(spectrogram_);
  views->setStretchFactor(1, 2);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("audioStatus"));
  status_->setWordWrap(true);
  figures_ = new QLabel(this);
  figures_->setObjectName(QStringLiteral("audioFigures"));
  figures_->setForegroundRole(QPalette::PlaceholderText);
  // Long figures wrap rather than widen the tab past a small screen.
  figures_->setWordWrap(true);
  auto* right = new QVBoxLayout;
  right->addWidget(createFileBar());
  captureBanner_ = new CaptureBanner(this);
  right->addWidget(captureBanner_);
  right->addWidget(views, 1);
  right->addWidget(status_);
  right->addWidget(figures_);
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(createControls());
  layout->addLayout(right, 1);

  displayTimer_ = new QTimer(this);
  connect(displayTimer_, &QTimer::timeout, this, &AudioTab::onDisplayTick);
  displayTimer_->start(kDisplayIntervalMs);
  connect(this, &AudioTab::errorMessage, this, &AudioTab::showError);
  connect(&loading_, &QFutureWatcher<AudioFileOverview>::finished, this, &AudioTab::onFileLoaded);
  connect(&loading_, &QFutureWatcher<AudioFileOverview>::progressValueChanged, progress_,
          &QProgressBar::setValue);
  capture_ = new CaptureSupervisor(this);
  connectCapture();
  auto* devices = new QMediaDevices(this);
  connect(devices, &QMediaDevices::audioInputsChanged, this, &AudioTab::onInputsChanged);
  refreshDevices();
  restoreSettings();
  connectControls();
  applyDisplaySettings();
  applyAveragingSettings();
  startThreads();
  updateCaptureButton();
}

AudioTab::~AudioTab()
{
  saveSettings();
  loading_.cancel();
  loading_.waitForFinished();       // stops between chunks: at most one chunk's work
  detailLoading_.waitForFinished(); // a stretch of the file: bounded by the view's span
  stopMicrophone();
  // Each object is destroyed on its own thread, where its timers live, before that thread ends.
  QMetaObject::invokeMethod(
      generator_, [g = generator_] { delete g; }, Qt::BlockingQueuedConnection);
  QMetaObject::invokeMethod(
      worker_, [w = worker_] { delete w; }, Qt::BlockingQueuedConnection);
  QMetaObject::invokeMethod(
      player_, [p = player_] { delete p; }, Qt::BlockingQueuedConnection);
  for (QThread* thread : {generatorThread_, analysisThread_, playbackThread_}) {
    thread->quit();
    thread->wait();
  }
  outputThread_->quit(); // its object goes with it (deleteLater); never wait on the audio server
}

// ---- controls ----------------------------------------------------------------------------------------

QWidget* AudioTab::createFileBar()
{
  fileBar_ = new QWidget(this);
  auto* column = new QVBoxLayout(fileBar_);
  column->setContentsMargins(0, 0, 0, 0);
  auto* row = new QHBoxLayout;
  playButton_ = new QPushButton(tr("Pause"), fileBar_);
  playButton_->setObjectName(QStringLiteral("playButton"));
  playButton_->setShortcut(Qt::Key_Space);
  playButton_->setToolTip(tr("Play or pause the file (Space)"));
  fileLabel_ = new QLabel(fileBar_);
  progress_ = new QProgressBar(fileBar_);
  progress_->setObjectName(QStringLiteral("loadingProgress"));
  progress_->setRange(0, 1000);
  progress_->setTextVisible(false);
  cancelButton_ = new QPushButton(tr("Cancel"), fileBar_);
  cancelButton_->setObjectName(QStringLiteral("cancelLoading"));
  row->addWidget(playButton_);
  row->addWidget(fileLabel_, 1);
  row->addWidget(progress_, 1);
  row->addWidget(cancelButton_);
  column->addLayout(row);
  overview_ = new FileOverviewView(fileBar_);
  column->addWidget(overview_);
  for (QWidget* w : {static_cast<QWidget*>(playButton_), static_cast<QWidget*>(overview_),
                     static_cast<QWidget*>(progress_), static_cast<QWidget*>(cancelButton_)})
    w->hide();
  fileLabel_->setText(tr("Drop a sound file here, or open one (Ctrl+Shift+O)."));
  fileLabel_->setForegroundRole(QPalette::PlaceholderText);
  return fileBar_;
}

// Source, analysis and display choices on three pages: each fits whole beside the views in the main
// window's first-start size (1100 x 720 with the Timings strip), where one long column was cut off. Each
// page still scrolls on a smaller screen, and is never narrower than its widest row.
QWidget* AudioTab::createControls()
{
  auto* pages = new QTabWidget(this);
  pages->setObjectName(QStringLiteral("audioControls"));
  pages->setDocumentMode(true);
  auto addPage = [&](QWidget* content, const QString& title) {
    auto* scroll = new QScrollArea(pages);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(content->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
    pages->addTab(scroll, title);
  };
  addPage(createSourceControls(pages), tr("Source"));
  addPage(createAnalysisControls(pages), tr("Analysis"));
  addPage(createDisplayControls(pages), tr("Display"));
  pages->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
  return pages;
}

QWidget* AudioTab::createSourceControls(QWidget* panel)
{
  auto* group = new QWidget(panel);
  auto* form = new QFormLayout(group);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  sourceBox_ = new QComboBox(group);
  sourceBox_->setObjectName(QStringLiteral("audioSource"));
  sourceBox_->addItems({tr("Signal generator"), tr("Microphone"), tr("Audio file")});
  form->addRow(tr("Input"), sourceBox_);
  openAction_ = new QAction(tr("Open &Audio…"), this);
  openAction_->setObjectName(QStringLiteral("openAudioAction"));
  openAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  openAction_->setShortcutContext(Qt::WindowShortcut);
  connect(openAction_, &QAction::triggered, this, &AudioTab::chooseFile);
  addAction(openAction_);
  auto* open = new QPushButton(tr("Open audio file…"), group);
  open->setObjectName(QStringLiteral("openAudioButton"));
  connect(open, &QPushButton::clicked, this, &AudioTab::chooseFile);
  form->addRow(open);
  level_ = new LevelMeter(group);
  form->addRow(tr("Level"), level_);
  deviceBox_ = new QComboBox(group);
  deviceBox_->setObjectName(QStringLiteral("audioDevice"));
  deviceBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  deviceBox_->setMinimumContentsLength(16);
  form->addRow(tr("Device"), deviceBox_);
  captureButton_ = new QPushButton(tr("Pause capture"), group);
  captureButton_->setObjectName(QStringLiteral("captureButton"));
  captureButton_->setToolTip(tr("Stop capturing and release the device, or start capturing again"));
  form->addRow(captureButton_);
  micRateBox_ = new QComboBox(group);
  micRateBox_->setObjectName(QStringLiteral("microphoneRate"));
  micRateBox_->addItem(tr("Device default"), 0);
  for (int rate : {22050, 44100, 48000, 96000})
    micRateBox_->addItem(tr("%1 Hz").arg(rate), rate);
  form->addRow(tr("Sample rate"), micRateBox_);
  channelBox_ = new QComboBox(group);
  channelBox_->setObjectName(QStringLiteral("channel"));
  channelBox_->addItem(tr("Mix of all"), -1);
  channelBox_->addItem(tr("Left / first"), 0);
  channelBox_->addItem(tr("Right / second"), 1);
  form->addRow(tr("Channel"), channelBox_);
  waveformBox_ = new QComboBox(group);
  waveformBox_->setObjectName(QStringLiteral("waveform"));
  waveformBox_->addItems({tr("Sine"), tr("Two-tone"), tr("Linear chirp"), tr("Log chirp"), tr("White noise"),
                          tr("Pink noise"), tr("Square")});
  waveformBox_->setCurrentIndex(3);
  form->addRow(tr("Signal"), waveformBox_);
  auto frequency = [&](double value) {
    auto* box = new QDoubleSpinBox(group);
    // Any typed number is taken (a narrower range would silently drop digits: 999999 became 9999);
    // applyGeneratorSettings() brings it down to the generator's Nyquist frequency and says so.
    box->setRange(1, 1e9);
    box->setKeyboardTracking(false);
    box->setDecimals(1);
    box->setSuffix(tr(" Hz"));
    box->setValue(value);
    return box;
  };
  frequencyBox_ = frequency(100);
  frequencyBox_->setObjectName(QStringLiteral("generatorFrequency"));
  secondFrequencyBox_ = frequency(15000);
  secondFrequencyBox_->setObjectName(QStringLiteral("generatorSecondFrequency"));
  form->addRow(tr("Frequency"), frequencyBox_);
  form->addRow(tr("Second / end"), secondFrequencyBox_);
  levelBox_ = new QDoubleSpinBox(group);
  levelBox_->setRange(-120, 0);
  levelBox_->setSuffix(tr(" dBFS"));
  levelBox_->setValue(-6);
  form->addRow(tr("Amplitude"), levelBox_);
  return group;
}

QWidget* AudioTab::createAnalysisControls(QWidget* panel)
{
  auto* group = new QWidget(panel);
  auto* form = new QFormLayout(group);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  fftBox_ = new QComboBox(group);
  fftBox_->setObjectName(QStringLiteral("fftSize"));
  for (int n : {64, 128, 256, 512, 1000, 1024, 2048, 4096, 8192, 16384, 32768, 44100, 65536})
    fftBox_->addItem(QString::number(n), n);
  fftBox_->setCurrentText(QStringLiteral("4096"));
  form->addRow(tr("FFT size"), fftBox_);
  overlapBox_ = new QComboBox(group);
  overlapBox_->setObjectName(QStringLiteral("overlap"));
  for (int percent : {0, 50, 75, 87, 95})
    overlapBox_->addItem(tr("%1 %").arg(percent), percent);
  overlapBox_->addItem(tr("Custom hop"), kCustomHop);
  overlapBox_->setCurrentIndex(3);
  form->addRow(tr("Overlap"), overlapBox_);
  hopBox_ = new QSpinBox(group);
  hopBox_->setObjectName(QStringLiteral("hop"));
  hopBox_->setRange(1, 65536);
  hopBox_->setKeyboardTracking(false); // typing "64" must not analyse at a hop of 6 on the way
  hopBox_->setSuffix(tr(" samples"));
  hopBox_->setToolTip(tr("Samples between the starts of successive frames. Follows the overlap; typing a "
                         "value here sets a custom hop that stays when the FFT size changes."));
  form->addRow(tr("Hop"), hopBox_);
  paddingBox_ = new QComboBox(group);
  paddingBox_->setObjectName(QStringLiteral("zeroPadding"));
  paddingBox_->setToolTip(tr("Zero-padding factor: the transform is this many times the window's length "
                             "(finer bins, same resolution)"));
  for (int factor : {1, 2, 4, 8})
    paddingBox_->addItem(factor == 1 ? tr("None") : tr("× %1").arg(factor), factor);
  form->addRow(tr("Zero padding"), paddingBox_);
  windowBox_ = new QComboBox(group);
  windowBox_->setObjectName(QStringLiteral("window"));
  for (const auto& name : audio::windowNames())
    windowBox_->addItem(QString::fromStdString(name));
  windowBox_->setCurrentText(QStringLiteral("hann"));
  form->addRow(tr("Window"), windowBox_);
  kaiserBetaBox_ = new QDoubleSpinBox(group);
  kaiserBetaBox_->setObjectName(QStringLiteral("kaiserBeta"));
  kaiserBetaBox_->setRange(0.1, 50);
  kaiserBetaBox_->setKeyboardTracking(false); // each value remakes the pipeline: only the finished one
  kaiserBetaBox_->setSingleStep(0.5);
  kaiserBetaBox_->setValue(kDefaultKaiserBeta);
  kaiserBetaBox_->setToolTip(tr("Kaiser window shape: larger beta, lower side lobes and a wider main lobe "
                                "(5: about Hamming, 8.6: about Blackman)"));
  form->addRow(tr("Kaiser β"), kaiserBetaBox_);
  gaussianSigmaBox_ = new QDoubleSpinBox(group);
  gaussianSigmaBox_->setObjectName(QStringLiteral("gaussianSigma"));
  gaussianSigmaBox_->setRange(0.01, 0.5);
  gaussianSigmaBox_->setKeyboardTracking(false);
  gaussianSigmaBox_->setDecimals(3);
  gaussianSigmaBox_->setSingleStep(0.005);
  gaussianSigmaBox_->setSuffix(tr(" × N"));
  gaussianSigmaBox_->setValue(kDefaultGaussianSigma);
  gaussianSigmaBox_->setToolTip(tr("Gaussian window width: its standard deviation as a fraction of the "
                                   "window's length N"));
  form->addRow(tr("Gaussian σ"), gaussianSigmaBox_);
  analysisForm_ = form;
  createAveragingControls(group, form);
  return group;
}

// Averaging of the spectrum view: None, exponential (time constant) or linear (moving average over the
// frames of the averaging time), and a peak-hold trace over what is shown, falling at a set rate.
void AudioTab::createAveragingControls(QWidget* panel, QFormLayout* form)
{
  averagingBox_ = new QComboBox(panel);
  averagingBox_->setObjectName(QStringLiteral("averaging"));
  averagingBox_->addItem(tr("None"), int(audio::AveragingMode::None));
  averagingBox_->addItem(tr("Exponential"), int(audio::AveragingMode::Exponential));
  averagingBox_->addItem(tr("Linear"), int(audio::AveragingMode::Linear));
  averagingBox_->setToolTip(tr("Spectrum averaging (on power): exponential with the averaging time as its "
                               "time constant, or a linear moving average over the frames of the last "
                               "averaging time"));
  form->addRow(tr("Averaging"), averagingBox_);
  averageSecondsBox_ = new QDoubleSpinBox(panel);
  averageSecondsBox_->setObjectName(QStringLiteral("averageSeconds"));
  averageSecondsBox_->setRange(0.05, 30);
  averageSecondsBox_->setDecimals(2);
  averageSecondsBox_->setSingleStep(0.25);
  averageSecondsBox_->setSuffix(tr(" s"));
  averageSecondsBox_->setValue(1.0);
  form->addRow(tr("Average time"), averageSecondsBox_);
  auto* peakRow = new QWidget(panel);
  auto* peakLayout = new QHBoxLayout(peakRow);
  peakLayout->setContentsMargins(0, 0, 0, 0);
  peakHoldBox_ = new QCheckBox(tr("Hold"), peakRow);
  peakHoldBox_->setObjectName(QStringLiteral("peakHold"));
  peakHoldBox_->setChecked(true);
  peakDecayBox_ = new QDoubleSpinBox(peakRow);
  peakDecayBox_->setObjectName(QStringLiteral("peakDecay"));
  peakDecayBox_->setRange(0, 120);
  peakDecayBox_->setDecimals(1);
  peakDecayBox_->setValue(10);
  peakDecayBox_->setSuffix(tr(" dB/s"));
  peakDecayBox_->setToolTip(tr("How fast held peaks fall (0: they stay until averaging changes)"));
  peakLayout->addWidget(peakHoldBox_);
  peakLayout->addWidget(peakDecayBox_, 1);
  form->addRow(tr("Peaks"), peakRow);
}

QWidget* AudioTab::createDisplayControls(QWidget* panel)
{
  auto* group = new QWidget(panel);
  auto* form = new QFormLayout(group);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  axisBox_ = new QComboBox(group);
  axisBox_->setObjectName(QStringLiteral("frequencyAxis"));
  for (FrequencyScale scale :
       {FrequencyScale::Linear, FrequencyScale::Log, FrequencyScale::Mel, FrequencyScale::Octave})
    axisBox_->addItem(FrequencyAxis::scaleName(scale), int(scale));
  axisBox_->setCurrentIndex(1);
  form->addRow(tr("Frequency axis"), axisBox_);
  rangeBox_ = new QDoubleSpinBox(group);
  rangeBox_->setObjectName(QStringLiteral("dbRange"));
  rangeBox_->setRange(20, 200);
  rangeBox_->setSuffix(tr(" dB"));
  rangeBox_->setValue(kDefaultRangeDb);
  form->addRow(tr("Range"), rangeBox_);
  gainBox_ = new QDoubleSpinBox(group);
  gainBox_->setObjectName(QStringLiteral("spectrogramGain"));
  gainBox_->setRange(-100, 100);
  gainBox_->setDecimals(1);
  gainBox_->setSuffix(tr(" dB"));
  gainBox_->setToolTip(tr("Added to the spectrogram's levels before the range maps them to colours: "
                          "raise it to see quiet signals, lower it when loud ones saturate"));
  form->addRow(tr("Spectrogram gain"), gainBox_);
  colormapBox_ = new QComboBox(group);
  colormapBox_->setObjectName(QStringLiteral("colormap"));
  for (const auto& name : ui::Colormap::names())
    colormapBox_->addItem(QString::fromStdString(name));
  form->addRow(tr("Colours"), colormapBox_);
  freezeBox_ = new QCheckBox(tr("Freeze"), group);
  freezeBox_->setObjectName(QStringLiteral("freeze"));
  form->addRow(freezeBox_);
  auto* exportImage = new QPushButton(tr("Export spectrogram…"), group);
  auto* exportCsv = new QPushButton(tr("Export spectrum…"), group);
  form->addRow(exportImage);
  form->addRow(exportCsv);
  connect(exportImage, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export spectrogram"), QStringLiteral("spectrogram.png"), tr("PNG images (*.png)"));
    if (!path.isEmpty()) exportSpectrogram(path);
  });
  connect(exportCsv, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export spectrum"), QStringLiteral("spectrum.csv"), tr("CSV files (*.csv)"));
    if (!path.isEmpty()) exportSpectrum(path);
  });
  return group;
}

void AudioTab::connectControls()
{
  connect(sourceBox_, &QComboBox::activated, this, [this](int index) {
    if (index == 2 && file_.path.isEmpty()) {
      chooseFile(); // nothing loaded yet: ask for a file, keep the current source meanwhile
      sourceBox_->setCurrentIndex(int(source_));
      return;
    }
    setSource(Source(index));
  });
  for (QComboBox* box : {deviceBox_, micRateBox_, channelBox_})
    connect(box, &QComboBox::activated, this, [this] {
      saveSettings();
      // A paused microphone stays paused: the new choice is used when capture starts again.
      if (source_ == Source::Microphone && !microphonePaused_) startMicrophone();
    });
  for (QDoubleSpinBox* box : {frequencyBox_, secondFrequencyBox_, levelBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AudioTab::applyGeneratorSettings);
  connect(waveformBox_, &QComboBox::currentIndexChanged, this, &AudioTab::applyGeneratorSettings);
  for (QComboBox* box : {fftBox_, overlapBox_, paddingBox_, windowBox_})
    connect(box, &QComboBox::currentIndexChanged, this, &AudioTab::applyAnalysisSettings);
  // Typing a hop makes it a custom one; the overlap box follows (without a second analysis update).
  connect(hopBox_, &QSpinBox::valueChanged, this, [this] {
    {
      const QSignalBlocker blocker(overlapBox_);
      overlapBox_->setCurrentIndex(overlapBox_->findData(kCustomHop));
    }
    applyAnalysisSettings();
  });
  for (QDoubleSpinBox* box : {kaiserBetaBox_, gaussianSigmaBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AudioTab::applyAnalysisSettings);
  for (QComboBox* box : {axisBox_, colormapBox_})
    connect(box, &QComboBox::currentIndexChanged, this, &AudioTab::applyDisplaySettings);
  for (QDoubleSpinBox* box : {rangeBox_, gainBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AudioTab::applyDisplaySettings);
  connect(averagingBox_, &QComboBox::currentIndexChanged, this, &AudioTab::applyAveragingSettings);
  for (QDoubleSpinBox* box : {averageSecondsBox_, peakDecayBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AudioTab::applyAveragingSettings);
  connect(peakHoldBox_, &QCheckBox::toggled, this, &AudioTab::applyAveragingSettings);
  connect(captureButton_, &QPushButton::clicked, this, [this] { setMicrophonePaused(!microphonePaused_); });
  connect(playButton_, &QPushButton::clicked, this, [this] { setPlaying(!player_->isPlaying()); });
  connect(cancelButton_, &QPushButton::clicked, this, &AudioTab::cancelLoading);
  connect(overview_, &FileOverviewView::seekRequested, this, &AudioTab::seekFile);
  detailTimer_ = new QTimer(this);
  detailTimer_->setSingleShot(true);
  detailTimer_->setInterval(kDetailDelayMs);
  connect(overview_, &FileOverviewView::viewChanged, detailTimer_, qOverload<>(&QTimer::start));
  connect(detailTimer_, &QTimer::timeout, this, &AudioTab::requestDetail);
  connect(&detailLoading_, &QFutureWatcher<AudioFileOverview>::finished, this, [this] {
    if (detailLoading_.future().resultCount() > 0) overview_->setDetail(detailLoading_.result());
    if (detailPending_) requestDetail();
  });
}

// Every choice except the source comes back at the next start (the source does not: a microphone may
// be gone, and the tab must move on first start).
void AudioTab::restoreSettings()
{
  QSettings s;
  s.beginGroup(QLatin1String(kSettingsGroup));
  auto restoreIndex = [&](QComboBox* box, const char* key, bool byData) {
    const QVariant value = s.value(QLatin1String(key));
    if (!value.isValid()) return;
    const int index = byData ? box->findData(value) : box->findText(value.toString());
    if (index >= 0) box->setCurrentIndex(index);
  };
  if (s.contains(QStringLiteral("fftSize"))) setFftSize(s.value(QStringLiteral("fftSize")).toInt());
  // The hop first: restoring a custom overlap then keeps it.
  hopBox_->setValue(s.value(QStringLiteral("hop"), hopBox_->value()).toInt());
  restoreIndex(overlapBox_, "overlap", true);
  restoreIndex(paddingBox_, "zeroPadding", true);
  restoreIndex(windowBox_, "window", false);
  kaiserBetaBox_->setValue(s.value(QStringLiteral("kaiserBeta"), kDefaultKaiserBeta).toDouble());
  gaussianSigmaBox_->setValue(s.value(QStringLiteral("gaussianSigma"), kDefaultGaussianSigma).toDouble());
  if (s.contains(QStringLiteral("averagingMode"))) {
    restoreIndex(averagingBox_, "averagingMode", true);
  } else if (s.contains(QStringLiteral("averaging"))) {
    // Before averaging and peak hold were separate choices: 0 none, 1 peak hold, 2 exponential.
    const int old = s.value(QStringLiteral("averaging")).toInt();
    peakHoldBox_->setChecked(old == 1);
    averagingBox_->setCurrentIndex(averagingBox_->findData(
        int(old == 2 ? audio::AveragingMode::Exponential : audio::AveragingMode::None)));
  }
  averageSecondsBox_->setValue(
      s.value(QStringLiteral("averageSeconds"), averageSecondsBox_->value()).toDouble());
  peakHoldBox_->setChecked(s.value(QStringLiteral("peakHold"), peakHoldBox_->isChecked()).toBool());
  peakDecayBox_->setValue(s.value(QStringLiteral("peakDecay"), peakDecayBox_->value()).toDouble());
  gainBox_->setValue(s.value(QStringLiteral("spectrogramGain"), 0.0).toDouble());
  restoreIndex(axisBox_, "frequencyAxis", true);
  restoreIndex(colormapBox_, "colormap", false);
  restoreIndex(micRateBox_, "microphoneRate", true);
  restoreIndex(channelBox_, "channel", true);
  restoreIndex(deviceBox_, "device", true);
  // Stored as the entry's index (the entries carry no data).
  const int waveform = s.value(QStringLiteral("waveform"), -1).toInt();
  if (waveform >= 0 && waveform < waveformBox_->count()) waveformBox_->setCurrentIndex(waveform);
  rangeBox_->setValue(s.value(QStringLiteral("dbRange"), kDefaultRangeDb).toDouble());
  frequencyBox_->setValue(s.value(QStringLiteral("frequency"), frequencyBox_->value()).toDouble());
  secondFrequencyBox_->setValue(
      s.value(QStringLiteral("secondFrequency"), secondFrequencyBox_->value()).toDouble());
  levelBox_->setValue(s.value(QStringLiteral("amplitude"), levelBox_->value()).toDouble());
}

void AudioTab::saveSettings() const
{
  QSettings s;
  s.beginGroup(QLatin1String(kSettingsGroup));
  s.setValue(QStringLiteral("fftSize"), fftBox_->currentData());
  s.setValue(QStringLiteral("overlap"), overlapBox_->currentData());
  s.setValue(QStringLiteral("hop"), hopBox_->value());
  s.setValue(QStringLiteral("zeroPadding"), paddingBox_->currentData());
  s.setValue(QStringLiteral("window"), windowBox_->currentText());
  s.setValue(QStringLiteral("kaiserBeta"), kaiserBetaBox_->value());
  s.setValue(QStringLiteral("gaussianSigma"), gaussianSigmaBox_->value());
  s.remove(QStringLiteral("averaging")); // the old combined choice, replaced by the four below
  s.setValue(QStringLiteral("averagingMode"), averagingBox_->currentData());
  s.setValue(QStringLiteral("averageSeconds"), averageSecondsBox_->value());
  s.setValue(QStringLiteral("peakHold"), peakHoldBox_->isChecked());
  s.setValue(QStringLiteral("peakDecay"), peakDecayBox_->value());
  s.setValue(QStringLiteral("spectrogramGain"), gainBox_->value());
  s.setValue(QStringLiteral("frequencyAxis"), axisBox_->currentData());
  s.setValue(QStringLiteral("colormap"), colormapBox_->currentText());
  s.setValue(QStringLiteral("microphoneRate"), micRateBox_->currentData());
  s.setValue(QStringLiteral("channel"), channelBox_->currentData());
  // With no input device the box shows a placeholder; the device chosen before stays remembered.
  if (deviceBox_->isEnabled()) s.setValue(QStringLiteral("device"), deviceBox_->currentData());
  s.setValue(QStringLiteral("waveform"), waveformBox_->currentIndex());
  s.setValue(QStringLiteral("dbRange"), rangeBox_->value());
  s.setValue(QStringLiteral("frequency"), frequencyBox_->value());
  s.setValue(QStringLiteral("secondFrequency"), secondFrequencyBox_->value());
  s.setValue(QStringLiteral("amplitude"), levelBox_->value());
}

// ---- threads and sources -----------------------------------------------------------------------------

void AudioTab::startThreads()
{
  analysisThread_ = new QThread(this);
  analysisThread_->setObjectName(QStringLiteral("audio analysis"));
  worker_ = new AudioAnalysisWorker(ring_);
  worker_->moveToThread(analysisThread_);
  connect(worker_, &AudioAnalysisWorker::columnsReady, this, &AudioTab::onColumns, Qt::QueuedConnection);
  connect(worker_, &AudioAnalysisWorker::errorMessage, this, &AudioTab::errorMessage, Qt::QueuedConnection);
  analysisThread_->start();

  generatorThread_ = new QThread(this);
  generatorThread_->setObjectName(QStringLiteral("signal generator"));
  generator_ = new GeneratorSource(ring_);
  generator_->moveToThread(generatorThread_);
  generatorThread_->start();
  startPlaybackThreads();

  applyGeneratorSettings();
  applyAnalysisSettings();
  QMetaObject::invokeMethod(worker_, &AudioAnalysisWorker::start, Qt::QueuedConnection);
  runGenerator(true);
}

void AudioTab::startPlaybackThreads()
{
  playbackThread_ = new QThread(this);
  playbackThread_->setObjectName(QStringLiteral("file playback"));
  player_ = new FilePlaybackSource(ring_, outputRing_);
  player_->moveToThread(playbackThread_);
  connect(player_, &FilePlaybackSource::failed, this, &AudioTab::errorMessage, Qt::QueuedConnection);
  connect(player_, &FilePlaybackSource::finished, this, [this] {
    playButton_->setText(tr("Play"));
    status_->setText(tr("Played %1 to the end").arg(QFileInfo(file_.path).fileName()));
  });
  playbackThread_->start();

  outputThread_ = new QThread; // no parent: if the audio server blocks it, it is abandoned, not joined
  outputThread_->setObjectName(QStringLiteral("audio output"));
  output_ = new AudioOutput(outputRing_);
  output_->moveToThread(outputThread_);
  connect(outputThread_, &QThread::finished, output_, &QObject::deleteLater);
  connect(outputThread_, &QThread::finished, outputThread_, &QObject::deleteLater);
  outputThread_->start();
}

void AudioTab::setSource(Source source)
{
  microphonePaused_ = false; // choosing the microphone starts it
  source_ = source;
  sourceBox_->setCurrentIndex(int(source));
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
  captureButton_->setVisible(source_ == Source::Microphone);
  captureButton_->setText(microphonePaused_ ? tr("Start capture") : tr("Pause capture"));
}

void AudioTab::runGenerator(bool on)
{
  QMetaObject::invokeMethod(generator_, on ? &GeneratorSource::start : &GeneratorSource::stop,
                            Qt::QueuedConnection);
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
  QMetaObject::invokeMethod(
      worker_, [w = worker_] { w->setPolling(false); }, Qt::QueuedConnection);
  if (source_ == Source::Generator) runGenerator(false);
}

void AudioTab::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (!restingHidden_) return;
  restingHidden_ = false;
  displayTimer_->start(kDisplayIntervalMs);
  QMetaObject::invokeMethod(
      worker_, [w = worker_] { w->setPolling(true); }, Qt::QueuedConnection);
  if (source_ == Source::Generator) runGenerator(true);
}

void AudioTab::runPlayback(bool on)
{
  playButton_->setVisible(on);
  if (!on) {
    QMetaObject::invokeMethod(player_, &FilePlaybackSource::pause, Qt::QueuedConnection);
    QMetaObject::invokeMethod(output_, &AudioOutput::stop, Qt::QueuedConnection);
    return;
  }
  setPlaying(true);
}

void AudioTab::setPlaying(bool playing)
{
  if (file_.path.isEmpty()) return;
  if (playing && playPositionSeconds() >= file_.seconds() - 1e-3) seekFile(0); // at the end: again
  QMetaObject::invokeMethod(player_, playing ? &FilePlaybackSource::play : &FilePlaybackSource::pause,
                            Qt::QueuedConnection);
  if (playing)
    QMetaObject::invokeMethod(
        output_, [o = output_, rate = file_.sampleRate] { o->start(rate); }, Qt::QueuedConnection);
  else
    QMetaObject::invokeMethod(output_, &AudioOutput::stop, Qt::QueuedConnection);
  playButton_->setText(playing ? tr("Pause") : tr("Play"));
  const QString name = QFileInfo(file_.path).fileName();
  const QString state = playing ? tr("Playing %1").arg(name) : tr("Paused %1").arg(name);
  status_->setText(file_.note.isEmpty() ? state : tr("%1. Note: %2").arg(state, file_.note));
}

// ---- engine ------------------------------------------------------------------------------------------

void AudioTab::setEngineService(EngineService* service)
{
  service_ = service;
  if (!service_) return;
  connect(service_, &EngineService::backendChanged, this, &AudioTab::pushEngine);
  pushEngine();
}

void AudioTab::pushEngine()
{
  std::shared_ptr<Engine> engine = service_ ? service_->engine() : nullptr;
  if (!engine) return;
  QMetaObject::invokeMethod(
      worker_, [w = worker_, engine] { w->useEngine(engine); }, Qt::QueuedConnection);
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
  if (loading_.isRunning()) {
    loading_.cancel();
    loading_.waitForFinished(); // between chunks: short
  }
  const int channel = channelBox_->currentData().toInt();
  std::shared_ptr<Engine> engine = service_ ? service_->engine() : nullptr;
  loading_.setFuture(QtConcurrent::run(loadAudioFileOverview, path, channel, engine));
  fileLabel_->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
  progress_->setValue(0);
  progress_->show();
  cancelButton_->show();
}

// A zoomed overview shows the whole file's columns magnified until the visible stretch has been analysed
// on its own (in the background, one job at a time; the newest view wins).
void AudioTab::requestDetail()
{
  detailPending_ = false;
  if (file_.path.isEmpty() || overview_->viewSpan() >= file_.seconds() || overview_->showsDetail()) return;
  const double columnSeconds = double(file_.samplesPerColumn) / std::max(1, file_.sampleRate);
  if (overview_->viewSpan() / columnSeconds >= overview_->width()) return; // already a column per pixel
  if (detailLoading_.isRunning()) {
    detailPending_ = true;
    return;
  }
  // Some margin either side, so small scrolls stay inside the detail.
  const double span = overview_->viewSpan(), start = std::max(0.0, overview_->viewStart() - 0.5 * span);
  const int columns = std::max(64, overview_->width());
  std::shared_ptr<Engine> engine = service_ ? service_->engine() : nullptr;
  detailLoading_.setFuture(
      QtConcurrent::run(loadAudioFileDetail, file_.path, file_.channel, start, 2 * span, columns, engine));
}

void AudioTab::cancelLoading()
{
  loading_.cancel();
}

void AudioTab::onFileLoaded()
{
  progress_->hide();
  cancelButton_->hide();
  const bool cancelled = loading_.isCanceled() || loading_.future().resultCount() == 0;
  const AudioFileOverview loaded = cancelled ? AudioFileOverview{} : loading_.result();
  const QString previous = file_.path.isEmpty() ? tr("Drop a sound file here, or open one (Ctrl+Shift+O).")
                                                : fileLabel_->toolTip();
  if (cancelled || !loaded.error.isEmpty()) { // the previous source keeps running
    fileLabel_->setText(previous);
    if (!cancelled)
      emit errorMessage(tr("Cannot open the audio file"), loaded.error);
    else
      status_->setText(tr("Opening cancelled."));
    return;
  }
  file_ = loaded;
  const QString description = tr("%1 — %2, %3 Hz, %4 channel(s), %5 s")
                                  .arg(QFileInfo(file_.path).fileName(), file_.formatName)
                                  .arg(file_.sampleRate)
                                  .arg(file_.channels)
                                  .arg(file_.seconds(), 0, 'f', 1);
  fileLabel_->setText(description);
  fileLabel_->setToolTip(description);
  fileLabel_->setForegroundRole(QPalette::WindowText);
  overview_->setOverview(file_);
  overview_->show();
  applyDisplaySettings();
  status_->setText(file_.note.isEmpty()
                       ? tr("Playing %1").arg(QFileInfo(file_.path).fileName())
                       : tr("Playing %1. Note: %2").arg(QFileInfo(file_.path).fileName(), file_.note));
  QMetaObject::invokeMethod(
      player_, [p = player_, path = file_.path, c = file_.channel] { p->open(path, c); },
      Qt::QueuedConnection);
  setSource(Source::File);
}

double AudioTab::playPositionSeconds() const
{
  return file_.sampleRate > 0 ? double(player_->positionFrames()) / file_.sampleRate : 0;
}

void AudioTab::seekFile(double seconds)
{
  if (file_.path.isEmpty()) return;
  const qint64 frame = qint64(std::clamp(seconds, 0.0, file_.seconds()) * file_.sampleRate);
  QMetaObject::invokeMethod(
      player_, [p = player_, frame] { p->seek(frame); }, Qt::QueuedConnection);
  overview_->setPosition(double(frame) / file_.sampleRate);
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
  const int index = fftBox_->findData(size);
  if (index >= 0) {
    fftBox_->setCurrentIndex(index);
  } else {
    fftBox_->addItem(QString::number(size), size);
    fftBox_->setCurrentIndex(fftBox_->count() - 1);
  }
}

void AudioTab::setFrequencyScale(FrequencyScale scale)
{
  axisBox_->setCurrentIndex(axisBox_->findData(int(scale)));
}

void AudioTab::applyAnalysisSettings()
{
  settings_.fftSize = fftBox_->currentData().toInt();
  settings_.zeroPadding = paddingBox_->currentData().toInt();
  const int overlap = overlapBox_->currentData().toInt();
  settings_.hop =
      overlap == kCustomHop ? hopBox_->value() : std::max(1, settings_.fftSize * (100 - overlap) / 100);
  updateHopBox();
  settings_.window =
      audio::parseWindow(windowBox_->currentText().toStdString()).value_or(audio::WindowSpec{});
  if (settings_.window.type == audio::WindowType::Kaiser)
    settings_.window.parameter = kaiserBetaBox_->value();
  if (settings_.window.type == audio::WindowType::Gaussian) // the engine takes sigma in samples
    settings_.window.parameter = gaussianSigmaBox_->value() * settings_.fftSize;
  updateWindowParameterRows();
  // The spectrogram keeps its history: columns of the new size start a new, marked segment.
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.fftSize = transformSize();
  spectrogram_->renderer().setParameters(p);
  QMetaObject::invokeMethod(worker_, "configure", Qt::QueuedConnection,
                            Q_ARG(spectrascope::ui::AnalysisSettings, settings_));
  saveSettings();
}

// The hop box always shows the hop in use; only typing into it makes the hop custom.
void AudioTab::updateHopBox()
{
  const QSignalBlocker blocker(hopBox_);
  hopBox_->setValue(settings_.hop);
}

// Kaiser's beta and the Gaussian's sigma are shown only for their own window.
void AudioTab::updateWindowParameterRows()
{
  analysisForm_->setRowVisible(kaiserBetaBox_, settings_.window.type == audio::WindowType::Kaiser);
  analysisForm_->setRowVisible(gaussianSigmaBox_, settings_.window.type == audio::WindowType::Gaussian);
  gaussianSigmaBox_->setToolTip(tr("Gaussian window width: its standard deviation as a fraction of the "
                                   "window's length N (now %1 samples)")
                                    .arg(gaussianSigmaBox_->value() * settings_.fftSize, 0, 'f', 1));
}

void AudioTab::applyGeneratorSettings()
{
  audio::GeneratorSettings s;
  s.waveform = audio::Waveform(waveformBox_->currentIndex());
  s.frequencyHz = generatorFrequency(frequencyBox_, s.sampleRate);
  s.secondFrequencyHz = generatorFrequency(secondFrequencyBox_, s.sampleRate);
  s.levelDbfs = levelBox_->value();
  if (generator_) generator_->setSettings(s);
  if (generator_) saveSettings();
}

// A frequency above half the sample rate cannot be generated (it would alias): the box shows the
// highest one instead, and the status line says why.
double AudioTab::generatorFrequency(QDoubleSpinBox* box, double sampleRate)
{
  const double nyquist = sampleRate / 2;
  if (box->value() <= nyquist) return box->value();
  status_->setText(tr("%1 Hz is above the highest frequency the generator can make at %2 Hz (%3 Hz, half "
                      "its sample rate): using %3 Hz.")
                       .arg(box->value(), 0, 'f', 1)
                       .arg(sampleRate, 0, 'f', 0)
                       .arg(nyquist, 0, 'f', 0));
  const QSignalBlocker blocker(box);
  box->setValue(nyquist);
  return nyquist;
}

void AudioTab::applyDisplaySettings()
{
  const auto scale = FrequencyScale(axisBox_->currentData().toInt());
  spectrum_->setDbRange(rangeBox_->value());
  spectrum_->setScale(scale);
  // The gain shifts the range the colours cover: a level L shows as L + gain within [-range, 0].
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.minDb = -rangeBox_->value() - gainBox_->value();
  p.maxDb = -gainBox_->value();
  p.scale = scale;
  p.colormap = colormapBox_->currentText().toStdString();
  spectrogram_->renderer().setParameters(p); // recolours and re-maps the whole history when drawn
  spectrogram_->update();
  overview_->setDisplay(scale, p.minDb, p.maxDb, p.colormap);
  if (worker_) saveSettings();
}

void AudioTab::applyAveragingSettings()
{
  audio::AveragingSettings a;
  a.mode = audio::AveragingMode(averagingBox_->currentData().toInt());
  a.seconds = averageSecondsBox_->value();
  a.peakHold = peakHoldBox_->isChecked();
  a.peakDecayDbPerSecond = peakDecayBox_->value();
  spectrum_->setAveraging(a);
  averageSecondsBox_->setEnabled(a.mode != audio::AveragingMode::None);
  peakDecayBox_->setEnabled(a.peakHold);
  if (worker_) saveSettings();
}

void AudioTab::setAveraging(const audio::AveragingSettings& settings)
{
  {
    const QSignalBlocker b1(averagingBox_), b2(averageSecondsBox_), b3(peakHoldBox_), b4(peakDecayBox_);
    averagingBox_->setCurrentIndex(averagingBox_->findData(int(settings.mode)));
    averageSecondsBox_->setValue(settings.seconds);
    peakHoldBox_->setChecked(settings.peakHold);
    peakDecayBox_->setValue(settings.peakDecayDbPerSecond);
  }
  applyAveragingSettings();
}

audio::AveragingSettings AudioTab::averaging() const
{
  return spectrum_->averaging();
}

void AudioTab::setSpectrogramGain(double db)
{
  gainBox_->setValue(db);
}

double AudioTab::spectrogramGain() const
{
  return gainBox_->value();
}

// ---- results and display -----------------------------------------------------------------------------

void AudioTab::onColumns(const SpectrumColumns& columns)
{
  worker_->resultConsumed();
  level_->setLevel(columns.rmsDbfs, columns.peakDbfs);
  backend_ = columns.backend;
  if (columns.report && timingFeed_) timingFeed_->publish(tr("Audio"), *columns.report);
  if (columns.fftSize != transformSize()) return; // made before the size changed
  if (freezeBox_->isChecked()) return;
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.fftSize = columns.fftSize;
  p.sampleRate = columns.sampleRate;
  p.hop = columns.hop;
  spectrogram_->renderer().setParameters(p);
  const std::size_t rows = std::size_t(columns.rows);
  for (int f = 0; f < columns.frames; ++f)
    spectrogram_->renderer().appendLevels(
        std::span<const float>(columns.levels).subspan(std::size_t(f) * rows, rows), columns.fftSize,
        columns.hop, columns.sampleRate);
  spectrogram_->noteArrival(columns.arrivalNs);
  latestFrame_ = columns.summary.lastDb;
  latestRate_ = columns.sampleRate;
  // Every frame analysed since the last result (those of dropped results too) reaches the averages and
  // peak hold.
  spectrum_->addFrames(columns.summary, columns.sampleRate, columns.fftSize,
                       double(columns.hop) / columns.sampleRate);
  lastAnalysisMs_ += columns.analysisMs;
  lastAudioMs_ += 1000.0 * columns.frames * columns.hop / columns.sampleRate;
}

void AudioTab::onDisplayTick()
{
  spectrum_->update();
  spectrogram_->update();
  if (source_ == Source::File) overview_->setPosition(playPositionSeconds());
  if (lastAudioMs_ < 1000) return;
  const PaintStatistics stats = spectrogram_->statistics();
  figures_->setText(tr("%1 · FFT %2, hop %3 · analysis %4 ms per s of audio · latency %5 ms (max %6) · "
                       "%7 frames/s · %8 results dropped")
                        .arg(backend_.isEmpty() ? tr("engine starting") : backend_)
                        .arg(settings_.fftSize)
                        .arg(settings_.hop)
                        .arg(lastAnalysisMs_ / lastAudioMs_ * 1000.0, 0, 'f', 1)
                        .arg(stats.meanLatencyMs, 0, 'f', 0)
                        .arg(stats.maxLatencyMs, 0, 'f', 0)
                        .arg(stats.paintsPerSecond(), 0, 'f', 0)
                        .arg(worker_->droppedResults()));
  lastAnalysisMs_ = lastAudioMs_ = 0;
  spectrogram_->resetStatistics();
}

std::uint64_t AudioTab::spectrogramColumns() const
{
  return spectrogram_->renderer().columnsAppended();
}

std::uint64_t AudioTab::droppedResults() const
{
  return worker_->droppedResults();
}

std::uint64_t AudioTab::droppedSamples() const
{
  return ring_->droppedSamples();
}

void AudioTab::setHop(int hop)
{
  {
    const QSignalBlocker hopBlocker(hopBox_), overlapBlocker(overlapBox_);
    hopBox_->setValue(std::max(1, hop));
    overlapBox_->setCurrentIndex(overlapBox_->findData(kCustomHop));
  }
  applyAnalysisSettings();
}

std::vector<float> AudioTab::newestSamples(std::size_t count) const
{
  return ring_->newest(count);
}

double AudioTab::peakFrequencyHz() const
{
  if (latestFrame_.size() < 3) return 0;
  const auto peak = audio::interpolatePeak(latestFrame_, audio::strongestBin(latestFrame_, 1));
  return peak.bin * latestRate_ / transformSize();
}

QString AudioTab::levelText() const
{
  return level_->text();
}

void AudioTab::setFrozen(bool frozen)
{
  freezeBox_->setChecked(frozen);
}

bool AudioTab::isFrozen() const
{
  return freezeBox_->isChecked();
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
  const QString current = deviceBox_->currentData().toString();
  deviceBox_->clear();
  // The newest capture process's list where there is one: this process's own view of the audio server
  // is fixed at its start.
  QList<CaptureInput> inputs = capture_->inputs();
  if (inputs.isEmpty())
    for (const QAudioDevice& device : QMediaDevices::audioInputs())
      inputs.append({QString::fromUtf8(device.id()), device.description(), false});
  for (const CaptureInput& input : inputs)
    deviceBox_->addItem(input.description, input.id);
  // An empty box would look broken; it says why there is nothing to choose.
  if (inputs.isEmpty()) deviceBox_->addItem(tr("No input device"), QString());
  deviceBox_->setEnabled(!inputs.isEmpty());
  const int index = deviceBox_->findData(current);
  if (index >= 0) deviceBox_->setCurrentIndex(index);
}

bool AudioTab::selectInputDevice(const QString& text)
{
  refreshDevices();
  if (!deviceBox_->isEnabled()) return false; // only the "No input device" placeholder
  for (int i = 0; i < deviceBox_->count(); ++i)
    if (deviceBox_->itemText(i).contains(text) || deviceBox_->itemData(i).toString().contains(text)) {
      deviceBox_->setCurrentIndex(i);
      return true;
    }
  return false;
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
  capture_->setSampleSink(
      [ring = ring_](const float* samples, std::size_t count) { ring->write(samples, count); });
  connect(capture_, &CaptureSupervisor::started, this, [this](const QString& description, int sampleRate) {
    ring_->reset(sampleRate); // a new stream: the analysis starts again at its rate
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
  request.deviceId = deviceBox_->currentData().toString(); // empty: the default input
  // No list yet (no audio server when the tab started): the device chosen last time rather than
  // whichever is the default, so that the user's choice holds once the server is there.
  if (!deviceBox_->isEnabled())
    request.deviceId =
        QSettings().value(QLatin1String(kSettingsGroup) + QStringLiteral("/device")).toString();
  request.sampleRate = micRateBox_->currentData().toInt();
  request.channel = channelBox_->currentData().toInt();
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
