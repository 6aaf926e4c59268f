// An opened file in the Audio tab with QtTest on the offscreen platform: it plays with its overview and
// seeks; the overview zooms around the mouse, scrolls and follows playback, its detail coming from the tile
// cache; a click while paused shows the spectrum at the cursor; playing to the end stops and says so; a
// file shorter than the analysis frame is drawn whole, with its spectrum.

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/audio/AudioFilePanel.h"
#include "spectrascope/ui/audio/FileDetailLoader.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include "AudioTabTestSupport.h"

#include <QApplication>
#include <QAudioDevice>
#include <QImage>
#include <QMediaDevices>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

#include <sndfile.h>

#include <vector>

using namespace spectrascope;
using namespace spectrascope::ui;
using namespace spectrascope::test::audio_tab;

namespace {
// A 48 kHz mono float WAV of -6 dBFS sines one after the other: {frequency in Hz, seconds} each.
bool writeTonesWithLibsndfile(const QString& path, std::initializer_list<std::pair<double, double>> tones)
{
  SF_INFO info{};
  info.samplerate = 48000;
  info.channels = 1;
  info.format = SF_FORMAT_WAV | SF_FORMAT_FLOAT;
  std::vector<float> samples;
  for (const auto& [hz, seconds] : tones)
    for (int i = 0; i < int(seconds * 48000); ++i)
      samples.push_back(float(0.5 * std::sin(2 * M_PI * hz * i / 48000.0)));
  SNDFILE* file = sf_open(path.toLocal8Bit().constData(), SFM_WRITE, &info);
  if (!file) return false;
  const bool ok =
      sf_write_float(file, samples.data(), sf_count_t(samples.size())) == sf_count_t(samples.size());
  sf_close(file);
  return ok;
}

constexpr double kShortToneHz = 1000;

// `seconds` of kShortToneHz at -6 dBFS, 48 kHz mono 16-bit WAV, written with libsndfile.
bool writeShortTone(const QString& path, double seconds)
{
  SF_INFO info{};
  info.samplerate = 48000;
  info.channels = 1;
  info.format = SF_FORMAT_WAV | SF_FORMAT_PCM_16;
  std::vector<short> samples(std::size_t(std::lround(seconds * 48000)));
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = short(std::lround(16384 * std::sin(2 * M_PI * kShortToneHz * double(i) / 48000)));
  SNDFILE* file = sf_open(path.toLocal8Bit().constData(), SFM_WRITE, &info);
  if (!file) return false;
  const bool ok =
      sf_write_short(file, samples.data(), sf_count_t(samples.size())) == sf_count_t(samples.size());
  sf_close(file);
  return ok;
}

// The level the view's readout names at a point, or NaN where it says "– dB".
double readoutDb(const FileOverviewView& view, QPointF at)
{
  static const QRegularExpression level(QStringLiteral("(-?[0-9.]+) dB"));
  const auto match = level.match(view.readoutAt(at));
  return match.hasMatch() ? match.captured(1).toDouble() : std::nan("");
}

// The strongest peak the spectrum pane's readout names, in Hz (0 when it names none).
double readoutPeakHz(const SpectrumView& view)
{
  static const QRegularExpression peak(QStringLiteral("peak ([0-9.]+) Hz"));
  const auto match = peak.match(view.readoutText());
  return match.hasMatch() ? match.captured(1).toDouble() : 0;
}

// Pixels of the spectrum's trace colour (kTrace in SpectrumRenderer.cpp) in the pane as drawn.
int tracePixels(SpectrumView& view)
{
  const QImage image = view.grab().toImage();
  int count = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      count += std::abs(c.red() - 110) < 30 && std::abs(c.green() - 200) < 30 && c.blue() > 220;
    }
  return count;
}
} // namespace

class AudioFilePlaybackTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void openedFilePlaysWithOverviewAndSeeks();
  void zoomedDetailComesFromTheTileCache();
  void seekingWhilePausedShowsTheSpectrumAtTheCursor();
  void playingToTheEndSaysSoAndStops();
  void overviewZoomsAroundTheMouseScrollsAndFollowsPlayback();
  void aFileShorterThanTheFrameIsDrawnWholeWithItsSpectrum();
};

void AudioFilePlaybackTest::initTestCase()
{
  // The tab remembers its choices; tests keep theirs apart from a user's and from each other's.
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiofile_playback_test"));
}

void AudioFilePlaybackTest::init()
{
  QSettings().clear();
}

void AudioFilePlaybackTest::openedFilePlaysWithOverviewAndSeeks()
{
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  tab.setFftSize(8192);
  tab.openFile(kData + QStringLiteral("/tones_440_1000_5000.wav"));
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  QVERIFY(std::abs(tab.fileSeconds() - 3.0) < 1e-6);
  auto* overview = tab.findChild<FileOverviewView*>();
  QVERIFY(overview && overview->isVisible() && !overview->image().isNull());
  // Shown first, played on request.
  QVERIFY(tab.showsFileView());
  QVERIFY(!tab.isPlaying());
  tab.setPlaying(true);
  QVERIFY(tab.isPlaying());
  QVERIFY2(tab.statusText().startsWith(QStringLiteral("Playing")), qPrintable(tab.statusText()));
  const auto before = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 10, kTimeoutMs);
  // The strongest of the three tones lands within one bin (5.9 Hz at FFT 8192).
  QTRY_VERIFY_WITH_TIMEOUT(near(tab.peakFrequencyHz(), {440, 1000, 5000}, 48000.0 / 8192), kTimeoutMs);
  tab.seekFile(2.0);
  QTRY_VERIFY_WITH_TIMEOUT(tab.playPositionSeconds() >= 2.0, kTimeoutMs);
  // Zoomed in to a second, the view gets that stretch analysed on its own (finer than the overview).
  overview->zoom(1.0 / 3, overview->width() / 2.0);
  QVERIFY(std::abs(overview->viewSpan() - 1.0) < 1e-9);
  QTRY_VERIFY_WITH_TIMEOUT(overview->showsDetail(), kTimeoutMs);
}

// Zoomed in, the stretch in view is analysed as tiles of a multi-resolution cache: scrolling away and back
// again, or zooming back to a level seen before, is served from the cache without reading the file again,
// and the cache keeps to its budget.
void AudioFilePlaybackTest::zoomedDetailComesFromTheTileCache()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("minute.wav"));
  QVERIFY(writeTonesWithLibsndfile(path, {{1000, 30.0}, {3000, 30.0}}));
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  auto* view = tab.findChild<FileOverviewView*>();
  auto* panel = tab.findChild<AudioFilePanel*>();
  QVERIFY(view && panel);
  const FileDetailLoader& details = panel->details();
  QCOMPARE(details.tilesComputed(), 0);
  view->zoom(5.0 / 60, view->plotRect().center().x()); // 5 s of the minute
  QTRY_VERIFY_WITH_TIMEOUT(view->showsDetail(), kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(!details.isBusy(), kTimeoutMs); // the tiles either side too
  const int first = details.tilesComputed();
  QVERIFY(first > 0);
  view->scrollBy(20);
  QTRY_VERIFY_WITH_TIMEOUT(view->showsDetail(), kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(!details.isBusy(), kTimeoutMs);
  const int second = details.tilesComputed();
  QVERIFY2(second > first, "a stretch not seen before is analysed");
  view->scrollBy(-20); // back where it was
  QTRY_VERIFY_WITH_TIMEOUT(view->showsDetail(), kTimeoutMs);
  view->showAll();
  view->zoom(5.0 / 60, view->plotRect().center().x()); // the first view again, after the whole file
  QTRY_VERIFY_WITH_TIMEOUT(view->showsDetail(), kTimeoutMs);
  QTest::qWait(500); // past the settling delay: any reading would have started
  QVERIFY(!details.isBusy());
  QCOMPARE(details.tilesComputed(), second); // all of it from the cache
  QVERIFY(details.cache().size() > 0);
  QVERIFY(details.cache().bytes() <= details.cache().budgetBytes());
}

// Paused, a click in the file's picture shows the spectrum there: the analysis gets the samples leading
// up to the cursor, its last frame centred on it (not the second and more that follow it).
void AudioFilePlaybackTest::seekingWhilePausedShowsTheSpectrumAtTheCursor()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("two-tones.wav"));
  QVERIFY(writeTonesWithLibsndfile(path, {{1000, 2.0}, {3000, 2.0}}));
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  QVERIFY(!tab.isPlaying());
  const double bin = 48000.0 / tab.transformSize();
  QTRY_VERIFY_WITH_TIMEOUT(near(tab.peakFrequencyHz(), {1000}, bin), kTimeoutMs); // at the start
  for (const auto& [seconds, hz] :
       {std::pair{2.5, 3000.0}, std::pair{1.9, 1000.0}, std::pair{3.9, 3000.0}, std::pair{0.2, 1000.0}}) {
    tab.seekFile(seconds);
    QTRY_VERIFY2_WITH_TIMEOUT(
        near(tab.peakFrequencyHz(), {hz}, bin),
        qPrintable(
            QStringLiteral("at %1 s: %2 Hz, not %3 Hz").arg(seconds).arg(tab.peakFrequencyHz()).arg(hz)),
        kTimeoutMs);
    QVERIFY(std::abs(tab.playPositionSeconds() - seconds) < 1e-3);
    QVERIFY(!tab.isPlaying());
  }
}

// Played to its end, the file stops: the status line says so (never "Playing ..." any more), the button
// offers Play, and Play starts it again from the start.
void AudioFilePlaybackTest::playingToTheEndSaysSoAndStops()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("short.wav"));
  QVERIFY(writeTonesWithLibsndfile(path, {{1000, 0.5}}));
  AudioTab tab;
  tab.show();
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  auto* play = tab.findChild<QPushButton*>(QStringLiteral("playButton"));
  QVERIFY(play && play->isVisible());
  QCOMPARE(play->text(), QStringLiteral("Play"));
  QTest::mouseClick(play, Qt::LeftButton);
  QVERIFY(tab.isPlaying());
  QCOMPARE(play->text(), QStringLiteral("Pause"));
  QTRY_VERIFY_WITH_TIMEOUT(tab.statusText().startsWith(QStringLiteral("Played short.wav to the end")),
                           kTimeoutMs);
  // This test runs with no sound server: played, yes, but nobody heard it, and the line says so.
  if (QMediaDevices::defaultAudioOutput().isNull())
    QVERIFY2(tab.statusText().contains(QStringLiteral("not heard: there is no audio output device")),
             qPrintable(tab.statusText()));
  QVERIFY(!tab.isPlaying());
  QCOMPARE(play->text(), QStringLiteral("Play"));
  QVERIFY2(std::abs(tab.playPositionSeconds() - 0.5) < 0.01,
           qPrintable(QString::number(tab.playPositionSeconds())));
  QTest::qWait(300);
  QVERIFY2(tab.statusText().startsWith(QStringLiteral("Played")), qPrintable(tab.statusText()));
  QTest::mouseClick(play, Qt::LeftButton); // again, from the start
  QVERIFY(tab.isPlaying());
  QVERIFY(tab.playPositionSeconds() < 0.4);
  QTRY_VERIFY_WITH_TIMEOUT(!tab.isPlaying(), kTimeoutMs);
}

void AudioFilePlaybackTest::overviewZoomsAroundTheMouseScrollsAndFollowsPlayback()
{
  AudioFileOverview o; // 100 s, one column per second
  o.sampleRate = 1000;
  o.frames = 100000;
  o.bins = AudioFileOverview::kFftSize / 2 + 1;
  o.samplesPerColumn = 1000;
  o.columns = 100;
  o.db.assign(std::size_t(o.columns) * std::size_t(o.bins), -100.0f);
  FileOverviewView view;
  view.resize(600, 150);
  view.setOverview(o);
  QCOMPARE(view.viewSpan(), 100.0);
  const QRectF plot = view.plotRect();
  auto xAt = [&](double fraction) { return plot.left() + fraction * plot.width(); };

  view.zoom(0.5, xAt(0.25)); // 25 s is under the mouse and stays there
  QCOMPARE(view.viewSpan(), 50.0);
  QVERIFY(std::abs(view.viewStart() - 12.5) < 1e-9);
  const QPointF at(xAt(0.5), plot.center().y());
  QWheelEvent wheel(at, view.mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                    Qt::NoScrollPhase, false);
  QApplication::sendEvent(&view, &wheel); // one notch in around 37.5 s
  QVERIFY(std::abs(view.viewSpan() - 40.0) < 1e-9);
  QVERIFY(std::abs(view.viewStart() + 0.5 * view.viewSpan() - 37.5) < 1e-9);

  QTest::keyClick(&view, Qt::Key_Home);
  QCOMPARE(view.viewStart(), 0.0);
  QTest::keyClick(&view, Qt::Key_Right);
  QVERIFY(std::abs(view.viewStart() - 10.0) < 1e-9);
  QTest::keyClick(&view, Qt::Key_End);
  QVERIFY(std::abs(view.viewStart() - 60.0) < 1e-9);

  QSignalSpy seeks(&view, &FileOverviewView::seekRequested);
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(int(xAt(0.5)), int(plot.center().y())));
  QCOMPARE(seeks.count(), 1);
  QVERIFY(std::abs(seeks.first().first().toDouble() - 80.0) < 0.2); // the middle of 60..100 s

  view.setPosition(5); // the user looks elsewhere than the cursor: the view stays
  QVERIFY(std::abs(view.viewStart() - 60.0) < 1e-9);
  QTest::keyClick(&view, Qt::Key_Home);
  view.setPosition(39); // visible at the right edge ...
  view.setPosition(41); // ... and past it: the view pages along
  QVERIFY(view.viewStart() <= 41 && 41 <= view.viewStart() + view.viewSpan());
  QTest::keyClick(&view, Qt::Key_0);
  QCOMPARE(view.viewSpan(), 100.0);
  QCOMPARE(view.viewStart(), 0.0);
}

// A file shorter than (or about as long as) the analysis frame: 0.05 s of 1 kHz at -6 dBFS, 48 kHz, with
// 4096-point analysis. The file view draws the tone across the whole span (not a blank start with a
// sliver at the end), the spectrum pane shows the tone at the cursor wherever it is, and the header gives
// the duration in a unit that shows it ("50 ms", not "0.1 s").
void AudioFilePlaybackTest::aFileShorterThanTheFrameIsDrawnWholeWithItsSpectrum()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("short_005.wav"));
  QVERIFY(writeShortTone(path, 0.05));
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  tab.setFftSize(4096);
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  QVERIFY(tab.showsFileView());

  // The header: the file's real duration, readable for a short file.
  auto* description = tab.findChild<ElidedLabel*>(QStringLiteral("audioFileDescription"));
  QVERIFY(description);
  QVERIFY2(description->fullText().endsWith(QStringLiteral(", 50 ms")), qPrintable(description->fullText()));

  // The file view: every pixel column of the span shows the tone's row at its level, none is blank.
  auto* view = tab.findChild<FileOverviewView*>(QStringLiteral("fileOverview"));
  QVERIFY(view);
  QTRY_VERIFY_WITH_TIMEOUT(view->overview().columns > 0, kTimeoutMs);
  QVERIFY2(std::abs(view->viewSpan() - 0.05) < 1e-9, qPrintable(QString::number(view->viewSpan())));
  const QImage image = view->visibleImage();
  const QRectF plot = view->plotRect();
  const double toneUnit = view->frequencyAxis().unitOf(kShortToneHz);
  const int toneY = std::clamp(int((1 - toneUnit) * image.height()), 0, image.height() - 1);
  const std::uint32_t blank = view->colormap().argb(0);
  int blankColumns = 0, quietColumns = 0;
  for (int x = 0; x < image.width(); ++x) {
    const QPointF at(plot.left() + (x + 0.5) * plot.width() / image.width(),
                     plot.top() + (toneY + 0.5) * plot.height() / image.height());
    // The loudest of the rows around the tone's (a row is a fraction of a bin): the readout's level.
    double loudest = -1e9;
    bool drawn = false;
    for (int dy = -3; dy <= 3; ++dy) {
      const int y = std::clamp(toneY + dy, 0, image.height() - 1);
      drawn |= (image.pixel(x, y) & 0xffffffu) != (blank & 0xffffffu);
      const double db = readoutDb(*view, at + QPointF(0, dy * plot.height() / image.height()));
      if (!std::isnan(db)) loudest = std::max(loudest, db);
    }
    blankColumns += !drawn;
    quietColumns += loudest < -30;
  }
  QCOMPARE(blankColumns, 0);
  QCOMPARE(quietColumns, 0);

  // The spectrum pane: the tone's peak at the cursor, at the start, in the middle and near the end.
  auto* spectrum = tab.findChild<SpectrumView*>(QStringLiteral("spectrumView"));
  QVERIFY(spectrum);
  const double bin = 48000.0 / tab.transformSize();
  for (double seconds : {0.0, 0.025, 0.048}) {
    tab.seekFile(seconds);
    QTRY_VERIFY2_WITH_TIMEOUT(
        std::abs(readoutPeakHz(*spectrum) - kShortToneHz) < bin,
        qPrintable(QStringLiteral("at %1 s: \"%2\"").arg(seconds).arg(spectrum->readoutText())), kTimeoutMs);
    QVERIFY(std::abs(tab.peakFrequencyHz() - kShortToneHz) < bin);
    QTRY_VERIFY_WITH_TIMEOUT(tracePixels(*spectrum) > 100, kTimeoutMs);
  }
  // Paused, the level box says so, as it does for any paused file (not "RMS -inf peak -inf dBFS").
  QTRY_COMPARE_WITH_TIMEOUT(tab.levelText(), QStringLiteral("no audio arriving"), 5000);
}

QTEST_MAIN(AudioFilePlaybackTest)
#include "AudioFilePlaybackTest.moc"
