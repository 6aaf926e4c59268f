#include "spectrascope/ui/learn/StagesPage.h"

#include "spectrascope/engine/learn/StagesDevice.h"
#include "spectrascope/ui/BackendOption.h"
#include "spectrascope/ui/learn/ButterflyDiagramView.h"
#include "spectrascope/ui/learn/LessonGuide.h"
#include "spectrascope/ui/learn/LessonTexts.h"
#include "spectrascope/ui/learn/ReadableNumbers.h"
#include "spectrascope/ui/learn/SignalInputView.h"
#include "spectrascope/ui/learn/StagesControls.h"
#include "spectrascope/ui/learn/StagesSidePanel.h"
#include "spectrascope/ui/learn/StepBar.h"
#include "spectrascope/ui/learn/StepsComputation.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <algorithm>

namespace spectrascope::ui {
namespace steps = spectrascope::learn;

StagesPage::StagesPage(StepsComputation* computation, QWidget* parent)
    : QWidget(parent), computation_(computation)
{
  setObjectName(QStringLiteral("learnStagesPage"));
  auto* layout = new QVBoxLayout(this);
  controls_ = new StagesControls(this);
  stepBar_ = new StepBar(this);
  stepBar_->addControl(controls_->valueStyleControls());
  layout->addWidget(controls_);
  layout->addWidget(stepBar_);

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->setChildrenCollapsible(false);
  guide_ = new LessonGuide(splitter);
  diagram_ = new ButterflyDiagramView(splitter);
  // The side panel scrolls up and down inside its column, so it never makes the window taller than the
  // screen (at scale 2 on 1920 x 1080 a page has about 450 pixels of height).
  side_ = new StagesSidePanel;
  auto* sideScroll = new QScrollArea(splitter);
  sideScroll->setFrameShape(QFrame::NoFrame);
  sideScroll->setWidgetResizable(true);
  sideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  sideScroll->setWidget(side_);
  sideScroll->setMinimumWidth(side_->minimumSizeHint().width());
  splitter->addWidget(guide_);
  splitter->addWidget(diagram_);
  splitter->addWidget(sideScroll);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  splitter->setStretchFactor(2, 0);
  splitter->setSizes({280, 560, 260});
  layout->addWidget(splitter, 1);

  connect(controls_, &StagesControls::choicesChanged, this, &StagesPage::recompute);
  connect(controls_, &StagesControls::refreshRequested, this, &StagesPage::recompute);
  connect(controls_, &StagesControls::valueStyleChanged, diagram_, &ButterflyDiagramView::setValueStyle);
  connect(stepBar_, &StepBar::stageRequested, this, &StagesPage::setStage);
  connect(stepBar_, &StepBar::exportRequested, this, &StagesPage::exportDiagram);
  connect(side_->signalView(), &SignalInputView::signalDrawn, this, [this] {
    input_.setDrawn(side_->signalView()->signal());
    recompute();
  });
  connect(computation_, &StepsComputation::finished, this, &StagesPage::showOutcome);
  connect(computation_, &StepsComputation::busyChanged, this, [this](bool busy) {
    if (busy)
      side_->setDeviceText(tr("Computing the stages…") + QStringLiteral("\n") + stagesDeviceRuleShort());
  });
  controls_->restoreSettings();
  recompute();
}

StagesPage::~StagesPage()
{
  controls_->saveSettings();
}

void StagesPage::setEngineBackend(const QString& engineBackend)
{
  engineBackend_ = engineBackend;
  const QString wanted = QString::fromStdString(steps::stagesBackend(engineBackend.toStdString()));
  if (wanted == stagesBackend_) {
    if (result_) showStagesSource({result_, directDft_, {}, {}}); // the engine's name in the text changed
    return;
  }
  stagesBackend_ = wanted;
  recompute();
}

void StagesPage::setImage(const QImage& image, const QString& name)
{
  input_.setImage(image, name);
  if (controls_->inputChoice().kind == InputKind::ImageRow) recompute();
}

void StagesPage::setAudioFrameSource(StagesInput::AudioFrameSource source)
{
  input_.setAudioFrameSource(std::move(source));
}

int StagesPage::lastStage() const
{
  return result_ ? int(result_->schedule.lastStage()) : 0;
}

bool StagesPage::isComputing() const
{
  return computation_->isBusy();
}

bool StagesPage::isPlaying() const
{
  return stepBar_->isPlaying();
}

void StagesPage::togglePlay()
{
  stepBar_->togglePlay();
}

void StagesPage::recompute()
{
  const InputChoice choice = controls_->inputChoice();
  StagesInput::Made made = input_.make(choice);
  side_->setInputNote(made.note);
  side_->signalView()->setDrawingEnabled(choice.kind == InputKind::Drawn);
  side_->signalView()->setSignal(made.values);
  const bool exchange = controls_->algorithm() == steps::Algorithm::RegisterExchange;
  side_->setRegistersVisible(exchange);
  guide_->setLesson(stagesLesson(controls_->algorithm()));

  StepsComputation::Request request;
  request.algorithm = controls_->algorithm();
  request.n = controls_->n();
  request.workItems = controls_->workItems();
  request.input = std::move(made.values);
  request.backend = stagesBackend_;
  computation_->request(std::move(request));
}

void StagesPage::showOutcome(const StepsOutcome& outcome)
{
  if (!outcome.error.isEmpty()) {
    side_->setDeviceText(
        tr("Could not compute the stages: %1").arg(outcome.error.section(QLatin1Char('\n'), 0, 0)));
    stepBar_->showCheck({}, true);
    return;
  }
  result_ = outcome.result;
  directDft_ = outcome.directDft;
  diagram_->setResult(result_);
  showStagesSource(outcome);
  stage_ = std::clamp(stage_, 0, lastStage());
  showStage();
  emit resultShown();
}

// One rule, stated every time (learn::stagesBackend): kernels on an OpenCL device whatever the Engine menu
// says, the CPU reference only without any OpenCL device.
void StagesPage::showStagesSource(const StepsOutcome& outcome)
{
  const QString on = QString::fromStdString(result_->computedOn);
  const QString openCl = QStringLiteral("OpenCL: ");
  QString text;
  if (on.startsWith(openCl)) {
    text = tr("Stages computed by OpenCL kernels on %1.").arg(on.mid(openCl.size()));
    if (!engineBackend_.isEmpty() && !engineBackend_.startsWith(QLatin1String("opencl")))
      text +=
          tr(" The other tabs use %1, which has no stages to show.").arg(backendDisplayName(engineBackend_));
  } else {
    text = tr("No OpenCL device, so no kernels to step through: the stages come from the CPU reference "
              "(single precision).");
  }
  side_->setDeviceText(text + QStringLiteral("\n") + stagesDeviceRuleShort(),
                       outcome.fallbackReason.isEmpty() ? stagesDeviceRule() : outcome.fallbackReason);
}

void StagesPage::setStage(int stage)
{
  stage = std::clamp(stage, 0, lastStage());
  if (stage == stage_ && result_) {
    stepBar_->showStage(stage_, lastStage()); // keeps the slider in step when it asked for this stage
    return;
  }
  stage_ = stage;
  showStage();
}

void StagesPage::showStage()
{
  stepBar_->showStage(stage_, lastStage());
  diagram_->setStage(stage_);
  if (!result_) return;
  side_->showStage(*result_, stage_, directDft_);
  const std::size_t s = std::size_t(stage_);
  if (s >= result_->stageErrors.size()) return;
  const QString error = scientific(result_->stageErrors[s]);
  if (result_->stageMatches(s))
    stepBar_->showCheck(tr("✓ stage %1 equals the CPU reference (relative error %2)").arg(s).arg(error),
                        true);
  else
    stepBar_->showCheck(tr("✗ stage %1 differs from the CPU reference (relative error %2)").arg(s).arg(error),
                        false);
}

void StagesPage::exportDiagram()
{
  if (!result_) return;
  QSettings settings;
  const QString folder = settings
                             .value(QStringLiteral("learn/exportFolder"),
                                    QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
                             .toString();
  const QString suggested =
      QStringLiteral("%1/fft-%2-n%3-stage%4.svg")
          .arg(folder, QString::fromUtf8(steps::algorithmName(result_->schedule.algorithm).data()))
          .arg(result_->schedule.n)
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
