// The Learn tab at the app's smallest supported window (about 800 x 600): every control, picture and
// number column of every page lies inside the page's width, without a horizontal scrollbar; a plot title
// too long for its view ends in "…", whole in its tooltip; the 1D diagram's legend and nodes fit the
// diagram; the register grid's caption fits and counts in words; and a late stage's twiddle circle stays
// readable with hundreds of points.

#include "spectrascope/engine/learn/Schedule.h"
#include "spectrascope/engine/learn/StepRunner.h"
#include "spectrascope/ui/ElidedComboBox.h"
#include "spectrascope/ui/LearnTab.h"
#include "spectrascope/ui/learn/AccuracyPage.h"
#include "spectrascope/ui/learn/ButterflyDiagram.h"
#include "spectrascope/ui/learn/DiagramCanvas.h"
#include "spectrascope/ui/learn/PhaseLessonPage.h"
#include "spectrascope/ui/learn/RegisterExchangeView.h"
#include "spectrascope/ui/learn/RowColumnPage.h"
#include "spectrascope/ui/learn/RowColumnView.h"
#include "spectrascope/ui/learn/SignalInputView.h"
#include "spectrascope/ui/learn/StagesPage.h"
#include "spectrascope/ui/learn/TwiddleCircleView.h"

#include <QAbstractScrollArea>
#include <QComboBox>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QToolTip>

#include <cmath>

using namespace spectrascope::ui;
namespace steps = spectrascope::learn;

namespace {
constexpr int kTimeoutMs = 120000;
// The Learn tab in the window's smallest first size: 90 % of an 800 x 600 screen (720 x 540), less the
// window's menu, tab bar and status bar.
const QSize kSmallestTab(716, 460);

// True where `w` lies inside another scroll area's content (a table's cells, the guide's text): those
// scroll on their own and may be wider than what shows.
bool insideScrolledContent(const QWidget* w, const QWidget* page)
{
  for (const QWidget* p = w->parentWidget(); p && p != page; p = p->parentWidget())
    if (auto* area = qobject_cast<const QAbstractScrollArea*>(p->parentWidget());
        area && area->viewport() == p)
      return w != p;
  return false;
}

// Every widget shown on `page` lies within the width its scroll area shows, and the page needs no
// horizontal scrolling.
// The longest 1D control row, register exchange at N = 64, remembered for the next tab made.
void rememberRegisterExchangeAt64(QSettings& settings)
{
  settings.setValue(QStringLiteral("learn/n"), qulonglong(64));
  settings.setValue(QStringLiteral("learn/algorithm"), int(steps::Algorithm::RegisterExchange));
}

void verifyFitsWidth(QWidget* page, const QString& name)
{
  QWidget* viewport = page->parentWidget();
  QVERIFY2(page->width() <= viewport->width(), qPrintable(QStringLiteral("%1 is %2 wide in a %3-pixel view")
                                                              .arg(name)
                                                              .arg(page->width())
                                                              .arg(viewport->width())));
  for (QWidget* w : page->findChildren<QWidget*>()) {
    if (!w->isVisibleTo(page) || w->width() <= 0 || insideScrolledContent(w, page)) continue;
    const QRect r(w->mapTo(viewport, QPoint(0, 0)), w->size());
    QVERIFY2(r.left() >= 0 && r.right() < viewport->width(),
             qPrintable(QStringLiteral("%1: %2 \"%3\" spans x %4..%5 of %6")
                            .arg(name, QString::fromLatin1(w->metaObject()->className()), w->objectName())
                            .arg(r.left())
                            .arg(r.right())
                            .arg(viewport->width())));
  }
}

// Records what a diagram draws, as boxes, so tests can say where it went.
class RecordingCanvas : public DiagramCanvas
{
public:
  struct Text
  {
    QString text;
    QRectF box;
  };
  std::vector<Text> texts;
  std::vector<QRectF> rects;
  std::vector<std::pair<QPointF, double>> filledCircles;

  void line(QPointF, QPointF, const QColor&, double, bool) override {}
  void rect(const QRectF& r, const QColor&, const QColor&) override { rects.push_back(r); }
  void circle(QPointF centre, double radius, const QColor& fill, const QColor&, double) override
  {
    if (fill.alpha() > 0) filledCircles.push_back({centre, radius});
  }
  void text(QPointF at, const QString& text, const QColor&, double pixelSize, Align align, bool bold) override
  {
    QFont font;
    font.setPixelSize(std::max(1, int(std::lround(pixelSize))));
    font.setBold(bold);
    const QFontMetricsF metrics(font);
    const double width = metrics.horizontalAdvance(text);
    if (align == Align::Center) at.rx() -= width / 2;
    if (align == Align::Right) at.rx() -= width;
    texts.push_back({text, QRectF(at.x(), at.y() - metrics.ascent(), width, metrics.height())});
  }
  void image(const QRectF& target, const QImage&) override { rects.push_back(target); }
};

std::shared_ptr<const steps::StepsResult> stepsOnCpu(steps::Algorithm algorithm, std::size_t n)
{
  std::vector<steps::Complex> input(n);
  for (std::size_t i = 0; i < n; ++i)
    input[i] = {std::cos(0.7 * double(i)), 0.3 * std::sin(2.1 * double(i))};
  steps::StepRunner runner("fftw");
  return std::make_shared<const steps::StepsResult>(runner.run(steps::makeSchedule(algorithm, n), input));
}
} // namespace

class LearnFitTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void everyPageFitsTheSmallestWindow();
  void stagesRowFitsAtEverySize();
  void accuracyNumbersStayInView();
  void rowColumnTextFollowsThePictures();
  void inputTitleEndsInAnEllipsisWhenCut();
  void diagramLegendAndNodesFitTheDiagram();
  void registerCaptionFitsAndCountsInWords();
  void registerCaptionIsWholeInItsTooltip();
  void manyTwiddlesLeaveTheCircleReadable();
  void algorithmChoiceEndsInAnEllipsisWhenCut();
};

void LearnFitTest::initTestCase()
{
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_learnfit_test"));
  QSettings().clear();
}

// The tester's worst cases: register exchange at N = 64 (the longest control row), a photo with a long
// name on the 2D page.
void LearnFitTest::everyPageFitsTheSmallestWindow()
{
  QSettings settings;
  rememberRegisterExchangeAt64(settings);
  LearnTab tab;
  tab.resize(kSmallestTab);
  tab.show();
  QVERIFY(QTest::qWaitForWindowExposed(&tab));
  QImage photo(3000, 2000, QImage::Format_RGB32);
  photo.fill(Qt::darkCyan);
  tab.rowColumnPage()->setImage(photo, QStringLiteral("big_3000x2000.png"));
  const std::pair<QWidget*, QString> pages[] = {
      {tab.stagesPage(), QStringLiteral("1D")},
      {tab.rowColumnPage()->parentWidget(), QStringLiteral("2D")},
      {tab.phaseLessonPage(), QStringLiteral("phase")},
      {tab.accuracyPage(), QStringLiteral("accuracy")},
  };
  for (const auto& [page, name] : pages) {
    tab.showPage(page);
    QTest::qWait(50);
    verifyFitsWidth(page, name);
  }
  settings.clear();
}

// The 1D page's control row at the largest sizes too: its k and k2 boxes widened with N's digits, and
// register exchange at N = 1024 and up pushed the work-items box and the export button out of view.
void LearnFitTest::stagesRowFitsAtEverySize()
{
  for (const qulonglong n : {qulonglong(1024), qulonglong(steps::kMaxLearnSize)}) {
    QSettings settings;
    settings.setValue(QStringLiteral("learn/n"), n);
    settings.setValue(QStringLiteral("learn/algorithm"), int(steps::Algorithm::RegisterExchange));
    LearnTab tab;
    tab.resize(kSmallestTab);
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    tab.showPage(tab.stagesPage());
    QTest::qWait(50);
    verifyFitsWidth(tab.stagesPage(), QStringLiteral("1D at N = %1").arg(n));
    settings.clear();
  }
}

// The This engine, cuFFT, VkFFT and clFFT columns are the page's point: they stay in view; the text
// column gives way.
void LearnFitTest::accuracyNumbersStayInView()
{
  LearnTab tab;
  tab.resize(kSmallestTab);
  tab.show();
  AccuracyPage* page = tab.accuracyPage();
  QSignalSpy done(page, &AccuracyPage::measurementsDone);
  tab.showPage(page);
  QVERIFY(done.wait(kTimeoutMs));
  QTableWidget* table = page->table();
  QHeaderView* header = table->horizontalHeader();
  for (int c = AccuracyPage::ThisEngine; c < table->columnCount(); ++c) {
    const int left = header->sectionViewportPosition(c);
    QVERIFY2(left >= 0 && left + header->sectionSize(c) <= table->viewport()->width(),
             qPrintable(QStringLiteral("%1 spans %2..%3 of %4")
                            .arg(table->horizontalHeaderItem(c)->text())
                            .arg(left)
                            .arg(left + header->sectionSize(c))
                            .arg(table->viewport()->width())));
  }
}

// The three pictures are as large as the page allows, their captions (wrapped to the pictures' width)
// inside the view, and the text sits right under them rather than under a band of empty page.
void LearnFitTest::rowColumnTextFollowsThePictures()
{
  for (const QSize size : {QSize(1366, 690), kSmallestTab}) {
    LearnTab tab;
    tab.resize(size);
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    RowColumnPage* page = tab.rowColumnPage();
    tab.showPage(page->parentWidget());
    QTest::qWait(50);
    auto* view = page->findChild<RowColumnView*>();
    auto* check = page->findChild<QLabel*>(QStringLiteral("learnPassCheck"));
    QVERIFY(view && check);
    const QString where = QStringLiteral("at %1 x %2: ").arg(size.width()).arg(size.height());
    QVERIFY2(view->contentSize().height() <= view->height(),
             qPrintable(where + QStringLiteral("the captions need %1 of %2 pixels")
                                    .arg(view->contentSize().height())
                                    .arg(view->height())));
    const int contentBottom = view->mapTo(page, QPoint(0, view->contentSize().height())).y();
    const int textTop = check->mapTo(page, QPoint(0, 0)).y();
    QVERIFY2(textTop - contentBottom <= 24,
             qPrintable(where + QStringLiteral("%1 pixels of empty page between the pictures and the text")
                                    .arg(textTop - contentBottom)));
  }
}

// "input x[n] (real; imaginary f" ran into the side panel's frame at the smallest window: a title that
// does not fit ends in "…" inside the view, with the whole title as the tooltip over it; a wide window
// shows it whole.
void LearnFitTest::inputTitleEndsInAnEllipsisWhenCut()
{
  for (const QSize size : {kSmallestTab, QSize(1366, 690)}) {
    LearnTab tab;
    tab.resize(size);
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    tab.showPage(tab.stagesPage());
    QTest::qWait(50);
    auto* input = tab.findChild<SignalInputView*>(QStringLiteral("learnSignalInput"));
    QVERIFY(input && input->isVisible());
    const QString where = QStringLiteral("at %1 x %2, %3 pixels wide: \"%4\"")
                              .arg(size.width())
                              .arg(size.height())
                              .arg(input->width())
                              .arg(input->shownTitle());
    const int titleWidth = input->fontMetrics().horizontalAdvance(input->shownTitle());
    QVERIFY2(input->titleRect().left() + titleWidth <= input->width(), qPrintable(where));
    if (size == kSmallestTab) {
      QVERIFY2(input->shownTitle().endsWith(QStringLiteral("…")), qPrintable(where));
      QVERIFY2(input->shownTitle().size() > 4, qPrintable(where)); // shortened, not gone
      QHelpEvent help(QEvent::ToolTip, input->titleRect().center(),
                      input->mapToGlobal(input->titleRect().center()));
      QCoreApplication::sendEvent(input, &help);
      QTRY_COMPARE(QToolTip::text(), input->title());
      QToolTip::hideText();
    } else {
      QCOMPARE(input->shownTitle(), input->title());
    }
  }
}

// The legend, the colour key with its labels and the stage headings lie inside the diagram at the
// narrow widths the 1D page gives it, and node circles do not run into each other at N = 64.
void LearnFitTest::diagramLegendAndNodesFitTheDiagram()
{
  const std::pair<steps::Algorithm, std::size_t> cases[] = {{steps::Algorithm::Radix2Dit, 16},
                                                            {steps::Algorithm::RegisterExchange, 64},
                                                            {steps::Algorithm::Radix2Dit, 256}};
  for (const auto& [algorithm, n] : cases) {
    const auto result = stepsOnCpu(algorithm, n);
    for (const QSizeF size : {QSizeF(240, 300), QSizeF(300, 380), QSizeF(640, 480)}) {
      ButterflyDiagramParameters p;
      p.result = result;
      p.stage = int(result->schedule.lastStage());
      p.size = size;
      RecordingCanvas canvas;
      ButterflyDiagram(p).draw(canvas);
      const QString where = QStringLiteral("N = %1 at %2 x %3").arg(n).arg(size.width()).arg(size.height());
      for (const auto& t : canvas.texts)
        QVERIFY2(
            t.box.left() >= 0 && t.box.right() <= size.width(),
            qPrintable(
                where +
                QStringLiteral(": \"%1\" spans x %2..%3").arg(t.text).arg(t.box.left()).arg(t.box.right())));
      for (const QRectF& r : canvas.rects)
        QVERIFY2(r.left() >= 0 && r.right() <= size.width() + 0.01, qPrintable(where));
      if (n > ButterflyDiagram::kMaxDiagramSize) continue;
      for (const auto& [centre, radius] : canvas.filledCircles)
        for (const auto& [other, otherRadius] : canvas.filledCircles)
          if (centre != other && std::abs(centre.x() - other.x()) < 1e-6)
            QVERIFY2(std::abs(centre.y() - other.y()) >= radius + otherRadius,
                     qPrintable(where + QStringLiteral(": nodes overlap")));
    }
  }
}

// "after stage 5: 0 came via local memory" read like a value index; the caption also ran past the
// panel's edge.
void LearnFitTest::registerCaptionFitsAndCountsInWords()
{
  const auto schedule = steps::makeSchedule(steps::Algorithm::RegisterExchange, 64, 8);
  RegisterExchangeView view;
  bool sawNone = false, sawSome = false;
  for (const int width : {160, 220, 260, 400})
    for (int stage = 0; stage <= int(schedule.lastStage()); ++stage) {
      view.resize(width, 200);
      view.setStage(schedule, stage);
      const QString caption = view.shownCaption();
      QVERIFY2(QFontMetricsF(view.font()).horizontalAdvance(caption) <= width - 12, qPrintable(caption));
      QVERIFY2(!caption.contains(QStringLiteral(": 0 ")), qPrintable(caption));
      if (width == 400) {
        sawNone = sawNone || caption.contains(QStringLiteral("none came"));
        sawSome = sawSome || caption.contains(QStringLiteral("values came")) ||
                  caption.contains(QStringLiteral("value came"));
      }
    }
  QVERIFY(sawNone);
  QVERIFY(sawSome);
}

// The register grid's caption, shortened with "…" in a narrow side panel, kept the rest out of reach: the
// tooltip over it now has the whole caption.
void LearnFitTest::registerCaptionIsWholeInItsTooltip()
{
  const auto schedule = steps::makeSchedule(steps::Algorithm::RegisterExchange, 64, 8);
  RegisterExchangeView view;
  view.resize(160, 200);
  view.setStage(schedule, 1);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  QVERIFY2(view.shownCaption().endsWith(QStringLiteral("…")), qPrintable(view.shownCaption()));
  const QPoint over = view.captionRect().center();
  QHelpEvent help(QEvent::ToolTip, over, view.mapToGlobal(over));
  QCoreApplication::sendEvent(&view, &help);
  QTRY_COMPARE(QToolTip::text(), view.caption());
  QToolTip::hideText();
}

// The last stage of N = 1024 has 512 twiddles: drawn as before (a spoke and a 3.5-pixel dot each) they
// filled the lower half of the circle with orange.
void LearnFitTest::manyTwiddlesLeaveTheCircleReadable()
{
  std::vector<steps::Twiddle> twiddles;
  for (std::uint32_t k = 0; k < 512; ++k)
    twiddles.push_back({k, 1024});
  TwiddleCircleView view;
  view.resize(240, 240);
  view.setTwiddles(twiddles, QStringLiteral("twiddles of stage 10"));
  const QImage picture = view.grab().toImage();
  const QList<QRectF> dots = view.dotRects();
  const QPointF centre =
      (dots.front().center() + dots.back().center()) / 2; // W⁰ and W⁵¹¹ are almost opposite
  const double radius =
      std::hypot(dots.front().center().x() - centre.x(), dots.front().center().y() - centre.y());
  // The inside of the lower half, well clear of the rim.
  int orange = 0, all = 0;
  for (int y = int(centre.y()) + 4; y < int(centre.y() + radius * 0.8); ++y)
    for (int x = int(centre.x() - radius * 0.8); x < int(centre.x() + radius * 0.8); ++x) {
      if (std::hypot(x - centre.x(), y - centre.y()) > radius * 0.8) continue;
      const QColor c =
          picture.pixelColor(x * picture.width() / view.width(), y * picture.height() / view.height());
      ++all;
      orange += c.red() - c.blue() > 40;
    }
  QVERIFY2(orange < all / 10,
           qPrintable(QStringLiteral("%1 of %2 pixels inside the circle are orange").arg(orange).arg(all)));
  // The dots on the rim stay apart.
  for (int i = 1; i < dots.size(); ++i)
    QVERIFY2(!dots[i].intersects(dots[i - 1]) || dots[i].width() <= 2.0,
             qPrintable(QString::number(dots[i].width())));
}

// At the smallest window the algorithm box is narrower than "Register exchange (Bainville)": it was cut
// off as "Register exchange (Bainv". The box draws exactly what a plain box holding the shortened title
// draws, and its tooltip names the whole title.
void LearnFitTest::algorithmChoiceEndsInAnEllipsisWhenCut()
{
  QSettings settings;
  rememberRegisterExchangeAt64(settings);
  LearnTab tab;
  tab.resize(kSmallestTab);
  tab.show();
  QVERIFY(QTest::qWaitForWindowExposed(&tab));
  tab.showPage(tab.stagesPage());
  QTest::qWait(50);
  auto* box = tab.findChild<QComboBox*>(QStringLiteral("learnAlgorithm"));
  QVERIFY(box);
  const QString title = box->currentText();
  QVERIFY2(title.startsWith(QStringLiteral("Register exchange")), qPrintable(title));
  auto* elided = qobject_cast<ElidedComboBox*>(box);
  QVERIFY2(elided, "the algorithm box cuts its text off instead of shortening it");
  const QString shown = elided->shownText();
  QVERIFY2(shown.endsWith(QChar(0x2026)) && title.startsWith(shown.chopped(1)), qPrintable(shown));
  QVERIFY2(box->toolTip().contains(title), qPrintable(box->toolTip()));

  QComboBox plain;
  plain.addItem(shown);
  plain.setFont(box->font());
  plain.resize(box->size());
  plain.setAttribute(Qt::WA_DontShowOnScreen);
  plain.show();
  QVERIFY(box->grab().toImage().convertToFormat(QImage::Format_RGB32) ==
          plain.grab().toImage().convertToFormat(QImage::Format_RGB32));
  settings.clear();
}

QTEST_MAIN(LearnFitTest)

#include "LearnFitTest.moc"
