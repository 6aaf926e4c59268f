#include "spectrascope/ui/AudioTab.h"

#include "spectrascope/engine/audio/Window.h"
#include "spectrascope/ui/audio/AudioAnalysisWorker.h"
#include "spectrascope/ui/audio/GeneratorSource.h"
#include "spectrascope/ui/audio/MicrophoneCapture.h"
#include "spectrascope/ui/audio/SampleRingBuffer.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMediaDevices>
#include <QSplitter>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace spectrascope::ui {
namespace {
constexpr int kDisplayIntervalMs = 16; // about 60 frames per second
constexpr double kDefaultRangeDb = 120;
} // namespace

AudioTab::AudioTab(QWidget* parent) : QWidget(parent), ring_(std::make_shared<SampleRingBuffer>())
{
  qRegisterMetaType<SpectrumColumns>();
  qRegisterMetaType<AnalysisSettings>();
  setObjectName(QStringLiteral("audioTab"));
  spectrum_ = new SpectrumView(this);
  spectrogram_ = new SpectrogramView(this);
  auto* views = new QSplitter(Qt::Vertical, this);
  views->addWidget(spectrum_);
  views->addWidget(spectrogram_);
  views->setStretchFactor(1, 2);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("audioStatus"));
  auto* layout = new QHBoxLayout(this);
  auto* right = new QVBoxLayout;
  right->addWidget(views, 1);
  right->addWidget(status_);
  layout->addWidget(createControls());
  layout->addLayout(right, 1);

  displayTimer_ = new QTimer(this);
  connect(displayTimer_, &QTimer::timeout, this, &AudioTab::onDisplayTick);
  displayTimer_->start(kDisplayIntervalMs);
  connect(this, &AudioTab::errorMessage, this, &AudioTab::showError);
  auto* devices = new QMediaDevices(this);
  connect(devices, &QMediaDevices::audioInputsChanged, this, &AudioTab::refreshDevices);
  refreshDevices();
  applyDisplaySettings();
  startThreads();
}

AudioTab::~AudioTab()
{
  stopMicrophone();
  // Each object is destroyed on its own thread, where its timers live, before that thread ends.
  QMetaObject::invokeMethod(
      generator_, [g = generator_] { delete g; }, Qt::BlockingQueuedConnection);
  QMetaObject::invokeMethod(
      worker_, [w = worker_] { delete w; }, Qt::BlockingQueuedConnection);
  for (QThread* thread : {generatorThread_, analysisThread_}) {
    thread->quit();
    thread->wait();
  }
}

QWidget* AudioTab::createControls()
{
  auto* panel = new QWidget(this);
  auto* form = new QFormLayout(panel);
  sourceBox_ = new QComboBox(panel);
  sourceBox_->setObjectName(QStringLiteral("audioSource"));
  sourceBox_->addItems({tr("Signal generator"), tr("Microphone")});
  form->addRow(tr("Source"), sourceBox_);
  deviceBox_ = new QComboBox(panel);
  deviceBox_->setObjectName(QStringLiteral("audioDevice"));
  form->addRow(tr("Device"), deviceBox_);
  waveformBox_ = new QComboBox(panel);
  waveformBox_->setObjectName(QStringLiteral("waveform"));
  waveformBox_->addItems({tr("Sine"), tr("Two-tone"), tr("Linear chirp"), tr("Log chirp"), tr("White noise"),
                          tr("Pink noise"), tr("Square")});
  waveformBox_->setCurrentIndex(3);
  form->addRow(tr("Signal"), waveformBox_);
  auto frequency = [&](double value) {
    auto* box = new QDoubleSpinBox(panel);
    box->setRange(1, 96000);
    box->setDecimals(1);
    box->setSuffix(tr(" Hz"));
    box->setValue(value);
    return box;
  };
  frequencyBox_ = frequency(100);
  secondFrequencyBox_ = frequency(15000);
  form->addRow(tr("Frequency"), frequencyBox_);
  form->addRow(tr("Second / end"), secondFrequencyBox_);
  levelBox_ = new QDoubleSpinBox(panel);
  levelBox_->setRange(-120, 0);
  levelBox_->setSuffix(tr(" dBFS"));
  levelBox_->setValue(-6);
  form->addRow(tr("Level"), levelBox_);
  fftBox_ = new QComboBox(panel);
  fftBox_->setObjectName(QStringLiteral("fftSize"));
  for (int n : {256, 512, 1000, 1024, 2048, 4096, 8192, 16384, 32768, 65536})
    fftBox_->addItem(QString::number(n), n);
  fftBox_->setCurrentText(QStringLiteral("4096"));
  form->addRow(tr("FFT size"), fftBox_);
  overlapBox_ = new QComboBox(panel);
  for (int percent : {0, 50, 75, 87, 95})
    overlapBox_->addItem(tr("%1 %").arg(percent), percent);
  overlapBox_->setCurrentIndex(3);
  form->addRow(tr("Overlap"), overlapBox_);
  windowBox_ = new QComboBox(panel);
  for (const auto& name : audio::windowNames())
    windowBox_->addItem(QString::fromStdString(name));
  windowBox_->setCurrentText(QStringLiteral("hann"));
  form->addRow(tr("Window"), windowBox_);
  rangeBox_ = new QDoubleSpinBox(panel);
  rangeBox_->setRange(20, 200);
  rangeBox_->setSuffix(tr(" dB"));
  rangeBox_->setValue(kDefaultRangeDb);
  form->addRow(tr("Range"), rangeBox_);
  logAxisBox_ = new QCheckBox(tr("Log frequency axis"), panel);
  logAxisBox_->setChecked(true);
  form->addRow(logAxisBox_);
  peakHoldBox_ = new QCheckBox(tr("Peak hold"), panel);
  peakHoldBox_->setChecked(true);
  form->addRow(peakHoldBox_);

  connect(sourceBox_, &QComboBox::currentIndexChanged, this,
          [this](int index) { setSource(index == 1 ? Source::Microphone : Source::Generator); });
  connect(deviceBox_, &QComboBox::activated, this, [this] {
    if (source_ == Source::Microphone) startMicrophone();
  });
  for (QDoubleSpinBox* box : {frequencyBox_, secondFrequencyBox_, levelBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AudioTab::applyGeneratorSettings);
  connect(waveformBox_, &QComboBox::currentIndexChanged, this, &AudioTab::applyGeneratorSettings);
  for (QComboBox* box : {fftBox_, overlapBox_, windowBox_})
    connect(box, &QComboBox::currentIndexChanged, this, &AudioTab::applyAnalysisSettings);
  connect(rangeBox_, &QDoubleSpinBox::valueChanged, this, &AudioTab::applyDisplaySettings);
  connect(logAxisBox_, &QCheckBox::toggled, this, &AudioTab::applyDisplaySettings);
  connect(peakHoldBox_, &QCheckBox::toggled, spectrum_, &SpectrumView::setPeakHold);
  return panel;
}

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

  applyGeneratorSettings();
  applyAnalysisSettings();
  QMetaObject::invokeMethod(worker_, &AudioAnalysisWorker::start, Qt::QueuedConnection);
  QMetaObject::invokeMethod(generator_, &GeneratorSource::start, Qt::QueuedConnection);
}

void AudioTab::setSource(Source source)
{
  if (source == source_) return;
  source_ = source;
  sourceBox_->setCurrentIndex(source == Source::Microphone ? 1 : 0);
  if (source == Source::Microphone) {
    QMetaObject::invokeMethod(generator_, &GeneratorSource::stop, Qt::QueuedConnection);
    startMicrophone();
  } else {
    stopMicrophone();
    QMetaObject::invokeMethod(generator_, &GeneratorSource::start, Qt::QueuedConnection);
  }
}

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

std::uint64_t AudioTab::spectrogramColumns() const
{
  return spectrogram_->renderer().columnsAppended();
}

std::uint64_t AudioTab::droppedResults() const
{
  return worker_->droppedResults();
}

void AudioTab::applyAnalysisSettings()
{
  settings_.fftSize = fftBox_->currentData().toInt();
  const int overlap = overlapBox_->currentData().toInt();
  settings_.hop = std::max(1, settings_.fftSize * (100 - overlap) / 100);
  settings_.window =
      audio::parseWindow(windowBox_->currentText().toStdString()).value_or(audio::WindowSpec{});
  QMetaObject::invokeMethod(worker_, "configure", Qt::QueuedConnection,
                            Q_ARG(spectrascope::ui::AnalysisSettings, settings_));
}

void AudioTab::applyGeneratorSettings()
{
  GeneratorSettings s;
  s.waveform = Waveform(waveformBox_->currentIndex());
  s.frequencyHz = frequencyBox_->value();
  s.secondFrequencyHz = secondFrequencyBox_->value();
  s.levelDbfs = levelBox_->value();
  generator_ ? generator_->setSettings(s) : void();
}

void AudioTab::applyDisplaySettings()
{
  spectrum_->setDbRange(rangeBox_->value());
  spectrum_->setLogFrequency(logAxisBox_->isChecked());
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.minDb = -rangeBox_->value();
  p.maxDb = 0;
  p.logFrequency = logAxisBox_->isChecked();
  spectrogram_->renderer().setParameters(p);
}

void AudioTab::onColumns(const SpectrumColumns& columns)
{
  worker_->resultConsumed();
  if (columns.fftSize != settings_.fftSize) return; // made before the size changed
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.fftSize = columns.fftSize;
  p.sampleRate = columns.sampleRate;
  spectrogram_->renderer().setParameters(p);
  const std::size_t bins = std::size_t(columns.bins);
  for (int f = 0; f < columns.frames; ++f)
    spectrogram_->renderer().appendColumn(
        std::span<const float>(columns.db).subspan(std::size_t(f) * bins, bins));
  latestFrame_.assign(columns.db.end() - std::ptrdiff_t(bins), columns.db.end());
  latestRate_ = columns.sampleRate;
  frameDirty_ = true;
  lastAnalysisMs_ += columns.analysisMs;
  lastAudioMs_ += 1000.0 * columns.frames * columns.hop / columns.sampleRate;
}

void AudioTab::onDisplayTick()
{
  if (frameDirty_) {
    spectrum_->setFrame(latestFrame_, latestRate_, settings_.fftSize);
    frameDirty_ = false;
  }
  spectrum_->update();
  spectrogram_->update();
  if (lastAudioMs_ > 1000) {
    status_->setText(tr("FFT %1, hop %2: analysis %3 ms per second of audio; %4 results dropped")
                         .arg(settings_.fftSize)
                         .arg(settings_.hop)
                         .arg(lastAnalysisMs_ / lastAudioMs_ * 1000.0, 0, 'f', 1)
                         .arg(worker_->droppedResults()));
    lastAnalysisMs_ = lastAudioMs_ = 0;
  }
}

void AudioTab::refreshDevices()
{
  const QString current = deviceBox_->currentData().toString();
  deviceBox_->clear();
  for (const QAudioDevice& device : QMediaDevices::audioInputs())
    deviceBox_->addItem(device.description(), QString::fromUtf8(device.id()));
  const int index = deviceBox_->findData(current);
  if (index >= 0) deviceBox_->setCurrentIndex(index);
}

void AudioTab::startMicrophone()
{
  stopMicrophone();
  QAudioDevice device;
  for (const QAudioDevice& candidate : QMediaDevices::audioInputs())
    if (QString::fromUtf8(candidate.id()) == deviceBox_->currentData().toString()) device = candidate;
  if (device.isNull()) device = QMediaDevices::defaultAudioInput();
  captureThread_ = new QThread; // no parent: if the audio server blocks it, it is abandoned, not joined
  captureThread_->setObjectName(QStringLiteral("audio capture"));
  capture_ = new MicrophoneCapture(ring_);
  capture_->moveToThread(captureThread_);
  connect(captureThread_, &QThread::finished, capture_, &QObject::deleteLater);
  connect(captureThread_, &QThread::finished, captureThread_, &QObject::deleteLater);
  connect(capture_, &MicrophoneCapture::failed, this, &AudioTab::errorMessage, Qt::QueuedConnection);
  captureStarted_ = false;
  connect(capture_, &MicrophoneCapture::started, this, [this](const QString& description) {
    captureStarted_ = true;
    status_->setText(tr("Capturing from %1").arg(description));
  });
  captureThread_->start();
  QMetaObject::invokeMethod(
      capture_, [capture = capture_, device] { capture->start(device); }, Qt::QueuedConnection);
  if (!captureWatchdog_) {
    captureWatchdog_ = new QTimer(this);
    captureWatchdog_->setSingleShot(true);
    connect(captureWatchdog_, &QTimer::timeout, this, [this] {
      if (captureStarted_ || !captureThread_) return;
      // The capture thread is stuck inside the audio server: leave it behind and say so.
      captureThread_ = nullptr;
      capture_ = nullptr;
      emit errorMessage(tr("Microphone did not start"),
                        tr("The audio system did not open the device within %1 s. Try another device, or "
                           "check that the audio server runs.")
                            .arg(kCaptureStartTimeoutMs / 1000));
    });
  }
  captureWatchdog_->start(kCaptureStartTimeoutMs);
}

void AudioTab::stopMicrophone()
{
  if (!captureThread_) return;
  if (captureWatchdog_) captureWatchdog_->stop();
  // A capture that never started may be stuck in the audio server: never block the GUI on it.
  if (captureStarted_)
    QMetaObject::invokeMethod(capture_, &MicrophoneCapture::stop, Qt::BlockingQueuedConnection);
  captureThread_->quit();
  if (captureStarted_) captureThread_->wait(1000);
  captureThread_ = nullptr;
  capture_ = nullptr;
}

void AudioTab::showError(const QString& heading, const QString& detail)
{
  status_->setText(QStringLiteral("%1: %2").arg(heading, detail));
}

} // namespace spectrascope::ui
