#include "spectrascope/ui/learn/StagesControls.h"

#include "spectrascope/ui/ElidedComboBox.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>

namespace spectrascope::ui {
namespace {

namespace steps = spectrascope::learn;

constexpr int kMaxSeedOrRow = 4095;
const char* kSettingsGroup = "learn";

void select(QComboBox* box, const QVariant& value)
{
  const int index = box->findData(value);
  if (index >= 0) box->setCurrentIndex(index);
}

} // namespace

StagesControls::StagesControls(QWidget* parent) : QWidget(parent)
{
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);

  sizeBox_ = new QComboBox(this);
  sizeBox_->setObjectName(QStringLiteral("learnSize"));
  for (std::size_t n = 2; n <= steps::kMaxLearnSize; n *= 2)
    sizeBox_->addItem(QString::number(n), qulonglong(n));
  sizeBox_->setToolTip(tr("How many samples N the signal has: up to 64 drawn as a butterfly diagram, "
                          "above as a heat map"));

  inputBox_ = new QComboBox(this);
  inputBox_->setObjectName(QStringLiteral("learnInput"));
  const auto addInput = [this](const QString& name, InputKind kind, const QString& tip) {
    inputBox_->addItem(name, int(kind));
    inputBox_->setItemData(inputBox_->count() - 1, tip, Qt::ToolTipRole);
  };
  addInput(tr("Impulse"), InputKind::Impulse, tr("x[0] = 1, the rest 0: every frequency equally"));
  addInput(tr("Step"), InputKind::Step, tr("0, then 1 from the middle on"));
  addInput(tr("Sine"), InputKind::Sine, tr("k whole cycles over the N samples"));
  addInput(tr("Two tones"), InputKind::TwoTones, tr("Two sines of k and k₂ cycles, added"));
  addInput(tr("Random"), InputKind::Random, tr("Random values, the same for the same seed"));
  addInput(tr("Draw…"), InputKind::Drawn, tr("Drag in the input plot (right) to draw the signal"));
  addInput(tr("Image row"), InputKind::ImageRow,
           tr("A row of the picture loaded in the Image tab, resampled to N"));
  addInput(tr("Audio frame"), InputKind::AudioFrame,
           tr("The newest N samples of the Audio tab's source: the microphone, a file or the generator"));
  frequencyBox_ = new QSpinBox(this);
  frequencyBox_->setObjectName(QStringLiteral("learnFrequency"));
  frequencyBox_->setRange(0, kMaxSeedOrRow);
  frequencyBox_->setValue(1);
  secondFrequencyBox_ = new QSpinBox(this);
  secondFrequencyBox_->setRange(0, int(steps::kMaxLearnSize) - 1);
  secondFrequencyBox_->setValue(3);
  secondFrequencyBox_->setPrefix(tr("k₂ = "));
  refreshInput_ = new QToolButton(this);
  refreshInput_->setObjectName(QStringLiteral("learnRefreshInput"));
  refreshInput_->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
  refreshInput_->setToolTip(tr("Take the Audio tab's newest samples again"));
  refreshInput_->setAutoRaise(true);

  auto* algorithmBox = new ElidedComboBox(this);
  algorithmBox_ = algorithmBox;
  algorithmBox_->setObjectName(QStringLiteral("learnAlgorithm"));
  for (steps::Algorithm a : steps::allAlgorithms())
    algorithmBox_->addItem(QString::fromUtf8(steps::algorithmTitle(a).data()), int(a));
  // Long titles are elided in the closed box (the list shows them whole and the tooltip names the one
  // chosen), so the row fits the smallest window with register exchange's work-items box beside it.
  algorithmBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  algorithmBox_->setMinimumContentsLength(9);
  algorithmBox->setDescription(tr("The FFT algorithm whose kernels are stepped through"));
  workItemsBox_ = new QComboBox(this);
  workItemsBox_->setObjectName(QStringLiteral("learnWorkItems"));
  workItemsBox_->setToolTip(tr("T work-items, each holding R = N/T values in registers"));

  // How values are drawn sits with the stepping controls (valueStyleControls), so this row stays short
  // enough for a 950-pixel-wide window (scale 2 on a 1920 x 1080 screen).
  styleControls_ = new QWidget(this);
  auto* styleRow = new QHBoxLayout(styleControls_);
  styleRow->setContentsMargins(0, 0, 0, 0);
  styleBox_ = new QComboBox(styleControls_);
  styleBox_->setObjectName(QStringLiteral("learnValueStyle"));
  styleBox_->addItem(tr("Bars"), int(ValueStyle::Bars));
  styleBox_->addItem(tr("Phasors"), int(ValueStyle::Phasors));

  row->addWidget(new QLabel(tr("N"), this));
  row->addWidget(sizeBox_);
  row->addSpacing(8);
  row->addWidget(new QLabel(tr("Input"), this));
  row->addWidget(inputBox_);
  row->addWidget(frequencyBox_);
  row->addWidget(secondFrequencyBox_);
  row->addWidget(refreshInput_);
  row->addSpacing(8);
  // No "Algorithm" label: the box's entries name themselves (its tooltip says what it chooses), and the
  // row must fit the smallest window (720 pixels wide on an 800 x 600 screen) at N = 4096.
  row->addWidget(algorithmBox_, 1);
  row->addWidget(workItemsBox_);
  styleRow->addWidget(new QLabel(tr("Values as"), styleControls_));
  styleRow->addWidget(styleBox_);

  const auto changed = [this] {
    if (restoring_) return;
    updateInputControls();
    emit choicesChanged();
  };
  connect(sizeBox_, &QComboBox::currentIndexChanged, this, [this, changed] {
    fillWorkItems();
    changed();
  });
  connect(inputBox_, &QComboBox::currentIndexChanged, this, changed);
  connect(frequencyBox_, &QSpinBox::valueChanged, this, [this, changed](int k) {
    chosenFrequency_ = k;
    changed();
  });
  connect(secondFrequencyBox_, &QSpinBox::valueChanged, this, [this, changed](int k) {
    chosenSecondFrequency_ = k;
    changed();
  });
  connect(algorithmBox_, &QComboBox::currentIndexChanged, this, changed);
  connect(workItemsBox_, &QComboBox::currentIndexChanged, this, changed);
  connect(refreshInput_, &QToolButton::clicked, this, &StagesControls::refreshRequested);
  connect(styleBox_, &QComboBox::currentIndexChanged, this, [this] { emit valueStyleChanged(valueStyle()); });
}

std::size_t StagesControls::n() const
{
  return std::size_t(sizeBox_->currentData().toULongLong());
}

steps::Algorithm StagesControls::algorithm() const
{
  return steps::Algorithm(algorithmBox_->currentData().toInt());
}

std::size_t StagesControls::workItems() const
{
  return algorithm() == steps::Algorithm::RegisterExchange
             ? std::size_t(workItemsBox_->currentData().toULongLong())
             : 0;
}

InputChoice StagesControls::inputChoice() const
{
  return {InputKind(inputBox_->currentData().toInt()), n(), frequencyBox_->value(),
          secondFrequencyBox_->value()};
}

ValueStyle StagesControls::valueStyle() const
{
  return ValueStyle(styleBox_->currentData().toInt());
}

void StagesControls::restoreSettings()
{
  restoring_ = true;
  QSettings settings;
  settings.beginGroup(QLatin1String(kSettingsGroup));
  select(sizeBox_, settings.value(QStringLiteral("n"), qulonglong(16)).toULongLong());
  select(inputBox_, settings.value(QStringLiteral("input"), int(InputKind::TwoTones)).toInt());
  select(algorithmBox_,
         settings.value(QStringLiteral("algorithm"), int(steps::Algorithm::Radix2Dit)).toInt());
  select(styleBox_, settings.value(QStringLiteral("style"), int(ValueStyle::Bars)).toInt());
  chosenFrequency_ = settings.value(QStringLiteral("frequency"), 1).toInt();
  chosenSecondFrequency_ = settings.value(QStringLiteral("secondFrequency"), 3).toInt();
  fillWorkItems();
  select(workItemsBox_, settings.value(QStringLiteral("workItems"), 0).toULongLong());
  restoring_ = false;
  updateInputControls();
  emit valueStyleChanged(valueStyle());
}

void StagesControls::saveSettings() const
{
  QSettings settings;
  settings.beginGroup(QLatin1String(kSettingsGroup));
  settings.setValue(QStringLiteral("n"), sizeBox_->currentData());
  settings.setValue(QStringLiteral("input"), inputBox_->currentData());
  settings.setValue(QStringLiteral("algorithm"), algorithmBox_->currentData());
  settings.setValue(QStringLiteral("style"), styleBox_->currentData());
  settings.setValue(QStringLiteral("frequency"), chosenFrequency_);
  settings.setValue(QStringLiteral("secondFrequency"), chosenSecondFrequency_);
  settings.setValue(QStringLiteral("workItems"), workItemsBox_->currentData());
}

void StagesControls::updateInputControls()
{
  const InputKind input = InputKind(inputBox_->currentData().toInt());
  frequencyBox_->setVisible(input == InputKind::Sine || input == InputKind::TwoTones ||
                            input == InputKind::Random || input == InputKind::ImageRow);
  frequencyBox_->setPrefix(input == InputKind::Random     ? tr("seed ")
                           : input == InputKind::ImageRow ? tr("row ")
                                                          : tr("k = "));
  refreshInput_->setVisible(input == InputKind::AudioFrame);
  secondFrequencyBox_->setVisible(input == InputKind::TwoTones);
  {
    // A tone's k counts cycles per N samples, so k and k + N are the same samples: 0..N-1. The same box
    // holds a seed or a row number for the other inputs.
    const QSignalBlocker block(frequencyBox_), blockSecond(secondFrequencyBox_);
    const bool tone = input == InputKind::Sine || input == InputKind::TwoTones;
    frequencyBox_->setMaximum(tone ? int(n()) - 1 : kMaxSeedOrRow);
    secondFrequencyBox_->setMaximum(int(n()) - 1);
    frequencyBox_->setValue(chosenFrequency_);
    secondFrequencyBox_->setValue(chosenSecondFrequency_);
  }
  // Bars or phasors are drawn up to the butterfly diagram's size; above it the heat map shows levels.
  const bool diagram = n() <= ButterflyDiagram::kMaxDiagramSize;
  styleBox_->setEnabled(diagram);
  styleBox_->setToolTip(diagram ? tr("Draw each value as a bar (length |x|, colour phase) or as an arrow")
                                : tr("Up to N = %1 only: above, the stages are a heat map of levels")
                                      .arg(ButterflyDiagram::kMaxDiagramSize));
  const bool exchange = algorithm() == steps::Algorithm::RegisterExchange;
  workItemsBox_->setVisible(exchange);
}

// Powers of two that leave each work-item 2..64 values; Bainville's N/2 (one DFT2 each) by default.
void StagesControls::fillWorkItems()
{
  const QVariant previous = workItemsBox_->currentData();
  const QSignalBlocker block(workItemsBox_);
  workItemsBox_->clear();
  const std::size_t size = n();
  for (std::size_t t = std::max<std::size_t>(1, size / steps::kMaxValuesPerWorkItem); t <= size / 2; t *= 2)
    // The work-item count names itself ("T = 256") rather than by a label beside the box: with the k
    // boxes as wide as N's digits, a label pushed the row past an 800-pixel window from N = 1024 on.
    workItemsBox_->addItem(tr("T = %1 (R = %2)").arg(t).arg(size / t), qulonglong(t));
  int index = workItemsBox_->findData(previous);
  if (index < 0) index = workItemsBox_->findData(qulonglong(steps::defaultWorkItems(size)));
  workItemsBox_->setCurrentIndex(std::max(0, index));
}

} // namespace spectrascope::ui
