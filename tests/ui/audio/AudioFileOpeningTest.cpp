// Opening audio files in the Audio tab with QtTest on the offscreen platform: WAV, FLAC and Ogg Vorbis open;
// a dropped sound file opens and other drops are refused; bad, absurd and cut-off files are refused or noted
// while the previous source keeps running; a cancelled load keeps the previous file; the file's description
// is elided in a narrow tab and says when the file is not the input.

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/audio/AudioFilePanel.h"
#include "spectrascope/ui/audio/FileDetailLoader.h"
#include "spectrascope/ui/audio/FileOverviewView.h"

#include "AudioTabTestSupport.h"

#include <QDir>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <sndfile.h>

#include <vector>

using namespace spectrascope;
using namespace spectrascope::ui;
using namespace spectrascope::test::audio_tab;

namespace {
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

// Opens the three-tone file in `tab` and waits until it is the input; the label describing it (null if
// it never became the input).
ElidedLabel* openTones(AudioTab& tab)
{
  tab.openFile(kData + QStringLiteral("/tones_440_1000_5000.wav"));
  if (!QTest::qWaitFor([&] { return tab.source() == AudioTab::Source::File; }, kTimeoutMs)) return nullptr;
  return tab.findChild<ElidedLabel*>(QStringLiteral("audioFileDescription"));
}
} // namespace

class AudioFileOpeningTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void droppedSoundFileOpensAndOtherDropsAreRefused();
  void badFileIsReportedAndPreviousSourceKeepsRunning();
  void longFileOpenFigures();
  void aFileThatIsNotTheInputSaysSo();
  void longFileDescriptionEndsInAnEllipsis();
  void absurdHeadersAreRefusedAndThePreviousSourceKeepsRunning();
  void cutOffFileOpensWithANote();
  void flacAndOggVorbisFilesOpen();
  void cancellingALoadKeepsThePreviousFile();
};

void AudioFileOpeningTest::initTestCase()
{
  // The tab remembers its choices; tests keep theirs apart from a user's and from each other's.
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiofile_opening_test"));
}

void AudioFileOpeningTest::init()
{
  QSettings().clear();
}

// Drag and drop onto the tab: one local sound file is taken and opened; a link, two files or a picture
// are refused while they are dragged (the cursor says so) and dropping them does nothing.
void AudioFileOpeningTest::droppedSoundFileOpensAndOtherDropsAreRefused()
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

void AudioFileOpeningTest::badFileIsReportedAndPreviousSourceKeepsRunning()
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

// The long-file figure, on request: SPECTRASCOPE_TEST_LONG_AUDIO=/path/to/one-hour.wav prints the
// time from openFile() to the overview being shown and the process's peak memory (the overview is
// bounded; the file is never held whole). Skipped otherwise: such a file is too big to ship.
void AudioFileOpeningTest::longFileOpenFigures()
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
      if (line.startsWith("VmHWM:"))
        qInfo("peak resident after zooming %s", line.mid(6).trimmed().constData());
}

// Back to the generator after playing a file, its name, format and "Played … to the end" stayed above
// the live views, which read as if the file were analysed. The description is now greyed and says the
// file is not the input, and the status line names the generator.
void AudioFileOpeningTest::aFileThatIsNotTheInputSaysSo()
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

// The file's description beside Play in a narrow tab: cut with "…" where the room ends (it was cut
// mid-word with nothing to say more was there), the whole of it in the label's tooltip.
void AudioFileOpeningTest::longFileDescriptionEndsInAnEllipsis()
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

void AudioFileOpeningTest::absurdHeadersAreRefusedAndThePreviousSourceKeepsRunning()
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

void AudioFileOpeningTest::cutOffFileOpensWithANote()
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

void AudioFileOpeningTest::flacAndOggVorbisFilesOpen()
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

void AudioFileOpeningTest::cancellingALoadKeepsThePreviousFile()
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

QTEST_MAIN(AudioFileOpeningTest)
#include "AudioFileOpeningTest.moc"
