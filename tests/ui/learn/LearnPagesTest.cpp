// The Learn tab's newer parts with QtTest on the offscreen platform: numbers rounded for people, twiddle
// labels that never overlap, the guide on every page, the phase lesson (computed in the background,
// second picture opened or dropped, a bad file refused in words) and the accuracy panel (the engine's
// errors beside the reference libraries'). Pages are split into classes with one job each; a smoke test
// keeps the LearnTab facade working.

#include "spectrascope/engine/learn/Accuracy.h"
#include "spectrascope/ui/LearnTab.h"
#include "spectrascope/ui/learn/AccuracyPage.h"
#include "spectrascope/ui/learn/ImagePicker.h"
#include "spectrascope/ui/learn/LessonGuide.h"
#include "spectrascope/ui/learn/LessonTexts.h"
#include "spectrascope/ui/learn/PhaseLessonPage.h"
#include "spectrascope/ui/learn/PictureTile.h"
#include "spectrascope/ui/learn/ReadableNumbers.h"
#include "spectrascope/ui/learn/RowColumnPage.h"
#include "spectrascope/ui/learn/StagesPage.h"
#include "spectrascope/ui/learn/TwiddleCircleView.h"

#include <QFontMetricsF>
#include <QLabel>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>

#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

#include <algorithm>
#include <numbers>

using namespace spectrascope::ui;
namespace steps = spectrascope::learn;

namespace {
constexpr int kTimeoutMs = 120000; // PoCL builds kernels for new sizes the first time

// The mean absolute difference of two grey pictures of the same size, 0..255.
double meanDifference(const QImage& a, const QImage& b)
{
  const QImage x = a.convertToFormat(QImage::Format_Grayscale8),
               y = b.convertToFormat(QImage::Format_Grayscale8);
  double sum = 0;
  for (int row = 0; row < x.height(); ++row)
    for (int col = 0; col < x.width(); ++col)
      sum += std::abs(int(x.constScanLine(row)[col]) - int(y.constScanLine(row)[col]));
  return sum / (x.width() * x.height());
}

// Correlation of two grey pictures of the same size: 1 for the same structure, near 0 for none.
double correlation(const QImage& a, const QImage& b)
{
  const QImage x = a.convertToFormat(QImage::Format_Grayscale8),
               y = b.convertToFormat(QImage::Format_Grayscale8);
  const int n = x.width() * x.height();
  double mx = 0, my = 0;
  for (int row = 0; row < x.height(); ++row)
    for (int col = 0; col < x.width(); ++col) {
      mx += x.constScanLine(row)[col];
      my += y.constScanLine(row)[col];
    }
  mx /= n;
  my /= n;
  double cov = 0, vx = 0, vy = 0;
  for (int row = 0; row < x.height(); ++row)
    for (int col = 0; col < x.width(); ++col) {
      const double dx = x.constScanLine(row)[col] - mx, dy = y.constScanLine(row)[col] - my;
      cov += dx * dy;
      vx += dx * dx;
      vy += dy * dy;
    }
  return cov / std::sqrt(vx * vy);
}
} // namespace

class LearnPagesTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void numbersAreRoundedForPeople();
  void twiddleLabelsNeverOverlap();
  void everyPageHasAGuide();
  void phaseLessonShowsMagnitudeAndPhaseReconstructions();
  void phaseLessonTakesASecondPictureFromAFileOrADrop();
  void phaseLessonRefusesABadFileInWords();
  void phaseLessonDrawsItsLetteringInPictureAsShape();
  void accuracyPanelShowsTheEnginesErrorsBesideThePeers();
};

void LearnPagesTest::initTestCase()
{
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_learnpages_test"));
}

void LearnPagesTest::init()
{
  QSettings().clear();
}

void LearnPagesTest::numbersAreRoundedForPeople()
{
  QCOMPARE(readableComplex({8, -2.94384e-08}), QStringLiteral("8"));
  QCOMPARE(readableComplex({0.70710678, -0.70710678}), QStringLiteral("0.707 − 0.707i"));
  QCOMPARE(readableComplex({-0.70710678, 0.70710678}), QStringLiteral("−0.707 + 0.707i"));
  QCOMPARE(readableComplex({0, 0}), QStringLiteral("0"));
  QCOMPARE(readableComplex({1e-9, 1}), QStringLiteral("i"));
  QCOMPARE(readableComplex({0, -2}), QStringLiteral("−2i"));
  QCOMPARE(readableComplex({4096.4, 0.01}), QStringLiteral("4096"));
  QCOMPARE(readableComplex({2.5, 1.25}), QStringLiteral("2.5 + 1.25i"));
  QCOMPARE(readableReal(-0.25), QStringLiteral("−0.25"));
  QCOMPARE(readableReal(123.456), QStringLiteral("123"));
  QCOMPARE(readableReal(1.23456), QStringLiteral("1.23"));
  QCOMPARE(readableReal(-0.0), QStringLiteral("0"));
  QCOMPARE(readableReal(1.5e-5), QStringLiteral("1.50 × 10⁻⁵"));
  QCOMPARE(readableDegrees(-std::numbers::pi / 4), QStringLiteral("−45°"));
  QCOMPARE(readableDegrees(1e-9), QStringLiteral("0°"));
  QCOMPARE(scientific(2.3e-7), QStringLiteral("2.3 × 10⁻⁷"));
  QCOMPARE(scientific(1.4e-7), QStringLiteral("1.4 × 10⁻⁷"));
  QCOMPARE(scientific(9.96e-8), QStringLiteral("1.0 × 10⁻⁷")); // rounding carries into the exponent
  QCOMPARE(scientific(0), QStringLiteral("0"));
  QCOMPARE(scientific(3.5), QStringLiteral("3.5"));
  QCOMPARE(scientificRange(0.8e-7, 2.0e-7), QStringLiteral("0.8–2.0 × 10⁻⁷"));
  QCOMPARE(scientificRange(1.4e-7, 3.1e-7), QStringLiteral("1.4–3.1 × 10⁻⁷"));
}

// On a small circle the eight labels of W₈⁰ … W₈⁷ used to pile onto each other, and W₈⁰'s and W₈⁴'s
// sat under their own dots. At every size the labels shown have room of their own inside the view,
// clear of every dot; when there is none they are left out and the caption says how to read them.
void LearnPagesTest::twiddleLabelsNeverOverlap()
{
  std::vector<steps::Twiddle> eight, four, wide;
  for (std::uint32_t k = 0; k < 8; ++k)
    eight.push_back({k, 8});
  for (std::uint32_t k = 0; k < 4; ++k)
    four.push_back({k, 8});
  for (std::uint32_t k = 0; k < 8; ++k)
    wide.push_back({k * 97, 1024});
  TwiddleCircleView view;
  bool someHidden = false, someShown = false;
  for (const auto* twiddles : {&eight, &four, &wide})
    for (const QSize size : {QSize(120, 120), QSize(150, 150), QSize(200, 140), QSize(160, 260),
                             QSize(220, 220), QSize(320, 300), QSize(400, 400)}) {
      view.resize(size);
      view.setTwiddles(*twiddles, QStringLiteral("twiddles of stage 3"));
      const QList<QRectF> labels = view.labelRects();
      const QString where =
          QStringLiteral("%1 twiddles at %2x%3").arg(twiddles->size()).arg(size.width()).arg(size.height());
      QVERIFY2(labels.isEmpty() || labels.size() == int(twiddles->size()), qPrintable(where));
      const QList<QRectF> dots = view.dotRects();
      QCOMPARE(dots.size(), int(twiddles->size()));
      for (int i = 0; i < labels.size(); ++i) {
        QVERIFY2(QRectF(view.rect()).contains(labels[i]), qPrintable(where));
        for (const QRectF& dot : dots) // a label under a dot, or a dot on a label, reads as neither
          QVERIFY2(!labels[i].intersects(dot), qPrintable(where + QStringLiteral(" label %1").arg(i)));
        for (int j = i + 1; j < labels.size(); ++j)
          QVERIFY2(!labels[i].intersects(labels[j]), qPrintable(where));
      }
      if (labels.isEmpty()) {
        someHidden = true;
        // The caption says how to read them where there is room for it, else the tooltip does.
        const QString note = QStringLiteral("twiddles of stage 3 (widen for labels)");
        if (QFontMetricsF(view.font()).horizontalAdvance(note) <= view.width() - 12)
          QCOMPARE(view.shownCaption(), note);
        else
          QVERIFY2(view.shownCaption().endsWith(QStringLiteral("…")), qPrintable(view.shownCaption()));
        QVERIFY2(view.toolTip().contains(QStringLiteral("Hover")), qPrintable(view.toolTip()));
      } else {
        someShown = true;
        QCOMPARE(view.shownCaption(),
                 QFontMetricsF(view.font())
                     .elidedText(QStringLiteral("twiddles of stage 3"), Qt::ElideRight, view.width() - 12));
      }
      // The caption as drawn fits the view.
      QVERIFY2(QFontMetricsF(view.font()).horizontalAdvance(view.shownCaption()) <= view.width() - 12,
               qPrintable(where + QStringLiteral(": ") + view.shownCaption()));
      view.grab(); // paints without trouble at every size
    }
  QVERIFY(someHidden); // the smallest sizes leave labels out ...
  QVERIFY(someShown);  // ... the larger ones show them
  view.resize(400, 400);
  view.setTwiddles(eight, {});
  QCOMPARE(view.labelRects().size(), 8);
}

// Each page opens with a guide in plain words: what it shows, what to try, what to look at.
void LearnPagesTest::everyPageHasAGuide()
{
  LearnTab tab;
  tab.resize(1100, 560);
  tab.show();
  QVERIFY(QTest::qWaitForWindowExposed(&tab));
  const QList<LessonGuide*> guides = tab.findChildren<LessonGuide*>();
  QCOMPARE(guides.size(), 4);
  for (LessonGuide* guide : guides) {
    const QString text = guide->toPlainText();
    QVERIFY2(text.size() > 200, qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("--")), qPrintable(text));
  }
  for (const Lesson& lesson : {stagesLesson(steps::Algorithm::Radix2Dit), rowColumnLesson(), phaseLesson()}) {
    QVERIFY(!lesson.tryThis.isEmpty());
    QVERIFY(!lesson.lookAt.isEmpty());
  }
  QVERIFY(LessonGuide::toHtml(stagesLesson(steps::Algorithm::Radix2Dif)).contains(QStringLiteral("<sup>")));
  QVERIFY(stagesLesson(steps::Algorithm::Stockham).details.contains(stagesDeviceRule()));
  // Every page fits scale 2 on a 1920 x 1080 screen (about 950 x 390 for a page) without scrolling.
  for (QWidget* page :
       {static_cast<QWidget*>(tab.stagesPage()), tab.rowColumnPage()->parentWidget(),
        static_cast<QWidget*>(tab.phaseLessonPage()), static_cast<QWidget*>(tab.accuracyPage())}) {
    const QSize needed = page->minimumSizeHint();
    QVERIFY2(needed.width() <= 950 && needed.height() <= 390, qPrintable(QStringLiteral("%1 needs %2 x %3")
                                                                             .arg(page->objectName())
                                                                             .arg(needed.width())
                                                                             .arg(needed.height())));
  }
}

// The engine's reconstructions reach the page in the background: phase only keeps the picture's
// structure (it correlates with the picture), magnitude only does not, and a swap looks like the picture
// whose phase it has.
void LearnPagesTest::phaseLessonShowsMagnitudeAndPhaseReconstructions()
{
  LearnTab tab;
  tab.resize(1100, 620);
  tab.show();
  PhaseLessonPage* page = tab.phaseLessonPage();
  QSignalSpy shown(page, &PhaseLessonPage::resultShown);
  tab.setImage(QImage(QStringLiteral(SPECTRASCOPE_TEST_DATA "/hubble_deep_field.jpg")),
               QStringLiteral("hubble_deep_field.jpg"));
  tab.showPage(page);
  QVERIFY(page->isComputing()); // the GUI thread goes on while the engine works
  QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0 && !page->isComputing(), kTimeoutMs);
  if (const QString dir = qEnvironmentVariable("SPECTRASCOPE_TEST_SCREENSHOTS"); !dir.isEmpty())
    tab.grab().save(dir + QStringLiteral("/learn-phase.png"));
  const QList<PictureTile*> tiles = page->tiles();
  for (PictureTile* tile : tiles)
    QVERIFY2(!tile->image().isNull(), qPrintable(tile->caption()));
  const QImage a = tiles[0]->image(), magnitudeOnly = tiles[1]->image(), phaseOnly = tiles[2]->image();
  const QImage b = tiles[3]->image(), aMagnitudeBPhase = tiles[4]->image(),
               bMagnitudeAPhase = tiles[5]->image();
  QCOMPARE(a.size(), QSize(256, 223)); // 1000 x 872, at most 256 a side
  QCOMPARE(magnitudeOnly.size(), a.size());
  // Phase only is whitened (every stripe equally strong), so it is mostly edges, yet on this picture of
  // small bright galaxies it resembles the picture (0.58) where magnitude only does not (0.05).
  qInfo("correlation with the picture: phase only %.3f, magnitude only %.3f; swaps with their phase's "
        "picture %.3f and %.3f, with their magnitude's %.3f and %.3f",
        correlation(phaseOnly, a), correlation(magnitudeOnly, a), correlation(aMagnitudeBPhase, b),
        correlation(bMagnitudeAPhase, a), correlation(aMagnitudeBPhase, a), correlation(bMagnitudeAPhase, b));
  QVERIFY(correlation(phaseOnly, a) > 0.3);
  QVERIFY(std::abs(correlation(magnitudeOnly, a)) < 0.15);
  // A swap resembles the phase's picture more than the magnitude's.
  QVERIFY(correlation(aMagnitudeBPhase, b) > correlation(aMagnitudeBPhase, a));
  QVERIFY(correlation(bMagnitudeAPhase, a) > correlation(bMagnitudeAPhase, b));
  QVERIFY(tiles[0]->caption().contains(QStringLiteral("hubble_deep_field.jpg")));
  const QString status = page->findChild<QLabel*>(QStringLiteral("learnPhaseStatus"))->text();
  QVERIFY2(status.startsWith(QStringLiteral("Computed by ")), qPrintable(status));
}

void LearnPagesTest::phaseLessonTakesASecondPictureFromAFileOrADrop()
{
  LearnTab tab;
  tab.resize(1100, 620);
  tab.show();
  PhaseLessonPage* page = tab.phaseLessonPage();
  tab.showPage(page);
  QTRY_VERIFY_WITH_TIMEOUT(!page->tiles()[4]->image().isNull() && !page->isComputing(), kTimeoutMs);
  const QImage before = page->tiles()[3]->image();
  ImagePicker* picker = page->secondImagePicker();
  picker->open(QStringLiteral(SPECTRASCOPE_TEST_DATA "/moon_periodic_noise.png"));
  QTRY_COMPARE_WITH_TIMEOUT(picker->name(), QStringLiteral("moon_periodic_noise.png"), kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(
      !page->isComputing() && page->tiles()[3]->caption().contains(QStringLiteral("moon")), kTimeoutMs);
  QVERIFY(meanDifference(page->tiles()[3]->image(), before) > 10);

  // A file dropped on the page becomes the second picture.
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(QStringLiteral(SPECTRASCOPE_TEST_DATA "/hubble_deep_field.jpg"))});
  QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(page, &enter);
  QVERIFY(enter.isAccepted());
  QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(page, &drop);
  QTRY_COMPARE_WITH_TIMEOUT(picker->name(), QStringLiteral("hubble_deep_field.jpg"), kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(
      !page->isComputing() && page->tiles()[3]->caption().contains(QStringLiteral("hubble")), kTimeoutMs);
}

// The built-in second picture is a framed lettering. Fitted to picture A it must keep its whole frame: drawn
// in a shape of its own, a 3:2 picture A cut its top and bottom away and left two black bars at the sides.
// On a picture A a few dozen pixels across the frame must stay a thin line near the edge, not half the
// picture.
void LearnPagesTest::phaseLessonDrawsItsLetteringInPictureAsShape()
{
  QImage tall(100, 300, QImage::Format_Grayscale8);
  tall.fill(128);
  QImage tiny(40, 24, QImage::Format_Grayscale8);
  tiny.fill(128);
  for (const QImage& a : {QImage(), tall, tiny}) {
    PhaseLessonPage page;
    page.resize(1000, 600);
    page.setImage(a, a.isNull() ? QString() : QStringLiteral("a.png"));
    QSignalSpy shown(&page, &PhaseLessonPage::resultShown);
    page.show();
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0 && !page.isComputing(), kTimeoutMs);
    const QImage shownA = page.tiles()[0]->image();
    const QImage b = page.tiles()[3]->image().convertToFormat(QImage::Format_Grayscale8);
    QCOMPARE(b.size(), shownA.size());
    const int w = b.width(), h = b.height();
    const int side = std::min(w, h);
    // From each side's edge inwards at a quarter, half and three quarters: a light margin, a dark line
    // within the outer tenth of the picture, no wider than a twentieth, then light ground again.
    const auto frameFound = [&](QPoint edge, QPoint inwards) {
      const auto darkAt = [&](int step) {
        const QPoint p = edge + inwards * step;
        return b.pixelColor(p).value() < 100;
      };
      int step = 0;
      while (step <= side / 10 && !darkAt(step))
        ++step;
      if (step == 0 || step > side / 10) return false;
      const int lineStart = step;
      while (step < side / 2 && darkAt(step))
        ++step;
      if (step - lineStart > std::max(1, side / 20)) return false;
      for (int light = 0; light < std::max(2, side / 20); ++light)
        if (darkAt(step + light)) return false;
      return true;
    };
    for (int i = 1; i < 4; ++i) {
      const QString where = QStringLiteral("%1 x %2 at %3/4").arg(w).arg(h).arg(i);
      QVERIFY2(frameFound({w * i / 4, 0}, {0, 1}), qPrintable(where + QStringLiteral(": no top edge")));
      QVERIFY2(frameFound({w * i / 4, h - 1}, {0, -1}),
               qPrintable(where + QStringLiteral(": no bottom edge")));
      QVERIFY2(frameFound({0, h * i / 4}, {1, 0}), qPrintable(where + QStringLiteral(": no left edge")));
      QVERIFY2(frameFound({w - 1, h * i / 4}, {-1, 0}),
               qPrintable(where + QStringLiteral(": no right edge")));
    }
  }
}

void LearnPagesTest::phaseLessonRefusesABadFileInWords()
{
  PhaseLessonPage page;
  ImagePicker* picker = page.secondImagePicker();
  const QString kept = picker->name();
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("notes.png"));
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write("this is not a picture");
  file.close();
  picker->open(path);
  QTRY_VERIFY_WITH_TIMEOUT(!picker->isLoading() && !picker->errorText().isEmpty(), kTimeoutMs);
  QVERIFY2(picker->errorText().startsWith(QStringLiteral("Could not open notes.png")),
           qPrintable(picker->errorText()));
  QCOMPARE(picker->name(), kept); // the picture in use stays
  QVERIFY(!picker->image().isNull());
}

// FFTW in single precision (the engine when no service is given) is compared with FFTW in double on
// every transform the app runs; the peers' figures sit beside them.
void LearnPagesTest::accuracyPanelShowsTheEnginesErrorsBesideThePeers()
{
  LearnTab tab;
  tab.resize(1100, 620);
  tab.show();
  AccuracyPage* page = tab.accuracyPage();
  QSignalSpy done(page, &AccuracyPage::measurementsDone);
  tab.showPage(page);
  QVERIFY(page->isMeasuring());
  QVERIFY(done.wait(kTimeoutMs));
  QTableWidget* table = page->table();
  const auto cases = steps::appTransforms();
  QCOMPARE(table->rowCount(), int(cases.size()) + 1);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    QTableWidgetItem* item = table->item(page->rowOf(i), AccuracyPage::ThisEngine);
    const double error = item->data(Qt::UserRole).toDouble();
    QVERIFY2(error > 1e-9 && error < 1e-6, qPrintable(item->text()));
    QVERIFY2(item->text().contains(QStringLiteral("× 10⁻")), qPrintable(item->text()));
    QVERIFY(item->toolTip().contains(QStringLiteral("FFTW")));
  }
  // N = 64: the peers' own figures; the last row: N = 2²⁴, theirs only.
  QCOMPARE(table->item(0, AccuracyPage::FirstPeer)->text(), QStringLiteral("1.4 × 10⁻⁷"));
  QCOMPARE(table->item(0, AccuracyPage::FirstPeer + 1)->text(), QStringLiteral("1.5 × 10⁻⁷"));
  QCOMPARE(table->item(0, AccuracyPage::FirstPeer + 2)->text(), QStringLiteral("8.0 × 10⁻⁸"));
  QCOMPARE(table->item(2, AccuracyPage::FirstPeer + 2)->text(), QStringLiteral("0.8–2.0 × 10⁻⁷")); // between
  const int last = table->rowCount() - 1;
  QCOMPARE(table->item(last, AccuracyPage::FirstPeer)->text(), QStringLiteral("3.1 × 10⁻⁷"));
  QCOMPARE(table->item(last, AccuracyPage::FirstPeer + 1)->text(), QStringLiteral("7.2 × 10⁻⁷"));
  QCOMPARE(table->item(last, AccuracyPage::FirstPeer + 2)->text(), QStringLiteral("2.0 × 10⁻⁷"));
  QCOMPARE(table->horizontalHeaderItem(AccuracyPage::FirstPeer)->text(), QStringLiteral("cuFFT"));
  if (const QString dir = qEnvironmentVariable("SPECTRASCOPE_TEST_SCREENSHOTS"); !dir.isEmpty())
    tab.grab().save(dir + QStringLiteral("/learn-accuracy.png"));
}

QTEST_MAIN(LearnPagesTest)
#include "LearnPagesTest.moc"
