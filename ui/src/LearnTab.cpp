#include "spectrascope/ui/LearnTab.h"

#include "spectrascope/engine/learn/Signals.h"
#include "spectrascope/ui/BackendOption.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/learn/ButterflyDiagramView.h"
#include "spectrascope/ui/learn/DftComparisonView.h"
#include "spectrascope/ui/learn/RegisterExchangeView.h"
#include "spectrascope/ui/learn/RowColumnPage.h"
#include "spectrascope/ui/learn/SignalInputView.h"
#include "spectrascope/ui/learn/StepsComputation.h"
#include "spectrascope/ui/learn/TwiddleCircleView.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace spectrascope::ui {
namespace {

namespace steps = spectrascope::learn;

constexpr int kPlayIntervalMs = 900;
constexpr int kMaxSeedOrRow = 4095;
const char* kSettingsGroup = "learn";

QLabel* caption(const QString& text, QWidget* parent)
{
  auto* label = new QLabel(text, parent);
  label->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
  return label;
}

QToolButton* stepButton(QStyle::StandardPixmap icon, const QString& tip, const QKeySequence& key,
                        QWidget* parent)
{
  auto* button = new QToolButton(parent);
  button->setIcon(parent->style()->standardIcon(icon));
  button->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
  button->setAutoRaise(true);
  return button;
}

void addShortcut(QWidget* owner, const QKeySequence& key, std::function<void()> action)
{
  auto* shortcut = new QShortcut(key, owner);
  shortcut->setContext(Qt::WidgetWithChildrenShortcut); // only while the Learn tab is shown
  QObject::connect(shortcut, &QShortcut::activated, owner, std::move(action));
}

// Each page scrolls inside the tab, so the Learn tab never forces the main window larger.
QScrollArea* scrolled(QWidget* content)
{
  auto* scroll = new QScrollArea;
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidgetResizable(true);
  scroll->setWidget(content);
  return scroll;
}

// Nearest-sample resampling, so a drawn shape survives a change of N.
std::vector<steps::Complex> resampled(const std::vector<steps::Complex>& x, std::size_t n)
{
  std::vector<steps::Complex> y(n);
  for (std::size_t i = 0; i < n && !x.empty(); ++i)
    y[i] = x[i * x.size() / n];
  return y;
}

} // namespace

LearnTab::LearnTab(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnTab"));
  computation_ = new StepsComputation(this);
  playTimer_ = new QTimer(this);
  playTimer_->setInterval(kPlayIntervalMs);
  connect(playTimer_, &QTimer::timeout, this, [this] {
    if (stage_ >= lastStage())
      togglePlay(); // stop at the end
    else
      stepForward();
  });

  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  pages_ = new QTabWidget(this);
  pages_->setObjectName(QStringLiteral("learnPages"));
  pages_->setDocumentMode(true);
  pages_->addTab(scrolled(createStagesPage()), tr("1D: stage by stage"));
  rowColumn_ = new RowColumnPage(computation_);
  pages_->addTab(scrolled(rowColumn_), tr("2D: rows, then columns"));
  outer->addWidget(pages_);

  // The arrows and Home/End step whichever page is shown; play is the 1D stages'.
  addShortcut(this, QKeySequence(Qt::Key_Right),
              [this] { onRowColumnPage() ? rowColumn_->stepForward() : stepForward(); });
  addShortcut(this, QKeySequence(Qt::Key_Left),
              [this] { onRowColumnPage() ? rowColumn_->stepBack() : stepBack(); });
  addShortcut(this, QKeySequence(Qt::Key_Home),
              [this] { onRowColumnPage() ? rowColumn_->setPass(0) : setStage(0); });
  addShortcut(this, QKeySequence(Qt::Key_End),
              [this] { onRowColumnPage() ? rowColumn_->setPass(2) : setStage(lastStage()); });
  addShortcut(this, QKeySequence(Qt::Key_Space), [this] { togglePlay(); });
  addShortcut(this, QKeySequence::Save, [this] { exportDiagram(); });

  connect(computation_, &StepsComputation::finished, this, &LearnTab::showOutcome);
  connect(computation_, &StepsComputation::busyChanged, this, [this](bool busy) {
    if (busy) deviceLabel_->setText(tr("Computing the stages…"));
  });
  connect(rowColumn_, &RowColumnPage::resultShown, this, &LearnTab::publishTimings);
  connect(pages_, &QTabWidget::currentChanged, this, &LearnTab::publishTimings);
  image_ = QImage(QStringLiteral(":/samples/coffee.png"));
  imageName_ = tr("the bundled sample");
  restoreSettings();
  recompute();
}

QWidget* LearnTab::createStagesPage()
{
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->addWidget(createControls());
  layout->addWidget(createStepBar());
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  auto* centre = new QWidget(splitter);
  auto* centreLayout = new QVBoxLayout(centre);
  centreLayout->setContentsMargins(0, 0, 0, 0);
  diagram_ = new ButterflyDiagramView(centre);
  definitionLabel_ = caption({}, centre);
  definitionLabel_->setWordWrap(true);
  definitionLabel_->setObjectName(QStringLiteral("learnDefinition"));
  centreLayout->addWidget(diagram_, 1);
  centreLayout->addWidget(definitionLabel_);
  splitter->addWidget(centre);
  splitter->addWidget(createSidePanel());
  splitter->setStretchFactor(0, 1);
  splitter->setSizes({700, 300});
  layout->addWidget(splitter, 1);
  return content;
}

LearnTab::~LearnTab()
{
  saveSettings();
}

QWidget* LearnTab::createControls()
{
  auto* bar = new QWidget(this);
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);

  sizeBox_ = new QComboBox(bar);
  sizeBox_->setObjectName(QStringLiteral("learnSize"));
  for (std::size_t n = 2; n <= steps::kMaxLearnSize; n *= 2)
    sizeBox_->addItem(QString::number(n), qulonglong(n));
  sizeBox_->setToolTip(tr("Transform length N: up to 64 as a butterfly diagram, above as a heat map"));

  inputBox_ = new QComboBox(bar);
  inputBox_->setObjectName(QStringLiteral("learnInput"));
  inputBox_->addItem(tr("Impulse"), int(Input::Impulse));
  inputBox_->addItem(tr("Step"), int(Input::Step));
  inputBox_->addItem(tr("Sine"), int(Input::Sine));
  inputBox_->addItem(tr("Two tones"), int(Input::TwoTones));
  inputBox_->addItem(tr("Random"), int(Input::Random));
  inputBox_->addItem(tr("Draw…"), int(Input::Drawn));
  inputBox_->addItem(tr("Image row"), int(Input::ImageRow));
  inputBox_->setItemData(inputBox_->count() - 1,
                         tr("A row of the picture loaded in the Image tab, resampled to N"), Qt::ToolTipRole);
  inputBox_->addItem(tr("Audio frame"), int(Input::AudioFrame));
  inputBox_->setItemData(
      inputBox_->count() - 1,
      tr("The newest N samples of the Audio tab's source: the microphone, a file or the generator"),
      Qt::ToolTipRole);
  frequencyBox_ = new QSpinBox(bar);
  frequencyBox_->setObjectName(QStringLiteral("learnFrequency"));
  frequencyBox_->setRange(0, kMaxSeedOrRow);
  frequencyBox_->setValue(1);
  secondFrequencyBox_ = new QSpinBox(bar);
  secondFrequencyBox_->setRange(0, int(steps::kMaxLearnSize) - 1);
  secondFrequencyBox_->setValue(3);
  refreshInput_ = new QToolButton(bar);
  refreshInput_->setObjectName(QStringLiteral("learnRefreshInput"));
  refreshInput_->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
  refreshInput_->setToolTip(tr("Take the Audio tab's newest samples again"));
  refreshInput_->setAutoRaise(true);

  algorithmBox_ = new QComboBox(bar);
  algorithmBox_->setObjectName(QStringLiteral("learnAlgorithm"));
  for (steps::Algorithm a : steps::allAlgorithms())
    algorithmBox_->addItem(QString::fromUtf8(steps::algorithmTitle(a).data()), int(a));
  workItemsLabel_ = new QLabel(tr("Work-items T"), bar);
  workItemsBox_ = new QComboBox(bar);
  workItemsBox_->setObjectName(QStringLiteral("learnWorkItems"));
  workItemsBox_->setToolTip(tr("T work-items, each holding N/T values in registers"));

  styleBox_ = new QComboBox(bar);
  styleBox_->setObjectName(QStringLiteral("learnValueStyle"));
  styleBox_->addItem(tr("Bars"), int(ValueStyle::Bars));
  styleBox_->addItem(tr("Phasors"), int(ValueStyle::Phasors));

  row->addWidget(new QLabel(tr("N"), bar));
  row->addWidget(sizeBox_);
  row->addSpacing(12);
  row->addWidget(new QLabel(tr("Input"), bar));
  row->addWidget(inputBox_);
  row->addWidget(frequencyBox_);
  row->addWidget(secondFrequencyBox_);
  row->addWidget(refreshInput_);
  row->addSpacing(12);
  row->addWidget(new QLabel(tr("Algorithm"), bar));
  row->addWidget(algorithmBox_);
  row->addWidget(workItemsLabel_);
  row->addWidget(workItemsBox_);
  row->addStretch(1);
  row->addWidget(new QLabel(tr("Values as"), bar));
  row->addWidget(styleBox_);

  const auto changed = [this] {
    if (restoring_) return;
    updateInputControls();
    recompute();
  };
  connect(sizeBox_, &QComboBox::currentIndexChanged, this, [this, changed] {
    fillWorkItems();
    changed();
  });
  connect(inputBox_, &QComboBox::currentIndexChanged, this, changed);
  connect(frequencyBox_, &QSpinBox::valueChanged, this, changed);
  connect(secondFrequencyBox_, &QSpinBox::valueChanged, this, changed);
  connect(algorithmBox_, &QComboBox::currentIndexChanged, this, changed);
  connect(workItemsBox_, &QComboBox::currentIndexChanged, this, changed);
  connect(refreshInput_, &QToolButton::clicked, this, [this] { recompute(); });
  connect(styleBox_, &QComboBox::currentIndexChanged, this,
          [this] { diagram_->setValueStyle(ValueStyle(styleBox_->currentData().toInt())); });
  return bar;
}

QWidget* LearnTab::createStepBar()
{
  auto* bar = new QWidget(this);
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  firstButton_ = stepButton(QStyle::SP_MediaSkipBackward, tr("First stage"), Qt::Key_Home, bar);
  backButton_ = stepButton(QStyle::SP_MediaSeekBackward, tr("Previous stage"), Qt::Key_Left, bar);
  playButton_ = stepButton(QStyle::SP_MediaPlay, tr("Play / pause"), Qt::Key_Space, bar);
  forwardButton_ = stepButton(QStyle::SP_MediaSeekForward, tr("Next stage"), Qt::Key_Right, bar);
  lastButton_ = stepButton(QStyle::SP_MediaSkipForward, tr("Last stage"), Qt::Key_End, bar);
  backButton_->setObjectName(QStringLiteral("learnBack"));
  forwardButton_->setObjectName(QStringLiteral("learnForward"));
  playButton_->setObjectName(QStringLiteral("learnPlay"));
  stageSlider_ = new QSlider(Qt::Horizontal, bar);
  stageSlider_->setObjectName(QStringLiteral("learnStageSlider"));
  stageSlider_->setPageStep(1);
  stageSlider_->setTickPosition(QSlider::TicksBelow);
  stageSlider_->setMaximumWidth(220);
  stageLabel_ = new QLabel(bar);
  stageLabel_->setObjectName(QStringLiteral("learnStageLabel"));
  stageLabel_->setMinimumWidth(150);
  checkLabel_ = new QLabel(bar);
  checkLabel_->setObjectName(QStringLiteral("learnCheck"));
  exportButton_ = new QPushButton(tr("Export diagram…"), bar);
  exportButton_->setToolTip(tr("Save the diagram as PNG or SVG (%1)")
                                .arg(QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText)));

  for (QWidget* w : {static_cast<QWidget*>(firstButton_), static_cast<QWidget*>(backButton_),
                     static_cast<QWidget*>(playButton_), static_cast<QWidget*>(forwardButton_),
                     static_cast<QWidget*>(lastButton_)})
    row->addWidget(w);
  row->addWidget(stageSlider_);
  row->addWidget(stageLabel_);
  row->addWidget(checkLabel_, 1);
  row->addWidget(exportButton_);

  connect(firstButton_, &QToolButton::clicked, this, [this] { setStage(0); });
  connect(backButton_, &QToolButton::clicked, this, &LearnTab::stepBack);
  connect(playButton_, &QToolButton::clicked, this, &LearnTab::togglePlay);
  connect(forwardButton_, &QToolButton::clicked, this, &LearnTab::stepForward);
  connect(lastButton_, &QToolButton::clicked, this, [this] { setStage(lastStage()); });
  connect(stageSlider_, &QSlider::valueChanged, this, &LearnTab::setStage);
  connect(exportButton_, &QPushButton::clicked, this, &LearnTab::exportDiagram);
  return bar;
}

QWidget* LearnTab::createSidePanel()
{
  auto* panel = new QWidget(this);
  auto* column = new QVBoxLayout(panel);
  column->setContentsMargins(0, 0, 0, 0);
  twiddles_ = new TwiddleCircleView(panel);
  registers_ = new RegisterExchangeView(panel);
  input_ = new SignalInputView(panel);
  comparison_ = new DftComparisonView(panel);
  deviceLabel_ = caption({}, panel);
  deviceLabel_->setObjectName(QStringLiteral("learnDevice"));
  deviceLabel_->setWordWrap(true);
  inputNote_ = caption({}, panel);
  inputNote_->setObjectName(QStringLiteral("learnInputNote"));
  inputNote_->setWordWrap(true);
  column->addWidget(twiddles_, 3);
  column->addWidget(registers_, 3);
  column->addWidget(inputNote_);
  column->addWidget(input_, 2);
  column->addWidget(comparison_, 2);
  column->addWidget(deviceLabel_);
  connect(input_, &SignalInputView::signalDrawn, this, [this] {
    drawn_ = input_->signal();
    recompute();
  });
  return panel;
}

void LearnTab::setEngineService(EngineService* service)
{
  engine_ = service;
  if (!service) return;
  connect(service, &EngineService::backendChanged, this, [this] {
    recompute();
    rowColumn_->setBackend(backend());
  });
  recompute();
  rowColumn_->setBackend(backend());
}

void LearnTab::setTimingFeed(TimingFeed* feed)
{
  timingFeed_ = feed;
}

void LearnTab::setImage(const QImage& image, const QString& name)
{
  image_ = image.isNull() ? QImage(QStringLiteral(":/samples/coffee.png")) : image;
  imageName_ = image.isNull() ? tr("the bundled sample") : name;
  rowColumn_->setImage(image, name);
  if (Input(inputBox_->currentData().toInt()) == Input::ImageRow) recompute();
}

void LearnTab::showRowColumnPage()
{
  pages_->setCurrentWidget(pages_->widget(1));
}

bool LearnTab::onRowColumnPage() const
{
  return pages_->currentIndex() == 1;
}

QString LearnTab::backend() const
{
  const QString requested = engine_ ? engine_->requestedBackend() : QString();
  return requested.isEmpty() ? QStringLiteral("auto") : requested;
}

void LearnTab::restoreSettings()
{
  restoring_ = true;
  QSettings settings;
  settings.beginGroup(QLatin1String(kSettingsGroup));
  const auto select = [](QComboBox* box, const QVariant& value) {
    const int index = box->findData(value);
    if (index >= 0) box->setCurrentIndex(index);
  };
  select(sizeBox_, settings.value(QStringLiteral("n"), qulonglong(16)).toULongLong());
  select(inputBox_, settings.value(QStringLiteral("input"), int(Input::TwoTones)).toInt());
  select(algorithmBox_,
         settings.value(QStringLiteral("algorithm"), int(steps::Algorithm::Radix2Dit)).toInt());
  select(styleBox_, settings.value(QStringLiteral("style"), int(ValueStyle::Bars)).toInt());
  pages_->setCurrentIndex(settings.value(QStringLiteral("page"), 0).toInt());
  frequencyBox_->setValue(settings.value(QStringLiteral("frequency"), 1).toInt());
  secondFrequencyBox_->setValue(settings.value(QStringLiteral("secondFrequency"), 3).toInt());
  fillWorkItems();
  select(workItemsBox_, settings.value(QStringLiteral("workItems"), 0).toULongLong());
  diagram_->setValueStyle(ValueStyle(styleBox_->currentData().toInt()));
  restoring_ = false;
  updateInputControls();
}

void LearnTab::saveSettings() const
{
  QSettings settings;
  settings.beginGroup(QLatin1String(kSettingsGroup));
  settings.setValue(QStringLiteral("n"), sizeBox_->currentData());
  settings.setValue(QStringLiteral("input"), inputBox_->currentData());
  settings.setValue(QStringLiteral("algorithm"), algorithmBox_->currentData());
  settings.setValue(QStringLiteral("style"), styleBox_->currentData());
  settings.setValue(QStringLiteral("page"), pages_->currentIndex());
  settings.setValue(QStringLiteral("frequency"), frequencyBox_->value());
  settings.setValue(QStringLiteral("secondFrequency"), secondFrequencyBox_->value());
  settings.setValue(QStringLiteral("workItems"), workItemsBox_->currentData());
}

void LearnTab::updateInputControls()
{
  const Input input = Input(inputBox_->currentData().toInt());
  frequencyBox_->setVisible(input == Input::Sine || input == Input::TwoTones || input == Input::Random ||
                            input == Input::ImageRow);
  frequencyBox_->setPrefix(input == Input::Random     ? tr("seed ")
                           : input == Input::ImageRow ? tr("row ")
                                                      : tr("k = "));
  refreshInput_->setVisible(input == Input::AudioFrame);
  inputNote_->setVisible(input == Input::ImageRow || input == Input::AudioFrame);
  secondFrequencyBox_->setVisible(input == Input::TwoTones);
  secondFrequencyBox_->setPrefix(tr("k₂ = "));
  {
    // A tone's k counts cycles per N samples, so k and k + N are the same samples: 0..N-1. The same box
    // holds a seed or a row number for the other inputs.
    const QSignalBlocker block(frequencyBox_), blockSecond(secondFrequencyBox_);
    const bool tone = input == Input::Sine || input == Input::TwoTones;
    frequencyBox_->setMaximum(tone ? int(n()) - 1 : kMaxSeedOrRow);
    secondFrequencyBox_->setMaximum(int(n()) - 1);
  }
  input_->setDrawingEnabled(input == Input::Drawn);
  const bool exchange = algorithm() == steps::Algorithm::RegisterExchange;
  workItemsLabel_->setVisible(exchange);
  workItemsBox_->setVisible(exchange);
  registers_->setVisible(exchange);
  definitionLabel_->setText(QString::fromUtf8(steps::stageDefinition(algorithm()).data()));
}

// Powers of two that leave each work-item 2..64 values; Bainville's N/2 (one DFT2 each) by default.
void LearnTab::fillWorkItems()
{
  const QVariant previous = workItemsBox_->currentData();
  const QSignalBlocker block(workItemsBox_);
  workItemsBox_->clear();
  const std::size_t size = n();
  for (std::size_t t = std::max<std::size_t>(1, size / steps::kMaxValuesPerWorkItem); t <= size / 2; t *= 2)
    workItemsBox_->addItem(tr("%1 (R = %2)").arg(t).arg(size / t), qulonglong(t));
  int index = workItemsBox_->findData(previous);
  if (index < 0) index = workItemsBox_->findData(qulonglong(steps::defaultWorkItems(size)));
  workItemsBox_->setCurrentIndex(std::max(0, index));
}

steps::Algorithm LearnTab::algorithm() const
{
  return steps::Algorithm(algorithmBox_->currentData().toInt());
}

std::size_t LearnTab::n() const
{
  return std::size_t(sizeBox_->currentData().toULongLong());
}

int LearnTab::lastStage() const
{
  return result_ ? int(result_->schedule.lastStage()) : 0;
}

bool LearnTab::isComputing() const
{
  return computation_->isBusy();
}

bool LearnTab::isPlaying() const
{
  return playTimer_->isActive();
}

std::vector<steps::Complex> LearnTab::makeInput()
{
  steps::SignalSpec spec;
  switch (Input(inputBox_->currentData().toInt())) {
  case Input::Impulse:
    break;
  case Input::Step:
    spec.kind = steps::SignalSpec::Kind::Step;
    break;
  case Input::Sine:
    spec.kind = steps::SignalSpec::Kind::Sine;
    break;
  case Input::TwoTones:
    spec.kind = steps::SignalSpec::Kind::TwoTones;
    break;
  case Input::Random:
    spec.kind = steps::SignalSpec::Kind::Random;
    break;
  case Input::Drawn:
    if (drawn_.empty()) drawn_ = steps::generateSignal({steps::SignalSpec::Kind::Sine, 1}, n());
    return resampled(drawn_, n());
  case Input::ImageRow:
    return imageRow();
  case Input::AudioFrame:
    return audioFrame();
  }
  spec.frequency = frequencyBox_->value();
  spec.secondFrequency = secondFrequencyBox_->value();
  spec.seed = std::uint64_t(frequencyBox_->value());
  return steps::generateSignal(spec, n());
}

// Row `frequencyBox_` of the picture's luminance, resampled to N across the whole width.
std::vector<steps::Complex> LearnTab::imageRow()
{
  if (image_.isNull()) {
    inputNote_->setText(tr("No image: load one in the Image tab"));
    return std::vector<steps::Complex>(n());
  }
  const int y = std::min(frequencyBox_->value(), image_.height() - 1);
  const QImage line = image_.copy(0, y, image_.width(), 1)
                          .scaled(int(n()), 1, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                          .convertToFormat(QImage::Format_RGB32);
  const auto* pixels = reinterpret_cast<const QRgb*>(line.constScanLine(0));
  std::vector<steps::Complex> x(n());
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = (0.299 * qRed(pixels[i]) + 0.587 * qGreen(pixels[i]) + 0.114 * qBlue(pixels[i])) / 255.0;
  inputNote_->setText(tr("Row %1 of %2 (%3 pixels wide), as %4 luminance values")
                          .arg(y)
                          .arg(imageName_)
                          .arg(image_.width())
                          .arg(n()));
  return x;
}

// The Audio tab's newest N samples (microphone, file or generator, whichever it analyses).
std::vector<steps::Complex> LearnTab::audioFrame()
{
  const std::vector<float> samples = audioFrames_ ? audioFrames_(n()) : std::vector<float>{};
  std::vector<steps::Complex> x(n());
  std::copy(samples.begin(), samples.begin() + std::ptrdiff_t(std::min(samples.size(), x.size())),
            x.end() - std::ptrdiff_t(std::min(samples.size(), x.size())));
  inputNote_->setText(samples.empty()
                          ? tr("The Audio tab has no samples yet (silence shown)")
                          : tr("The Audio tab's newest %1 samples; ⟳ takes them again").arg(samples.size()));
  return x;
}

void LearnTab::recompute()
{
  StepsComputation::Request request;
  request.algorithm = algorithm();
  request.n = n();
  request.workItems = request.algorithm == steps::Algorithm::RegisterExchange
                          ? std::size_t(workItemsBox_->currentData().toULongLong())
                          : 0;
  request.input = makeInput();
  input_->setSignal(request.input);
  request.backend = backend();
  computation_->request(std::move(request));
}

void LearnTab::publishTimings()
{
  if (!timingFeed_) return;
  if (onRowColumnPage()) {
    if (rowColumn_->result()) timingFeed_->publish(tr("Learn (2D)"), rowColumn_->result()->report);
  } else if (result_) {
    timingFeed_->publish(tr("Learn"), result_->report);
  }
}

void LearnTab::showOutcome(const StepsOutcome& outcome)
{
  if (!outcome.error.isEmpty()) {
    deviceLabel_->setText(
        tr("Could not compute the stages: %1").arg(outcome.error.section(QLatin1Char('\n'), 0, 0)));
    checkLabel_->setText({});
    return;
  }
  result_ = outcome.result;
  directDft_ = outcome.directDft;
  diagram_->setResult(result_);
  publishTimings();
  stageSlider_->setMaximum(lastStage());
  showStagesSource(outcome);
  setStage(std::clamp(stage_, 0, lastStage()));
  showStage(); // also when the stage number did not change
  emit resultShown();
}

// The Learn tab needs kernels to step through, so it runs them on an OpenCL device (PoCL included) even
// when the Engine menu's "auto" settled on FFTW for the other tabs; this says so, and says when there is
// no device at all.
void LearnTab::showStagesSource(const StepsOutcome& outcome)
{
  const QString on = QString::fromStdString(result_->computedOn);
  const QString openCl = QStringLiteral("OpenCL: ");
  const QString engineBackend = engine_ ? engine_->backendName() : QString();
  const QString engineTitle = backendDisplayName(engineBackend);
  QString text, tip;
  if (on.startsWith(openCl)) {
    text = tr("Stages computed by OpenCL kernels on %1.").arg(on.mid(openCl.size()));
    if (!engineBackend.isEmpty() && !engineBackend.startsWith(QLatin1String("opencl")))
      text += tr(" The Engine menu's %1 has no stages to show, so the Learn tab runs the kernels on this "
                 "device; the other tabs use %1.")
                  .arg(engineTitle);
  } else if (!outcome.fallbackReason.isEmpty()) {
    text = tr("No OpenCL device, so no kernels to step through: the stages come from the CPU reference "
              "(single precision).");
    tip = outcome.fallbackReason;
  } else {
    text = tr("The Engine menu asks for %1, so the stages come from the CPU reference (single precision); "
              "choose an OpenCL device there to step through the kernels themselves.")
               .arg(engineTitle.isEmpty() ? tr("a CPU backend") : engineTitle);
  }
  deviceLabel_->setText(text);
  deviceLabel_->setToolTip(tip);
}

void LearnTab::setStage(int stage)
{
  stage = std::clamp(stage, 0, lastStage());
  if (stage == stage_ && stageSlider_->value() == stage) return;
  stage_ = stage;
  showStage();
}

void LearnTab::stepForward()
{
  setStage(stage_ + 1);
}

void LearnTab::stepBack()
{
  setStage(stage_ - 1);
}

void LearnTab::showStage()
{
  {
    const QSignalBlocker block(stageSlider_);
    stageSlider_->setValue(stage_);
  }
  backButton_->setEnabled(stage_ > 0);
  firstButton_->setEnabled(stage_ > 0);
  forwardButton_->setEnabled(stage_ < lastStage());
  lastButton_->setEnabled(stage_ < lastStage());
  diagram_->setStage(stage_);
  if (!result_) return;
  const auto& schedule = result_->schedule;
  stageLabel_->setText(tr("Stage %1 of %2").arg(stage_).arg(lastStage()));
  twiddles_->setTwiddles(schedule.twiddlesOf(std::size_t(stage_)),
                         stage_ == 0 ? tr("twiddles: none at stage 0")
                                     : tr("twiddles of stage %1").arg(stage_));
  if (schedule.algorithm == steps::Algorithm::RegisterExchange) registers_->setStage(schedule, stage_);
  const bool last = stage_ == lastStage() && !result_->output.empty();
  comparison_->setSpectra(last ? result_->output : std::vector<steps::Complex>{}, directDft_);
  updateCheck();
}

void LearnTab::updateCheck()
{
  const std::size_t s = std::size_t(stage_);
  if (!result_ || s >= result_->stageErrors.size()) return;
  const double error = result_->stageErrors[s];
  if (result_->stageMatches(s)) {
    checkLabel_->setText(
        tr("✓ stage %1 equals the CPU reference (relative error %2)").arg(s).arg(error, 0, 'g', 2));
    checkLabel_->setStyleSheet(QStringLiteral("color: #2b8a3e; font-weight: bold;"));
  } else {
    checkLabel_->setText(
        tr("✗ stage %1 differs from the CPU reference (relative error %2)").arg(s).arg(error, 0, 'g', 2));
    checkLabel_->setStyleSheet(QStringLiteral("color: #c92a2a; font-weight: bold;"));
  }
}

void LearnTab::togglePlay()
{
  if (playTimer_->isActive()) {
    playTimer_->stop();
  } else {
    if (stage_ >= lastStage()) setStage(0); // play from the start again
    playTimer_->start();
  }
  playButton_->setIcon(
      style()->standardIcon(playTimer_->isActive() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void LearnTab::exportDiagram()
{
  if (!result_) return;
  QSettings settings;
  const QString folder = settings
                             .value(QStringLiteral("learn/exportFolder"),
                                    QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
                             .toString();
  const QString suggested = QStringLiteral("%1/fft-%2-n%3-stage%4.svg")
                                .arg(folder, QString::fromUtf8(steps::algorithmName(algorithm()).data()))
                                .arg(n())
                                .arg(stage_);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export diagram"), suggested,
                                                    tr("SVG drawing (*.svg);;PNG image (*.png)"));
  if (path.isEmpty()) return;
  settings.setValue(QStringLiteral("learn/exportFolder"), QFileInfo(path).absolutePath());
  const QString error = path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive) ? diagram_->exportPng(path)
                                                                                  : diagram_->exportSvg(path);
  if (!error.isEmpty()) QMessageBox::warning(this, tr("Export diagram"), error);
}

} // namespace spectrascope::ui
