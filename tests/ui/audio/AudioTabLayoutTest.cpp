// The Audio tab's layout with QtTest on the offscreen platform: the spectrum pane grows with the window;
// at the main window's first-start size every page of controls shows whole; on a 1366x768 laptop and at
// QT_SCALE_FACTOR=2 the whole tab shows with nothing hidden.

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/MainWindow.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include "AudioTabTestSupport.h"
#include "support/LayoutChecks.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFormLayout>
#include <QScrollArea>
#include <QSettings>
#include <QTabWidget>
#include <QTest>

using namespace spectrascope;
using namespace spectrascope::ui;
using namespace spectrascope::test::audio_tab;

class AudioTabLayoutTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void spectrumGrowsWithTheWindow();
  void controlsFitAtFirstStartSize();
  void tabFitsSmallScreensAndScaleTwo_data();
  void tabFitsSmallScreensAndScaleTwo();
};

void AudioTabLayoutTest::initTestCase()
{
  // The tab remembers its choices; tests keep theirs apart from a user's and from each other's.
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiotab_layout_test"));
}

void AudioTabLayoutTest::init()
{
  QSettings().clear();
}

// The spectrum pane kept its smallest height however tall the window: all the room went to the
// spectrogram. It now takes a third of the two panes' height.
void AudioTabLayoutTest::spectrumGrowsWithTheWindow()
{
  AudioTab tab;
  tab.resize(1200, 1000);
  tab.show();
  QVERIFY(QTest::qWaitForWindowExposed(&tab));
  const SpectrumView* spectrum = tab.spectrumView();
  const auto* spectrogram = tab.findChild<SpectrogramView*>();
  QVERIFY(spectrogram);
  const double share = double(spectrum->height()) / (spectrum->height() + spectrogram->height());
  QVERIFY2(share > 0.28 && share < 0.4, qPrintable(QStringLiteral("spectrum %1 px, spectrogram %2 px")
                                                       .arg(spectrum->height())
                                                       .arg(spectrogram->height())));
}

// The main window at its first-start size (1100 x 720, the Timings strip below the tabs): every page of
// the Audio tab's controls shows all its rows without scrolling, and no field is squeezed below its
// minimum; the spectrum keeps its minimum height.
void AudioTabLayoutTest::controlsFitAtFirstStartSize()
{
  EngineService engine;
  MainWindow window(engine);
  window.resize(1100, 720);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  if (auto* dock = window.findChild<QDockWidget*>()) window.resizeDocks({dock}, {720 / 4}, Qt::Vertical);
  for (int i = 0; i < window.tabs()->count(); ++i)
    if (window.tabs()->tabText(i) == QStringLiteral("Audio")) window.tabs()->setCurrentIndex(i);
  QApplication::processEvents();
  // The whole tab fits (the main window's scroll area around it does not scroll) ...
  auto* tab = window.findChild<AudioTab*>();
  QVERIFY(tab);
  auto* outer = qobject_cast<QScrollArea*>(tab->parentWidget()->parentWidget());
  QVERIFY(outer);
  QVERIFY2(outer->verticalScrollBar()->maximum() == 0,
           qPrintable(QStringLiteral("the tab needs %1 px, has %2 px")
                          .arg(tab->minimumSizeHint().height())
                          .arg(outer->viewport()->height())));
  // ... and so does every page of its controls.
  auto* pages = window.findChild<QTabWidget*>(QStringLiteral("audioControls"));
  QVERIFY(pages);
  QCOMPARE(pages->count(), 3);
  for (int i = 0; i < pages->count(); ++i) {
    pages->setCurrentIndex(i);
    QApplication::processEvents();
    auto* scroll = qobject_cast<QScrollArea*>(pages->widget(i));
    QVERIFY(scroll);
    QVERIFY2(scroll->verticalScrollBar()->maximum() == 0,
             qPrintable(QStringLiteral("%1: %2 px of rows in %3 px")
                            .arg(pages->tabText(i))
                            .arg(scroll->widget()->minimumSizeHint().height())
                            .arg(scroll->viewport()->height())));
    const auto* form = scroll->widget()->findChild<QFormLayout*>();
    QVERIFY(form);
    for (int row = 0; row < form->rowCount(); ++row) {
      QLayoutItem* item = form->itemAt(row, QFormLayout::FieldRole);
      if (!item) item = form->itemAt(row, QFormLayout::SpanningRole);
      QWidget* field = item ? item->widget() : nullptr;
      if (!field || field->isHidden()) continue;
      QVERIFY2(field->width() >= field->minimumSizeHint().width(),
               qPrintable(QStringLiteral("%1 row %2: %3 px of %4")
                              .arg(pages->tabText(i))
                              .arg(row)
                              .arg(field->width())
                              .arg(field->minimumSizeHint().width())));
    }
  }
  auto* spectrum = window.findChild<SpectrumView*>();
  QVERIFY(spectrum && spectrum->height() >= SpectrumView::kMinimumHeight);
}

// A 1366x768 laptop, and 1920x1080 at QT_SCALE_FACTOR=2 (960x540 logical pixels): the main window at
// the screen's size (less a panel) shows the whole Audio tab, with no scroll bar around it, so the
// newest spectrogram columns at its right edge are never hidden. A screenshot of each is kept.
void AudioTabLayoutTest::tabFitsSmallScreensAndScaleTwo_data()
{
  QTest::addColumn<QSize>("screen");
  QTest::newRow("1366x768") << QSize(1366, 768);
  QTest::newRow("1920x1080 at scale 2") << QSize(960, 540);
}

void AudioTabLayoutTest::tabFitsSmallScreensAndScaleTwo()
{
  QFETCH(QSize, screen);
  EngineService engine;
  MainWindow window(engine);
  window.resize(screen.width(), screen.height() - 40); // a desktop panel takes its share
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  for (int i = 0; i < window.tabs()->count(); ++i)
    if (window.tabs()->tabText(i) == QStringLiteral("Audio")) window.tabs()->setCurrentIndex(i);
  QApplication::processEvents();
  QVERIFY2(window.width() <= screen.width() && window.height() <= screen.height() - 40,
           qPrintable(QStringLiteral("the window needs %1x%2").arg(window.width()).arg(window.height())));
  auto* tab = window.findChild<AudioTab*>();
  auto* outer = qobject_cast<QScrollArea*>(tab->parentWidget()->parentWidget());
  QVERIFY(outer);
  window.grab().save(QDir::temp().filePath(
      QStringLiteral("spectrascope-audio-%1x%2.png").arg(screen.width()).arg(screen.height())));
  QVERIFY2(outer->horizontalScrollBar()->maximum() == 0,
           qPrintable(QStringLiteral("the tab needs %1 px wide, has %2 px")
                          .arg(tab->minimumSizeHint().width())
                          .arg(outer->viewport()->width())));
  QVERIFY2(outer->verticalScrollBar()->maximum() == 0,
           qPrintable(QStringLiteral("the tab needs %1 px high, has %2 px")
                          .arg(tab->minimumSizeHint().height())
                          .arg(outer->viewport()->height())));
  auto* spectrogram = window.findChild<SpectrogramView*>();
  QVERIFY(spectrogram && spectrogram->isVisible() && spectrogram->plotPixels().width() >= 100);

  // A file opened: its picture is the main view, the spectrum at the cursor below it, and all still fits.
  tab->openFile(kData + QStringLiteral("/tones_440_1000_5000.wav"));
  QTRY_COMPARE_WITH_TIMEOUT(tab->source(), AudioTab::Source::File, kTimeoutMs);
  QTest::qWait(50); // the new layout settles
  const QString name = QStringLiteral("audio-file-%1x%2").arg(screen.width()).arg(screen.height());
  test::saveScreenshot(window, name);
  window.grab().save(QDir::temp().filePath(QStringLiteral("spectrascope-%1.png").arg(name)));
  const QStringList problems = test::layoutProblems(window);
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
  QVERIFY(outer->horizontalScrollBar()->maximum() == 0 && outer->verticalScrollBar()->maximum() == 0);
  auto* fileView = tab->findChild<FileOverviewView*>();
  auto* spectrum = tab->findChild<SpectrumView*>();
  QVERIFY(fileView && fileView->isVisible() && spectrum && spectrum->isVisible());
  QVERIFY(!spectrogram->isVisible());
  QVERIFY2(
      fileView->height() > 2 * spectrum->height(),
      qPrintable(
          QStringLiteral("file view %1 px, spectrum %2 px").arg(fileView->height()).arg(spectrum->height())));
  QVERIFY(spectrum->height() >= SpectrumView::kMinimumHeight);
  if (screen == QSize(1366, 768))
    QVERIFY2(fileView->plotRect().height() >= tab->height() / 2.0,
             qPrintable(QStringLiteral("the file's plot is %1 px of the tab's %2")
                            .arg(fileView->plotRect().height())
                            .arg(tab->height())));
  // Back to the generator: the live views are the main area again.
  tab->setSource(AudioTab::Source::Generator);
  QVERIFY(!fileView->isVisible() && spectrogram->isVisible() && !tab->showsFileView());
}

QTEST_MAIN(AudioTabLayoutTest)
#include "AudioTabLayoutTest.moc"
