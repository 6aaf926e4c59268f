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
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMediaDevices>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

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
  // Scrollable, so the controls never force the main window taller than a small screen.
  auto* controls = new QScrollArea(this);
  controls->setWidget(createControls());
  controls->setWidgetResizable(true);
  controls->setFrameShape(QFrame::NoFrame);
  controls->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  controls->setMinimumWidth(controls->widget()->sizeHint().width() + 20);
  layout->addWidget(controls);
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
  freezeBox_ = new QCheckBox(tr("Freeze"), panel);
  freezeBox_->setObjectName(QStringLiteral("freeze"));
  form->addRow(freezeBox_);
  auto* exportImage = new QPushButton(tr("Export spectrogram…"), panel);
  auto* exportCsv = new QPushButton(tr("Export spectrum…"), panel);
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

bool AudioTab::exportSpectrogram(const QString& pngPath)
{
  // The history image with a frequency scale on the left and the settings underneath.
  const QImage history = spectrogram_->renderer().image();
  const auto& p = spectrogram_->renderer().parameters();
  constexpr int kLeft = 70, kBottom = 24;
  QImage out(history.width() + kLeft, history.height() + kBottom, QImage::Format_RGB32);
  out.fill(Qt::white);
  QPainter painter(&out);
  painter.drawImage(kLeft, 0, history);
  painter.setPen(Qt::black);
  const int ticks = 8;
  for (int i = 0; i <= ticks; ++i) {
    const double u = double(i) / ticks; // 0 bottom .. 1 top
    const double f = p.logFrequency ? p.minFrequencyHz * std::pow(p.sampleRate / 2 / p.minFrequencyHz, u)
                                    : u * p.sampleRate / 2;
    const int y = int((1 - u) * (history.height() - 1));
    painter.drawLine(kLeft - 5, y, kLeft, y);
    painter.drawText(QRect(0, y - 8, kLeft - 8, 16), Qt::AlignRight | Qt::AlignVCenter,
                     tr("%1 Hz").arg(f, 0, 'f', 0));
  }
  painter.drawText(QRect(kLeft, history.height(), history.width(), kBottom), Qt::AlignCenter,
                   tr("time → (newest at the right), FFT %1, hop %2, %3 Hz, %4 dB range")
                       .arg(settings_.fftSize)
                       .arg(settings_.hop)
                       .arg(p.sampleRate)
                       .arg(p.maxDb - p.minDb));
  painter.end();
  if (!out.save(pngPath, "PNG")) {
    showError(tr("Export failed"), tr("%1 cannot be written").arg(pngPath));
    return false;
  }
  return true;
}

bool AudioTab::exportSpectrum(const QString& csvPath)
{
  QFile file(csvPath);
  if (latestFrame_.empty() || !file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
    showError(tr("Export failed"),
              latestFrame_.empty() ? tr("no spectrum yet") : tr("%1 cannot be written").arg(csvPath));
    return false;
  }
  QByteArray text = "frequency_hz,db\n";
  const double binHz = latestRate_ / settings_.fftSize;
  for (std::size_t k = 0; k < latestFrame_.size(); ++k)
    text += QByteArray::number(double(k) * binHz, 'f', 3) + ',' +
            QByteArray::number(latestFrame_[k], 'f', 2) + '\n';
  if (file.write(text) != text.size()) {
    showError(tr("Export failed"), tr("%1 cannot be written").arg(csvPath));
    return false;
  }
  return true;
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
  if (freezeBox_->isChecked()) return;
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
