// The Image tab's status line under the views: the cursor readout on the left, a slow load's sentence
// with its busy bar and Cancel, and the last update's time on the right. The sentence takes the room the
// others leave: it was given half of the line beside an empty readout and shortened with "…" next to
// some 250 empty pixels.

#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/ImageTab.h"
#include "spectrascope/ui/image/ImageReadout.h"
#include "spectrascope/ui/image/LoadProgress.h"

#include <QLayout>
#include <QProgressBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace spectrascope::ui;

namespace {
constexpr int kTimeoutMs = 60000;
// The empty room allowed between the sentence and what is left of it: a layout's spacing and a little.
constexpr int kMostEmptyPixels = 12;

// The parts of the status line that are measured (positions are taken in the tab's coordinates).
struct StatusLine
{
  ElidedLabel* sentence = nullptr;
  image::ImageReadout* readout = nullptr;
  QProgressBar* bar = nullptr;
};

StatusLine statusLineOf(ImageTab& tab)
{
  return {tab.findChild<ElidedLabel*>(QStringLiteral("loadProgressText")),
          tab.findChild<image::ImageReadout*>(QStringLiteral("cursorReadout")),
          tab.findChild<QProgressBar*>(QStringLiteral("loadProgress"))};
}

int leftOf(const QWidget* w, const QWidget* tab)
{
  return w->mapTo(tab, QPoint(0, 0)).x();
}

// Where the ink of what lies left of the sentence ends: the readout's text, or the line's left edge when
// the readout says nothing.
int endOfReadout(const StatusLine& line, const ImageTab& tab)
{
  if (line.readout->text().isEmpty()) return tab.layout()->contentsRect().left();
  return leftOf(line.readout, &tab) + line.readout->fontMetrics().horizontalAdvance(line.readout->text());
}

// Shows a load's sentence on the status line of `tab` (shown, with its sample image) and lets the layout
// settle.
bool showLoading(ImageTab& tab, const StatusLine& line, const QString& name)
{
  tab.findChild<image::LoadProgress*>()->startLoading(name, QStringLiteral("fftw"), false);
  if (!QTest::qWaitFor([&] { return line.sentence->isVisible(); }, kTimeoutMs)) return false;
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  QTest::qWait(20);
  return true;
}

// Where the sentence lies against its neighbours, in words for a failure message.
QString describe(const StatusLine& line, const ImageTab& tab)
{
  return QStringLiteral("at %1 px: \"%2\" in %3 px at x %4, the readout's text \"%5\" ends at x %6, the "
                        "busy bar at x %7")
      .arg(tab.width())
      .arg(line.sentence->text())
      .arg(line.sentence->width())
      .arg(leftOf(line.sentence, &tab))
      .arg(line.readout->text())
      .arg(endOfReadout(line, tab))
      .arg(leftOf(line.bar, &tab));
}

// The room between the readout's text and the busy bar, less the two spacings either side of the sentence.
int freeRoom(const StatusLine& line, const ImageTab& tab)
{
  const int spacing = leftOf(line.bar, &tab) - (leftOf(line.sentence, &tab) + line.sentence->width());
  return leftOf(line.bar, &tab) - endOfReadout(line, tab) - 2 * spacing;
}
} // namespace

class ImageStatusLineTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void loadingSentenceTakesTheRoomOfAnEmptyReadout();
  void loadingSentenceFollowsTheReadoutsText();
};

void ImageStatusLineTest::initTestCase()
{
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_imagestatusline_test"));
  QSettings().clear();
}

// At 1100 pixels (the window's first width) the line has room for the whole sentence of a file with a long
// name; with the pointer off the pictures the readout is empty and the sentence starts at the left edge.
void ImageStatusLineTest::loadingSentenceTakesTheRoomOfAnEmptyReadout()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  tab.resize(1100, 700);
  tab.show();
  QVERIFY(QTest::qWaitForWindowExposed(&tab));
  QVERIFY(results.wait(kTimeoutMs)); // the sample is in, and its time on the right
  const StatusLine line = statusLineOf(tab);
  QVERIFY(line.sentence && line.readout && line.bar);
  QVERIFY(showLoading(tab, line, QStringLiteral("holiday_photo_2024.png")));
  QVERIFY(line.readout->text().isEmpty());

  const QString where = describe(line, tab);
  const int needed = line.sentence->fontMetrics().horizontalAdvance(line.sentence->fullText());
  QVERIFY2(
      needed <= freeRoom(line, tab),
      qPrintable(QStringLiteral("the sentence needs %1 of %2 px: ").arg(needed).arg(freeRoom(line, tab)) +
                 where));
  QVERIFY2(leftOf(line.sentence, &tab) - endOfReadout(line, tab) <= kMostEmptyPixels, qPrintable(where));
  QCOMPARE(line.sentence->text(), line.sentence->fullText());
}

// With the pointer on a picture the readout's text stays whole and the sentence follows right after it,
// shortened with "…" only to the room left.
void ImageStatusLineTest::loadingSentenceFollowsTheReadoutsText()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  tab.resize(900, 700);
  tab.show();
  QVERIFY(QTest::qWaitForWindowExposed(&tab));
  QVERIFY(results.wait(kTimeoutMs));
  const StatusLine line = statusLineOf(tab);
  QVERIFY(line.sentence && line.readout && line.bar);
  line.readout->hover(image::ImageReadout::View::Original, QPointF(20, 20));
  QVERIFY(!line.readout->text().isEmpty());
  QVERIFY(showLoading(tab, line, QStringLiteral("holiday_photo_2024_from_the_lighthouse_at_dawn.png")));

  const QString where = describe(line, tab);
  QVERIFY2(line.readout->width() >= line.readout->fontMetrics().horizontalAdvance(line.readout->text()),
           qPrintable(where));
  QVERIFY2(leftOf(line.sentence, &tab) - endOfReadout(line, tab) <= kMostEmptyPixels, qPrintable(where));
  QVERIFY2(line.sentence->width() >= freeRoom(line, tab) - kMostEmptyPixels, qPrintable(where));
  QVERIFY2(line.sentence->text().endsWith(QStringLiteral("…")), qPrintable(where));
}

QTEST_MAIN(ImageStatusLineTest)
#include "ImageStatusLineTest.moc"
