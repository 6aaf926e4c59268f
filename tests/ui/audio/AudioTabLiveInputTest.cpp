// The Audio tab's live input with QtTest on the offscreen platform: the built-in generator drives a moving
// spectrogram and the level meter; the FFT size, hop and window change while it runs; the analysis follows
// the engine service; freezing stops the display and exports work; the tab rests behind another tab; its
// choices are remembered (the microphone itself: AudioTabMicrophoneTest.cpp).

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/audio/SpectrogramView.h"

#include "AudioTabTestSupport.h"

#include <QAudioDevice>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QMediaDevices>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace spectrascope;
using namespace spectrascope::ui;
using namespace spectrascope::test::audio_tab;

class AudioTabLiveInputTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init();
  void generatorProducesSpectrogramColumnsOverTime();
  void levelMeterReadsTheGeneratorLevel();
  void analysisFollowsTheEngineService();
  void choicesAreRememberedAcrossRestarts();
  void changingFftSizeWhileRunningWorks();
  void freezeStopsTheDisplayAndExportsWork();
  void sustainedAnalysisAtHop64Figures();
  void generatorSettingsAreGreyedForOtherInputs();
  void windowParametersAndHopReachTheAnalysis();
  void customHopIsRemembered();
  void noInputDeviceIsSaidAndTheChosenOneKept();
  void generatorFrequencyAboveNyquistIsBroughtDownVisibly();
  void hiddenTabRestsAndResumes();
};

void AudioTabLiveInputTest::initTestCase()
{
  // The tab remembers its choices; tests keep theirs apart from a user's and from each other's.
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiotab_liveinput_test"));
}

void AudioTabLiveInputTest::init()
{
  QSettings().clear();
}

void AudioTabLiveInputTest::generatorProducesSpectrogramColumnsOverTime()
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

void AudioTabLiveInputTest::levelMeterReadsTheGeneratorLevel()
{
  AudioTab tab; // the generator's default: -6 dBFS peak
  tab.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab.levelText().contains(QStringLiteral("peak -6.0 dBFS")), kTimeoutMs);
  // Another source: the generator's level goes with it, before the new source has sent anything (a
  // screenshot of a silent file opened paused showed "peak -6.0 dBFS").
  tab.setSource(AudioTab::Source::Microphone);
  QVERIFY2(!tab.levelText().contains(QStringLiteral("-6.0 dBFS")), qPrintable(tab.levelText()));
}

void AudioTabLiveInputTest::analysisFollowsTheEngineService()
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

void AudioTabLiveInputTest::choicesAreRememberedAcrossRestarts()
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

void AudioTabLiveInputTest::changingFftSizeWhileRunningWorks()
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

void AudioTabLiveInputTest::freezeStopsTheDisplayAndExportsWork()
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

// The sustained-capture figure: FFT 8192, hop 64 (750 columns/s at 48 kHz) from the generator,
// through the same ring buffer, worker and views as a microphone. Figures are printed, not judged (the
// test machine's load varies); what must hold is that columns keep coming and nothing is lost.
void AudioTabLiveInputTest::sustainedAnalysisAtHop64Figures()
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

// Signal, frequencies and amplitude change the generator's sound only: with a file or the microphone
// as the input they are greyed, as the microphone's device box is without devices.
void AudioTabLiveInputTest::generatorSettingsAreGreyedForOtherInputs()
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

void AudioTabLiveInputTest::windowParametersAndHopReachTheAnalysis()
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

void AudioTabLiveInputTest::customHopIsRemembered()
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

void AudioTabLiveInputTest::noInputDeviceIsSaidAndTheChosenOneKept()
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

void AudioTabLiveInputTest::generatorFrequencyAboveNyquistIsBroughtDownVisibly()
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
void AudioTabLiveInputTest::hiddenTabRestsAndResumes()
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

QTEST_MAIN(AudioTabLiveInputTest)
#include "AudioTabLiveInputTest.moc"
