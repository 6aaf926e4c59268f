// The Audio tab's spectrum pane with QtTest on the offscreen platform: averaging reaches it and is
// remembered (an old choice carried over); its frequency axes map both ways and the octave axis labels
// every C; its level axis has room to read and labels that never overlap; its readout stays readable over
// a loud spectrum.

#include "spectrascope/engine/audio/SpectrumAverager.h"
#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"

#include "AudioTabTestSupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QSettings>
#include <QTest>

#include <vector>

using namespace spectrascope;
using namespace spectrascope::ui;
using namespace spectrascope::test::audio_tab;

class AudioSpectrumPaneTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void frequencyAxesMapBothWays();
  void averagingReachesTheSpectrumAndIsRemembered();
  void oldAveragingChoiceIsCarriedOver();
  void octaveAxisLabelsEveryCWithItsFrequency();
  void spectrumHasADbAxisAndRoomToRead();
  void levelLabelsNeverOverlap();
  void readoutStaysReadableOverALoudSpectrum();
};

void AudioSpectrumPaneTest::initTestCase()
{
  // The tab remembers its choices; tests keep theirs apart from a user's and from each other's.
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiospectrum_pane_test"));
}

void AudioSpectrumPaneTest::init()
{
  QSettings().clear();
}

void AudioSpectrumPaneTest::frequencyAxesMapBothWays()
{
  for (FrequencyScale scale :
       {FrequencyScale::Linear, FrequencyScale::Log, FrequencyScale::Mel, FrequencyScale::Octave}) {
    const FrequencyAxis axis{scale, 24000, 20};
    for (double f : {50.0, 440.0, 1000.0, 12000.0})
      QVERIFY(std::abs(axis.frequencyAt(axis.unitOf(f)) - f) < 1e-6 * f);
    QVERIFY(std::abs(axis.unitOf(24000) - 1) < 1e-12);
    QVERIFY(!axis.ticks().empty());
  }
  // Mel: 1000 Hz is about 1000 mel and 24 kHz about 4016 mel.
  const FrequencyAxis mel{FrequencyScale::Mel, 24000, 20};
  QVERIFY(std::abs(mel.unitOf(1000) - 1000.0 / 4016.0) < 0.002);
}

void AudioSpectrumPaneTest::averagingReachesTheSpectrumAndIsRemembered()
{
  {
    AudioTab tab;
    tab.resize(1000, 700);
    tab.show();
    auto* mode = tab.findChild<QComboBox*>(QStringLiteral("averaging"));
    auto* seconds = tab.findChild<QDoubleSpinBox*>(QStringLiteral("averageSeconds"));
    auto* decay = tab.findChild<QDoubleSpinBox*>(QStringLiteral("peakDecay"));
    auto* hold = tab.findChild<QCheckBox*>(QStringLiteral("peakHold"));
    QVERIFY(mode && seconds && decay && hold);
    mode->setCurrentIndex(mode->findData(int(audio::AveragingMode::Linear)));
    seconds->setValue(0.5);
    decay->setValue(20);
    QCOMPARE(tab.averaging(), (audio::AveragingSettings{audio::AveragingMode::Linear, 0.5, true, 20}));
    const SpectrumView* view = tab.spectrumView();
    QTRY_VERIFY_WITH_TIMEOUT(view->averager().secondsAveraged() >= 0.5, kTimeoutMs);
    QVERIFY(view->averager().framesAveraged() >= 2);
    QVERIFY2(view->averager().secondsAveraged() < 0.8,
             qPrintable(QString::number(view->averager().secondsAveraged())));
    QVERIFY2(view->readoutText().contains(QStringLiteral("linear average of")),
             qPrintable(view->readoutText()));
    QCOMPARE(view->peaks().size(), view->displayed().size());
    for (std::size_t k = 0; k < view->peaks().size(); ++k)
      QVERIFY(view->peaks()[k] >= view->displayed()[k] - 1e-4f);
    hold->setChecked(false);
    QVERIFY(view->peaks().empty());
  }
  AudioTab again;
  QCOMPARE(again.averaging(), (audio::AveragingSettings{audio::AveragingMode::Linear, 0.5, false, 20}));
}

void AudioSpectrumPaneTest::oldAveragingChoiceIsCarriedOver()
{
  // Before averaging and peak hold were separate: 0 none, 1 peak hold, 2 exponential.
  QSettings().setValue(QStringLiteral("audio/averaging"), 2);
  {
    AudioTab tab;
    QCOMPARE(tab.averaging().mode, audio::AveragingMode::Exponential);
    QVERIFY(!tab.averaging().peakHold);
  }
  QVERIFY(!QSettings().contains(QStringLiteral("audio/averaging")));
  QSettings().clear();
  QSettings().setValue(QStringLiteral("audio/averaging"), 1);
  AudioTab tab;
  QCOMPARE(tab.averaging().mode, audio::AveragingMode::None);
  QVERIFY(tab.averaging().peakHold);
}

void AudioSpectrumPaneTest::octaveAxisLabelsEveryCWithItsFrequency()
{
  const FrequencyAxis axis{FrequencyScale::Octave, 24000, 20};
  const std::vector<double> ticks = axis.ticks();
  QCOMPARE(ticks.size(), std::size_t(9));
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    const auto note = spectrascope::audio::noteFor(ticks[i]);
    QCOMPARE(QString::fromLatin1(note.name), QStringLiteral("C%1").arg(i + 1));
    QVERIFY(std::abs(note.cents) < 1e-6);
  }
  QVERIFY(std::abs(ticks[3] - 261.6256) < 1e-3); // C4, with A4 = 440 Hz
  QCOMPARE(axis.label(ticks[3]), QStringLiteral("C4 262"));
  QCOMPARE(axis.label(ticks[5], QLatin1Char('\n')), QStringLiteral("C6\n1.05k"));
  QCOMPARE(axis.label(ticks[8]), QStringLiteral("C9 8.37k"));
  QCOMPARE(FrequencyAxis(FrequencyScale::Octave, 4000, 20).ticks().size(), std::size_t(7)); // C8 > 4 kHz
  QCOMPARE(FrequencyAxis(FrequencyScale::Log, 24000, 20).label(1000), QStringLiteral("1k"));
  QVERIFY(!FrequencyAxis::scaleName(FrequencyScale::Octave).contains(QStringLiteral("band")));
}

void AudioSpectrumPaneTest::spectrumHasADbAxisAndRoomToRead()
{
  SpectrumView view;
  QVERIFY(view.minimumHeight() >= SpectrumView::kMinimumHeight);
  SpectrumParameters p;
  p.size = QSize(400, 200);
  const QImage image = SpectrumRenderer::render(p, {}, {}, 1.0);
  // The unit sits above the level labels, where nothing else is drawn.
  const QRgb background = image.pixel(image.width() - 2, 1);
  bool unit = false;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 38; ++x)
      unit = unit || image.pixel(x, y) != background;
  QVERIFY(unit);
}

// The level axis on panes from the live spectrum's smallest to a tall one: labels a text height apart or
// more, grid lines 6 pixels apart or more, and on a pane of ordinary height every 20 dB labelled. The
// picture of a short pane: its label rows in the left margin are no taller than two labels apart.
void AudioSpectrumPaneTest::levelLabelsNeverOverlap()
{
  SpectrumParameters p;
  for (const double textHeight : {12.0, 16.0})
    for (int height = 40; height <= 400; height += 5) {
      p.size = QSize(400, height);
      const auto ticks = SpectrumRenderer::levelTicks(p, textHeight);
      const double perDb = SpectrumRenderer::plotRect(p).height() / (p.maxDb - p.minDb);
      QVERIFY(std::fmod(ticks.labelDb, ticks.gridDb) == 0);
      QVERIFY2(ticks.labelDb * perDb >= textHeight, qPrintable(QStringLiteral("height %1").arg(height)));
      QVERIFY(ticks.gridDb * perDb >= 6);
    }
  p.size = QSize(400, 300);
  QCOMPARE(SpectrumRenderer::levelTicks(p, 12).labelDb, 20.0);

  // Seven labels over 42 pixels drew one smudge; two labels now, with clear rows between them.
  p.size = QSize(400, SpectrumView::kMinimumHeight);
  const QImage image = SpectrumRenderer::render(p, {}, {}, 1.0);
  const QRectF plot = SpectrumRenderer::plotRect(p);
  QList<int> inked;
  for (int y = int(plot.top()) - 2; y < int(plot.bottom()) + 2; ++y) {
    bool ink = false;
    for (int x = 0; x < int(plot.left()) - 6; ++x)
      ink = ink || qGray(image.pixel(x, y)) > 90;
    if (ink) inked.append(y);
  }
  QVERIFY(!inked.isEmpty());
  int clear = 0;
  for (qsizetype i = 1; i < inked.size(); ++i)
    clear = std::max(clear, inked[i] - inked[i - 1] - 1);
  QVERIFY2(
      clear >= 4,
      qPrintable(QStringLiteral("label rows %1 to %2 with no gap").arg(inked.first()).arg(inked.last())));
}

// A spectrum as loud as the readout's line ran its curve through the readout's text. The readout now
// sits on a backdrop: no pixel of the trace's colour inside it, while the same rows beside it have them.
// Every other bin reaches the readout's line and the rest lie at the floor, so that the trace runs through
// every corner the readout may take (it takes the one where it hides least: at the bottom, where no loud
// bin is under it, only the lines between them).
void AudioSpectrumPaneTest::readoutStaysReadableOverALoudSpectrum()
{
  SpectrumView view;
  view.resize(640, 240);
  const int fftSize = 1024;
  std::vector<float> db(fftSize / 2 + 1, -60.0f);
  view.addFrame(db, 48000, fftSize, 0.02);
  const QRectF first = view.readoutRect();
  QVERIFY(!first.isEmpty());
  SpectrumParameters p = view.parameters();
  p.size = view.size();
  const QRectF plot = SpectrumRenderer::plotRect(p);
  const double level = p.maxDb - (first.center().y() - plot.top()) / plot.height() * (p.maxDb - p.minDb);
  for (std::size_t k = 0; k < db.size(); ++k)
    db[k] = float(k % 2 ? level : p.minDb);
  view.restartAverages();
  view.addFrame(db, 48000, fftSize, 0.02);
  const QRectF box = view.readoutRect(); // its width follows the text
  QCOMPARE(box.height(), first.height());
  const QImage image = view.grab().toImage();
  // The trace is blue-grey where drawn (about 125, 163, 178); text and backdrop are grey.
  const auto traceLike = [](QRgb c) { return qBlue(c) - qRed(c) > 30; };
  int inside = 0, beside = 0;
  for (int y = int(box.top()); y < int(box.bottom()); ++y) {
    for (int x = int(box.left()) + 1; x < int(box.right()) - 1; ++x)
      inside += traceLike(image.pixel(x, y));
    for (int x = int(plot.left()) + 4; x < int(plot.right()) - 4; ++x)
      beside += (x < box.left() - 4 || x > box.right() + 4) && traceLike(image.pixel(x, y));
  }
  QVERIFY2(beside > 100,
           qPrintable(QStringLiteral("the trace is not on the readout's rows: %1").arg(beside)));
  QVERIFY2(inside == 0, qPrintable(QStringLiteral("%1 pixels of the trace inside the readout").arg(inside)));
}

QTEST_MAIN(AudioSpectrumPaneTest)
#include "AudioSpectrumPaneTest.moc"
