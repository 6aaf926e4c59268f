#include "spectrascope/ui/audio/AnalysisControls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>

namespace spectrascope::ui {
namespace {
// The overlap box's entry for a hop given in samples rather than as a percentage.
constexpr int kCustomHop = -1;
constexpr double kDefaultKaiserBeta = 8.6;
// Gaussian sigma as a fraction of the window's length N: N/8 (about -72 dB at the edges) by default, and
// it keeps the window's shape when the FFT size changes.
constexpr double kDefaultGaussianSigma = 0.125;

void restoreIndex(const QSettings& s, QComboBox* box, const char* key, bool byData)
{
  const QVariant value = s.value(QLatin1String(key));
  if (!value.isValid()) return;
  const int index = byData ? box->findData(value) : box->findText(value.toString());
  if (index >= 0) box->setCurrentIndex(index);
}
} // namespace

AnalysisControls::AnalysisControls(QWidget* parent) : QWidget(parent)
{
  auto* form = new QFormLayout(this);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  fftBox_ = new QComboBox(this);
  fftBox_->setObjectName(QStringLiteral("fftSize"));
  for (int n : {64, 128, 256, 512, 1000, 1024, 2048, 4096, 8192, 16384, 32768, 44100, 65536})
    fftBox_->addItem(QString::number(n), n);
  fftBox_->setCurrentText(QStringLiteral("4096"));
  form->addRow(tr("FFT size"), fftBox_);
  overlapBox_ = new QComboBox(this);
  overlapBox_->setObjectName(QStringLiteral("overlap"));
  for (int percent : {0, 50, 75, 87, 95})
    overlapBox_->addItem(tr("%1 %").arg(percent), percent);
  overlapBox_->addItem(tr("Custom hop"), kCustomHop);
  overlapBox_->setCurrentIndex(3);
  form->addRow(tr("Overlap"), overlapBox_);
  hopBox_ = new QSpinBox(this);
  hopBox_->setObjectName(QStringLiteral("hop"));
  hopBox_->setRange(1, 65536);
  hopBox_->setKeyboardTracking(false); // typing "64" must not analyse at a hop of 6 on the way
  hopBox_->setSuffix(tr(" samples"));
  hopBox_->setToolTip(tr("Samples between the starts of successive frames. Follows the overlap; typing a "
                         "value here sets a custom hop that stays when the FFT size changes."));
  form->addRow(tr("Hop"), hopBox_);
  paddingBox_ = new QComboBox(this);
  paddingBox_->setObjectName(QStringLiteral("zeroPadding"));
  paddingBox_->setToolTip(tr("Zero-padding factor: the transform is this many times the window's length "
                             "(finer bins, same resolution)"));
  for (int factor : {1, 2, 4, 8})
    paddingBox_->addItem(factor == 1 ? tr("None") : tr("× %1").arg(factor), factor);
  form->addRow(tr("Zero padding"), paddingBox_);
  windowBox_ = new QComboBox(this);
  windowBox_->setObjectName(QStringLiteral("window"));
  for (const auto& name : audio::windowNames())
    windowBox_->addItem(QString::fromStdString(name));
  windowBox_->setCurrentText(QStringLiteral("hann"));
  form->addRow(tr("Window"), windowBox_);
  kaiserBetaBox_ = new QDoubleSpinBox(this);
  kaiserBetaBox_->setObjectName(QStringLiteral("kaiserBeta"));
  kaiserBetaBox_->setRange(0.1, 50);
  kaiserBetaBox_->setKeyboardTracking(false); // each value remakes the pipeline: only the finished one
  kaiserBetaBox_->setSingleStep(0.5);
  kaiserBetaBox_->setValue(kDefaultKaiserBeta);
  kaiserBetaBox_->setToolTip(tr("Kaiser window shape: larger beta, lower side lobes and a wider main lobe "
                                "(5: about Hamming, 8.6: about Blackman)"));
  form->addRow(tr("Kaiser β"), kaiserBetaBox_);
  gaussianSigmaBox_ = new QDoubleSpinBox(this);
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
  createAveragingControls(form);
  connectControls();
}

// Averaging of the spectrum view: None, exponential (time constant) or linear (moving average over the
// frames of the averaging time), and a peak-hold trace over what is shown, falling at a set rate.
void AnalysisControls::createAveragingControls(QFormLayout* form)
{
  averagingBox_ = new QComboBox(this);
  averagingBox_->setObjectName(QStringLiteral("averaging"));
  averagingBox_->addItem(tr("None"), int(audio::AveragingMode::None));
  averagingBox_->addItem(tr("Exponential"), int(audio::AveragingMode::Exponential));
  averagingBox_->addItem(tr("Linear"), int(audio::AveragingMode::Linear));
  averagingBox_->setToolTip(tr("Spectrum averaging (on power): exponential with the averaging time as its "
                               "time constant, or a linear moving average over the frames of the last "
                               "averaging time"));
  form->addRow(tr("Averaging"), averagingBox_);
  averageSecondsBox_ = new QDoubleSpinBox(this);
  averageSecondsBox_->setObjectName(QStringLiteral("averageSeconds"));
  averageSecondsBox_->setRange(0.05, 30);
  averageSecondsBox_->setDecimals(2);
  averageSecondsBox_->setSingleStep(0.25);
  averageSecondsBox_->setSuffix(tr(" s"));
  averageSecondsBox_->setValue(1.0);
  form->addRow(tr("Average time"), averageSecondsBox_);
  auto* peakRow = new QWidget(this);
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

void AnalysisControls::connectControls()
{
  for (QComboBox* box : {fftBox_, overlapBox_, paddingBox_, windowBox_})
    connect(box, &QComboBox::currentIndexChanged, this, &AnalysisControls::analysisChanged);
  // Typing a hop makes it a custom one; the overlap box follows (without a second analysis update).
  connect(hopBox_, &QSpinBox::valueChanged, this, [this] {
    {
      const QSignalBlocker blocker(overlapBox_);
      overlapBox_->setCurrentIndex(overlapBox_->findData(kCustomHop));
    }
    emit analysisChanged();
  });
  for (QDoubleSpinBox* box : {kaiserBetaBox_, gaussianSigmaBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AnalysisControls::analysisChanged);
  connect(averagingBox_, &QComboBox::currentIndexChanged, this, &AnalysisControls::averagingChanged);
  for (QDoubleSpinBox* box : {averageSecondsBox_, peakDecayBox_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &AnalysisControls::averagingChanged);
  connect(peakHoldBox_, &QCheckBox::toggled, this, &AnalysisControls::averagingChanged);
}

// Reads and writes in the settings group `s` is in.
void AnalysisControls::restoreSettings(const QSettings& s)
{
  if (s.contains(QStringLiteral("fftSize"))) setFftSize(s.value(QStringLiteral("fftSize")).toInt());
  // The hop first: restoring a custom overlap then keeps it.
  hopBox_->setValue(s.value(QStringLiteral("hop"), hopBox_->value()).toInt());
  restoreIndex(s, overlapBox_, "overlap", true);
  restoreIndex(s, paddingBox_, "zeroPadding", true);
  restoreIndex(s, windowBox_, "window", false);
  kaiserBetaBox_->setValue(s.value(QStringLiteral("kaiserBeta"), kDefaultKaiserBeta).toDouble());
  gaussianSigmaBox_->setValue(s.value(QStringLiteral("gaussianSigma"), kDefaultGaussianSigma).toDouble());
  if (s.contains(QStringLiteral("averagingMode"))) {
    restoreIndex(s, averagingBox_, "averagingMode", true);
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
}

void AnalysisControls::saveSettings(QSettings& s) const
{
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
}

AnalysisSettings AnalysisControls::analysisSettings()
{
  AnalysisSettings settings;
  settings.fftSize = fftBox_->currentData().toInt();
  settings.zeroPadding = paddingBox_->currentData().toInt();
  const int overlap = overlapBox_->currentData().toInt();
  settings.hop =
      overlap == kCustomHop ? hopBox_->value() : std::max(1, settings.fftSize * (100 - overlap) / 100);
  {
    // The hop box always shows the hop in use; only typing into it makes the hop custom.
    const QSignalBlocker blocker(hopBox_);
    hopBox_->setValue(settings.hop);
  }
  settings.window = audio::parseWindow(windowBox_->currentText().toStdString()).value_or(audio::WindowSpec{});
  if (settings.window.type == audio::WindowType::Kaiser) settings.window.parameter = kaiserBetaBox_->value();
  if (settings.window.type == audio::WindowType::Gaussian) // the engine takes sigma in samples
    settings.window.parameter = gaussianSigmaBox_->value() * settings.fftSize;
  updateWindowParameterRows(settings);
  return settings;
}

// Kaiser's beta and the Gaussian's sigma are shown only for their own window.
void AnalysisControls::updateWindowParameterRows(const AnalysisSettings& settings)
{
  analysisForm_->setRowVisible(kaiserBetaBox_, settings.window.type == audio::WindowType::Kaiser);
  analysisForm_->setRowVisible(gaussianSigmaBox_, settings.window.type == audio::WindowType::Gaussian);
  gaussianSigmaBox_->setToolTip(tr("Gaussian window width: its standard deviation as a fraction of the "
                                   "window's length N (now %1 samples)")
                                    .arg(gaussianSigmaBox_->value() * settings.fftSize, 0, 'f', 1));
}

void AnalysisControls::setFftSize(int size)
{
  const int index = fftBox_->findData(size);
  if (index >= 0) {
    fftBox_->setCurrentIndex(index);
  } else {
    fftBox_->addItem(QString::number(size), size);
    fftBox_->setCurrentIndex(fftBox_->count() - 1);
  }
}

void AnalysisControls::setHop(int hop)
{
  {
    const QSignalBlocker hopBlocker(hopBox_), overlapBlocker(overlapBox_);
    hopBox_->setValue(std::max(1, hop));
    overlapBox_->setCurrentIndex(overlapBox_->findData(kCustomHop));
  }
  emit analysisChanged();
}

audio::AveragingSettings AnalysisControls::averagingSettings()
{
  audio::AveragingSettings a;
  a.mode = audio::AveragingMode(averagingBox_->currentData().toInt());
  a.seconds = averageSecondsBox_->value();
  a.peakHold = peakHoldBox_->isChecked();
  a.peakDecayDbPerSecond = peakDecayBox_->value();
  averageSecondsBox_->setEnabled(a.mode != audio::AveragingMode::None);
  peakDecayBox_->setEnabled(a.peakHold);
  return a;
}

void AnalysisControls::setAveraging(const audio::AveragingSettings& settings)
{
  {
    const QSignalBlocker b1(averagingBox_), b2(averageSecondsBox_), b3(peakHoldBox_), b4(peakDecayBox_);
    averagingBox_->setCurrentIndex(averagingBox_->findData(int(settings.mode)));
    averageSecondsBox_->setValue(settings.seconds);
    peakHoldBox_->setChecked(settings.peakHold);
    peakDecayBox_->setValue(settings.peakDecayDbPerSecond);
  }
  emit averagingChanged();
}

} // namespace spectrascope::ui
