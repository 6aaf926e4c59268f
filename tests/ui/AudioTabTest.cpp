// The Audio tab with QtTest on the offscreen platform: the built-in generator drives a moving
// spectrogram, the FFT size can change while it runs, and the renderers draw without a window.

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/audio/SignalGenerator.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using namespace spectrascope::ui;

namespace {
// The generator runs in real time; on a loaded 2-core machine the first columns can take a while.
constexpr int kTimeoutMs = 20000;
} // namespace

class AudioTabTest : public QObject
{
  Q_OBJECT

private slots:
  void generatorProducesSpectrogramColumnsOverTime();
  void changingFftSizeWhileRunningWorks();
  void freezeStopsTheDisplayAndExportsWork();
  void microphoneWithoutAudioServerIsReportedAndGeneratorResumes();
  void spectrogramRendererPutsAToneInTheRightRow();
  void generatorSineHasTheRequestedLevel();
};

void AudioTabTest::generatorProducesSpectrogramColumnsOverTime()
{
  AudioTab tab;
  tab.resize(900, 600);
  tab.show();
  QCOMPARE(tab.source(), AudioTab::Source::Generator);
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= 20, kTimeoutMs);
  const auto before = tab.spectrogramColumns();
  // 48 kHz at FFT 4096 with 87 % overlap is about 90 columns per second.
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 20, kTimeoutMs);
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
  QVERIFY(tab.exportSpectrum(dir.filePath(QStringLiteral("s.csv"))));
  QFile csv(dir.filePath(QStringLiteral("s.csv")));
  QVERIFY(csv.open(QIODevice::ReadOnly));
  QCOMPARE(csv.readLine(), QByteArray("frequency_hz,db\n"));
  QVERIFY(!tab.exportSpectrum(QStringLiteral("/nonexistent-directory/s.csv")));
  QVERIFY(tab.statusText().contains(QStringLiteral("Export failed")));
  tab.setFrozen(false);
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= frozenAt + 5, kTimeoutMs);
}

void AudioTabTest::microphoneWithoutAudioServerIsReportedAndGeneratorResumes()
{
  // Under ctest no audio server is reachable (PULSE_SERVER points nowhere): the microphone must fail
  // with a message (at the latest through the start watchdog), and the generator must come back.
  AudioTab tab;
  tab.show();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= 5, kTimeoutMs);
  tab.setSource(AudioTab::Source::Microphone);
  QTRY_VERIFY_WITH_TIMEOUT(!tab.statusText().isEmpty() && !tab.statusText().startsWith(QStringLiteral("FFT")),
                           AudioTab::kCaptureStartTimeoutMs + kTimeoutMs);
  if (tab.statusText().startsWith(QStringLiteral("Capturing")))
    QSKIP("an audio input is available here; the failure path needs none");
  tab.setSource(AudioTab::Source::Generator);
  const auto before = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= before + 5, kTimeoutMs);
}

void AudioTabTest::spectrogramRendererPutsAToneInTheRightRow()
{
  SpectrogramRenderer renderer;
  SpectrogramParameters p;
  p.rows = 100;
  p.columns = 10;
  p.fftSize = 1000;
  p.sampleRate = 1000; // 1 Hz per bin, 500 Hz at the top: 5 Hz per row
  p.logFrequency = false;
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

void AudioTabTest::generatorSineHasTheRequestedLevel()
{
  GeneratorSettings s;
  s.waveform = Waveform::Sine;
  s.frequencyHz = 1000;
  s.levelDbfs = -6;
  SignalGenerator generator(s);
  std::vector<float> block(4800);
  generator.generate(block);
  float peak = 0;
  for (float v : block)
    peak = std::max(peak, std::abs(v));
  QVERIFY(std::abs(peak - std::pow(10.0f, -6.0f / 20.0f)) < 1e-3f);
}

QTEST_MAIN(AudioTabTest)
#include "AudioTabTest.moc"
