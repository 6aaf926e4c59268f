#include "spectrascope/ui/LearnTab.h"

#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/learn/AccuracyPage.h"
#include "spectrascope/ui/learn/LessonGuide.h"
#include "spectrascope/ui/learn/LessonTexts.h"
#include "spectrascope/ui/learn/PhaseLessonPage.h"
#include "spectrascope/ui/learn/RowColumnPage.h"
#include "spectrascope/ui/learn/StagesPage.h"
#include "spectrascope/ui/learn/StepsComputation.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <functional>

namespace spectrascope::ui {
namespace {

const char* kPageKey = "learn/page";

// what: the shortcut's description in Help > Keyboard Shortcuts.
void addShortcut(QWidget* owner, const QKeySequence& key, const QString& what, std::function<void()> action)
{
  auto* shortcut = new QShortcut(key, owner);
  shortcut->setWhatsThis(what);
  shortcut->setContext(Qt::WidgetWithChildrenShortcut); // only while the Learn tab is shown
  QObject::connect(shortcut, &QShortcut::activated, owner, std::move(action));
}

// Each page scrolls inside the tab, so the Learn tab never forces the main window larger; the pages fit
// without scrolling from about 950 x 420 up (scale 2 on a 1920 x 1080 screen).
QScrollArea* scrolled(QWidget* page)
{
  auto* scroll = new QScrollArea;
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidgetResizable(true);
  scroll->setWidget(page);
  return scroll;
}

// The 2D page with its guide beside it.
QWidget* guided(QWidget* page, const Lesson& lesson)
{
  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->setChildrenCollapsible(false);
  auto* guide = new LessonGuide(splitter);
  guide->setLesson(lesson);
  splitter->addWidget(guide);
  splitter->addWidget(page);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({280, 800});
  return splitter;
}

} // namespace

LearnTab::LearnTab(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnTab"));
  computation_ = new StepsComputation(this);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  pages_ = new QTabWidget(this);
  pages_->setObjectName(QStringLiteral("learnPages"));
  pages_->setDocumentMode(true);
  stages_ = new StagesPage(computation_);
  rowColumn_ = new RowColumnPage(computation_);
  phase_ = new PhaseLessonPage;
  accuracy_ = new AccuracyPage;
  pages_->addTab(scrolled(stages_), tr("1D: stage by stage"));
  pages_->addTab(scrolled(guided(rowColumn_, rowColumnLesson())), tr("2D: rows, then columns"));
  pages_->addTab(scrolled(phase_), tr("Magnitude and phase"));
  pages_->addTab(scrolled(accuracy_), tr("Accuracy"));
  outer->addWidget(pages_);
  addShortcuts();

  connect(stages_, &StagesPage::resultShown, this, [this] {
    publishTimings();
    emit resultShown();
  });
  connect(rowColumn_, &RowColumnPage::resultShown, this, &LearnTab::publishTimings);
  connect(pages_, &QTabWidget::currentChanged, this, &LearnTab::publishTimings);
  pages_->setCurrentIndex(QSettings().value(QLatin1String(kPageKey), 0).toInt());
}

LearnTab::~LearnTab()
{
  QSettings().setValue(QLatin1String(kPageKey), pages_->currentIndex());
}

// The arrows and Home/End step whichever of the two stepping pages is shown; play is the 1D stages'.
void LearnTab::addShortcuts()
{
  const auto onRowColumn = [this] { return pageInView() == rowColumn_; };
  addShortcut(this, QKeySequence(Qt::Key_Right), tr("Next stage (next pass on the 2D page)"),
              [this, onRowColumn] { onRowColumn() ? rowColumn_->stepForward() : stepForward(); });
  addShortcut(this, QKeySequence(Qt::Key_Left), tr("Previous stage (previous pass on the 2D page)"),
              [this, onRowColumn] { onRowColumn() ? rowColumn_->stepBack() : stepBack(); });
  addShortcut(this, QKeySequence(Qt::Key_Home), tr("First stage"),
              [this, onRowColumn] { onRowColumn() ? rowColumn_->setPass(0) : setStage(0); });
  addShortcut(this, QKeySequence(Qt::Key_End), tr("Last stage"),
              [this, onRowColumn] { onRowColumn() ? rowColumn_->setPass(2) : setStage(lastStage()); });
  addShortcut(this, QKeySequence(Qt::Key_Space), tr("Play or pause the stages"), [this] { togglePlay(); });
  addShortcut(this, QKeySequence::Save, tr("Export the diagram"), [this] { exportDiagram(); });
}

QWidget* LearnTab::pageInView() const
{
  QWidget* current = pages_->currentWidget();
  if (current && current->isAncestorOf(rowColumn_)) return rowColumn_;
  return current;
}

void LearnTab::setEngineService(EngineService* service)
{
  engine_ = service;
  if (!service) return;
  connect(service, &EngineService::backendChanged, this, &LearnTab::followEngine);
  followEngine();
}

void LearnTab::followEngine()
{
  const QString inUse = engine_ ? engine_->backendName() : QString();
  stages_->setEngineBackend(inUse);
  rowColumn_->setBackend(stages_->stagesBackend()); // the 2D passes run beside the stages, on their device
  phase_->setEngine(engine_ ? engine_->engine() : nullptr);
  accuracy_->setEngine(engine_ ? engine_->engine() : nullptr);
}

void LearnTab::setTimingFeed(TimingFeed* feed)
{
  timingFeed_ = feed;
}

void LearnTab::setImage(const QImage& image, const QString& name)
{
  stages_->setImage(image, name);
  rowColumn_->setImage(image, name);
  phase_->setImage(image, name);
}

void LearnTab::setAudioFrameSource(AudioFrameSource source)
{
  stages_->setAudioFrameSource(std::move(source));
}

void LearnTab::showRowColumnPage()
{
  pages_->setCurrentIndex(1);
}

void LearnTab::showPage(QWidget* page)
{
  for (int i = 0; i < pages_->count(); ++i)
    if (pages_->widget(i) == page || pages_->widget(i)->isAncestorOf(page)) pages_->setCurrentIndex(i);
}

// The Timings panel shows the last run of the page in view.
void LearnTab::publishTimings()
{
  if (!timingFeed_) return;
  if (pageInView() == rowColumn_) {
    if (rowColumn_->result()) timingFeed_->publish(tr("Learn (2D)"), rowColumn_->result()->report);
  } else if (stages_->result()) {
    timingFeed_->publish(tr("Learn"), stages_->result()->report);
  }
}

int LearnTab::currentStage() const
{
  return stages_->currentStage();
}

int LearnTab::lastStage() const
{
  return stages_->lastStage();
}

std::shared_ptr<const spectrascope::learn::StepsResult> LearnTab::result() const
{
  return stages_->result();
}

bool LearnTab::isComputing() const
{
  return stages_->isComputing();
}

bool LearnTab::isPlaying() const
{
  return stages_->isPlaying();
}

void LearnTab::stepForward()
{
  stages_->stepForward();
}

void LearnTab::stepBack()
{
  stages_->stepBack();
}

void LearnTab::setStage(int stage)
{
  stages_->setStage(stage);
}

void LearnTab::togglePlay()
{
  stages_->togglePlay();
}

void LearnTab::exportDiagram()
{
  stages_->exportDiagram();
}

} // namespace spectrascope::ui
