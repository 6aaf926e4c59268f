// The Audio tab's spectrum readout (peak frequency and level, on its backdrop) hides none of the trace
// when there is a corner of the plot where it need not: a loud low end (speech, music, a low tone) ran
// under the box at the top left, and a loud spectrum all along the top under either top corner. Where
// every corner is free it stays at the top left.

#include "spectrascope/ui/audio/SpectrumRenderer.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace spectrascope::ui;

namespace {
constexpr int kFftSize = 4096;
constexpr double kRate = 48000;

// The bins whose trace points lie inside the readout's box, as drawn.
int binsUnderTheReadout(const SpectrumView& view, const std::vector<float>& db)
{
  SpectrumParameters p = view.parameters();
  p.size = view.size();
  const QRectF box = view.readoutRect();
  int hidden = 0;
  for (std::size_t k = 1; k < db.size(); ++k) {
    const QPointF point(SpectrumRenderer::xOf(p, double(k) * kRate / kFftSize),
                        SpectrumRenderer::yOf(p, db[k]));
    hidden += box.contains(point);
  }
  return hidden;
}
} // namespace

class SpectrumReadoutPlacementTest : public QObject
{
  Q_OBJECT

private slots:
  void theReadoutLeavesTheTraceVisible_data();
  void theReadoutLeavesTheTraceVisible();
  void aQuietSpectrumKeepsTheReadoutAtTheTopLeft();
  void theReadoutHidesNoPeakOfTones();
  void aLiveSpectrumDoesNotShakeTheReadout();
};

void SpectrumReadoutPlacementTest::theReadoutLeavesTheTraceVisible_data()
{
  QTest::addColumn<double>("fromHz");
  QTest::addColumn<double>("toHz");
  QTest::newRow("a loud low end") << 20.0 << 400.0;
  QTest::newRow("a loud top end") << 6000.0 << 24000.0;
  QTest::newRow("loud all along the top") << 0.0 << 24000.0;
}

void SpectrumReadoutPlacementTest::theReadoutLeavesTheTraceVisible()
{
  QFETCH(double, fromHz);
  QFETCH(double, toHz);
  SpectrumView view;
  view.resize(640, 240);
  std::vector<float> db(kFftSize / 2 + 1, -100.0f);
  for (std::size_t k = 0; k < db.size(); ++k) {
    const double hz = double(k) * kRate / kFftSize;
    if (hz >= fromHz && hz <= toHz) db[k] = -3.0f; // near the top, at the readout's height
  }
  view.addFrame(db, kRate, kFftSize, 0.1);
  QVERIFY(!view.readoutRect().isEmpty());
  QCOMPARE(binsUnderTheReadout(view, db), 0);
  // Still inside the plot.
  SpectrumParameters p = view.parameters();
  p.size = view.size();
  QVERIFY(SpectrumRenderer::plotRect(p).contains(view.readoutRect()));
}

void SpectrumReadoutPlacementTest::aQuietSpectrumKeepsTheReadoutAtTheTopLeft()
{
  SpectrumView view;
  view.resize(640, 240);
  view.addFrame(std::vector<float>(kFftSize / 2 + 1, -60.0f), kRate, kFftSize, 0.1);
  SpectrumParameters p = view.parameters();
  p.size = view.size();
  const QRectF plot = SpectrumRenderer::plotRect(p);
  QCOMPARE(view.readoutRect().topLeft(), plot.topLeft() + QPointF(4, 2));
}

// Three tones over a quiet floor in a short pane, as a file of tones showed it: every corner hides some of
// the trace (the tones' flanks cross the whole plot), and the readout at the top left hid the tips of the
// two low tones. It goes where it hides only the floor and flanks: no bin louder than the floor under it.
void SpectrumReadoutPlacementTest::theReadoutHidesNoPeakOfTones()
{
  SpectrumView view;
  view.resize(394, 135);
  std::vector<float> db(kFftSize / 2 + 1, -110.0f);
  for (const double tone : {440.0, 1000.0, 5000.0}) {
    const double bin = tone * kFftSize / kRate;
    for (std::size_t k = 1; k < db.size(); ++k) // a window's main lobe and skirt, -15 dB at the tip
      db[k] = std::max(db[k], float(-15.0 - 40.0 * std::abs(double(k) - bin)));
  }
  view.addFrame(db, kRate, kFftSize, 0.1);
  SpectrumParameters p = view.parameters();
  p.size = view.size();
  const QRectF box = view.readoutRect();
  QVERIFY(!box.isEmpty());
  float loudestHidden = -200.0f;
  for (std::size_t k = 1; k < db.size(); ++k) {
    const QPointF point(SpectrumRenderer::xOf(p, double(k) * kRate / kFftSize),
                        SpectrumRenderer::yOf(p, db[k]));
    if (box.contains(point)) loudestHidden = std::max(loudestHidden, db[k]);
  }
  QVERIFY2(loudestHidden < -60.0f,
           qPrintable(QStringLiteral("the readout's box (%1 x %2 at %3, %4) hides a bin "
                                     "at %5 dB")
                          .arg(box.width())
                          .arg(box.height())
                          .arg(box.x())
                          .arg(box.y())
                          .arg(loudestHidden)));
  // On screen: each tone's tip is drawn in the trace's blue-grey (about 125, 163, 178; the backdrop and
  // the text are grey), not under the readout's backdrop.
  const QImage shown = view.grab().toImage();
  for (const double tone : {440.0, 1000.0, 5000.0}) {
    const std::size_t tip = std::size_t(std::lround(tone * kFftSize / kRate));
    const QPoint at =
        QPointF(SpectrumRenderer::xOf(p, double(tip) * kRate / kFftSize), SpectrumRenderer::yOf(p, db[tip]))
            .toPoint();
    const QRgb pixel = shown.pixel(at);
    QVERIFY2(qBlue(pixel) - qRed(pixel) > 30,
             qPrintable(QStringLiteral("the %1 Hz tone's tip at (%2, %3) is not drawn")
                            .arg(tone)
                            .arg(at.x())
                            .arg(at.y())));
  }
}

// Live input: frame after frame of the same noisy sound (a floor that rises toward the low end, every bin
// a few dB up or down from one frame to the next). No corner is clearly freer than another, and a readout
// that moved on every small difference jumped about the plot; it moves only for a clear reason.
void SpectrumReadoutPlacementTest::aLiveSpectrumDoesNotShakeTheReadout()
{
  SpectrumView view;
  view.resize(394, 135);
  std::mt19937 random(7);
  std::normal_distribution<float> jitter(0.0f, 4.0f);
  SpectrumParameters p = view.parameters();
  p.size = view.size();
  const QRectF plot = SpectrumRenderer::plotRect(p);
  // Which corner: the box's width follows its text, so its left edge alone moves at the right.
  const auto cornerOf = [&](const QRectF& box) {
    return QPoint(box.left() - plot.left() < 8 ? 0 : 1, box.top() - plot.top() < 4 ? 0 : 1);
  };
  QPoint last;
  QStringList corners;
  int moves = 0;
  for (int frame = 0; frame < 60; ++frame) {
    std::vector<float> db(kFftSize / 2 + 1);
    for (std::size_t k = 0; k < db.size(); ++k)
      db[k] = float(-20.0 - 20.0 * std::log10(1.0 + double(k) / 8.0)) + jitter(random);
    view.addFrame(db, kRate, kFftSize, 0.02 * frame);
    const QPoint corner = cornerOf(view.readoutRect());
    if (frame > 0 && corner != last) ++moves;
    last = corner;
    corners << QStringLiteral("%1%2").arg(corner.y() ? 'b' : 't').arg(corner.x() ? 'r' : 'l');
  }
  QVERIFY2(moves <= 1, qPrintable(QStringLiteral("the readout changed corners %1 times in 60 frames: %2")
                                      .arg(moves)
                                      .arg(corners.join(QLatin1Char(' ')))));
}

QTEST_MAIN(SpectrumReadoutPlacementTest)
#include "SpectrumReadoutPlacementTest.moc"
