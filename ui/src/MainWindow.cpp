#include "spectrascope/ui/MainWindow.h"

#include "spectrascope/ui/AboutDialog.h"
#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/BackendMenu.h"
#include "spectrascope/ui/BackendStatusLabel.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/ErrorReport.h"
#include "spectrascope/ui/ImageTab.h"
#include "spectrascope/ui/LearnTab.h"
#include "spectrascope/ui/ShortcutsDialog.h"
#include "spectrascope/ui/StatusMessage.h"
#include "spectrascope/ui/timing/BenchmarkWindow.h"
#include "spectrascope/ui/timing/TimingFeed.h"
#include "spectrascope/ui/timing/TimingPanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include <algorithm>

namespace spectrascope::ui {
namespace {
const char* kGeometryKey = "mainWindow/geometry";
const char* kStateKey = "mainWindow/state";
// Whether the Timings dock is open: it is for those who study the engine's figures, closed at first.
const char* kTimingsVisibleKey = "view/timingsVisible";
constexpr int kErrorMessageMs = 15000;
} // namespace

MainWindow::MainWindow(EngineService& engine, QWidget* parent) : QMainWindow(parent), engine_(engine)
{
  setObjectName(QStringLiteral("mainWindow"));
  setWindowTitle(QStringLiteral("Spectrascope"));
  errors_ = new ErrorReport(this);
  createTabs();
  createMenus();
  createStatusBar();
  connectEngine();
  createTimingViews();
  restoreWindowGeometry();
}

// Tabs and docks want their toolbars and views at full size (the Image tab about 700 px wide); on a
// smaller window they scroll instead of forcing the window larger than the screen.
QWidget* MainWindow::scrollable(QWidget* content)
{
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}

void MainWindow::createTabs()
{
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("tabs"));
  tabs_->setDocumentMode(true);
  imageTab_ = new ImageTab(tabs_);
  imageTab_->setEngineService(&engine_); // the tab follows the Engine menu's backend
  // A new engine builds the Image tab's first kernels before it is announced, so the tab's reload on it
  // finds them cached (a first start on a PoCL device spends tens of seconds building).
  engine_.setWarmUp(&ImageTab::warmUpEngine);
  tabs_->addTab(scrollable(imageTab_), tr("Image"));
  connect(imageTab_, &ImageTab::errorMessage, this, [this](const QString& heading, const QString& detail) {
    showError(ErrorReport::Origin::Image, heading, detail);
  });
  connect(imageTab_, &ImageTab::statusMessage, this,
          [this](const QString& text) { showStatusMessage(text); });
  audioTab_ = new AudioTab(tabs_);
  audioTab_->setEngineService(&engine_); // so does the Audio tab's analysis
  // Audio errors in words, in the same non-modal box as the image and engine errors.
  connect(audioTab_, &AudioTab::errorMessage, this, [this](const QString& heading, const QString& detail) {
    showError(ErrorReport::Origin::Audio, heading, detail);
  });
  QWidget* audioPage = scrollable(audioTab_);
  tabs_->addTab(audioPage, tr("Audio"));
  // Open Audio… from another tab: once a file is chosen (it is loading), the Audio tab comes to the front,
  // where the file shows; it looked as if nothing had happened. Queued, so it runs after the tab's own
  // slot has run the file dialog.
  connect(
      audioTab_->openAction(), &QAction::triggered, this,
      [this, audioPage] {
        if (audioTab_->isLoading()) tabs_->setCurrentWidget(audioPage);
      },
      Qt::QueuedConnection);
  learnTab_ = new LearnTab(tabs_);
  learnTab_->setEngineService(&engine_); // the stages run on the Engine menu's device
  tabs_->addTab(learnTab_, tr("Learn"));
  connectLearnInputs();
  connect(imageTab_, &ImageTab::imageLoaded, this, [this](const QString& name) {
    imageName_ = name;
    showFileInTitle();
    errors_->withdraw(ErrorReport::Origin::Image); // a picture opened: an earlier one's failure is past
  });
  connect(audioTab_, &AudioTab::inputChanged, this, &MainWindow::showFileInTitle);
  connect(tabs_, &QTabWidget::currentChanged, this, &MainWindow::showFileInTitle);
  // SPECTRASCOPE_TAB=Learn (or Image, Audio) opens on that tab, for screenshots of one tab.
  const QString wanted = qEnvironmentVariable("SPECTRASCOPE_TAB");
  for (int i = 0; i < tabs_->count() && !wanted.isEmpty(); ++i)
    if (tabs_->tabText(i).compare(wanted, Qt::CaseInsensitive) == 0) tabs_->setCurrentIndex(i);
  setCentralWidget(tabs_);
}

// The title names the file the current tab shows, as desktop applications name their document.
void MainWindow::showFileInTitle()
{
  QString name;
  if (tabs_->currentIndex() == 0)
    name = imageName_;
  else if (tabs_->currentIndex() == 1 && audioTab_->source() == AudioTab::Source::File)
    name = QFileInfo(audioTab_->loadedFile()).fileName();
  setWindowTitle(name.isEmpty() ? QStringLiteral("Spectrascope") : tr("%1 — Spectrascope").arg(name));
}

// The Learn tab transforms a row of the Image tab's picture (and its rows and columns in 2D) or the Audio
// tab's newest samples; it is handed them here, so the tabs stay independent of each other.
void MainWindow::connectLearnInputs()
{
  connect(imageTab_, &ImageTab::imageLoaded, learnTab_,
          [this](const QString& name) { learnTab_->setImage(imageTab_->originalImage(), name); });
  learnTab_->setAudioFrameSource([audio = QPointer<AudioTab>(audioTab_)](std::size_t n) {
    return audio ? audio->newestSamples(n) : std::vector<float>{};
  });
}

void MainWindow::createMenus()
{
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(imageTab_->openAction());
  file->addAction(audioTab_->openAction());
  file->addMenu(imageTab_->recentMenu());
  file->addSeparator();
  file->addActions(imageTab_->saveActions());
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addActions({imageTab_->undoAction(), imageTab_->redoAction()});
  edit->addSeparator();
  edit->addAction(imageTab_->copyAction());
  menuBar()->addMenu(tr("&View"))->addActions(imageTab_->viewActions());

  backendMenu_ = new BackendMenu(this);
  menuBar()->addMenu(backendMenu_);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
  shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
  shortcuts->setShortcut(QKeySequence::HelpContents);
  QAction* about = help->addAction(tr("&About Spectrascope"), this, &MainWindow::showAbout);
  about->setObjectName(QStringLiteral("aboutAction"));
  about->setMenuRole(QAction::AboutRole);
  QAction* aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
  aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::createStatusBar()
{
  backendLabel_ = new BackendStatusLabel(this);
  statusBar()->addPermanentWidget(backendLabel_);
  statusMessage_ = new StatusMessage(statusBar(), backendLabel_, kErrorMessageMs);
}

void MainWindow::connectEngine()
{
  connect(&engine_, &EngineService::backendChanged, backendLabel_, &BackendStatusLabel::showBackend);
  connect(&engine_, &EngineService::backendsAvailable, backendMenu_, &BackendMenu::setOptions);
  connect(&engine_, &EngineService::errorMessage, this,
          [this](const QString& heading, const QString& detail) {
            showError(ErrorReport::Origin::Engine, heading, detail);
          });
  connect(&engine_, &EngineService::busyChanged, this, [this](bool busy) {
    if (busy) {
      backendLabel_->showSwitching(engine_.openingBackend());
      return;
    }
    // Also re-checks the working backend's action after a switch that failed.
    backendMenu_->setCurrent(engine_.requestedBackend(), engine_.backendName());
  });
  connect(backendMenu_, &BackendMenu::backendRequested, &engine_, &EngineService::selectBackend);
}

void MainWindow::showStatusMessage(const QString& text)
{
  statusMessage_->show(text);
}

void MainWindow::showAbout()
{
  const QString backend = engine_.engine()
                              ? BackendStatusLabel::summary(engine_.backendName(), engine_.deviceName())
                              : tr("starting…");
  auto* dialog = new AboutDialog(backend, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open(); // window-modal, but does not block the event loop
}

void MainWindow::showShortcuts()
{
  auto* dialog = new ShortcutsDialog(ShortcutsDialog::rowsOf(menuBar(), tabs_), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open();
}

// Every error reaches the status bar, and the error box (ErrorReport) makes sure it is not missed.
void MainWindow::showError(ErrorReport::Origin origin, const QString& heading, const QString& detail)
{
  showStatusMessage(heading + QStringLiteral(": ") + detail.section(QLatin1Char('\n'), 0, 0));
  errors_->report(origin, heading, detail);
}

// The Timings dock (View menu) and Tools > Benchmark…, after the other menus so they join an existing View
// menu and sit before Help.
void MainWindow::createTimingViews()
{
  timingFeed_ = new TimingFeed(this);
  imageTab_->setTimingFeed(timingFeed_);
  learnTab_->setTimingFeed(timingFeed_);
  audioTab_->setTimingFeed(timingFeed_);
  auto* panel = new TimingPanel;
  panel->setFeed(timingFeed_);
  // The tab in front keeps its records on show while the Audio tab goes on analysing behind it.
  const auto follow = [this, panel](int index) { panel->setForeground(tabs_->tabText(index)); };
  connect(tabs_, &QTabWidget::currentChanged, panel, follow);
  follow(tabs_->currentIndex());
  timingDock_ = new QDockWidget(tr("Timings"), this);
  timingDock_->setObjectName(QStringLiteral("timingDock"));
  timingDock_->setWidget(scrollable(panel));
  addDockWidget(Qt::BottomDockWidgetArea, timingDock_);

  QMenu* view = nullptr;
  QAction* help = nullptr;
  for (QAction* action : menuBar()->actions()) {
    if (action->menu() && action->text() == tr("&View")) view = action->menu();
    if (action->menu() && action->text() == tr("&Help")) help = action;
  }
  if (!view) {
    view = new QMenu(tr("&View"), this);
    menuBar()->insertMenu(help, view);
  }
  view->addSeparator();
  QAction* toggle = timingDock_->toggleViewAction();
  toggle->setObjectName(QStringLiteral("timingsAction"));
  toggle->setToolTip(tr("Show the engine's timings of the tab in front: wall, device and host time"));
  // Remembered as soon as it changes (not only with the window's state at a clean exit).
  connect(toggle, &QAction::triggered, this,
          [](bool shown) { QSettings().setValue(kTimingsVisibleKey, shown); });
  toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
  view->addAction(toggle);

  auto* tools = new QMenu(tr("&Tools"), this);
  menuBar()->insertMenu(help, tools);
  QAction* benchmark = tools->addAction(tr("&Benchmark…"), this, &MainWindow::showBenchmark);
  benchmark->setObjectName(QStringLiteral("benchmarkAction"));
}

void MainWindow::showBenchmark()
{
  if (!benchmark_) {
    benchmark_ = new BenchmarkWindow(this);
    benchmark_->setAttribute(Qt::WA_DeleteOnClose);
    // Tune… covers what the tabs transform: the Image tab's picture as its filter transforms it (padded,
    // one plane per channel, or one for luminance only) and the Audio tab's FFT length.
    benchmark_->setTuningInputsSource(
        [image = QPointer<ImageTab>(imageTab_), audio = QPointer<AudioTab>(audioTab_)] {
          TuningInputs inputs;
          if (image) {
            const ImageTab::TransformShape shape = image->transformShape();
            if (shape.planes > 0) {
              inputs.imageSize = shape.size;
              inputs.imageChannels = shape.planes;
            }
          }
          if (audio) inputs.audioFftSize = audio->transformSize();
          return inputs;
        });
  }
  benchmark_->show();
  benchmark_->raise();
  benchmark_->activateWindow();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
  saveWindowGeometry();
  QMainWindow::closeEvent(event);
}

void MainWindow::restoreWindowGeometry()
{
  QSettings settings;
  const bool timings = settings.value(kTimingsVisibleKey, false).toBool();
  if (restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
    restoreState(settings.value(kStateKey).toByteArray());
    timingDock_->setVisible(timings);
    return;
  }
  timingDock_->setVisible(timings);
  // First start: three quarters of the screen, so that the Image tab's three views get room on a large
  // one, but at least 1100 x 720 (what the tabs are laid out for) and at most 1800 x 1150 (wider windows
  // only stretch the toolbars); never more than 90 % of the screen.
  QSize size(1100, 720);
  if (const QScreen* screen = QGuiApplication::primaryScreen()) {
    const QSize available = screen->availableSize();
    size = (available * 0.75).expandedTo(size).boundedTo(QSize(1800, 1150)).boundedTo(available * 0.9);
  }
  resize(size);
  // The tabs are what people came for: the Timings dock, when opened, is a short strip below them.
  resizeDocks({timingDock_}, {std::min(size.height() / 5, 200)}, Qt::Vertical);
}

void MainWindow::saveWindowGeometry() const
{
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState());
}

} // namespace spectrascope::ui
