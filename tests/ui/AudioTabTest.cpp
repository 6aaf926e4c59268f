// The Audio tab with QtTest on the offscreen platform: the built-in generator drives a moving
// spectrogram, the FFT size, hop and window can change while it runs, averaging and peak hold follow
// their settings, files (WAV, FLAC, Ogg Vorbis, cut off, absurd, cancelled) are opened or refused as they
// should be, and the renderers draw without a window (the microphone: AudioTabMicrophoneTest.cpp).

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/engine/audio/SignalGenerator.h"
#include "spectrascope/engine/audio/SpectrumAverager.h"
#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/MainWindow.h"
#include "spectrascope/ui/audio/AudioAnalysisWorker.h"
#include "spectrascope/ui/audio/AudioFilePanel.h"
#include "spectrascope/ui/audio/AudioLiveViews.h"
#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/FileDetailLoader.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"

#include "support/LayoutChecks.h"

#include <QApplication>
#include <QAudioDevice>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QFormLayout>
#include <QImage>
#include <QMediaDevices>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QWheelEvent>

#include <sndfile.h>

#include <csignal>
#include <vector>

using namespace spectrascope;
using namespace spectrascope::ui;

namespace {
// The generator runs in real time; on a loaded 2-core machine the first columns can take a while.
constexpr int kTimeoutMs = 20000;
const QString kData = QStringLiteral(SPECTRASCOPE_TEST_DATA);

// After capture stops: waits until results already on their way have landed (the column count holds for
// a second), however long the analysis backlog of a loaded machine takes.
void waitForColumnsToSettle(const AudioTab& tab)
{
  QElapsedTimer clock;
  clock.start();
  auto last = tab.spectrogramColumns();
  while (clock.elapsed() < kTimeoutMs) {
    QTest::qWait(1000);
    const auto now = tab.spectrogramColumns();
    if (now == last) return;
    last = now;
  }
}

bool near(double value, std::initializer_list<double> targets, double tolerance)
{
  for (double t : targets)
    if (std::abs(value - t) <= tolerance) return true;
  return false;
}

// A 16-bit PCM WAV header with the given fields; the data chunk claims `claimedBytes` and `heldBytes` of
// silence follow (a file with a hole: nothing is written, so a long file costs no time or disk).
void writeWavHeader(const QString& path, std::uint16_t channels, std::uint32_t rate,
                    std::uint32_t claimedBytes, qint64 heldBytes)
{
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  auto u32 = [&](std::uint32_t v) { file.write(reinterpret_cast<const char*>(&v), 4); };
  auto u16 = [&](std::uint16_t v) { file.write(reinterpret_cast<const char*>(&v), 2); };
  const std::uint16_t blockAlign = std::uint16_t(2 * std::max<int>(1, channels));
  file.write("RIFF");
  u32(36 + claimedBytes);
  file.write("WAVEfmt ");
  u32(16);
  u16(1);
  u16(channels);
  u32(rate);
  u32(rate * blockAlign);
  u16(blockAlign);
  u16(16);
  file.write("data");
  u32(claimedBytes);
  QVERIFY(file.resize(44 + heldBytes));
}

// One second of a 1 kHz sine at -6 dBFS, 48 kHz mono, in a format libsndfile writes (FLAC, Ogg Vorbis).
bool writeToneWithLibsndfile(const QString& path, int format)
{
  SF_INFO info{};
  info.samplerate = 48000;
  info.channels = 1;
  info.format = format;
  if (!sf_format_check(&info)) return false;
  SNDFILE* file = sf_open(path.toLocal8Bit().constData(), SFM_WRITE, &info);
  if (!file) return false;
  std::vector<short> samples(48000);
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = short(std::lround(16384 * std::sin(2 * M_PI * 1000.0 * double(i) / 48000)));
  const bool ok =
      sf_write_short(file, samples.data(), sf_count_t(samples.size())) == sf_count_t(samples.size());
  sf_close(file);
  return ok;
}

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

// Opens the three-tone file in `tab` and waits until it is the input; the label describing it (null if
// it never became the input).
ElidedLabel* openTones(AudioTab& tab)
{
  tab.openFile(kData + QStringLiteral("/tones_440_1000_5000.wav"));
  if (!QTest::qWaitFor([&] { return tab.source() == AudioTab::Source::File; }, kTimeoutMs)) return nullptr;
  return tab.findChild<ElidedLabel*>(QStringLiteral("audioFileDescription"));
}

} // namespace

class AudioTabTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void aResultTheGuiHadNoRoomForArrivesWhenThereIsRoom();
  void init();
  void generatorProducesSpectrogramColumnsOverTime();
  void levelMeterReadsTheGeneratorLevel();
  void analysisFollowsTheEngineService();
  void openedFilePlaysWithOverviewAndSeeks();
  void droppedSoundFileOpensAndOtherDropsAreRefused();
  void zoomedDetailComesFromTheTileCache();
  void liveSpectrogramCanBeShownWithAFile();
  void seekingWhilePausedShowsTheSpectrumAtTheCursor();
  void playingToTheEndSaysSoAndStops();
  void badFileIsReportedAndPreviousSourceKeepsRunning();
  void choicesAreRememberedAcrossRestarts();
  void frequencyAxesMapBothWays();
  void changingFftSizeWhileRunningWorks();
  void freezeStopsTheDisplayAndExportsWork();
  void spectrogramRendererPutsAToneInTheRightRow();
  void spectrogramCursorReadsTimeFrequencyLevelAndNote();
  void overviewZoomsAroundTheMouseScrollsAndFollowsPlayback();
  void sustainedAnalysisAtHop64Figures();
  void longFileOpenFigures();
  void averagingReachesTheSpectrumAndIsRemembered();
  void oldAveragingChoiceIsCarriedOver();
  void spectrogramGainShiftsTheColoursAndIsRemembered();
  void octaveAxisLabelsEveryCWithItsFrequency();
  void spectrumHasADbAxisAndRoomToRead();
  void levelLabelsNeverOverlap();
  void readoutStaysReadableOverALoudSpectrum();
  void spectrumGrowsWithTheWindow();
  void aStalledGuiLosesNoColumn();
  void lostFramesLeaveAGapInTheSpectrogram();
  void aPauseBetweenStreamsIsAGap();
  void aSourceThatGoesQuietLeavesNoStaleReadings();
  void aFileThatIsNotTheInputSaysSo();
  void generatorSettingsAreGreyedForOtherInputs();
  void longFileDescriptionEndsInAnEllipsis();
  void windowParametersAndHopReachTheAnalysis();
  void customHopIsRemembered();
  void noInputDeviceIsSaidAndTheChosenOneKept();
  void absurdHeadersAreRefusedAndThePreviousSourceKeepsRunning();
  void cutOffFileOpensWithANote();
  void flacAndOggVorbisFilesOpen();
  void cancellingALoadKeepsThePreviousFile();
  void controlsFitAtFirstStartSize();
  void tabFitsSmallScreensAndScaleTwo_data();
  void tabFitsSmallScreensAndScaleTwo();
  void generatorFrequencyAboveNyquistIsBroughtDownVisibly();
  void hiddenTabRestsAndResumes();
  void aFileShorterThanTheFrameIsDrawnWholeWithItsSpectrum();
};

void AudioTabTest::initTestCase()
{
  // The tab remembers its choices; tests keep theirs apart from a user's.
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiotab_test"));
}

void AudioTabTest::init()
{
  QSettings().clear();
}

void AudioTabTest::generatorProducesSpectrogramColumnsOverTime()
{
  AudioTab tab;
  tab.resize(900, 600);
  tab.show();
  QCOMPARE(tab.source(), AudioTab::Source::Generator);
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= 20, kTimeoutMs);
  const auto before = tab.spectrogramColumns();
  tab.resetPaintStatistics();
  // 48 kHz at FFT 4096 with 87 % overlap is about 90 columns per second.
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 20, kTimeoutMs);
  QTest::qWait(2000);
  // Measured, not asserted (speed is never a test's verdict here): sample arrival -> painted column.
  const PaintStatistics stats = tab.paintStatistics();
  qInfo("FFT %d: latency mean %.1f ms, max %.1f ms over %llu painted updates; %.1f paints/s", tab.fftSize(),
        stats.meanLatencyMs, stats.maxLatencyMs, static_cast<unsigned long long>(stats.latencySamples),
        stats.paintsPerSecond());
}

void AudioTabTest::levelMeterReadsTheGeneratorLevel()
{
  AudioTab tab; // the generator's default: -6 dBFS peak
  tab.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab.levelText().contains(QStringLiteral("peak -6.0 dBFS")), kTimeoutMs);
  // Another source: the generator's level goes with it, before the new source has sent anything (a
  // screenshot of a silent file opened paused showed "peak -6.0 dBFS").
  tab.setSource(AudioTab::Source::Microphone);
  QVERIFY2(!tab.levelText().contains(QStringLiteral("-6.0 dBFS")), qPrintable(tab.levelText()));
}

void AudioTabTest::analysisFollowsTheEngineService()
{
  EngineService service;
  AudioTab tab;
  tab.setEngineService(&service);
  service.start(QStringLiteral("fftw"));
  QTRY_VERIFY_WITH_TIMEOUT(service.isReady(), kTimeoutMs);
  QTRY_COMPARE_WITH_TIMEOUT(tab.backendName(), service.backendName(), kTimeoutMs);
  const auto before = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 10, kTimeoutMs);
}

// Drag and drop onto the tab: one local sound file is taken and opened; a link, two files or a picture
// are refused while they are dragged (the cursor says so) and dropping them does nothing.
void AudioTabTest::droppedSoundFileOpensAndOtherDropsAreRefused()
{
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  auto drag = [&tab](const QList<QUrl>& urls) {
    QMimeData data;
    data.setUrls(urls);
    const QPoint at = tab.rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    enter.ignore();
    QCoreApplication::sendEvent(&tab, &enter);
    QDropEvent drop(QPointF(at), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    drop.ignore();
    QCoreApplication::sendEvent(&tab, &drop);
    return std::pair(enter.isAccepted(), drop.isAccepted());
  };
  const QUrl sound = QUrl::fromLocalFile(kData + QStringLiteral("/tones_440_1000_5000.wav"));
  QCOMPARE(drag({QUrl(QStringLiteral("https://example.org/tone.wav"))}), std::pair(false, false));
  QCOMPARE(drag({sound, sound}), std::pair(false, false));
  QCOMPARE(drag({QUrl::fromLocalFile(kData + QStringLiteral("/coffee.png"))}), std::pair(false, false));
  QVERIFY(tab.source() != AudioTab::Source::File);
  QCOMPARE(drag({sound}), std::pair(true, true));
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  QVERIFY(tab.showsFileView());
}

void AudioTabTest::openedFilePlaysWithOverviewAndSeeks()
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
void AudioTabTest::zoomedDetailComesFromTheTileCache()
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

// With a file the live spectrogram rests hidden unless asked for; asked for, it scrolls with playback below
// the file's picture, and the choice is remembered. The generator and the microphone always show it.
void AudioTabTest::liveSpectrogramCanBeShownWithAFile()
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

// Paused, a click in the file's picture shows the spectrum there: the analysis gets the samples leading
// up to the cursor, its last frame centred on it (not the second and more that follow it).
void AudioTabTest::seekingWhilePausedShowsTheSpectrumAtTheCursor()
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
void AudioTabTest::playingToTheEndSaysSoAndStops()
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

void AudioTabTest::badFileIsReportedAndPreviousSourceKeepsRunning()
{
  QTemporaryDir dir;
  const QString bad = dir.filePath(QStringLiteral("noise.wav"));
  QFile file(bad);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(QByteArray("RIFF\x10\x00\x00\x00WAVEfmt garbage that is no audio at all"));
  file.close();
  AudioTab tab;
  tab.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= 5, kTimeoutMs);
  tab.openFile(bad);
  QTRY_VERIFY_WITH_TIMEOUT(tab.statusText().startsWith(QStringLiteral("Cannot open the audio file")),
                           kTimeoutMs);
  QVERIFY(tab.statusText().contains(QStringLiteral("noise.wav")));
  QCOMPARE(tab.source(), AudioTab::Source::Generator);
  QVERIFY(tab.loadedFile().isEmpty());
  const auto before = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 5, kTimeoutMs);
}

void AudioTabTest::choicesAreRememberedAcrossRestarts()
{
  {
    AudioTab tab;
    tab.setFftSize(2048);
    tab.setFrequencyScale(FrequencyScale::Mel);
    tab.findChild<QComboBox*>(QStringLiteral("waveform"))->setCurrentText(QStringLiteral("Pink noise"));
  }
  AudioTab again;
  QCOMPARE(again.fftSize(), 2048);
  QCOMPARE(again.findChild<QComboBox*>(QStringLiteral("waveform"))->currentText(),
           QStringLiteral("Pink noise"));
  auto* axis = again.findChild<QComboBox*>(QStringLiteral("frequencyAxis"));
  QVERIFY(axis);
  QCOMPARE(FrequencyScale(axis->currentData().toInt()), FrequencyScale::Mel);
}

void AudioTabTest::frequencyAxesMapBothWays()
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

void AudioTabTest::changingFftSizeWhileRunningWorks()
{
  AudioTab tab;
  tab.resize(900, 600);
  tab.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= 5, kTimeoutMs);
  auto* fftBox = tab.findChild<QComboBox*>(QStringLiteral("fftSize"));
  QVERIFY(fftBox);
  for (int size : {1000, 16384, 512}) {
    fftBox->setCurrentIndex(fftBox->findData(size));
    QCOMPARE(tab.fftSize(), size);
    const auto before = tab.spectrogramColumns();
    QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 5, kTimeoutMs);
  }
  tab.setFftSize(44100); // not in the list: added, and served like any other size
  const auto before = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 3, kTimeoutMs);
}

void AudioTabTest::freezeStopsTheDisplayAndExportsWork()
{
  AudioTab tab;
  tab.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= 5, kTimeoutMs);
  tab.setFrozen(true);
  QTest::qWait(100); // results already queued may still land
  const auto frozenAt = tab.spectrogramColumns();
  QTest::qWait(500);
  QCOMPARE(tab.spectrogramColumns(), frozenAt);
  QTemporaryDir dir;
  QVERIFY(tab.exportSpectrogram(dir.filePath(QStringLiteral("s.png"))));
  const QImage image(dir.filePath(QStringLiteral("s.png")));
  QVERIFY(image.width() > 800 && image.height() > 512);
  // Axes: a frequency tick on the left of the plot, the 0 s tick under the newest column (the colour
  // bar is right of the plot).
  const int newest = 90 + 800 - 1;
  QCOMPARE(image.pixelColor(newest, 512 + 2), QColor(Qt::black));
  QCOMPARE(image.pixelColor(newest - 7, 512 + 2), QColor(Qt::white));
  QVERIFY(tab.exportSpectrum(dir.filePath(QStringLiteral("s.csv"))));
  QFile csv(dir.filePath(QStringLiteral("s.csv")));
  QVERIFY(csv.open(QIODevice::ReadOnly));
  QCOMPARE(csv.readLine(), QByteArray("frequency_hz,db\n"));
  QVERIFY(!tab.exportSpectrum(QStringLiteral("/nonexistent-directory/s.csv")));
  QVERIFY(tab.statusText().contains(QStringLiteral("Export failed")));
  tab.setFrozen(false);
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= frozenAt + 5, kTimeoutMs);
}

void AudioTabTest::spectrogramRendererPutsAToneInTheRightRow()
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

void AudioTabTest::spectrogramCursorReadsTimeFrequencyLevelAndNote()
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

void AudioTabTest::overviewZoomsAroundTheMouseScrollsAndFollowsPlayback()
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

// The sustained-capture figure: FFT 8192, hop 64 (750 columns/s at 48 kHz) from the generator,
// through the same ring buffer, worker and views as a microphone. Figures are printed, not judged (the
// test machine's load varies); what must hold is that columns keep coming and nothing is lost.
void AudioTabTest::sustainedAnalysisAtHop64Figures()
{
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  tab.setFftSize(8192);
  tab.setHop(64);
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= 200, kTimeoutMs);
  const auto columns = tab.spectrogramColumns();
  const auto droppedSamples = tab.droppedSamples(), droppedResults = tab.droppedResults();
  tab.resetPaintStatistics();
  QElapsedTimer clock;
  clock.start();
  QTest::qWait(3000); // a measurement window, not a wait for a condition
  const PaintStatistics stats = tab.paintStatistics();
  const double seconds = double(clock.elapsed()) / 1000;
  qInfo("generator 48 kHz, FFT 8192, hop 64: %.0f columns/s, %.1f paints/s, latency mean %.1f ms max %.1f ms "
        "(budget 50 ms + 170.7 ms FFT length), %llu samples and %llu results dropped; %s",
        double(tab.spectrogramColumns() - columns) / seconds, stats.paintsPerSecond(), stats.meanLatencyMs,
        stats.maxLatencyMs, static_cast<unsigned long long>(tab.droppedSamples() - droppedSamples),
        static_cast<unsigned long long>(tab.droppedResults() - droppedResults),
        qPrintable(tab.backendName()));
  QVERIFY(tab.spectrogramColumns() > columns);
  QCOMPARE(tab.hop(), 64);
}

// The long-file figure, on request: SPECTRASCOPE_TEST_LONG_AUDIO=/path/to/one-hour.wav prints the
// time from openFile() to the overview being shown and the process's peak memory (the overview is
// bounded; the file is never held whole). Skipped otherwise: such a file is too big to ship.
void AudioTabTest::longFileOpenFigures()
{
  const QString path = qEnvironmentVariable("SPECTRASCOPE_TEST_LONG_AUDIO");
  if (path.isEmpty()) QSKIP("set SPECTRASCOPE_TEST_LONG_AUDIO to a long sound file to measure opening it");
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  QElapsedTimer clock;
  clock.start();
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, 120000);
  auto* overview = tab.findChild<FileOverviewView*>();
  QVERIFY(overview && !overview->image().isNull());
  QFile status(QStringLiteral("/proc/self/status"));
  QByteArray peak = "?";
  if (status.open(QIODevice::ReadOnly))
    for (const QByteArray& line : status.readAll().split('\n'))
      if (line.startsWith("VmHWM:")) peak = line.mid(6).trimmed();
  qInfo("%s: %.0f s of audio opened and shown in %.2f s (%d overview columns); peak resident %s",
        qPrintable(path), tab.fileSeconds(), double(clock.elapsed()) / 1000, overview->image().width(),
        peak.constData());
  // Zoomed to a tenth of the file, scrolled a view onwards, and back: the first two are read as tiles, the
  // last comes from the cache.
  const FileDetailLoader& details = tab.findChild<AudioFilePanel*>()->details();
  const auto timeDetail = [&](const char* what, auto change) {
    clock.restart();
    change();
    QTRY_VERIFY_WITH_TIMEOUT(overview->showsDetail(), 120000);
    qInfo("%s: detail shown after %.2f s (including the 150 ms settling delay), %d tiles computed so far, "
          "cache %.1f MiB",
          what, double(clock.elapsed()) / 1000, details.tilesComputed(), details.cache().bytes() / 1048576.0);
    QTRY_VERIFY_WITH_TIMEOUT(!details.isBusy(), 120000);
    // To look at what was measured: SPECTRASCOPE_TEST_SHOTS names a folder for the view's pictures.
    if (const QString shots = qEnvironmentVariable("SPECTRASCOPE_TEST_SHOTS"); !shots.isEmpty())
      overview->grab().save(QDir(shots).filePath(QString::fromUtf8(what).replace(' ', '-') + ".png"));
  };
  timeDetail("zoom to a tenth", [&] { overview->zoom(0.1, overview->plotRect().center().x()); });
  timeDetail("scroll a view on", [&] { overview->scrollBy(overview->viewSpan()); });
  timeDetail("scroll back", [&] { overview->scrollBy(-overview->viewSpan()); });
  if (status.open(QIODevice::ReadOnly) || status.reset())
    for (const QByteArray& line : status.readAll().split('\n'))
      if (line.startsWith("VmHWM:")) qInfo("peak resident after zooming %s", line.mid(6).trimmed().constData());
}

void AudioTabTest::averagingReachesTheSpectrumAndIsRemembered()
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

void AudioTabTest::oldAveragingChoiceIsCarriedOver()
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

void AudioTabTest::spectrogramGainShiftsTheColoursAndIsRemembered()
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

void AudioTabTest::octaveAxisLabelsEveryCWithItsFrequency()
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

void AudioTabTest::spectrumHasADbAxisAndRoomToRead()
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
void AudioTabTest::levelLabelsNeverOverlap()
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

// The spectrum pane kept its smallest height however tall the window: all the room went to the
// spectrogram. It now takes a third of the two panes' height.
void AudioTabTest::spectrumGrowsWithTheWindow()
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

// A spectrum as loud as the readout's line ran its curve through the readout's text. The readout now
// sits on a backdrop: no pixel of the trace's colour inside it, while the same rows beside it have them.
// Every other bin reaches the readout's line and the rest lie at the floor, so that the trace runs through
// every corner the readout may take (it takes the one where it hides least).
void AudioTabTest::readoutStaysReadableOverALoudSpectrum()
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
  const QRectF box = view.readoutRect(); // at the top, as before: its width follows the text
  QCOMPARE(box.top(), first.top());
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

// Signal, frequencies and amplitude change the generator's sound only: with a file or the microphone
// as the input they are greyed, as the microphone's device box is without devices.
void AudioTabTest::generatorSettingsAreGreyedForOtherInputs()
{
  AudioTab tab;
  auto* source = tab.findChild<QComboBox*>(QStringLiteral("audioSource"));
  QVERIFY(source);
  const QList<QWidget*> generator = {
      tab.findChild<QComboBox*>(QStringLiteral("waveform")),
      tab.findChild<QDoubleSpinBox*>(QStringLiteral("generatorFrequency")),
      tab.findChild<QDoubleSpinBox*>(QStringLiteral("generatorSecondFrequency"))};
  QVERIFY(!generator.contains(nullptr));
  for (const int input : {2, 1, 0}) {
    source->setCurrentIndex(input);
    for (QWidget* w : generator)
      QCOMPARE(w->isEnabled(), input == 0);
  }
}

// The file's description beside Play in a narrow tab: cut with "…" where the room ends (it was cut
// mid-word with nothing to say more was there), the whole of it in the label's tooltip.
void AudioTabTest::longFileDescriptionEndsInAnEllipsis()
{
  AudioTab tab;
  tab.resize(720, 600);
  tab.show();
  auto* description = openTones(tab);
  QCOMPARE(tab.source(), AudioTab::Source::File);
  QVERIFY(description && description->isVisible());
  QVERIFY2(description->fullText().contains(QStringLiteral("tones_440_1000_5000.wav")) &&
               description->fullText().endsWith(QStringLiteral("3.0 s")),
           qPrintable(description->fullText()));
  QCOMPARE(description->toolTip(), description->fullText());
  QVERIFY2(description->isElided() && description->text().endsWith(QChar(0x2026)),
           qPrintable(description->text()));
  QVERIFY(description->fontMetrics().horizontalAdvance(description->text()) <= description->width());
}

void AudioTabTest::windowParametersAndHopReachTheAnalysis()
{
  using spectrascope::audio::WindowSpec;
  using spectrascope::audio::WindowType;
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  auto* window = tab.findChild<QComboBox*>(QStringLiteral("window"));
  auto* beta = tab.findChild<QDoubleSpinBox*>(QStringLiteral("kaiserBeta"));
  auto* sigma = tab.findChild<QDoubleSpinBox*>(QStringLiteral("gaussianSigma"));
  QVERIFY(window && beta && sigma);
  QVERIFY(beta->isHidden() && sigma->isHidden()); // Hann has no parameter
  window->setCurrentText(QStringLiteral("kaiser"));
  QVERIFY(!beta->isHidden() && sigma->isHidden());
  beta->setValue(5);
  QCOMPARE(tab.analysisSettings().window, (WindowSpec{WindowType::Kaiser, 5}));
  window->setCurrentText(QStringLiteral("gaussian"));
  QVERIFY(beta->isHidden() && !sigma->isHidden());
  sigma->setValue(0.1);
  QCOMPARE(tab.analysisSettings().window.type, WindowType::Gaussian);
  QVERIFY(std::abs(tab.analysisSettings().window.parameter - 409.6) < 1e-9); // 0.1 N samples, N = 4096
  tab.setFftSize(8192);
  QVERIFY(std::abs(tab.analysisSettings().window.parameter - 819.2) < 1e-9); // follows N

  // FFT 8192 with a hop of 64 typed in (750 columns/s at 48 kHz): a custom hop, and the columns come
  // at that hop.
  auto* hop = tab.findChild<QSpinBox*>(QStringLiteral("hop"));
  auto* overlap = tab.findChild<QComboBox*>(QStringLiteral("overlap"));
  QVERIFY(hop && overlap);
  QCOMPARE(hop->value(), 1064); // 87 % of 8192
  hop->setValue(64);
  QCOMPARE(tab.hop(), 64);
  QCOMPARE(overlap->currentText(), QStringLiteral("Custom hop"));
  auto* spectrogram = tab.findChild<SpectrogramView*>();
  QTRY_COMPARE_WITH_TIMEOUT(spectrogram->renderer().parameters().hop, 64, kTimeoutMs);
  const auto before = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 100, kTimeoutMs);
  tab.setFftSize(4096);
  QCOMPARE(tab.hop(), 64); // a custom hop stays
  overlap->setCurrentIndex(overlap->findData(50));
  QCOMPARE(tab.hop(), 2048);
  QCOMPARE(hop->value(), 2048);
}

void AudioTabTest::customHopIsRemembered()
{
  {
    AudioTab tab;
    tab.setFftSize(8192);
    tab.setHop(100);
  }
  {
    AudioTab again;
    QCOMPARE(again.hop(), 100);
    QCOMPARE(again.findChild<QComboBox*>(QStringLiteral("overlap"))->currentText(),
             QStringLiteral("Custom hop"));
    auto* overlap = again.findChild<QComboBox*>(QStringLiteral("overlap"));
    overlap->setCurrentIndex(overlap->findData(75));
  }
  AudioTab third;
  QCOMPARE(third.hop(), 2048); // 75 % of 8192
}

void AudioTabTest::noInputDeviceIsSaidAndTheChosenOneKept()
{
  if (!QMediaDevices::audioInputs().isEmpty()) QSKIP("this machine has an audio input");
  QSettings().setValue(QStringLiteral("audio/device"), QStringLiteral("remembered-device-id"));
  {
    AudioTab tab;
    auto* device = tab.findChild<QComboBox*>(QStringLiteral("audioDevice"));
    QVERIFY(device);
    QCOMPARE(device->currentText(), QStringLiteral("No input device"));
    QVERIFY(!device->isEnabled());
    QVERIFY(!tab.selectInputDevice(QStringLiteral("input")));
  }
  // The device chosen when there was one is not forgotten while there is none.
  QCOMPARE(QSettings().value(QStringLiteral("audio/device")).toString(),
           QStringLiteral("remembered-device-id"));
}

void AudioTabTest::absurdHeadersAreRefusedAndThePreviousSourceKeepsRunning()
{
  QTemporaryDir dir;
  const QString zeroChannels = dir.filePath(QStringLiteral("zero-channels.wav"));
  const QString zeroRate = dir.filePath(QStringLiteral("zero-rate.wav"));
  const QString huge = dir.filePath(QStringLiteral("huge.wav"));
  writeWavHeader(zeroChannels, 0, 48000, 9600, 9600);
  writeWavHeader(zeroRate, 1, 0, 9600, 9600);
  writeWavHeader(huge, 1, 8000, 0xFFFFFF00u, 9600); // 2^31 frames claimed: 74.6 hours in 9.6 kB
  const std::vector<std::pair<QString, QString>> cases{{zeroChannels, QStringLiteral("0 channels")},
                                                       {zeroRate, QStringLiteral("sample rate of 0 Hz")},
                                                       {huge, QStringLiteral("74.6 hours")}};
  AudioTab tab;
  tab.show();
  const QString tones = kData + QStringLiteral("/tones_440_1000_5000.wav");
  for (const AudioTab::Source previous : {AudioTab::Source::Generator, AudioTab::Source::File}) {
    if (previous == AudioTab::Source::File) {
      tab.openFile(tones);
      QTRY_COMPARE_WITH_TIMEOUT(tab.loadedFile(), tones, kTimeoutMs);
    }
    for (const auto& [path, words] : cases) {
      tab.openFile(path);
      QTRY_VERIFY_WITH_TIMEOUT(!tab.isLoading() && tab.statusText().contains(QFileInfo(path).fileName()),
                               kTimeoutMs);
      QVERIFY2(tab.statusText().startsWith(QStringLiteral("Cannot open the audio file")),
               qPrintable(tab.statusText()));
      QVERIFY2(tab.statusText().contains(words), qPrintable(tab.statusText()));
      QCOMPARE(tab.source(), previous);
      QCOMPARE(tab.loadedFile(), previous == AudioTab::Source::File ? tones : QString());
    }
    const auto before = tab.spectrogramColumns();
    if (previous == AudioTab::Source::File) tab.seekFile(1.0); // a paused file is analysed where it is shown
    QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 5, kTimeoutMs);
  }
}

void AudioTabTest::cutOffFileOpensWithANote()
{
  QTemporaryDir dir;
  const QString cut = dir.filePath(QStringLiteral("cut.wav"));
  QFile source(kData + QStringLiteral("/tones_440_1000_5000.wav"));
  QVERIFY(source.open(QIODevice::ReadOnly));
  QFile out(cut);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write(source.read(100044)); // the header and 50000 of the 144000 samples it promises
  out.close();
  AudioTab tab;
  tab.show();
  tab.openFile(cut);
  QTRY_COMPARE_WITH_TIMEOUT(tab.loadedFile(), cut, kTimeoutMs);
  QCOMPARE(tab.source(), AudioTab::Source::File);
  QVERIFY(std::abs(tab.fileSeconds() - 50000.0 / 48000) < 1e-9);
  QVERIFY2(tab.statusText().contains(QStringLiteral("Note:")), qPrintable(tab.statusText()));
  QVERIFY2(tab.statusText().contains(QStringLiteral("cut off")), qPrintable(tab.statusText()));
}

void AudioTabTest::flacAndOggVorbisFilesOpen()
{
  QTemporaryDir dir;
  AudioTab tab;
  tab.show();
  for (const auto& [name, format] : {std::pair{"tone.flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16},
                                     std::pair{"tone.ogg", SF_FORMAT_OGG | SF_FORMAT_VORBIS}}) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QVERIFY2(writeToneWithLibsndfile(path, format), name);
    tab.openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(tab.loadedFile(), path, kTimeoutMs);
    QVERIFY2(std::abs(tab.fileSeconds() - 1.0) < 0.05, qPrintable(QString::number(tab.fileSeconds())));
    QTRY_VERIFY_WITH_TIMEOUT(near(tab.peakFrequencyHz(), {1000}, 48000.0 / tab.transformSize()), kTimeoutMs);
  }
}

void AudioTabTest::cancellingALoadKeepsThePreviousFile()
{
  QTemporaryDir dir;
  const QString tones = kData + QStringLiteral("/tones_440_1000_5000.wav");
  const QString longFile = dir.filePath(QStringLiteral("half-an-hour.wav"));
  const std::uint32_t bytes = 2u * 48000u * 1800u; // 30 minutes of 16-bit mono silence
  writeWavHeader(longFile, 1, 48000, bytes, bytes);
  AudioTab tab;
  tab.show();
  tab.openFile(tones);
  QTRY_COMPARE_WITH_TIMEOUT(tab.loadedFile(), tones, kTimeoutMs);
  auto* cancel = tab.findChild<QPushButton*>(QStringLiteral("cancelLoading"));
  auto* progress = tab.findChild<QProgressBar*>(QStringLiteral("loadingProgress"));
  QVERIFY(cancel && progress);
  tab.openFile(longFile);
  QVERIFY(tab.isLoading());
  QVERIFY(cancel->isVisible() && progress->isVisible());
  QTest::mouseClick(cancel, Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(!tab.isLoading(), kTimeoutMs);
  QTRY_COMPARE_WITH_TIMEOUT(tab.statusText(), QStringLiteral("Opening cancelled."), kTimeoutMs);
  QVERIFY(!cancel->isVisible() && !progress->isVisible());
  QCOMPARE(tab.loadedFile(), tones);
  QCOMPARE(tab.source(), AudioTab::Source::File);
  QTest::qWait(500);
  QCOMPARE(tab.loadedFile(), tones); // the cancelled file never arrives
}

// The main window at its first-start size (1100 x 720, the Timings strip below the tabs): every page of
// the Audio tab's controls shows all its rows without scrolling, and no field is squeezed below its
// minimum; the spectrum keeps its minimum height.
void AudioTabTest::controlsFitAtFirstStartSize()
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
void AudioTabTest::tabFitsSmallScreensAndScaleTwo_data()
{
  QTest::addColumn<QSize>("screen");
  QTest::newRow("1366x768") << QSize(1366, 768);
  QTest::newRow("1920x1080 at scale 2") << QSize(960, 540);
}

void AudioTabTest::tabFitsSmallScreensAndScaleTwo()
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

void AudioTabTest::generatorFrequencyAboveNyquistIsBroughtDownVisibly()
{
  AudioTab tab;
  auto* frequency = tab.findChild<QDoubleSpinBox*>(QStringLiteral("generatorFrequency"));
  QVERIFY(frequency);
  frequency->setValue(999999); // as typed: all six digits are taken
  QCOMPARE(frequency->value(), 24000.0);
  QVERIFY2(tab.statusText().contains(QStringLiteral("999999")) &&
               tab.statusText().contains(QStringLiteral("24000 Hz")),
           qPrintable(tab.statusText()));
}

// Behind another tab the generator, the analysis and the display rest; shown again, they resume.
void AudioTabTest::hiddenTabRestsAndResumes()
{
  QTabWidget tabs;
  auto* tab = new AudioTab;
  tabs.addTab(tab, QStringLiteral("Audio"));
  tabs.addTab(new QWidget, QStringLiteral("Other"));
  tabs.resize(1200, 800);
  tabs.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab->spectrogramColumns() > 20, kTimeoutMs);
  tabs.setCurrentIndex(1);
  QTest::qWait(300); // what was on its way arrives
  const auto resting = tab->spectrogramColumns();
  QTest::qWait(800);
  QCOMPARE(tab->spectrogramColumns(), resting);
  tabs.setCurrentIndex(0);
  QTRY_VERIFY_WITH_TIMEOUT(tab->spectrogramColumns() > resting + 5, kTimeoutMs);
}

// The GUI busy with four results: the fifth waits in the worker and arrives once one is consumed, even
// when no sample follows it (a paused file's one preview was lost this way on a loaded machine).
void AudioTabTest::aResultTheGuiHadNoRoomForArrivesWhenThereIsRoom()
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

// The GUI thread held up (a large repaint, a screen grab, a loaded machine) while four results are in
// flight: the results analysed meanwhile used to replace each other, their columns lost, and the
// spectrogram drew the sound around the stall squeezed together, with steps. They now wait joined and
// arrive as one, every frame in its place.
void AudioTabTest::aStalledGuiLosesNoColumn()
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
void AudioTabTest::lostFramesLeaveAGapInTheSpectrogram()
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
void AudioTabTest::aPauseBetweenStreamsIsAGap()
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
void AudioTabTest::aSourceThatGoesQuietLeavesNoStaleReadings()
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

// Back to the generator after playing a file, its name, format and "Played … to the end" stayed above
// the live views, which read as if the file were analysed. The description is now greyed and says the
// file is not the input, and the status line names the generator.
void AudioTabTest::aFileThatIsNotTheInputSaysSo()
{
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  auto* description = openTones(tab);
  QCOMPARE(tab.source(), AudioTab::Source::File);
  QVERIFY(description);
  QVERIFY2(description->fullText().startsWith(QStringLiteral("tones_440_1000_5000.wav")),
           qPrintable(description->fullText()));
  tab.setSource(AudioTab::Source::Generator);
  QVERIFY2(description->fullText().startsWith(QStringLiteral("Loaded, not the input now: tones_440")),
           qPrintable(description->fullText()));
  QCOMPARE(description->foregroundRole(), QPalette::PlaceholderText);
  QVERIFY2(tab.statusText().contains(QStringLiteral("signal generator")), qPrintable(tab.statusText()));
  tab.setSource(AudioTab::Source::File); // the input again: as it was
  QVERIFY(description->fullText().startsWith(QStringLiteral("tones_440_1000_5000.wav")));
  QCOMPARE(description->foregroundRole(), QPalette::WindowText);
}

// A file shorter than (or about as long as) the analysis frame: 0.05 s of 1 kHz at -6 dBFS, 48 kHz, with
// 4096-point analysis. The file view draws the tone across the whole span (not a blank start with a
// sliver at the end), the spectrum pane shows the tone at the cursor wherever it is, and the header gives
// the duration in a unit that shows it ("50 ms", not "0.1 s").
void AudioTabTest::aFileShorterThanTheFrameIsDrawnWholeWithItsSpectrum()
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

QTEST_MAIN(AudioTabTest)
#include "AudioTabTest.moc"
