// The Learn tab with QtTest on the offscreen platform: stages arrive from the worker, step forward and
// back, N and algorithm changes recompute, the check mark shows, register exchange shows its registers,
// the diagram exports as PNG and SVG, and the renderer's hit test finds nodes. The 2D page steps through
// the row and column passes of an image; a row of the image and the Audio tab's newest samples are
// inputs; every engine call's records reach the Timings feed. A signal drawn with the mouse is the input;
// the last stage is set beside a direct DFT; values show as phasors; hovering a value shows its numbers;
// the tab says which device computes the stages, and that the CPU reference does without OpenCL.

#include "spectrascope/ui/LearnTab.h"
#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/learn/ButterflyDiagram.h"
#include "spectrascope/ui/learn/ButterflyDiagramView.h"
#include "spectrascope/ui/learn/DftComparisonView.h"
#include "spectrascope/ui/learn/ReadableNumbers.h"
#include "spectrascope/ui/learn/RegisterExchangeView.h"
#include "spectrascope/ui/learn/RowColumnPage.h"
#include "spectrascope/ui/learn/RowColumnView.h"
#include "spectrascope/ui/learn/SignalInputView.h"
#include "spectrascope/ui/learn/SvgCanvas.h"
#include "spectrascope/ui/learn/TwiddleCircleView.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>
#include <QToolButton>

#include <numbers>

using namespace spectrascope::ui;
namespace steps = spectrascope::learn;

namespace {
// Kernel builds on PoCL take a few seconds the first time on a loaded machine.
constexpr int kTimeoutMs = 60000;

// With SPECTRASCOPE_TEST_SCREENSHOTS=DIR some states are also saved as PNGs to look at.
void saveScreenshot(QWidget& widget, const QString& name)
{
  const QString dir = qEnvironmentVariable("SPECTRASCOPE_TEST_SCREENSHOTS");
  if (!dir.isEmpty()) widget.grab().save(QDir(dir).filePath(name));
}

void choose(QComboBox* box, const QVariant& data)
{
  const int index = box->findData(data);
  QVERIFY2(index >= 0, qPrintable(data.toString()));
  box->setCurrentIndex(index);
}
} // namespace

class LearnTabTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void stagesArriveWithACheckMark();
  void stepForwardAndBack();
  void changingNAndAlgorithmRecomputes();
  void playRunsToTheLastStageAndStops();
  void registerExchangeShowsRegisters();
  void largeNIsAHeatMap();
  void stageHeadingsNeverRunTogether();
  void diagramExportsPngAndSvg();
  void hitTestFindsNodes();
  void rowColumnPassesStepThroughAnImage();
  void imageRowIsAnInput();
  void audioFrameIsAnInput();
  void engineCallsReachTheTimingFeed();
  void toneFrequenciesStayBelowN();
  void drawnSignalIsTheInput();
  void aDrawnStrokeStaysUnderThePen();
  void lastStageIsBesideADirectDft();
  void valuesShowAsPhasors();
  void hoveringAValueShowsItsNumbers();
  void hoveringThePlotsShowsTheirNumbers();
  void twiddleLabelsAreClearOfTheLines();
  void twiddlesAreWrittenAsTwiddleFactors();
  void saysWhichDeviceComputesTheStages();
  void withoutOpenClTheCpuReferenceComputesTheStages();
  void stagesRunOnOneStatedDeviceWhateverTheEngine();
  void explanationFitsAndWrapsAtTheDefaultSize();
  void drawnInputIsInSightAtTheDefaultSize();
  void mathsIsTypesetAndNoCommandLineFlagsAppear();
  void hoverNumbersAreRoundedForPeople();
  void diagramLegendsExplainTheColours();

private:
  // A tab showing its first result, with N and algorithm as given.
  std::unique_ptr<LearnTab> readyTab(qulonglong n, steps::Algorithm algorithm);
  void waitForResult(LearnTab& tab, qulonglong n, steps::Algorithm algorithm);
};

void LearnTabTest::initTestCase()
{
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_learntab_test"));
}

void LearnTabTest::init()
{
  QSettings().clear();
}

void LearnTabTest::waitForResult(LearnTab& tab, qulonglong n, steps::Algorithm algorithm)
{
  QTRY_VERIFY_WITH_TIMEOUT(tab.result() && tab.result()->schedule.n == n &&
                               tab.result()->schedule.algorithm == algorithm && !tab.isComputing(),
                           kTimeoutMs);
}

std::unique_ptr<LearnTab> LearnTabTest::readyTab(qulonglong n, steps::Algorithm algorithm)
{
  auto tab = std::make_unique<LearnTab>();
  tab->resize(1100, 700);
  tab->show();
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), n);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnAlgorithm")), int(algorithm));
  waitForResult(*tab, n, algorithm);
  return tab;
}

void LearnTabTest::stagesArriveWithACheckMark()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  QCOMPARE(tab->lastStage(), 4);
  QCOMPARE(int(tab->result()->stages.size()), 5);
  const QString check = tab->findChild<QLabel*>(QStringLiteral("learnCheck"))->text();
  QVERIFY2(check.startsWith(QStringLiteral("✓")), qPrintable(check));
  const QString device = tab->findChild<QLabel*>(QStringLiteral("learnDevice"))->text();
  QVERIFY2(device.startsWith(QStringLiteral("Stages computed by OpenCL kernels on ")) ||
               device.startsWith(QStringLiteral("No OpenCL device")),
           qPrintable(device));
}

void LearnTabTest::stepForwardAndBack()
{
  auto tab = readyTab(8, steps::Algorithm::Radix2Dif);
  auto* forward = tab->findChild<QToolButton*>(QStringLiteral("learnForward"));
  auto* back = tab->findChild<QToolButton*>(QStringLiteral("learnBack"));
  tab->setStage(0);
  QVERIFY(!back->isEnabled());
  QTest::mouseClick(forward, Qt::LeftButton);
  QCOMPARE(tab->currentStage(), 1);
  QTest::mouseClick(forward, Qt::LeftButton);
  QCOMPARE(tab->currentStage(), 2);
  QTest::mouseClick(back, Qt::LeftButton);
  QCOMPARE(tab->currentStage(), 1);
  tab->setStage(99);
  QCOMPARE(tab->currentStage(), 3); // clamped to the last stage
  QVERIFY(!forward->isEnabled());
  QCOMPARE(tab->findChild<QLabel*>(QStringLiteral("learnStageLabel"))->text(),
           QStringLiteral("Stage 3 of 3"));
  QVERIFY(tab->findChild<QLabel*>(QStringLiteral("learnCheck"))
              ->text()
              .contains(QStringLiteral("stage 3 equals")));
}

void LearnTabTest::playRunsToTheLastStageAndStops()
{
  auto tab = readyTab(4, steps::Algorithm::Radix2Dit);
  tab->setStage(tab->lastStage());
  QTest::mouseClick(tab->findChild<QToolButton*>(QStringLiteral("learnPlay")), Qt::LeftButton);
  QCOMPARE(tab->currentStage(), 0); // playing from the end starts again at the input
  QVERIFY(tab->isPlaying());
  QTRY_COMPARE_WITH_TIMEOUT(tab->currentStage(), tab->lastStage(), kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(!tab->isPlaying(), kTimeoutMs); // stops at the end by itself
  tab->setStage(0);
  tab->togglePlay();
  tab->togglePlay(); // pause at once
  QVERIFY(!tab->isPlaying());
  QCOMPARE(tab->currentStage(), 0);
}

void LearnTabTest::changingNAndAlgorithmRecomputes()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(64));
  waitForResult(*tab, 64, steps::Algorithm::Radix2Dit);
  QCOMPARE(tab->lastStage(), 6);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnAlgorithm")), int(steps::Algorithm::Radix4));
  waitForResult(*tab, 64, steps::Algorithm::Radix4);
  QCOMPARE(tab->lastStage(), 3);
  tab->setStage(3);
  QVERIFY(tab->findChild<QLabel*>(QStringLiteral("learnCheck"))->text().startsWith(QStringLiteral("✓")));
  for (std::size_t s = 0; s < tab->result()->stages.size(); ++s)
    QVERIFY(tab->result()->stageMatches(s));
}

void LearnTabTest::registerExchangeShowsRegisters()
{
  auto tab = readyTab(16, steps::Algorithm::RegisterExchange);
  auto* registers = tab->findChild<RegisterExchangeView*>(QStringLiteral("learnRegisterExchange"));
  QVERIFY(registers->isVisible());
  QCOMPARE(tab->result()->schedule.workItems, std::size_t(8)); // Bainville's one DFT2 per work-item
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnWorkItems")), qulonglong(2));
  QTRY_VERIFY_WITH_TIMEOUT(tab->result()->schedule.workItems == 2 && !tab->isComputing(), kTimeoutMs);
  QCOMPARE(tab->result()->schedule.valuesPerItem, std::size_t(8));
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnAlgorithm")), int(steps::Algorithm::Stockham));
  QVERIFY(!registers->isVisible());
}

void LearnTabTest::largeNIsAHeatMap()
{
  auto tab = readyTab(1024, steps::Algorithm::Stockham);
  const auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
  QVERIFY(ButterflyDiagram(view->parameters()).isHeatMap());
  QCOMPARE(tab->lastStage(), 10);
  // Bars or phasors mean nothing on a heat map: the choice is greyed, and says up to which N it draws.
  const auto* style = tab->findChild<QComboBox*>(QStringLiteral("learnValueStyle"));
  QVERIFY(!style->isEnabled());
  QVERIFY2(style->toolTip().contains(QStringLiteral("64")), qPrintable(style->toolTip()));
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(64));
  QVERIFY(style->isEnabled());
}

// With stage 0 current, its bold "0: bit reversal" ran into "1: radix 2" on columns of 70 to 100 pixels.
// At every width, whichever stage is current, each heading ends before the next begins.
void LearnTabTest::stageHeadingsNeverRunTogether()
{
  for (const auto algorithm : {steps::Algorithm::Radix2Dit, steps::Algorithm::Stockham}) {
    auto tab = readyTab(16, algorithm);
    const auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
    ButterflyDiagramParameters p = view->parameters();
    for (int width = 300; width <= 1600; width += 10)
      for (int current = 0; current <= tab->lastStage(); ++current) {
        p.size = QSizeF(width, 500);
        p.stage = current;
        const ButterflyDiagram diagram(p);
        for (int s = 0; s < tab->lastStage(); ++s)
          QVERIFY2(diagram.headerRect(s).right() + 2 <= diagram.headerRect(s + 1).left(),
                   qPrintable(QStringLiteral("\"%1\" runs into \"%2\" at %3 pixels")
                                  .arg(diagram.header(s), diagram.header(s + 1))
                                  .arg(width)));
      }
  }
}

void LearnTabTest::diagramExportsPngAndSvg()
{
  auto tab = readyTab(8, steps::Algorithm::Radix2Dit);
  tab->setStage(2);
  const auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
  QTemporaryDir dir;
  const QString png = dir.filePath(QStringLiteral("d.png")), svg = dir.filePath(QStringLiteral("d.svg"));
  QVERIFY(view->exportPng(png).isEmpty());
  QVERIFY(view->exportSvg(svg).isEmpty());
  const QImage image(png);
  QCOMPARE(image.width(), 2000);
  QFile file(svg);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray text = file.readAll();
  QVERIFY(text.startsWith("<?xml"));
  QVERIFY(text.trimmed().endsWith("</svg>"));
  // 3 stages of 4 butterflies, 4 lines each, plus nothing else drawn as a line.
  QCOMPARE(text.count("<line"), 48);
  QVERIFY(text.contains(">2: radix 2</text>"));
  QVERIFY(!view->exportSvg(QStringLiteral("/no/such/dir/d.svg")).isEmpty());
}

void LearnTabTest::hitTestFindsNodes()
{
  ButterflyDiagramParameters p;
  auto result = std::make_shared<steps::StepsResult>();
  result->schedule = steps::makeSchedule(steps::Algorithm::Radix2Dit, 8);
  p.result = result;
  p.size = QSizeF(800, 500);
  const ButterflyDiagram diagram(p);
  for (int s = 0; s <= 3; ++s)
    for (int pos : {0, 3, 7}) {
      const auto hit = diagram.hitTest(diagram.node(s, pos));
      QVERIFY(hit.has_value());
      QCOMPARE(hit->first, s);
      QCOMPARE(hit->second, pos);
    }
  QVERIFY(!diagram.hitTest(QPointF(1, 1)).has_value());
}

QTEST_MAIN(LearnTabTest)
// Vertical stripes, four pixels per period: every row is alike, so after both passes only the middle row
// of the centred spectrum (v = 0) holds energy.
QImage stripes(int side)
{
  QImage image(side, side, QImage::Format_RGB32);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      image.setPixel(x, y, x % 4 < 2 ? qRgb(255, 255, 255) : qRgb(0, 0, 0));
  return image;
}

void LearnTabTest::rowColumnPassesStepThroughAnImage()
{
  auto tab = readyTab(8, steps::Algorithm::Radix2Dit);
  RowColumnPage* page = tab->rowColumnPage();
  choose(page->findChild<QComboBox*>(QStringLiteral("learnImageSize")), 64);
  tab->setImage(stripes(64), QStringLiteral("stripes"));
  tab->showRowColumnPage();
  QTRY_VERIFY_WITH_TIMEOUT(page->result() && page->result()->width == 64 && !page->isComputing(), kTimeoutMs);
  const auto& r = *page->result();
  QCOMPARE(r.input[1].real(), 1.0f); // column 1 is white, column 2 black
  QCOMPARE(r.input[2].real(), 0.0f);

  auto* check = page->findChild<QLabel*>(QStringLiteral("learnPassCheck"));
  page->setPass(0);
  QVERIFY(!page->findChild<QToolButton*>(QStringLiteral("learnPassBack"))->isEnabled());
  QVERIFY(check->text().isEmpty());
  QTest::mouseClick(page->findChild<QToolButton*>(QStringLiteral("learnPassForward")), Qt::LeftButton);
  QCOMPARE(page->pass(), 1);
  QVERIFY2(check->text().startsWith(QStringLiteral("✓")) && check->text().contains(QStringLiteral("rows")),
           qPrintable(check->text()));
  page->stepForward();
  page->stepForward(); // stays at the last pass
  QCOMPARE(page->pass(), 2);
  QVERIFY2(check->text().startsWith(QStringLiteral("✓")) && check->text().contains(QStringLiteral("2D")),
           qPrintable(check->text()));

  // The pictures: the column pass leaves the stripes' energy in the centred spectrum's middle row only.
  const QImage spectrum = passPicture(r, 2);
  QCOMPARE(spectrum.size(), QSize(64, 64));
  int brightOutside = 0;
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x)
      brightOutside += y != 32 && qGray(spectrum.pixel(x, y)) > 0;
  QCOMPARE(brightOutside, 0);
  QCOMPARE(qGray(spectrum.pixel(32, 32)), 255); // DC, the largest value
  QTemporaryDir dir;
  QVERIFY(page->exportPng(dir.filePath(QStringLiteral("passes.png"))));
  const QImage exported(dir.filePath(QStringLiteral("passes.png")));
  QVERIFY(exported.width() >= 2 * 360 && exported.height() >= 2 * 100);
  QVERIFY(exported.width() > 2 * exported.height()); // three squares side by side, nothing empty below
  QSet<QRgb> colours;                                // the pictures are drawn, not just the background
  for (int y = 0; y < exported.height(); y += 3)
    for (int x = 0; x < exported.width(); x += 3)
      colours.insert(exported.pixel(x, y));
  QVERIFY2(colours.size() > 5, qPrintable(QString::number(colours.size())));
  QVERIFY(colours.contains(qRgb(255, 255, 255))); // the white stripes of the input
  // After the rows alone every row holds the same spectrum: not yet the picture above.
  const QImage rows = passPicture(r, 1);
  QCOMPARE(rows.pixel(32, 5), rows.pixel(32, 40));
  QVERIFY(qGray(rows.pixel(32, 5)) > 0);
}

void LearnTabTest::imageRowIsAnInput()
{
  auto tab = readyTab(16, steps::Algorithm::Stockham);
  QImage image(16, 8, QImage::Format_RGB32);
  image.fill(Qt::black);
  for (int x = 0; x < 16; ++x)
    image.setPixel(x, 5, qRgb(17 * x, 17 * x, 17 * x)); // a ramp in row 5 only
  tab->setImage(image, QStringLiteral("ramp"));
  tab->findChild<QSpinBox*>(QStringLiteral("learnFrequency"))->setValue(5);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 6); // Input::ImageRow
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing() &&
                               std::abs(tab->result()->input[15].real() - 1.0) < 1e-6,
                           kTimeoutMs);
  for (int x = 0; x < 16; ++x)
    QVERIFY(std::abs(tab->result()->input[std::size_t(x)].real() - x / 15.0) < 1e-2);
  QVERIFY(tab->findChild<QLabel*>(QStringLiteral("learnInputNote"))->text().contains(QStringLiteral("ramp")));
}

void LearnTabTest::audioFrameIsAnInput()
{
  // The Audio tab's analysis has already read everything: the frame comes from what was last written.
  spectrascope::audio::SampleRingBuffer ring(64);
  ring.reset(48000);
  std::vector<float> samples(100);
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = float(i);
  ring.write(samples.data(), samples.size());
  std::vector<float> consumed;
  ring.readAll(consumed);

  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  tab->setAudioFrameSource([&ring](std::size_t n) { return ring.newest(n); });
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 7); // Input::AudioFrame
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing() && tab->result()->input[0].real() == 84.0,
                           kTimeoutMs);
  for (std::size_t i = 0; i < 16; ++i)
    QCOMPARE(tab->result()->input[i].real(), 84.0 + double(i));
  QVERIFY(tab->result()->stageMatches(std::size_t(tab->lastStage())));

  // A new stream holds only its own samples; the refresh button takes them.
  ring.reset(48000);
  ring.write(samples.data(), 4);
  QTest::mouseClick(tab->findChild<QToolButton*>(QStringLiteral("learnRefreshInput")), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing() && tab->result()->input[12].real() == 0.0 &&
                               tab->result()->input[15].real() == 3.0,
                           kTimeoutMs);
}

void LearnTabTest::engineCallsReachTheTimingFeed()
{
  TimingFeed feed;
  QSignalSpy published(&feed, &TimingFeed::reportPublished);
  auto tab = std::make_unique<LearnTab>();
  tab->setTimingFeed(&feed);
  tab->resize(1100, 700);
  tab->show();
  QTRY_VERIFY_WITH_TIMEOUT(!published.isEmpty(), kTimeoutMs);
  QCOMPARE(published.first().at(0).toString(), QStringLiteral("Learn"));
  const auto stages = published.first().at(1).value<spectrascope::ExecutionReport>();
  QVERIFY(!stages.records.empty());

  tab->showRowColumnPage();
  QTRY_VERIFY_WITH_TIMEOUT(std::any_of(published.begin(), published.end(),
                                       [](const QList<QVariant>& call) {
                                         return call.at(0).toString() == QStringLiteral("Learn (2D)");
                                       }),
                           kTimeoutMs);
  for (const QList<QVariant>& call : published) {
    if (call.at(0).toString() != QStringLiteral("Learn (2D)")) continue;
    const auto passes = call.at(1).value<spectrascope::ExecutionReport>();
    QVERIFY(!passes.records.empty());
    QVERIFY(QString::fromStdString(passes.records.front().name).startsWith(QStringLiteral("rows: ")));
    QVERIFY(QString::fromStdString(passes.records.back().name).startsWith(QStringLiteral("columns: ")));
  }
}

void LearnTabTest::toneFrequenciesStayBelowN()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  auto* k = tab->findChild<QSpinBox*>(QStringLiteral("learnFrequency"));
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 2); // Input::Sine
  QCOMPARE(k->maximum(), 15);
  k->setValue(99);
  QCOMPARE(k->value(), 15);
  QTRY_VERIFY_WITH_TIMEOUT(
      tab->result() && !tab->isComputing() &&
          std::abs(tab->result()->input[1].real() - std::sin(2 * std::numbers::pi * 15 / 16)) < 1e-9,
      kTimeoutMs);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(8));
  QCOMPARE(k->maximum(), 7);
  QCOMPARE(k->value(), 7);
  waitForResult(*tab, 8, steps::Algorithm::Radix2Dit);
  QVERIFY(std::abs(tab->result()->input[1].real() - std::sin(2 * std::numbers::pi * 7 / 8)) < 1e-9);
  // A larger N brings the chosen k back: N = 8 limited the box, not the choice.
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(16));
  QCOMPARE(k->value(), 15);
  waitForResult(*tab, 16, steps::Algorithm::Radix2Dit);
  QVERIFY(std::abs(tab->result()->input[1].real() - std::sin(2 * std::numbers::pi * 15 / 16)) < 1e-9);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 4); // Input::Random: a seed
  QVERIFY(k->maximum() > 1000);
}

void LearnTabTest::drawnSignalIsTheInput()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 5); // Input::Drawn
  // Before anything is drawn the drawing starts from one period of a sine.
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing() &&
                               std::abs(tab->result()->input[0].real()) < 1e-9 &&
                               tab->result()->input[4].real() > 0.99,
                           kTimeoutMs);
  auto* view = tab->findChild<SignalInputView*>(QStringLiteral("learnSignalInput"));
  QVERIFY(view->isVisible());
  QSignalSpy drawn(view, &SignalInputView::signalDrawn);
  // A drag along the top edge of the left half sets those samples to +1; the rest keep the sine.
  const int y = 19; // the plot's top edge is 18 pixels down
  QTest::mousePress(view, Qt::LeftButton, {}, QPoint(10, y));
  for (int x = 10; x <= view->width() / 2 - 10; x += 4)
    QTest::mouseMove(view, QPoint(x, y));
  QTest::mouseRelease(view, Qt::LeftButton, {}, QPoint(view->width() / 2 - 10, y));
  QCOMPARE(drawn.size(), 1);
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing() && tab->result()->input[0].real() > 0.9,
                           kTimeoutMs);
  const auto& input = tab->result()->input;
  for (std::size_t i = 0; i < 7; ++i)
    QVERIFY2(input[i].real() > 0.9 && input[i].imag() == 0.0, qPrintable(QString::number(input[i].real())));
  QVERIFY(std::abs(input[12].real() - std::sin(2 * std::numbers::pi * 12 / 16)) < 1e-9); // untouched: -1
  QVERIFY(tab->result()->stageMatches(std::size_t(tab->lastStage())));

  // A fast stroke along the bottom edge of the right half, the mouse reported every 40 pixels (more
  // than two samples): every sample it crosses is set, not only those under the reported points.
  const int bottom = view->height() - 7, from = view->width() / 2 + 10;
  QTest::mousePress(view, Qt::LeftButton, {}, QPoint(from, bottom));
  for (int x = from; x <= view->width() - 10; x += 40)
    QTest::mouseMove(view, QPoint(x, bottom));
  QTest::mouseRelease(view, Qt::LeftButton, {}, QPoint(view->width() - 10, bottom));
  QCOMPARE(drawn.size(), 2);
  for (std::size_t i = 9; i < 16; ++i)
    QVERIFY2(view->signal()[i].real() < -0.9,
             qPrintable(QStringLiteral("x[%1] = %2").arg(i).arg(view->signal()[i].real())));
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing() && tab->result()->input[10].real() < -0.9,
                           kTimeoutMs);
  QVERIFY(tab->result()->input[0].real() > 0.9); // the first stroke stays

  // The drawing is kept across a change of N, resampled.
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(32));
  waitForResult(*tab, 32, steps::Algorithm::Radix2Dit);
  QVERIFY(tab->result()->input[1].real() > 0.9);
  QVERIFY(tab->result()->input[24].real() < -0.9);

  // Drawing only works while "Draw…" is the input.
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 0); // Input::Impulse
  waitForResult(*tab, 32, steps::Algorithm::Radix2Dit);
  QTest::mousePress(view, Qt::LeftButton, {}, QPoint(view->width() - 20, y));
  QTest::mouseRelease(view, Qt::LeftButton, {}, QPoint(view->width() - 20, y));
  QCOMPARE(drawn.size(), 2);
}

// What is drawn stays where the pen left it: a stroke at half height across the whole plot is drawn at
// half height. Scaled to the signal's own peak, it jumped to the top edge when the button was let go.
void LearnTabTest::aDrawnStrokeStaysUnderThePen()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 5); // Input::Drawn
  auto* view = tab->findChild<SignalInputView*>(QStringLiteral("learnSignalInput"));
  QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing(), kTimeoutMs);
  const double middle = view->samplePoint(0).y(), top = 18; // the plot's top edge is 18 pixels down
  const int pen = int(std::lround(middle - (middle - top) / 2));
  QTest::mousePress(view, Qt::LeftButton, {}, QPoint(9, pen));
  for (int x = 9; x < view->width() - 9; x += 3)
    QTest::mouseMove(view, QPoint(x, pen));
  QTest::mouseRelease(view, Qt::LeftButton, {}, QPoint(view->width() - 9, pen));
  QVERIFY(std::abs(view->signal()[4].real() - 0.5) < 0.05);

  const QImage shot = view->grab().toImage();
  const int x = int(view->samplePoint(4).x());
  int tip = -1; // the stem's highest blue pixel: the top of its dot
  for (int y = 0; y < shot.height() && tip < 0; ++y) {
    const QColor c = shot.pixelColor(x, y);
    if (c.blue() > 150 && c.red() < 90 && c.green() < 140) tip = y;
  }
  QVERIFY2(std::abs(tip + 2 - pen) <= 3,
           qPrintable(QStringLiteral("pen at y %1, sample drawn at %2").arg(pen).arg(tip + 2)));
}

void LearnTabTest::lastStageIsBesideADirectDft()
{
  auto tab = readyTab(16, steps::Algorithm::Stockham);
  auto* comparison = tab->findChild<DftComparisonView*>(QStringLiteral("learnDftComparison"));
  tab->setStage(tab->lastStage() - 1);
  QVERIFY(!comparison->showsSpectra());
  QCOMPARE(comparison->relativeDifference(), 0.0);
  tab->setStage(tab->lastStage());
  QVERIFY(comparison->showsSpectra());
  QCOMPARE(comparison->fft().size(), std::size_t(16));
  // The default two tones, k = 1 and 3: the direct sum of the same input, and the FFT agrees with it.
  const auto direct = steps::directDft(tab->result()->input);
  for (std::size_t k = 0; k < 16; ++k)
    QVERIFY(std::abs(comparison->dft()[k] - direct[k]) < 1e-12);
  QVERIFY(std::abs(comparison->dft()[1]) > 7.9 && std::abs(comparison->dft()[3]) > 3.9);
  QVERIFY2(comparison->relativeDifference() < 1e-5,
           qPrintable(QString::number(comparison->relativeDifference())));
  QVERIFY(comparison->fft() == tab->result()->output);
  saveScreenshot(*tab, QStringLiteral("learn-last-stage.png"));
  tab->stepBack();
  QVERIFY(!comparison->showsSpectra());
}

void LearnTabTest::valuesShowAsPhasors()
{
  auto tab = readyTab(8, steps::Algorithm::Radix2Dit);
  tab->setStage(3);
  auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
  QCOMPARE(view->parameters().style, ValueStyle::Bars);
  QTemporaryDir dir;
  const auto exported = [&](const QString& name) {
    const QString svg = dir.filePath(name);
    if (!view->exportSvg(svg).isEmpty()) return QByteArray();
    QFile file(svg);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
  };
  const QByteArray bars = exported(QStringLiteral("bars.svg"));
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnValueStyle")), int(ValueStyle::Phasors));
  QCOMPARE(view->parameters().style, ValueStyle::Phasors);
  const QByteArray phasors = exported(QStringLiteral("phasors.svg"));
  // Besides the 48 butterfly lines, one dial and one hand per value shown: 4 columns of 8.
  QCOMPARE(phasors.count("<line"), 48 + 32);
  QCOMPARE(phasors.count("<circle"), bars.count("<circle") + 32);
  QVERIFY(phasors.count("<rect") < bars.count("<rect")); // no bars
  QVERIFY(phasors.contains("arrow: x as a phasor, length |x|, angle = phase"));
  // The choice is remembered.
  tab.reset();
  auto again = readyTab(8, steps::Algorithm::Radix2Dit);
  QCOMPARE(again->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"))->parameters().style,
           ValueStyle::Phasors);
}

void LearnTabTest::hoveringAValueShowsItsNumbers()
{
  auto tab = readyTab(8, steps::Algorithm::Radix2Dit);
  tab->setStage(3);
  auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
  QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
  ButterflyDiagramParameters p = view->parameters();
  p.size = view->size();
  const ButterflyDiagram diagram(p);
  // Output X[1] of two tones k = 1 and 3 at N = 8: 4 + 0 i, |x| = 4.
  const auto value = tab->result()->stages[3][1];
  QTest::mouseMove(view, diagram.node(3, 1).toPoint());
  QTRY_VERIFY(!view->hoverText().isEmpty());
  const QString text = view->hoverText();
  QVERIFY2(text.startsWith(QStringLiteral("stage 3, position 1\n")), qPrintable(text));
  // Rounded for people: X[1] of two tones is 4 (its float noise is not shown).
  QVERIFY2(text.contains(QStringLiteral("x = 4\n")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("|x| = 4,")), qPrintable(text));
  QVERIFY(std::abs(std::abs(value) - 4.0) < 1e-5);
  // A stage not reached yet shows no numbers.
  tab->setStage(1);
  QTest::mouseMove(view, diagram.node(3, 2).toPoint());
  QTRY_VERIFY(view->hoverText().isEmpty());
  QTest::mouseMove(view, diagram.node(1, 2).toPoint());
  QTRY_VERIFY(view->hoverText().startsWith(QStringLiteral("stage 1, position 2\n")));
}

// The side panel's plots answer the pointer as the diagram does: the sample, bin or twiddle under it, in
// the numbers the data holds, rounded for people.
void LearnTabTest::hoveringThePlotsShowsTheirNumbers()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
  tab->setStage(tab->lastStage());

  auto* input = tab->findChild<SignalInputView*>(QStringLiteral("learnSignalInput"));
  QVERIFY(input->isVisible());
  QTest::mouseMove(input, input->samplePoint(4).toPoint());
  QTRY_VERIFY(!input->hoverText().isEmpty());
  QCOMPARE(input->hoverText(), QStringLiteral("x[4] = ") + readableComplex(input->signal()[4]));

  auto* comparison = tab->findChild<DftComparisonView*>(QStringLiteral("learnDftComparison"));
  QVERIFY(comparison->showsSpectra());
  QTest::mouseMove(comparison, comparison->binPoint(3).toPoint());
  QTRY_VERIFY(!comparison->hoverText().isEmpty());
  QCOMPARE(comparison->hoverText(), QStringLiteral("|X[3]| = %1 (FFT), %2 (direct DFT)")
                                        .arg(readableReal(std::abs(comparison->fft()[3])),
                                             readableReal(std::abs(comparison->dft()[3]))));
  QVERIFY2(
      comparison->hoverText().startsWith(QStringLiteral("|X[3]| = 4 (FFT)")), // the tone of amplitude 0.5
      qPrintable(comparison->hoverText()));

  auto* circle = tab->findChild<TwiddleCircleView*>(QStringLiteral("learnTwiddleCircle"));
  const QList<QRectF> dots = circle->dotRects();
  QVERIFY(dots.size() >= 2);
  const int last = int(dots.size()) - 1;
  QTest::mouseMove(circle, dots[last].center().toPoint());
  QTRY_VERIFY(!circle->hoverText().isEmpty());
  const auto& twiddle = circle->twiddles()[std::size_t(last)];
  QCOMPARE(circle->hoverText(),
           QStringLiteral("%1 = %2, %3")
               .arg(ButterflyDiagram::twiddleSymbol(twiddle.m, twiddle.k), readableComplex(twiddle.value()),
                    readableDegrees(std::arg(twiddle.value()))));
  // Away from every dot, no numbers.
  QTest::mouseMove(circle, QPoint(2, circle->height() - 2));
  QTRY_VERIFY(circle->hoverText().isEmpty());
}

// A twiddle label sits where the butterflies' lines fan out; each is cleared to white first, so no line
// runs through its text: the edge of every label's box is white in the drawn picture.
void LearnTabTest::twiddleLabelsAreClearOfTheLines()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
  QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
  for (int stage = 2; stage <= tab->lastStage(); ++stage) {
    tab->setStage(stage);
    ButterflyDiagramParameters p = view->parameters();
    p.size = view->size();
    const auto labels = ButterflyDiagram(p).twiddleLabels();
    QVERIFY2(!labels.empty(),
             qPrintable(QStringLiteral("stage %1 at %2 px wide").arg(stage).arg(p.size.width())));
    const QImage shot = view->grab().toImage();
    for (const auto& label : labels) {
      const QRect edge = label.box.toAlignedRect().adjusted(1, 1, -1, -1); // inside the box, outside the text
      for (int x = edge.left(); x <= edge.right(); ++x)
        for (int y : {edge.top(), edge.bottom()})
          QVERIFY2(qGray(shot.pixel(x, y)) > 240,
                   qPrintable(QStringLiteral("stage %1: a line through %2 at (%3, %4)")
                                  .arg(stage)
                                  .arg(label.text)
                                  .arg(x)
                                  .arg(y)));
    }
  }
}

void LearnTabTest::twiddlesAreWrittenAsTwiddleFactors()
{
  QCOMPARE(ButterflyDiagram::twiddleSymbol(2, 0), QStringLiteral("W₂⁰"));
  QCOMPARE(ButterflyDiagram::twiddleSymbol(16, 13), QStringLiteral("W₁₆¹³"));
  QCOMPARE(ButterflyDiagram::twiddleSymbol(1024, 789), QStringLiteral("W₁₀₂₄⁷⁸⁹"));
  // The diagram's labels of stage 3 at N = 8 (twiddles exp(-2 pi i k / 8), k = 1..3) in the SVG export.
  auto tab = readyTab(8, steps::Algorithm::Radix2Dit);
  tab->setStage(3);
  QTemporaryDir dir;
  const QString svg = dir.filePath(QStringLiteral("d.svg"));
  QVERIFY(tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"))->exportSvg(svg).isEmpty());
  QFile file(svg);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(file.readAll());
  for (const char* label : {">W₈¹<", ">W₈²<", ">W₈³<"})
    QVERIFY2(text.contains(QString::fromUtf8(label)), label);
  QVERIFY(!text.contains(QStringLiteral("^")));
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnValueStyle")), int(ValueStyle::Phasors));
  saveScreenshot(*tab, QStringLiteral("learn-twiddles-phasors.png"));
}

// With the engine service's "auto": the stages run on an OpenCL device whenever there is one, and the tab
// says so, also when the engine itself settled on FFTW for want of a GPU.
void LearnTabTest::saysWhichDeviceComputesTheStages()
{
  EngineService service;
  service.start(QStringLiteral("auto"));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kTimeoutMs);
  auto tab = std::make_unique<LearnTab>();
  tab->setEngineService(&service);
  tab->show();
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing(), kTimeoutMs);
  const QString text = tab->findChild<QLabel*>(QStringLiteral("learnDevice"))->text();
  const auto devices = spectrascope::enumerateOpenClDevices().devices;
  if (devices.empty()) {
    QVERIFY2(text.contains(QStringLiteral("CPU reference")), qPrintable(text));
    return;
  }
  QVERIFY2(text.startsWith(QStringLiteral("Stages computed by OpenCL kernels on ")), qPrintable(text));
  QVERIFY2(std::any_of(devices.begin(), devices.end(),
                       [&](const auto& d) { return text.contains(QString::fromStdString(d.name)); }),
           qPrintable(text));
  if (service.backendName() == QStringLiteral("fftw"))
    QVERIFY2(text.contains(QStringLiteral("The other tabs use FFTW, which has no stages to show")),
             qPrintable(text));
  else
    QVERIFY2(!text.contains(QStringLiteral("FFTW")), qPrintable(text));
}

// No OpenCL driver at all (OCL_ICD_VENDORS names an empty directory): this test runs itself again in a
// child process with that environment, where the stages come from the CPU reference and the tab says so.
void LearnTabTest::withoutOpenClTheCpuReferenceComputesTheStages()
{
  const QByteArray childFlag = "SPECTRASCOPE_LEARN_TEST_CHILD";
  if (qEnvironmentVariableIsEmpty(childFlag.constData())) {
    QTemporaryDir noVendors;
    QVERIFY(noVendors.isValid());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("OCL_ICD_VENDORS"), noVendors.path());
    environment.insert(QString::fromLatin1(childFlag), QStringLiteral("1"));
    QProcess child;
    child.setProcessEnvironment(environment);
    child.setProcessChannelMode(QProcess::MergedChannels);
    child.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("withoutOpenClTheCpuReferenceComputesTheStages")});
    QVERIFY(child.waitForFinished(kTimeoutMs));
    const QByteArray output = child.readAll();
    QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, output.constData());
    QVERIFY2(output.contains("PASS   : LearnTabTest::withoutOpenClTheCpuReferenceComputesTheStages"),
             output.constData());
    return;
  }
  QVERIFY(spectrascope::enumerateOpenClDevices().devices.empty());
  auto tab = readyTab(16, steps::Algorithm::Radix2Dif);
  QVERIFY(QString::fromStdString(tab->result()->computedOn).startsWith(QStringLiteral("CPU")));
  auto* device = tab->findChild<QLabel*>(QStringLiteral("learnDevice"));
  QVERIFY2(device->text().startsWith(QStringLiteral("No OpenCL device")), qPrintable(device->text()));
  QVERIFY2(device->text().contains(QStringLiteral("the stages come from the CPU reference")),
           qPrintable(device->text()));
  QVERIFY(!device->toolTip().isEmpty()); // why there is none, from the driver
  for (std::size_t s = 0; s < tab->result()->stages.size(); ++s)
    QVERIFY(tab->result()->stageMatches(s));
}

// With FFTW chosen in the Engine menu the stages used to come from the CPU reference, while with "auto"
// (which also settles on FFTW without a GPU) they came from PoCL. Now one rule: kernels on an OpenCL
// device whenever there is one, whatever the other tabs use, and the tab states the rule.
void LearnTabTest::stagesRunOnOneStatedDeviceWhateverTheEngine()
{
  const bool haveOpenCl = !spectrascope::enumerateOpenClDevices().devices.empty();
  EngineService service;
  service.start(QStringLiteral("fftw"));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kTimeoutMs);
  QCOMPARE(service.backendName(), QStringLiteral("fftw"));
  auto tab = std::make_unique<LearnTab>();
  tab->setEngineService(&service);
  tab->show();
  QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing(), kTimeoutMs);
  const auto computedOn = [&] { return QString::fromStdString(tab->result()->computedOn); };
  const QString first = computedOn();
  QVERIFY2(first.startsWith(haveOpenCl ? QStringLiteral("OpenCL: ") : QStringLiteral("CPU")),
           qPrintable(first));
  // Switching the Engine menu between FFTW and "auto" must not move the stages.
  for (const char* backend : {"auto", "fftw"}) {
    service.selectBackend(QString::fromLatin1(backend));
    QTRY_VERIFY_WITH_TIMEOUT(service.isReady() && service.requestedBackend() == QLatin1String(backend),
                             kTimeoutMs);
    choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(8)); // a fresh result
    QTRY_VERIFY_WITH_TIMEOUT(tab->result() && tab->result()->schedule.n == 8 && !tab->isComputing(),
                             kTimeoutMs);
    QCOMPARE(computedOn(), first);
    choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(16));
    QTRY_VERIFY_WITH_TIMEOUT(tab->result() && tab->result()->schedule.n == 16 && !tab->isComputing(),
                             kTimeoutMs);
  }
  const QString device = tab->findChild<QLabel*>(QStringLiteral("learnDevice"))->text();
  QVERIFY2(device.contains(QStringLiteral("stages always run as OpenCL kernels")), qPrintable(device));
}

namespace {

// Every text a person can read in `root`: labels, rich text panels, tool tips, combo box items.
QStringList readableTexts(QWidget* root)
{
  QStringList texts;
  for (QWidget* w : root->findChildren<QWidget*>()) {
    if (!w->toolTip().isEmpty()) texts << w->toolTip();
    if (auto* label = qobject_cast<QLabel*>(w)) texts << label->text();
    if (auto* edit = qobject_cast<QTextEdit*>(w)) texts << edit->toPlainText();
    if (auto* box = qobject_cast<QComboBox*>(w))
      for (int i = 0; i < box->count(); ++i)
        texts << box->itemText(i) << box->itemData(i, Qt::ToolTipRole).toString();
  }
  return texts;
}

// The widget that explains what a stage holds ("Stage 0 is ...").
QWidget* stageExplanation(QWidget* root)
{
  for (QWidget* w : root->findChildren<QWidget*>()) {
    if (!w->isVisible()) continue;
    if (auto* label = qobject_cast<QLabel*>(w); label && label->text().contains(QStringLiteral("Stage 0")))
      return w;
    if (auto* edit = qobject_cast<QTextEdit*>(w);
        edit && edit->toPlainText().contains(QStringLiteral("Stage 0")))
      return w;
  }
  return nullptr;
}

} // namespace

// At the size the main window opens with (1100 x 720, of which the Learn tab gets about 1100 x 560) the
// stage definition used to be cut off below. Now it wraps to its panel and nothing is hidden: what does
// not fit scrolls.
// Below the twiddle circle and register exchange's grid, the x[n] plot began under the side panel's
// bottom edge in the window's first size: a user drawing the input had to find the panel's scroll bar
// first. The plot is now in sight whole, with every algorithm, at the sizes the tab first has.
void LearnTabTest::drawnInputIsInSightAtTheDefaultSize()
{
  for (const QSize size : {QSize(1100, 560), QSize(1100, 400), QSize(950, 420)}) {
    auto tab = std::make_unique<LearnTab>();
    tab->resize(size);
    tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
    choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), 5); // Input::Drawn
    auto* input = tab->findChild<SignalInputView*>(QStringLiteral("learnSignalInput"));
    for (steps::Algorithm a : steps::allAlgorithms()) {
      choose(tab->findChild<QComboBox*>(QStringLiteral("learnAlgorithm")), int(a));
      QCoreApplication::processEvents();
      QWidget* viewport = input->parentWidget();
      while (viewport && viewport->objectName() != QLatin1String("qt_scrollarea_viewport"))
        viewport = viewport->parentWidget();
      QVERIFY(viewport);
      const QRect shown(input->mapTo(viewport, QPoint(0, 0)), input->size());
      QVERIFY2(viewport->rect().contains(shown),
               qPrintable(QStringLiteral("%1x%2, algorithm %3: x[n] at %4..%5 of a %6-pixel panel")
                              .arg(size.width())
                              .arg(size.height())
                              .arg(int(a))
                              .arg(shown.top())
                              .arg(shown.bottom())
                              .arg(viewport->height())));
    }
  }
}

void LearnTabTest::explanationFitsAndWrapsAtTheDefaultSize()
{
  // The window's first size (without and with the Timings dock open below), a 1366 x 768 screen, and
  // scale 2 on 1920 x 1080 (in logical pixels).
  for (const QSize size : {QSize(1100, 560), QSize(1100, 400), QSize(1366, 620), QSize(950, 420)}) {
    auto tab = std::make_unique<LearnTab>();
    tab->resize(size);
    tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
    for (steps::Algorithm a : steps::allAlgorithms()) {
      choose(tab->findChild<QComboBox*>(QStringLiteral("learnAlgorithm")), int(a));
      QCoreApplication::processEvents();
      // The page fits the room it has: no scrolling inside the tab.
      auto* pages = tab->findChild<QTabWidget*>(QStringLiteral("learnPages"));
      auto* scroll = qobject_cast<QScrollArea*>(pages->currentWidget());
      const QSize needed = (scroll ? scroll->widget() : pages->currentWidget())->minimumSizeHint();
      QVERIFY2(needed.width() <= size.width() && needed.height() <= size.height() - 30, // the page tabs
               qPrintable(QStringLiteral("%1x%2 needs %3x%4")
                              .arg(size.width())
                              .arg(size.height())
                              .arg(needed.width())
                              .arg(needed.height())));
      QWidget* explanation = stageExplanation(tab.get());
      QVERIFY2(explanation, "no visible stage definition");
      if (auto* label = qobject_cast<QLabel*>(explanation)) {
        QVERIFY2(label->wordWrap(), "the definition does not wrap");
        const int needed = label->heightForWidth(label->width());
        QVERIFY2(label->height() >= needed,
                 qPrintable(QStringLiteral("%1x%2, %3: %4 px shown of %5")
                                .arg(size.width())
                                .arg(size.height())
                                .arg(QString::fromUtf8(steps::algorithmName(a).data()))
                                .arg(label->height())
                                .arg(needed)));
      } else {
        auto* edit = qobject_cast<QTextEdit*>(explanation);
        QCOMPARE(edit->horizontalScrollBar()->maximum(), 0); // wraps: no sideways scrolling
        QVERIFY2(edit->verticalScrollBar()->maximum() == 0 || edit->verticalScrollBar()->isVisible(),
                 "text below the panel's edge with no way to reach it");
        QVERIFY2(edit->viewport()->width() >= 150, "the explanation is squeezed to a sliver");
      }
      // Wholly inside the tab: not cut off at the window's edge.
      const QRect placed(explanation->mapTo(tab.get(), QPoint(0, 0)), explanation->size());
      QVERIFY2(tab->rect().contains(placed),
               qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height())));
    }
    saveScreenshot(*tab, QStringLiteral("learn-%1x%2.png").arg(size.width()).arg(size.height()));
  }
}

// Maths reads as maths (W₈³, e with a superscript exponent, π and a real minus sign), never as program
// text (exp(-2 pi i k / 2^s)); and a GUI names no command-line flags (--threads).
void LearnTabTest::mathsIsTypesetAndNoCommandLineFlagsAppear()
{
  auto tab = readyTab(16, steps::Algorithm::Radix2Dit);
  const QRegularExpression flag(QStringLiteral("(^|[\\s(])--[a-z]"));
  for (steps::Algorithm a : steps::allAlgorithms()) {
    choose(tab->findChild<QComboBox*>(QStringLiteral("learnAlgorithm")), int(a));
    QCoreApplication::processEvents();
    for (const QString& text : readableTexts(tab.get())) {
      QVERIFY2(!text.contains(flag), qPrintable(text));
      QVERIFY2(!text.contains(QStringLiteral("exp(")), qPrintable(text));
      QVERIFY2(!text.contains(QStringLiteral(" pi ")), qPrintable(text));
      QVERIFY2(!text.contains(QLatin1Char('^')), qPrintable(text));
    }
    QWidget* explanation = stageExplanation(tab.get());
    QVERIFY(explanation);
    const QString shown = qobject_cast<QTextEdit*>(explanation)
                              ? qobject_cast<QTextEdit*>(explanation)->toHtml()
                              : qobject_cast<QLabel*>(explanation)->text();
    QVERIFY2(shown.contains(QStringLiteral("π")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("−")), qPrintable(shown)); // U+2212, not a hyphen
  }
}

// Tool tips used to show float noise ("8 - 2.94384e-08 i", six digits everywhere); now about three
// significant digits and no exponents for values of ordinary size.
void LearnTabTest::hoverNumbersAreRoundedForPeople()
{
  auto tab = readyTab(8, steps::Algorithm::Radix2Dit);
  auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
  QVERIFY(QTest::qWaitForWindowExposed(tab.get()));
  const QRegularExpression number(QStringLiteral("\\d+(\\.\\d+)?"));
  // The input box's values: 1 step, 3 two tones, 4 random.
  for (int input : {4, 3, 1}) {
    choose(tab->findChild<QComboBox*>(QStringLiteral("learnInput")), input);
    QTRY_VERIFY_WITH_TIMEOUT(tab->result() && !tab->isComputing() && tab->result()->input.size() == 8,
                             kTimeoutMs);
    QTest::qWait(50);
    tab->setStage(3);
    ButterflyDiagramParameters p = view->parameters();
    p.size = view->size();
    const ButterflyDiagram diagram(p);
    for (int stage = 0; stage <= 3; ++stage)
      for (int position = 0; position < 8; ++position) {
        QTest::mouseMove(view, diagram.node(stage, position).toPoint());
        QTRY_VERIFY(
            view->hoverText().startsWith(QStringLiteral("stage %1, position %2\n").arg(stage).arg(position)));
        const QString values = view->hoverText().section(QLatin1Char('\n'), 1, 2);
        QVERIFY2(!values.contains(QStringLiteral("e-")) && !values.contains(QStringLiteral("e+")),
                 qPrintable(values));
        auto it = number.globalMatch(values);
        while (it.hasNext()) {
          QString digits = it.next().captured(0);
          if (!digits.contains(QLatin1Char('.'))) continue; // whole numbers, degrees
          digits.remove(QLatin1Char('.'));
          while (digits.startsWith(QLatin1Char('0')))
            digits.remove(0, 1);
          QVERIFY2(digits.size() <= 3, qPrintable(values));
        }
      }
  }
}

// The colours of the bars and phasors (phase) and of the heat map (decibels) have a key under the
// diagram, in the widget and in exports.
void LearnTabTest::diagramLegendsExplainTheColours()
{
  auto tab = readyTab(8, steps::Algorithm::Radix2Dit);
  tab->setStage(3);
  auto* view = tab->findChild<ButterflyDiagramView*>(QStringLiteral("learnDiagram"));
  QTemporaryDir dir;
  const QString svg = dir.filePath(QStringLiteral("d.svg"));
  QVERIFY(view->exportSvg(svg).isEmpty());
  QFile file(svg);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(file.readAll());
  for (const char* label : {"phase", ">−180°<", ">0°<", ">+90°<"})
    QVERIFY2(text.contains(QString::fromUtf8(label)), label);
  // The key's swatches are the phase colours themselves: 36 steps of 10° from −180°, each drawn in the
  // colour of its middle angle (here −85°, 5° and 95°).
  for (int step : {9, 18, 27}) {
    const QColor swatch =
        ButterflyDiagram::phaseColour(-std::numbers::pi + (step + 0.5) * std::numbers::pi / 18);
    QVERIFY2(text.contains(QStringLiteral("fill=\"%1\"").arg(swatch.name())), qPrintable(swatch.name()));
  }
  // Above N = 64 the heat map's decibels have their key.
  choose(tab->findChild<QComboBox*>(QStringLiteral("learnSize")), qulonglong(128));
  waitForResult(*tab, 128, steps::Algorithm::Radix2Dit);
  QVERIFY(view->exportSvg(svg).isEmpty());
  QFile heat(svg);
  QVERIFY(heat.open(QIODevice::ReadOnly));
  const QString heatText = QString::fromUtf8(heat.readAll());
  QVERIFY(heatText.contains(QStringLiteral(">−60 dB<")));
  QVERIFY(heatText.contains(QStringLiteral(">0 dB<")));
}

#include "LearnTabTest.moc"
