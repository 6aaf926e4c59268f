// The Learn tab with QtTest on the offscreen platform: stages arrive from the worker, step forward and
// back, N and algorithm changes recompute, the check mark shows, register exchange shows its registers,
// the diagram exports as PNG and SVG, and the renderer's hit test finds nodes.

#include "spectrascope/ui/LearnTab.h"
#include "spectrascope/ui/learn/ButterflyDiagram.h"
#include "spectrascope/ui/learn/ButterflyDiagramView.h"
#include "spectrascope/ui/learn/RegisterExchangeView.h"
#include "spectrascope/ui/learn/SvgCanvas.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace spectrascope::ui;
namespace steps = spectrascope::learn;

namespace {
// Kernel builds on PoCL take a few seconds the first time on a loaded machine.
constexpr int kTimeoutMs = 60000;

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
  void registerExchangeShowsRegisters();
  void largeNIsAHeatMap();
  void diagramExportsPngAndSvg();
  void hitTestFindsNodes();

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
  QVERIFY(tab->findChild<QLabel*>(QStringLiteral("learnDevice"))
              ->text()
              .contains(QStringLiteral("Stages computed on")));
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
#include "LearnTabTest.moc"
