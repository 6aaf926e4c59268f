#include "spectrascope/ui/audio/AudioControls.h"

#include "spectrascope/ui/audio/AnalysisControls.h"

#include "spectrascope/engine/audio/Window.h"
#include "spectrascope/ui/Colormap.h"
#include "spectrascope/ui/audio/LevelMeter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>

namespace spectrascope::ui {
namespace {
constexpr double kDefaultRangeDb = 120;
const char* kSettingsGroup = "audio";
} // namespace

// Source, analysis and display choices on three pages: each fits whole beside the views in the main
// window's first-start size (1100 x 720 with the Timings strip), where one long column was cut off. Each
// page still scrolls on a smaller screen, and is never narrower than its widest row.
AudioControls::AudioControls(QWidget* parent) : QTabWidget(parent)
{
  setObjectName(QStringLiteral("audioControls"));
  setDocumentMode(true);
  addPage(createSourceControls(), tr("Source"));
  analysis_ = new AnalysisControls(this);
  addPage(analysis_, tr("Analysis"));
  addPage(createDisplayControls(), tr("Display"));
  setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
  connectControls();
}

void AudioControls::addPage(QWidget* content, const QString& title)
{
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setMinimumWidth(content->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
  addTab(scroll, title);
}

QWidget* AudioControls::createSourceControls()
{
  auto* group = new QWidget(this);
  auto* form = new QFormLayout(group);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  sourceBox_ = new QComboBox(group);
  sourceBox_->setObjectName(QStringLiteral("audioSource"));
  sourceBox_->addItems({tr("Signal generator"), tr("Microphone"), tr("Audio file")});
  form->addRow(tr("Input"), sourceBox_);
  auto* open = new QPushButton(tr("Open audio file…"), group);
  open->setObjectName(QStringLiteral("openAudioButton"));
  connect(open, &QPushButton::clicked, this, &AudioControls::openRequested);
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
    // generatorSettings() brings it down to the generator's Nyquist frequency and says so.
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

QWidget* AudioControls::createDisplayControls()
{
  auto* group = new QWidget(this);
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
    if (!path.isEmpty()) emit exportSpectrogramChosen(path);
  });
  connect(exportCsv, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export spectrum"), QStringLiteral("spectrum.csv"), tr("CSV files (*.csv)"));
    if (!path.isEmpty()) emit exportSpectrumChosen(path);
  });
  return group;
}

void AudioControls::connectControls()
{
  connect(sourceBox_, &QComboBox::activated, this, &AudioControls::sourceActivated);
  // The generator's settings act on the generator only (the first input): greyed for a file or the
  // microphone, whose sound they do not change.
  connect(sourceBox_, &QComboBox::currentIndexChanged, this, [this](int source) {
    for (QWidget* w :
         std::initializer_list<QWidget*>{waveformBox_, frequencyBox_, secondFrequencyBox_, levelBox_})
      w->setEnabled(source == 0);
  });
  for (QComboBox* box : {deviceBox_, micRateBox_, channelBox_})
    connect(box, &QComboBox::activated, this, &AudioControls::microphoneChoiceChanged);
  for (QDoubleSpinBox* box : {frequencyBox_, secondFrequencyBox_, levelBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AudioControls::generatorChanged);
  connect(waveformBox_, &QComboBox::currentIndexChanged, this, &AudioControls::generatorChanged);
  connect(analysis_, &AnalysisControls::analysisChanged, this, &AudioControls::analysisChanged);
  connect(analysis_, &AnalysisControls::averagingChanged, this, &AudioControls::averagingChanged);
  for (QComboBox* box : {axisBox_, colormapBox_})
    connect(box, &QComboBox::currentIndexChanged, this, &AudioControls::displayChanged);
  for (QDoubleSpinBox* box : {rangeBox_, gainBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AudioControls::displayChanged);
  connect(captureButton_, &QPushButton::clicked, this, &AudioControls::captureToggled);
}

void AudioControls::restoreSettings()
{
  QSettings s;
  s.beginGroup(QLatin1String(kSettingsGroup));
  auto restoreIndex = [&](QComboBox* box, const char* key, bool byData) {
    const QVariant value = s.value(QLatin1String(key));
    if (!value.isValid()) return;
    const int index = byData ? box->findData(value) : box->findText(value.toString());
    if (index >= 0) box->setCurrentIndex(index);
  };
  analysis_->restoreSettings(s);
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

void AudioControls::saveSettings() const
{
  QSettings s;
  s.beginGroup(QLatin1String(kSettingsGroup));
  analysis_->saveSettings(s);
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

// ---- values --------------------------------------------------------------------------------------------

void AudioControls::showSource(int index)
{
  sourceBox_->setCurrentIndex(index);
}

void AudioControls::setInputs(const QList<CaptureInput>& inputs)
{
  const QString current = deviceBox_->currentData().toString();
  deviceBox_->clear();
  for (const CaptureInput& input : inputs)
    deviceBox_->addItem(input.description, input.id);
  // An empty box would look broken; it says why there is nothing to choose.
  if (inputs.isEmpty()) deviceBox_->addItem(tr("No input device"), QString());
  deviceBox_->setEnabled(!inputs.isEmpty());
  const int index = deviceBox_->findData(current);
  if (index >= 0) deviceBox_->setCurrentIndex(index);
}

bool AudioControls::hasInputs() const
{
  return deviceBox_->isEnabled(); // otherwise only the "No input device" placeholder
}

bool AudioControls::selectInput(const QString& text)
{
  if (!hasInputs()) return false;
  for (int i = 0; i < deviceBox_->count(); ++i)
    if (deviceBox_->itemText(i).contains(text) || deviceBox_->itemData(i).toString().contains(text)) {
      deviceBox_->setCurrentIndex(i);
      return true;
    }
  return false;
}

QString AudioControls::inputDeviceId() const
{
  // No list yet (no audio server when the tab started): the device chosen last time rather than
  // whichever is the default, so that the user's choice holds once the server is there. Empty: the
  // default input.
  if (!hasInputs())
    return QSettings().value(QLatin1String(kSettingsGroup) + QStringLiteral("/device")).toString();
  return deviceBox_->currentData().toString();
}

int AudioControls::microphoneRate() const
{
  return micRateBox_->currentData().toInt();
}

int AudioControls::channel() const
{
  return channelBox_->currentData().toInt();
}

void AudioControls::showCaptureButton(bool visible, bool paused)
{
  captureButton_->setVisible(visible);
  captureButton_->setText(paused ? tr("Start capture") : tr("Pause capture"));
}

audio::GeneratorSettings AudioControls::generatorSettings(double sampleRate)
{
  audio::GeneratorSettings s;
  s.sampleRate = sampleRate;
  s.waveform = audio::Waveform(waveformBox_->currentIndex());
  s.frequencyHz = generatorFrequency(frequencyBox_, s.sampleRate);
  s.secondFrequencyHz = generatorFrequency(secondFrequencyBox_, s.sampleRate);
  s.levelDbfs = levelBox_->value();
  return s;
}

// A frequency above half the sample rate cannot be generated (it would alias): the box shows the
// highest one instead, and the notice says why.
double AudioControls::generatorFrequency(QDoubleSpinBox* box, double sampleRate)
{
  const double nyquist = sampleRate / 2;
  if (box->value() <= nyquist) return box->value();
  emit notice(tr("%1 Hz is above the highest frequency the generator can make at %2 Hz (%3 Hz, half "
                 "its sample rate): using %3 Hz.")
                  .arg(box->value(), 0, 'f', 1)
                  .arg(sampleRate, 0, 'f', 0)
                  .arg(nyquist, 0, 'f', 0));
  const QSignalBlocker blocker(box);
  box->setValue(nyquist);
  return nyquist;
}

FrequencyScale AudioControls::frequencyScale() const
{
  return FrequencyScale(axisBox_->currentData().toInt());
}

void AudioControls::setFrequencyScale(FrequencyScale scale)
{
  axisBox_->setCurrentIndex(axisBox_->findData(int(scale)));
}

double AudioControls::dbRange() const
{
  return rangeBox_->value();
}

double AudioControls::gainDb() const
{
  return gainBox_->value();
}

void AudioControls::setGainDb(double db)
{
  gainBox_->setValue(db);
}

std::string AudioControls::colormap() const
{
  return colormapBox_->currentText().toStdString();
}

bool AudioControls::isFrozen() const
{
  return freezeBox_->isChecked();
}

void AudioControls::setFrozen(bool frozen)
{
  freezeBox_->setChecked(frozen);
}

AnalysisSettings AudioControls::analysisSettings()
{
  return analysis_->analysisSettings();
}

void AudioControls::setFftSize(int size)
{
  analysis_->setFftSize(size);
}

void AudioControls::setHop(int hop)
{
  analysis_->setHop(hop);
}

audio::AveragingSettings AudioControls::averagingSettings()
{
  return analysis_->averagingSettings();
}

void AudioControls::setAveraging(const audio::AveragingSettings& settings)
{
  analysis_->setAveraging(settings);
}

} // namespace spectrascope::ui
