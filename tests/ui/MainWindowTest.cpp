// The main window and its engine service, driven as a user would: tabs, the Engine menu, the status
// label, errors and the About box; the Learn tab fed by the Image and Audio tabs, its records in the
// Timings dock.

#include "spectrascope/ui/MainWindow.h"
#include "spectrascope/ui/AboutDialog.h"
#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/BackendMenu.h"
#include "spectrascope/ui/BackendStatusLabel.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/ImageTab.h"
#include "spectrascope/ui/LearnTab.h"
#include "spectrascope/ui/ShortcutsDialog.h"
#include "spectrascope/ui/learn/RowColumnPage.h"
#include "spectrascope/ui/timing/TimingFeed.h"
#include "spectrascope/ui/timing/TimingPanel.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>

#include <QApplication>
#include <QFileDialog>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <atomic>
#include <memory>

using namespace spectrascope::ui;

namespace {
// Creating an engine opens an OpenCL context; PoCL on a loaded 2-core machine can take seconds.
constexpr int kEngineTimeoutMs = 60000;

// A small grey picture, "grey.png", opened in the window's Image tab.
void openGreyPicture(MainWindow& window)
{
  QImage picture(48, 32, QImage::Format_RGB32);
  picture.fill(Qt::gray);
  window.findChild<ImageTab*>()->openImage(picture, QStringLiteral("grey.png"));
}
} // namespace

class MainWindowTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void hasImageAudioAndLearnTabs();
  void backendMenuListsFftw();
  void statusLabelNamesBackendAndDevice();
  void switchingBackendUpdatesStatusLabelAndIsSaved();
  void unknownBackendIsReportedAndAutoIsUsed();
  void aboutDialogOpensAndCloses();
  void shortcutsDialogListsEveryShortcut();
  void shortcutsDialogFitsTheScreen();
  void longStatusMessagesEndInAnEllipsis();
  void geometryIsRestored();
  void learnTabTakesTheOtherTabsInputs();
  void timingsDockIsHiddenUntilAskedForAndRemembered();
  void noKeySequenceIsGivenTwice();
  void switchingSaysWhatItWaitsFor();
  void warmUpRunsBeforeTheEngineIsAnnounced();
  void titleNamesTheFileShown();
  void openAudioFromAnotherTabShowsTheAudioTab();
  void errorsJoinTheOpenBoxAndLeaveItWhenTheirCauseHasGone();
};

void MainWindowTest::initTestCase()
{
  // QSettings go to a test location, never the user's real configuration.
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTest"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_mainwindow_test"));
}

void MainWindowTest::init()
{
  QSettings().clear();
}

void MainWindowTest::hasImageAudioAndLearnTabs()
{
  EngineService service;
  MainWindow window(service);
  QTabWidget* tabs = window.tabs();
  QCOMPARE(tabs->count(), 3);
  QCOMPARE(tabs->tabText(0), QStringLiteral("Image"));
  QCOMPARE(tabs->tabText(1), QStringLiteral("Audio"));
  QCOMPARE(tabs->tabText(2), QStringLiteral("Learn"));
}

void MainWindowTest::backendMenuListsFftw()
{
  EngineService service;
  MainWindow window(service);
  service.start();
  QTRY_VERIFY_WITH_TIMEOUT(window.backendMenu()->actionFor(QStringLiteral("fftw")) != nullptr,
                           kEngineTimeoutMs);
  QVERIFY(window.backendMenu()->actionFor(QStringLiteral("auto")) != nullptr);
  QVERIFY(window.backendMenu()->actionFor(QStringLiteral("fftw"))->isCheckable());
  // The request ("auto") is the checked one, whatever it resolved to.
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);
  QVERIFY(window.backendMenu()->actionFor(QStringLiteral("auto"))->isChecked());
}

void MainWindowTest::statusLabelNamesBackendAndDevice()
{
  EngineService service;
  MainWindow window(service);
  service.start();
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);
  const QString text = window.backendLabel()->text();
  QVERIFY2(text.startsWith(BackendStatusLabel::summary(service.backendName(), service.deviceName())),
           qPrintable(text));
  if (!service.fallbackReason().isEmpty()) {
    QVERIFY2(text.contains(QStringLiteral(" · ")), qPrintable(text));
    QVERIFY(window.backendLabel()->toolTip().contains(service.fallbackReason()));
  }
}

void MainWindowTest::switchingBackendUpdatesStatusLabelAndIsSaved()
{
  EngineService service;
  MainWindow window(service);
  service.start(QStringLiteral("naive-dft"));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);
  QVERIFY2(window.backendLabel()->text().startsWith(QStringLiteral("Direct DFT")),
           qPrintable(window.backendLabel()->text()));
  QVERIFY2(!QSettings().contains(EngineService::settingsKey()), "--backend is for one run, not saved");

  QTRY_VERIFY_WITH_TIMEOUT(window.backendMenu()->actionFor(QStringLiteral("fftw")) != nullptr,
                           kEngineTimeoutMs);
  QSignalSpy changed(&service, &EngineService::backendChanged);
  window.backendMenu()->actionFor(QStringLiteral("fftw"))->trigger();
  QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, kEngineTimeoutMs);
  QCOMPARE(changed.first().at(0).toString(), QStringLiteral("fftw"));
  QVERIFY2(window.backendLabel()->text().startsWith(QStringLiteral("FFTW — ")),
           qPrintable(window.backendLabel()->text()));
  QVERIFY(window.backendMenu()->actionFor(QStringLiteral("fftw"))->isChecked());
  QCOMPARE(QSettings().value(EngineService::settingsKey()).toString(), QStringLiteral("fftw"));
}

void MainWindowTest::unknownBackendIsReportedAndAutoIsUsed()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  QSignalSpy errors(&service, &EngineService::errorMessage);
  service.start(QStringLiteral("warp-drive"));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);
  QCOMPARE(errors.count(), 1);
  QVERIFY(errors.first().at(0).toString().contains(QStringLiteral("warp-drive")));
  QCOMPARE(service.requestedBackend(), QStringLiteral("auto"));
  auto* box = window.findChild<QMessageBox*>(QStringLiteral("engineErrorBox"));
  QVERIFY(box != nullptr);
  QVERIFY(box->isVisible());
  QVERIFY2(!box->isModal(), "errors must not block the window");
  box->close();
}

void MainWindowTest::aboutDialogOpensAndCloses()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  service.start(QStringLiteral("fftw"));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);

  auto* about = window.findChild<QAction*>(QStringLiteral("aboutAction"));
  QVERIFY(about != nullptr);
  about->trigger();
  QPointer<AboutDialog> dialog = window.findChild<AboutDialog*>();
  QVERIFY(dialog != nullptr);
  QTRY_VERIFY(dialog->isVisible());
  const QString text = dialog->findChild<QLabel*>(QStringLiteral("aboutText"))->text();
  QVERIFY(text.contains(AboutDialog::version()));
  QVERIFY(text.contains(QStringLiteral("FFTW — ")));
  // Every library the app is built on is credited, with its licence.
  for (const char* library : {"Qt ", "FFTW 3", "OpenCL C++ bindings", "libsndfile"})
    QVERIFY2(text.contains(QLatin1String(library)), library);
  dialog->reject();
  QTRY_VERIFY(dialog.isNull()); // deleted on close, so repeated opening does not pile up dialogs
}

namespace {
QString withoutMnemonic(QString text)
{
  text.remove(QLatin1Char('&'));
  if (text.endsWith(QChar(0x2026))) text.chop(1);
  return text;
}

void collectShortcutActions(const QMenu* menu, QList<const QAction*>& actions)
{
  for (const QAction* action : menu->actions()) {
    if (action->menu())
      collectShortcutActions(action->menu(), actions);
    else if (!action->shortcut().isEmpty())
      actions.append(action);
  }
}
} // namespace

// Help > Keyboard Shortcuts (F1) lists every key the window answers to: each menu action's, and the keys
// the Learn and Audio tabs handle themselves, which no menu shows.
void MainWindowTest::shortcutsDialogListsEveryShortcut()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  auto* action = window.findChild<QAction*>(QStringLiteral("shortcutsAction"));
  QVERIFY(action != nullptr);
  QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
  action->trigger();
  QPointer<ShortcutsDialog> dialog = window.findChild<ShortcutsDialog*>();
  QVERIFY(dialog != nullptr);
  QTRY_VERIFY(dialog->isVisible());

  auto* list = dialog->findChild<QTreeWidget*>(QStringLiteral("shortcutsList"));
  QHash<QString, QString> keysOf; // "place/what" -> keys, as shown
  for (int g = 0; g < list->topLevelItemCount(); ++g)
    for (int i = 0; i < list->topLevelItem(g)->childCount(); ++i) {
      const QTreeWidgetItem* row = list->topLevelItem(g)->child(i);
      keysOf.insert(list->topLevelItem(g)->text(0) + QLatin1Char('/') + row->text(0), row->text(1));
    }
  QList<const QAction*> actions;
  for (const QAction* menu : window.menuBar()->actions())
    if (menu->menu()) {
      QList<const QAction*> inMenu;
      collectShortcutActions(menu->menu(), inMenu);
      for (const QAction* a : inMenu) {
        const QString key = withoutMnemonic(menu->text()) + QLatin1Char('/') + withoutMnemonic(a->text());
        QVERIFY2(keysOf.contains(key), qPrintable(key));
        QVERIFY2(keysOf.value(key).contains(a->shortcut().toString(QKeySequence::NativeText)),
                 qPrintable(key));
      }
      actions += inMenu;
    }
  QVERIFY(actions.size() >= 8); // Open Image, Open Audio, Save, Quit, Undo, Redo, Copy, zooms, Timings
  QCOMPARE(keysOf.value(QStringLiteral("File/Quit")),
           QKeySequence(QKeySequence::Quit).toString(QKeySequence::NativeText));
  QCOMPARE(keysOf.value(QStringLiteral("Learn tab/Next stage (next pass on the 2D page)")),
           QStringLiteral("Right"));
  QCOMPARE(keysOf.value(QStringLiteral("Learn tab/Play or pause the stages")), QStringLiteral("Space"));
  QCOMPARE(keysOf.value(QStringLiteral("Audio tab/Play or pause the file")), QStringLiteral("Space"));
  // The file view's own keys (zoom, scroll, jump), which no menu or button carries.
  QCOMPARE(keysOf.value(QStringLiteral("Audio tab/File view: zoom time in / out")), QStringLiteral("+ / −"));
  QCOMPARE(keysOf.value(QStringLiteral("Audio tab/File view: go to the start / end")),
           QStringLiteral("Home / End"));
  QVERIFY(keysOf.contains(QStringLiteral("Audio tab/File view: show the whole file and every frequency")));
  QCOMPARE(keysOf.value(QStringLiteral("Help/Keyboard Shortcuts")), QStringLiteral("F1"));

  // Every row is readable without scrolling sideways.
  QVERIFY(!list->horizontalScrollBar()->isVisible());
  dialog->reject();
  QTRY_VERIFY(dialog.isNull());
}

// A message longer than the status bar ends in "…" before the backend label, and the bar's tooltip holds
// all of it; a short one is shown whole, with no tooltip.
// F1's dialog fits the screen it opens on, its Close button included, with room for a title bar: at
// 150 % on a 1366 x 768 laptop (910 x 512 points) it was taller than the screen. ctest runs this on such
// a screen too (ui.MainWindowScaled).
void MainWindowTest::shortcutsDialogFitsTheScreen()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  window.findChild<QAction*>(QStringLiteral("shortcutsAction"))->trigger();
  QPointer<ShortcutsDialog> dialog = window.findChild<ShortcutsDialog*>();
  QVERIFY(dialog != nullptr);
  QTRY_VERIFY(dialog->isVisible());
  const QRect screen = dialog->screen()->availableGeometry();
  const int titleBar = 48;
  QVERIFY2(dialog->minimumSizeHint().height() <= screen.height() - titleBar &&
               dialog->height() <= screen.height() - titleBar && dialog->width() <= screen.width(),
           qPrintable(QStringLiteral("dialog %1 px tall (at least %2), screen %3 px")
                          .arg(dialog->height())
                          .arg(dialog->minimumSizeHint().height())
                          .arg(screen.height())));
  auto* close = dialog->findChild<QDialogButtonBox*>();
  QVERIFY(close != nullptr && close->isVisible());
  dialog->reject();
  QTRY_VERIFY(dialog.isNull());
}

void MainWindowTest::longStatusMessagesEndInAnEllipsis()
{
  EngineService service;
  MainWindow window(service);
  window.resize(700, 500);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  auto* bar = window.statusBar();
  const QString longText = QStringLiteral("Could not save the filtered image: ") +
                           QString(QStringLiteral("very/long/folder/")).repeated(20);
  emit window.findChild<ImageTab*>()->statusMessage(longText);
  const QString shown = bar->currentMessage();
  QVERIFY2(shown.endsWith(QChar(0x2026)), qPrintable(shown));
  QVERIFY(longText.startsWith(shown.chopped(1)));
  auto* label = window.findChild<BackendStatusLabel*>();
  QVERIFY(bar->fontMetrics().horizontalAdvance(shown) < label->geometry().left());
  QCOMPARE(bar->toolTip(), longText);

  emit window.findChild<ImageTab*>()->statusMessage(QStringLiteral("Saved."));
  QCOMPARE(bar->currentMessage(), QStringLiteral("Saved."));
  QVERIFY(bar->toolTip().isEmpty());

  // A message given before the window is shown (files named on the command line) is fitted to the
  // window's width once shown, not to the dozen characters of a window not yet laid out.
  MainWindow early(service);
  early.resize(700, 500);
  const QString notOpened =
      QStringLiteral("Not opened: first.png (the Image tab shows one picture at a time)");
  early.showStatusMessage(notOpened);
  early.show();
  QVERIFY(QTest::qWaitForWindowExposed(&early));
  QTRY_COMPARE(early.statusBar()->currentMessage(), notOpened);

  // The backend label taking more room (a device's long name after "starting…") fits the message again,
  // so the label does not cover its end.
  early.backendLabel()->showBackend(
      QStringLiteral("opencl"), QStringLiteral("A device with a very long name indeed, version 12.3"), {});
  QTRY_VERIFY(early.statusBar()->currentMessage().endsWith(QChar(0x2026)));
  QVERIFY(early.statusBar()->fontMetrics().horizontalAdvance(early.statusBar()->currentMessage()) <
          early.backendLabel()->geometry().left());
  QCOMPARE(early.statusBar()->toolTip(), notOpened);
}

void MainWindowTest::geometryIsRestored()
{
  EngineService service;
  {
    MainWindow first(service);
    first.show();
    first.resize(640, 480);
    first.close();
  }
  MainWindow second(service);
  QCOMPARE(second.size(), QSize(640, 480));
}

// The Timings dock is for those who study the figures: closed at first, its View menu toggle remembered
// at once (not only at a clean exit).
void MainWindowTest::timingsDockIsHiddenUntilAskedForAndRemembered()
{
  EngineService service;
  {
    MainWindow window(service);
    window.show();
    QVERIFY(!window.timingDock()->isVisible());
    auto* toggle = window.findChild<QAction*>(QStringLiteral("timingsAction"));
    QVERIFY(toggle);
    toggle->trigger();
    QVERIFY(window.timingDock()->isVisible());
  }
  MainWindow again(service);
  again.show();
  QVERIFY(again.timingDock()->isVisible());
}

// Qt triggers nothing for a key sequence that two shortcuts of a window share ("Ambiguous shortcut
// overload"), so none may be given twice.
void MainWindowTest::noKeySequenceIsGivenTwice()
{
  EngineService service;
  MainWindow window(service);
  QHash<QKeySequence, QString> owners;
  for (QAction* action : window.findChildren<QAction*>()) {
    if (action->shortcutContext() == Qt::WidgetShortcut) continue;
    for (const QKeySequence& key : action->shortcuts()) {
      QVERIFY2(!owners.contains(key), qPrintable(key.toString() + QStringLiteral(": ") + owners.value(key) +
                                                 QStringLiteral(" and ") + action->text()));
      owners.insert(key, action->text());
    }
  }
  QVERIFY(owners.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
  QVERIFY(owners.contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
}

// While a backend is being opened the status bar says what is waited for and roughly how long.
void MainWindowTest::switchingSaysWhatItWaitsFor()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  service.start(QStringLiteral("fftw"));
  QVERIFY(service.isBusy());
  QVERIFY2(window.backendLabel()->text().contains(QStringLiteral("FFTW")),
           qPrintable(window.backendLabel()->text()));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);
  // Automatic selection may open an OpenCL device, whose first start builds kernels for a while.
  service.selectBackend(QStringLiteral("auto"));
  QVERIFY(service.isBusy());
  const QString text = window.backendLabel()->text();
  QVERIFY2(text.contains(QStringLiteral("first")) && text.contains(QStringLiteral("minute")),
           qPrintable(text));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);
}

// The views' first kernels are built on a new engine before it is announced, so that the status bar, the
// tabs and the Timings all switch when the views can use it at once.
void MainWindowTest::warmUpRunsBeforeTheEngineIsAnnounced()
{
  EngineService service;
  std::atomic<int> warmed{0};
  service.setWarmUp([&warmed](spectrascope::Engine&) { ++warmed; });
  int warmedWhenAnnounced = -1;
  connect(&service, &EngineService::backendChanged, this, [&] { warmedWhenAnnounced = warmed; });
  service.start(QStringLiteral("fftw"));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kEngineTimeoutMs);
  QCOMPARE(warmedWhenAnnounced, 1);
}

QTEST_MAIN(MainWindowTest)
// The Image tab's picture reaches the Learn tab's 2D page, the Audio tab's samples its audio-frame input,
// and the Learn tab's records stay in the Timings dock while it is in front.
void MainWindowTest::learnTabTakesTheOtherTabsInputs()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  openGreyPicture(window);
  LearnTab* learn = window.learnTab();
  QTRY_COMPARE_WITH_TIMEOUT(learn->rowColumnPage()->imageName(), QStringLiteral("grey.png"),
                            kEngineTimeoutMs);

  window.tabs()->setCurrentWidget(learn);
  auto* input = learn->findChild<QComboBox*>(QStringLiteral("learnInput"));
  input->setCurrentIndex(input->count() - 1); // the Audio tab's newest samples: its generator's tone
  QTRY_VERIFY_WITH_TIMEOUT(learn->result() && !learn->isComputing() &&
                               std::any_of(learn->result()->input.begin(), learn->result()->input.end(),
                                           [](auto x) { return std::abs(x) > 1e-3; }),
                           kEngineTimeoutMs);
  auto* panel = window.timingDock()->findChild<TimingPanel*>();
  QTRY_VERIFY_WITH_TIMEOUT(panel->shownSource().startsWith(QStringLiteral("Learn")), kEngineTimeoutMs);
  QSignalSpy published(window.timingFeed(), &TimingFeed::reportPublished);
  const auto audioPublished = [&published] {
    return std::any_of(published.begin(), published.end(), [](const QList<QVariant>& call) {
      return call.at(0).toString() == QStringLiteral("Audio");
    });
  };
  QTRY_VERIFY_WITH_TIMEOUT(audioPublished(), kEngineTimeoutMs); // about once a second, behind the Learn tab
  QVERIFY2(panel->shownSource().startsWith(QStringLiteral("Learn")), qPrintable(panel->shownSource()));
}

// The title stayed "Spectrascope" with a file open. It names the file the current tab shows.
void MainWindowTest::titleNamesTheFileShown()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  openGreyPicture(window);
  QTRY_COMPARE_WITH_TIMEOUT(window.windowTitle(), QStringLiteral("grey.png — Spectrascope"),
                            kEngineTimeoutMs);
  window.tabs()->setCurrentWidget(window.learnTab());
  QCOMPARE(window.windowTitle(), QStringLiteral("Spectrascope"));
  auto* audio = window.findChild<AudioTab*>();
  window.tabs()->setCurrentIndex(1);
  QCOMPARE(window.windowTitle(), QStringLiteral("Spectrascope")); // the generator: no file
  audio->openFile(QStringLiteral(SPECTRASCOPE_TEST_DATA "/tones_440_1000_5000.wav"));
  QTRY_COMPARE_WITH_TIMEOUT(window.windowTitle(), QStringLiteral("tones_440_1000_5000.wav — Spectrascope"),
                            kEngineTimeoutMs);
  window.tabs()->setCurrentIndex(0);
  QCOMPARE(window.windowTitle(), QStringLiteral("grey.png — Spectrascope"));
}

// File > Open Audio… from the Image tab: the file loads in the Audio tab, which must come to the front (it
// stayed behind the Image tab, as if nothing had happened). Cancelling the dialog changes nothing.
void MainWindowTest::openAudioFromAnotherTabShowsTheAudioTab()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  QCOMPARE(window.tabs()->currentIndex(), 0);
  auto* audio = window.findChild<AudioTab*>();
  const auto answerFileDialog = [](const QString& path) {
    // The dialog runs its own event loop; answer it from there once it is up, again until it has gone
    // (it accepts a file only once its folder has been read).
    auto* poll = new QTimer;
    auto answered = std::make_shared<bool>(false);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, path, answered] {
      auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
      if (!dialog) {
        if (*answered) poll->deleteLater();
        return;
      }
      *answered = true;
      if (path.isEmpty()) {
        dialog->reject();
        return;
      }
      // As a user types it: the file's whole path in the name box, then Open.
      if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))) name->setText(path);
      static_cast<QDialog*>(dialog)->accept(); // QFileDialog hides it; QDialog's is public
    });
    poll->start(50);
  };
  answerFileDialog(QString());
  audio->openAction()->trigger();
  QTest::qWait(200);
  QCOMPARE(window.tabs()->currentIndex(), 0);
  answerFileDialog(QStringLiteral(SPECTRASCOPE_TEST_DATA "/tones_440_1000_5000.wav"));
  audio->openAction()->trigger();
  QTRY_COMPARE(window.tabs()->currentIndex(), 1);
  QTRY_VERIFY_WITH_TIMEOUT(audio->loadedFile().endsWith(QStringLiteral("tones_440_1000_5000.wav")),
                           kEngineTimeoutMs);
  QCOMPARE(window.tabs()->currentIndex(), 1);
}

// Several failures in a row (bad files on the command line, a file and the device) all stay readable: a
// later one joins the open box instead of replacing one not yet read. A picture opened afterwards takes
// the pictures' failures out of the box, so an old "Cannot open" does not stay over a good image.
void MainWindowTest::errorsJoinTheOpenBoxAndLeaveItWhenTheirCauseHasGone()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  auto* image = window.findChild<ImageTab*>();
  auto* audio = window.findChild<AudioTab*>();
  emit image->errorMessage(QStringLiteral("Cannot open the image"), QStringLiteral("empty.png is empty."));
  emit audio->errorMessage(QStringLiteral("Cannot open the audio file"), QStringLiteral("text.wav is text."));
  emit image->errorMessage(QStringLiteral("Cannot open the image"), QStringLiteral("adir.png is a folder."));
  auto* box = window.findChild<QMessageBox*>(QStringLiteral("engineErrorBox"));
  QVERIFY(box && box->isVisible());
  QVERIFY2(!box->isModal(), "errors must not block the window");
  const QString shown = box->text() + box->informativeText();
  for (const char* part : {"empty.png", "text.wav", "adir.png"})
    QVERIFY2(shown.contains(QLatin1String(part)),
             qPrintable(part + QStringLiteral(" missing from: ") + shown));
  openGreyPicture(window);
  QTRY_VERIFY_WITH_TIMEOUT(!box->informativeText().contains(QStringLiteral("adir.png")), kEngineTimeoutMs);
  QVERIFY(box->isVisible());
  QCOMPARE(box->text(), QStringLiteral("Cannot open the audio file"));
  QCOMPARE(box->informativeText(), QStringLiteral("text.wav is text."));
  box->close();
  // Read and closed: the next failure opens a box of its own, alone.
  emit image->errorMessage(QStringLiteral("Cannot open the image"), QStringLiteral("late.png is empty."));
  QTRY_VERIFY((box = window.findChild<QMessageBox*>(QStringLiteral("engineErrorBox"))) && box->isVisible());
  QCOMPARE(box->informativeText(), QStringLiteral("late.png is empty."));
  openGreyPicture(window);
  QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QMessageBox*>(QStringLiteral("engineErrorBox")) == nullptr ||
                               !window.findChild<QMessageBox*>(QStringLiteral("engineErrorBox"))->isVisible(),
                           kEngineTimeoutMs);
}

#include "MainWindowTest.moc"
