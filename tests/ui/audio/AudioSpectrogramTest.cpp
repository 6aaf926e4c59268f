// The Audio tab's spectrogram with QtTest on the offscreen platform: the renderer puts a tone in its row;
// the cursor reads time, frequency, level and note; the gain shifts the colours and is remembered; results
// from the analysis worker arrive when the GUI has room, none lost in a stall; lost frames and pauses between
// streams leave gaps; a source that goes quiet leaves no stale readings; with a file, the live spectrogram
// is shown on request.

#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/audio/AudioAnalysisWorker.h"
#include "spectrascope/ui/audio/AudioLiveViews.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"
#include "spectrascope/ui/audio/SpectrogramView.h"

#include "AudioTabTestSupport.h"

#include <QCheckBox>
#include <QImage>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

#include <vector>

using namespace spectrascope;
using namespace spectrascope::ui;
using namespace spectrascope::test::audio_tab;

namespace {
// A result of `frames` frames at -20 dB (FFT 1024, hop kLevelsHop, 48 kHz) starting at `firstSample`.
constexpr int kLevelsHop = 512;
SpectrumColumns levelsResult(std::int64_t firstSample, int frames, std::int64_t arrivalNs = 0)
{
  SpectrumColumns c;
  c.fftSize = 1024;
  c.bins = c.fftSize / 2 + 1;
  c.frames = frames;
  c.hop = kLevelsHop;
  c.sampleRate = 48000;
  c.firstSample = firstSample;
  c.rows = int(SpectrogramRenderer::storedRowsFor(std::size_t(c.bins)).rowBins.size());
  c.levels.assign(std::size_t(frames * c.rows), -20.0f);
  c.arrivalNs = arrivalNs;
  return c;
}

// An analysis worker on 1024-sample frames whose receiver has taken none of the kMaxResultsInFlight
// results it sent: the GUI busy.
struct BusyWorker
{
  int registered = qRegisterMetaType<SpectrumColumns>(); // before the spy reads the signal's arguments
  std::shared_ptr<audio::SampleRingBuffer> ring = std::make_shared<audio::SampleRingBuffer>(1 << 16);
  AudioAnalysisWorker worker{ring};
  QSignalSpy ready{&worker, &AudioAnalysisWorker::columnsReady};
  std::vector<float> frame = std::vector<float>(1024, 0.25f);

  bool fillInFlight()
  {
    ring->reset(48000);
    AnalysisSettings settings;
    settings.fftSize = 1024;
    settings.hop = 1024;
    worker.configure(settings);
    worker.start();
    for (int i = 0; i < AudioAnalysisWorker::kMaxResultsInFlight; ++i) {
      ring->write(frame.data(), frame.size());
      if (!ready.wait(10000)) return false;
    }
    return true;
  }
};
} // namespace

class AudioSpectrogramTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void aResultTheGuiHadNoRoomForArrivesWhenThereIsRoom();
  void spectrogramRendererPutsAToneInTheRightRow();
  void spectrogramCursorReadsTimeFrequencyLevelAndNote();
  void spectrogramGainShiftsTheColoursAndIsRemembered();
  void aStalledGuiLosesNoColumn();
  void lostFramesLeaveAGapInTheSpectrogram();
  void aPauseBetweenStreamsIsAGap();
  void aSourceThatGoesQuietLeavesNoStaleReadings();
  void liveSpectrogramCanBeShownWithAFile();
};

void AudioSpectrogramTest::initTestCase()
{
  // The tab remembers its choices; tests keep theirs apart from a user's and from each other's.
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiospectrogram_test"));
}

void AudioSpectrogramTest::init()
{
  QSettings().clear();
}

// The GUI busy with four results: the fifth waits in the worker and arrives once one is consumed, even
// when no sample follows it (a paused file's one preview was lost this way on a loaded machine).
void AudioSpectrogramTest::aResultTheGuiHadNoRoomForArrivesWhenThereIsRoom()
{
  BusyWorker busy;
  QVERIFY(busy.fillInFlight());
  auto& ring = busy.ring;
  const auto& frame = busy.frame;
  auto& worker = busy.worker;
  auto& ready = busy.ready;
  ring->write(frame.data(), frame.size());
  QTest::qWait(300);
  QCOMPARE(ready.count(), AudioAnalysisWorker::kMaxResultsInFlight); // no room: it waits
  worker.resultConsumed();
  QVERIFY2(ready.wait(10000), "the result that waited never came");
  QCOMPARE(ready.count(), AudioAnalysisWorker::kMaxResultsInFlight + 1);
  QCOMPARE(ready.last().at(0).value<SpectrumColumns>().firstSample, std::int64_t(4 * 1024));
  QCOMPARE(worker.droppedResults(), std::uint64_t(0));
}

void AudioSpectrogramTest::spectrogramRendererPutsAToneInTheRightRow()
{
  SpectrogramRenderer renderer;
  SpectrogramParameters p;
  p.rows = 100;
  p.columns = 10;
  p.fftSize = 1000;
  p.sampleRate = 1000; // 1 Hz per bin, 500 Hz at the top: 5 Hz per row
  p.scale = FrequencyScale::Linear;
  renderer.setParameters(p);
  std::vector<float> db(501, -120.0f);
  db[250] = 0; // 250 Hz: row 49 from the bottom, 50 from the top
  renderer.appendColumn(db);
  const QImage image = renderer.image();
  QCOMPARE(image.size(), QSize(10, 100));
  QCOMPARE(image.pixel(9, 49), 0xfffde725u); // the newest column is at the right, 0 dB is yellow
  QCOMPARE(image.pixel(9, 10), 0xff440154u);
  QCOMPARE(image.pixel(0, 49), 0xff440154u);
  QCOMPARE(renderer.columnsAppended(), 1u);
}

void AudioSpectrogramTest::spectrogramCursorReadsTimeFrequencyLevelAndNote()
{
  SpectrogramView view;
  view.resize(600, 400);
  SpectrogramParameters p;
  p.rows = 100;
  p.columns = 10;
  p.fftSize = 1000;
  p.sampleRate = 1000; // 5 Hz per row, 0.5 s per column (hop 500)
  p.hop = 500;
  p.minDb = -100;
  p.scale = FrequencyScale::Linear;
  view.renderer().setParameters(p);
  std::vector<float> db(501, -100.0f);
  db[440] = -30; // A4, row 11 from the top
  view.renderer().appendColumn(db);
  const auto level = view.renderer().decibelsAt(9, 11);
  QVERIFY(level.has_value());
  QVERIFY2(std::abs(*level + 30) <= 100.0 / 255 + 1e-9, qPrintable(QString::number(*level)));
  QVERIFY(!view.renderer().decibelsAt(0, 11)); // the older columns are empty
  QVERIFY(!view.renderer().decibelsAt(10, 0));

  // The mouse over the newest column at 440 Hz: the plot draws every device pixel from the levels, so
  // the pixel row holding bin 440 reads its level.
  const QRectF plot = view.plotRect();
  const QRectF cell(plot.left() + 9.5 * plot.width() / 10 - 1,
                    plot.top() + (1 - 440.3 / 500) * plot.height() - 1, 2, 2);
  QTest::mouseMove(&view, cell.center().toPoint());
  const QString text = view.readoutAt(cell.center());
  QVERIFY2(text.contains(QStringLiteral("0.50 s ago")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("A4")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("-30")) || text.contains(QStringLiteral("-29.")), qPrintable(text));
  QVERIFY(view.readoutAt(QPointF(1, 1)).isEmpty()); // outside the plot
}

void AudioSpectrogramTest::spectrogramGainShiftsTheColoursAndIsRemembered()
{
  SpectrogramParameters p;
  p.rows = 100;
  p.columns = 10;
  p.fftSize = 1000;
  p.sampleRate = 1000; // 5 Hz per row
  p.scale = FrequencyScale::Linear;
  std::vector<float> db(501, -140.0f);
  db[250] = -80; // row 49 from the top
  db[100] = -20; // row 79
  SpectrogramRenderer plain, raised;
  plain.setParameters(p);
  p.minDb = -140; // a gain of +20 dB over a range of 120 dB
  p.maxDb = -20;
  raised.setParameters(p);
  plain.appendColumn(db);
  raised.appendColumn(db);
  const auto viridis = *spectrascope::ui::Colormap::byName("viridis");
  QCOMPARE(plain.image().pixel(9, 49), QRgb(viridis.argb(40.0 / 120)));  // -80 dB in [-120, 0]
  QCOMPARE(raised.image().pixel(9, 49), QRgb(viridis.argb(60.0 / 120))); // shows as -60 dB
  QCOMPARE(raised.image().pixel(9, 79), QRgb(viridis.argbAt(255)));      // -20 dB saturates
  QVERIFY(std::abs(*raised.decibelsAt(9, 49) + 80) <= 120.0 / 255);      // the readout names the true level

  {
    AudioTab tab;
    tab.setSpectrogramGain(12);
    const auto& shown = tab.findChild<SpectrogramView*>()->renderer().parameters();
    QCOMPARE(shown.maxDb, -12.0);
    QCOMPARE(shown.minDb, -132.0);
  }
  AudioTab again;
  QCOMPARE(again.spectrogramGain(), 12.0);
  QCOMPARE(again.findChild<SpectrogramView*>()->renderer().parameters().maxDb, -12.0);
}

// The GUI thread held up (a large repaint, a screen grab, a loaded machine) while four results are in
// flight: the results analysed meanwhile used to replace each other, their columns lost, and the
// spectrogram drew the sound around the stall squeezed together, with steps. They now wait joined and
// arrive as one, every frame in its place.
void AudioSpectrogramTest::aStalledGuiLosesNoColumn()
{
  BusyWorker busy;
  QVERIFY(busy.fillInFlight());
  auto& ring = busy.ring;
  const auto& frame = busy.frame;
  auto& worker = busy.worker;
  auto& ready = busy.ready;
  for (int i = 0; i < 3; ++i) { // three results while the GUI takes none
    ring->write(frame.data(), frame.size());
    QTest::qWait(100);
  }
  QCOMPARE(ready.count(), AudioAnalysisWorker::kMaxResultsInFlight);
  worker.resultConsumed();
  QVERIFY2(ready.wait(10000), "the results that waited never came");
  const auto joined = ready.last().at(0).value<SpectrumColumns>();
  QCOMPARE(joined.firstSample, std::int64_t(4 * 1024)); // right after the last one taken
  QCOMPARE(joined.frames, 3);
  QCOMPARE(joined.levels.size(), std::size_t(3 * joined.rows));
  QCOMPARE(worker.droppedResults(), std::uint64_t(0));
}

// Frames that never reached the views (a stall longer than the worker keeps) leave as many empty columns:
// each later column stays at its own time, and the readout there says there is no level.
void AudioSpectrogramTest::lostFramesLeaveAGapInTheSpectrogram()
{
  AudioLiveViews views;
  const int hop = kLevelsHop;
  const auto result = [](std::int64_t firstSample, int frames) { return levelsResult(firstSample, frames); };
  views.addColumns(result(0, 10));
  views.addColumns(result(10 * hop, 10)); // continues: no gap
  views.addColumns(result(30 * hop, 10)); // frames 20 to 29 were lost
  const SpectrogramRenderer& renderer = views.spectrogram()->renderer();
  const int n = renderer.parameters().columns, row = renderer.parameters().rows / 2;
  const auto shown = [&](int framesBeforeNewest) {
    return renderer.decibelsAt(n - 1 - framesBeforeNewest, row).has_value();
  };
  for (int f = 0; f < 10; ++f)
    QVERIFY2(shown(f), qPrintable(QStringLiteral("newest frame %1").arg(f)));
  for (int f = 10; f < 20; ++f)
    QVERIFY2(!shown(f), qPrintable(QStringLiteral("lost frame %1 is drawn").arg(f)));
  for (int f = 20; f < 40; ++f)
    QVERIFY2(shown(f), qPrintable(QStringLiteral("older frame %1").arg(f)));
  QVERIFY(!shown(40)); // before the first result
  // A new stream (another source, a seek) starts again without a gap.
  views.addColumns(result(0, 5));
  for (int f = 0; f < 15; ++f)
    QVERIFY2(shown(f), qPrintable(QStringLiteral("after the new stream, frame %1").arg(f)));
}

// The microphone paused for three seconds and started again (a new stream): the spectrogram drew the
// sound after it right beside the sound before, every older column three seconds off its time label.
void AudioSpectrogramTest::aPauseBetweenStreamsIsAGap()
{
  AudioLiveViews views;
  const double frameSeconds = double(kLevelsHop) / 48000;
  const auto result = [](int frames, double arrivalSeconds) { // each a new stream
    return levelsResult(0, frames, std::int64_t(arrivalSeconds * 1e9));
  };
  views.addColumns(result(10, 1.0));
  views.addColumns(result(10, 1.0 + 3.0 + 10 * frameSeconds)); // three seconds without sound
  const SpectrogramRenderer& renderer = views.spectrogram()->renderer();
  const int n = renderer.parameters().columns, row = renderer.parameters().rows / 2;
  const auto shown = [&](int framesBeforeNewest) {
    return renderer.decibelsAt(n - 1 - framesBeforeNewest, row).has_value();
  };
  const int gap = int(std::lround(3.0 / frameSeconds)); // 281 columns
  for (int f = 0; f < 10; ++f)
    QVERIFY(shown(f));
  for (int f = 10; f < 10 + gap; ++f)
    QVERIFY2(!shown(f), qPrintable(QStringLiteral("frame %1 of the pause is drawn").arg(f)));
  for (int f = 10 + gap; f < 20 + gap; ++f)
    QVERIFY2(shown(f), qPrintable(QStringLiteral("frame %1 before the pause").arg(f)));
  // A new stream right after the last (a seek while playing) joins without a gap.
  views.addColumns(result(10, 1.0 + 3.0 + 20 * frameSeconds + 0.02));
  for (int f = 0; f < 20; ++f)
    QVERIFY(shown(f));
}

// The microphone paused (or a file stopped): the level meter kept the last reading and the figures line
// its frames per second, as if sound still came. Both now say that none arrives.
void AudioSpectrogramTest::aSourceThatGoesQuietLeavesNoStaleReadings()
{
  AudioTab tab; // the generator's default: -6 dBFS peak
  tab.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab.levelText().contains(QStringLiteral("peak -6.0 dBFS")), kTimeoutMs);
  auto* figures = tab.findChild<QLabel*>(QStringLiteral("audioFigures"));
  QTRY_VERIFY_WITH_TIMEOUT(figures->text().contains(QStringLiteral("frames/s")), kTimeoutMs);
  tab.setSource(AudioTab::Source::Microphone);
  tab.setMicrophonePaused(true);
  QTRY_COMPARE_WITH_TIMEOUT(tab.levelText(), QStringLiteral("no audio arriving"), 5000);
  // The meter lets the old source's level go at once; the figures line says so once the idle time has
  // passed with nothing from the new source.
  QTRY_VERIFY2_WITH_TIMEOUT(figures->text().startsWith(QStringLiteral("No audio arriving")),
                            qPrintable(figures->text()), 5000);
  tab.setSource(AudioTab::Source::Generator);
  QTRY_VERIFY_WITH_TIMEOUT(tab.levelText().contains(QStringLiteral("peak -6.0 dBFS")), kTimeoutMs);
}

// With a file the live spectrogram rests hidden unless asked for; asked for, it scrolls with playback below
// the file's picture, and the choice is remembered. The generator and the microphone always show it.
void AudioSpectrogramTest::liveSpectrogramCanBeShownWithAFile()
{
  const QString path = kData + QStringLiteral("/tones_440_1000_5000.wav");
  {
    AudioTab tab;
    tab.resize(1000, 700);
    tab.show();
    auto* spectrogram = tab.findChild<SpectrogramView*>();
    auto* toggle = tab.findChild<QCheckBox*>(QStringLiteral("liveSpectrogramWithFile"));
    QVERIFY(spectrogram && toggle);
    QVERIFY(spectrogram->isVisible());
    QVERIFY(!toggle->isVisible()); // nothing to choose without a file
    tab.openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
    QVERIFY(toggle->isVisible() && !toggle->isChecked());
    QVERIFY(!spectrogram->isVisible());
    toggle->setChecked(true);
    QVERIFY(spectrogram->isVisible());
    QVERIFY(tab.findChild<FileOverviewView*>()->isVisible());
    QVERIFY2(spectrogram->height() >= 100, qPrintable(QString::number(spectrogram->height())));
    tab.setPlaying(true);
    const auto before = tab.spectrogramColumns();
    QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 10, kTimeoutMs);
    tab.setPlaying(false);
  }
  AudioTab tab; // remembered
  tab.resize(1000, 700);
  tab.show();
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  auto* spectrogram = tab.findChild<SpectrogramView*>();
  auto* toggle = tab.findChild<QCheckBox*>(QStringLiteral("liveSpectrogramWithFile"));
  QVERIFY(toggle->isChecked() && spectrogram->isVisible());
  toggle->setChecked(false);
  QVERIFY(!spectrogram->isVisible());
  tab.setSource(AudioTab::Source::Generator);
  QVERIFY(spectrogram->isVisible());
}

QTEST_MAIN(AudioSpectrogramTest)
#include "AudioSpectrogramTest.moc"
