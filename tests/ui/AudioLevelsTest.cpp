// The Audio tab draws levels true: what a pixel shows, the colour bar and the readout all come from the
// analysed levels (dB), never from colours read back, at every size; every analysed frame reaches peak
// hold; range changes recolour the history and a new FFT size keeps the old history as a marked segment.

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/SignalGenerator.h"
#include "spectrascope/engine/audio/SpectrogramPipeline.h"
#include "spectrascope/engine/audio/Stft.h"
#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/Colormap.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/MainWindow.h"
#include "spectrascope/ui/audio/AudioExport.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/ColourBar.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include "support/FileSizeLimit.h"
#include "support/LayoutChecks.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QPromise>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <cmath>
#include <numbers>

using namespace spectrascope;
using namespace spectrascope::ui;

namespace {
constexpr int kTimeoutMs = 20000;
constexpr double kRate = 48000;

// The colormap index of a colour (-1 for colours not in the map: axes, text, marks).
int indexOf(const Colormap& map, QRgb colour)
{
  for (int i = 255; i >= 0; --i)
    if (map.argbAt(std::uint8_t(i)) == (colour | 0xff000000u)) return i;
  return -1;
}

// The highest colormap index in `rect` of `image` (viridis: the brightest level).
int brightestIndex(const Colormap& map, const QImage& image, const QRect& rect)
{
  int best = -1;
  for (int y = rect.top(); y <= rect.bottom(); ++y)
    for (int x = rect.left(); x <= rect.right(); ++x)
      best = std::max(best, indexOf(map, image.pixel(x, y)));
  return best;
}

int expectedIndex(double db, double minDb, double maxDb)
{
  return int(Colormap::indexOf((db - minDb) / (maxDb - minDb)));
}

// A -6 dBFS 10 kHz sine through the engine's real STFT (FFTW, flat-top window: no scalloping loss, so
// the data's level is -6.0 dB), as levels of the renderer's stored rows.
std::vector<std::vector<float>> toneLevels(int fftSize, int frames)
{
  Engine engine("fftw");
  audio::StftSettings s;
  s.frameLength = std::size_t(fftSize);
  s.hop = std::size_t(fftSize) / 2;
  s.window = {audio::WindowType::FlatTop, 0};
  audio::SpectrogramPipeline pipeline(engine, s);
  pipeline.setRows(SpectrogramRenderer::storedRowsFor(pipeline.binCount()));
  std::vector<float> x(audio::Stft::samplesSpanned(std::size_t(frames), s));
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = float(0.5 * std::sin(2 * std::numbers::pi * 10000 * double(i) / kRate));
  std::vector<float> levels(std::size_t(frames) * pipeline.levelsPerFrame());
  pipeline.levels(x, std::size_t(frames), levels);
  std::vector<std::vector<float>> columns;
  for (int f = 0; f < frames; ++f)
    columns.emplace_back(levels.begin() + std::ptrdiff_t(f * pipeline.levelsPerFrame()),
                         levels.begin() + std::ptrdiff_t((f + 1) * pipeline.levelsPerFrame()));
  return columns;
}

// A mono 32-bit float WAV of a -6 dBFS sine at `hz`, `seconds` long.
void writeToneWav(const QString& path, double hz, double seconds)
{
  const auto frames = std::uint32_t(seconds * kRate);
  QByteArray data;
  data.resize(qsizetype(frames) * 4);
  auto* samples = reinterpret_cast<float*>(data.data());
  for (std::uint32_t i = 0; i < frames; ++i)
    samples[i] = float(0.5 * std::sin(2 * std::numbers::pi * hz * double(i) / kRate));
  auto le32 = [](std::uint32_t v) { return QByteArray(reinterpret_cast<const char*>(&v), 4); };
  auto le16 = [](std::uint16_t v) { return QByteArray(reinterpret_cast<const char*>(&v), 2); };
  QByteArray wav = "RIFF" + le32(36 + std::uint32_t(data.size())) + "WAVEfmt " + le32(16) + le16(3) +
                   le16(1) + le32(std::uint32_t(kRate)) + le32(std::uint32_t(kRate) * 4) + le16(4) +
                   le16(32) + "data" + le32(std::uint32_t(data.size())) + data;
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  QCOMPARE(file.write(wav), wav.size());
}

SpectrogramParameters liveParameters(int fftSize, int columns)
{
  SpectrogramParameters p;
  p.sampleRate = kRate;
  p.fftSize = fftSize;
  p.hop = fftSize / 2;
  p.columns = columns;
  p.minDb = -120;
  p.maxDb = 0;
  p.scale = FrequencyScale::Log;
  return p;
}
} // namespace

class AudioLevelsTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void init() { QSettings().clear(); }
  void colormapEndsMatchMatplotlibAndUnknownNamesAreRefused();
  void toneShowsTheColourOfItsLevelAtEveryZoom();
  void colourBarLabelsNeverOverlap();
  void readoutEqualsTheDataLevel();
  void rangeChangeRecoloursTheWholeHistory();
  void fftSizeChangeKeepsTheOldHistoryAsAMarkedSegment();
  void liveTabAndItsExportShowTheToneAtItsLevel();
  void fileViewShowsTheToneAtItsLevelAtEveryZoom();
  void fileTabExportsTheZoomedViewItShows();
  void peakHoldOfALogSweepHasNoFalseDips();
  void anExportThatFailsKeepsThePreviousFile();
  void silenceIsNamedNotGivenAPeak();
};

void AudioLevelsTest::initTestCase()
{
  QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  QCoreApplication::setApplicationName(QStringLiteral("ui_audiolevels_test"));
}

void AudioLevelsTest::colormapEndsMatchMatplotlibAndUnknownNamesAreRefused()
{
  QCOMPARE(Colormap::byName("viridis")->argb(0), 0xff440154u);
  QCOMPARE(Colormap::byName("viridis")->argb(1), 0xfffde725u);
  QCOMPARE(Colormap::byName("magma")->argb(0), 0xff000004u);
  QCOMPARE(Colormap::byName("inferno")->argb(1), 0xfffcffa4u);
  QCOMPARE(Colormap::byName("grayscale")->argb(0.5), 0xff808080u);
  QVERIFY(!Colormap::byName("jet"));
  for (const auto& name : Colormap::names())
    QVERIFY(Colormap::byName(name));
}

// A one-bin line among thousands of bins, drawn small (many bins and frames per pixel), at one pixel per
// frame and magnified: its brightest pixel is the colour of -6 dB every time.
void AudioLevelsTest::toneShowsTheColourOfItsLevelAtEveryZoom()
{
  const auto columns = toneLevels(8192, 40);
  SpectrogramView view;
  view.renderer().setParameters(liveParameters(8192, 200));
  for (const auto& c : columns)
    view.renderer().appendLevels(c, 8192, 4096, kRate);
  const Colormap& map = view.renderer().colormap();
  const int expected = expectedIndex(-6.0, -120, 0);
  for (const QSize size : {QSize(420, 160), QSize(900, 500), QSize(1900, 1300)}) {
    view.resize(size);
    const QImage shot = view.grab().toImage();
    const QRect plot = view.plotRect().toAlignedRect().adjusted(1, 1, -1, -1);
    const int brightest = brightestIndex(map, shot, plot);
    QVERIFY2(std::abs(brightest - expected) <= 1,
             qPrintable(QStringLiteral("at %1x%2 the brightest pixel has colormap index %3, -6 dB is %4")
                            .arg(size.width())
                            .arg(size.height())
                            .arg(brightest)
                            .arg(expected)));
  }
  // The colour bar beside the plot says which colour is -6 dB: it holds that colour.
  view.resize(900, 500);
  const QImage shot = view.grab().toImage();
  const QRectF plot = view.plotRect();
  const QRect bar(int(plot.right()) + 14, int(plot.top()) + 1, 10, int(plot.height()) - 2);
  QCOMPARE(brightestIndex(map, shot, bar), 255);
  QCOMPARE(colour_bar::colourOf(map, -6, -120, 0), map.argbAt(std::uint8_t(expected)));
}

// The colour bar's labels are read, not guessed: at every height the live view and the file view give it
// (small screens to large), none touches another, all stay beside the bar, the top one carries the unit
// and the ends are labelled. At 1366 x 768 the end labels used to be clamped into the bar onto their
// neighbours.
void AudioLevelsTest::colourBarLabelsNeverOverlap()
{
  const QFont font = colour_bar::labelFont(QApplication::font());
  const std::pair<double, double> ranges[] = {{-120, 0}, {-100, -20}, {-90, 0},
                                              {-60, 0},  {-140, 10},  {-75, -3}};
  for (const auto& [minDb, maxDb] : ranges)
    for (int height = 60; height <= 900; height += 7) {
      const QRectF area(10, 20, colour_bar::kWidth, height);
      const auto labels = colour_bar::labels(area, minDb, maxDb, font);
      const QString where = QStringLiteral("%1..%2 dB, %3 px").arg(minDb).arg(maxDb).arg(height);
      QVERIFY2(labels.size() >= 2, qPrintable(where));
      QVERIFY2(labels.front().text.endsWith(QStringLiteral("dB")), qPrintable(where));
      QVERIFY2(labels.back().db < minDb + (maxDb - minDb) / 2, qPrintable(where));
      for (std::size_t i = 0; i < labels.size(); ++i) {
        QVERIFY2(area.contains(labels[i].rect), qPrintable(where));
        if (i > 0)
          QVERIFY2(labels[i - 1].rect.bottom() < labels[i].rect.top(),
                   qPrintable(where +
                              QStringLiteral(": %1 and %2 touch").arg(labels[i - 1].text, labels[i].text)));
      }
    }
}

void AudioLevelsTest::readoutEqualsTheDataLevel()
{
  const auto columns = toneLevels(8192, 10);
  SpectrogramView view;
  view.resize(700, 400);
  SpectrogramParameters p = liveParameters(8192, 10);
  p.scale = FrequencyScale::Linear;
  view.renderer().setParameters(p);
  for (const auto& c : columns)
    view.renderer().appendLevels(c, 8192, 4096, kRate);
  // The data's level of the tone: the loudest stored row, what the pixel over it must name.
  const float dataLevel = *std::max_element(columns.back().begin(), columns.back().end());
  QVERIFY2(std::abs(dataLevel + 6.02f) < 0.05f, qPrintable(QString::number(dataLevel)));
  const QRectF plot = view.plotRect();
  const QSize pixels = view.plotPixels();
  // The pixel row holding 10 kHz on the linear axis, in the newest column.
  const int y = int((1 - 10000 / (kRate / 2)) * pixels.height());
  float best = -1000;
  int bestY = y;
  for (int dy = -2; dy <= 2; ++dy)
    if (auto level = view.renderer().levelAt(pixels, pixels.width() - 1, y + dy); level && *level > best)
      best = *level, bestY = y + dy;
  QCOMPARE(best, dataLevel);
  const QPointF at(plot.right() - 0.5, plot.top() + (bestY + 0.5) * plot.height() / pixels.height());
  const QString text = view.readoutAt(at);
  QVERIFY2(text.contains(QStringLiteral("%1 dB").arg(double(dataLevel), 0, 'f', 1)), qPrintable(text));
}

void AudioLevelsTest::rangeChangeRecoloursTheWholeHistory()
{
  const auto columns = toneLevels(4096, 30);
  SpectrogramRenderer renderer;
  SpectrogramParameters p = liveParameters(4096, 60);
  renderer.setParameters(p);
  for (const auto& c : columns)
    renderer.appendLevels(c, 4096, 2048, kRate);
  const QRect all(0, 0, 60, p.rows);
  QVERIFY(std::abs(brightestIndex(renderer.colormap(), renderer.image(), all) - expectedIndex(-6, -120, 0)) <=
          1);
  p.minDb = -60; // a 60 dB range: the same history, drawn in the new scale, old columns included
  renderer.setParameters(p);
  const QImage image = renderer.image();
  // Within one colormap step (the data's level is -6.02 dB).
  QVERIFY(std::abs(brightestIndex(renderer.colormap(), image, QRect(0, 0, 45, p.rows)) -
                   expectedIndex(-6, -60, 0)) <= 1);
  QVERIFY(std::abs(brightestIndex(renderer.colormap(), image, QRect(45, 0, 15, p.rows)) -
                   expectedIndex(-6, -60, 0)) <= 1);
}

void AudioLevelsTest::fftSizeChangeKeepsTheOldHistoryAsAMarkedSegment()
{
  SpectrogramRenderer renderer;
  renderer.setParameters(liveParameters(4096, 60));
  for (const auto& c : toneLevels(4096, 30))
    renderer.appendLevels(c, 4096, 2048, kRate);
  SpectrogramParameters p = liveParameters(1024, 60);
  renderer.setParameters(p);
  for (const auto& c : toneLevels(1024, 20))
    renderer.appendLevels(c, 1024, 512, kRate);
  const QImage image = renderer.image();
  const int expected = expectedIndex(-6, -120, 0);
  // Columns 10..39 hold the 4096 frames, 40..59 the 1024 ones: both show the tone at its level.
  QVERIFY(std::abs(brightestIndex(renderer.colormap(), image, QRect(10, 0, 30, p.rows)) - expected) <= 1);
  QVERIFY(std::abs(brightestIndex(renderer.colormap(), image, QRect(40, 0, 20, p.rows)) - expected) <= 1);
  const auto marks = renderer.segmentMarks(60);
  QCOMPARE(marks.size(), std::size_t(1));
  QCOMPARE(marks[0].x, 40);
  QVERIFY2(marks[0].label.contains(QStringLiteral("1024")), qPrintable(marks[0].label));
}

// The whole path: generator -> analysis -> live view, and the exported PNG.
void AudioLevelsTest::liveTabAndItsExportShowTheToneAtItsLevel()
{
  AudioTab tab;
  tab.resize(1200, 800);
  tab.show();
  tab.findChild<QComboBox*>(QStringLiteral("waveform"))
      ->setCurrentIndex(int(spectrascope::audio::Waveform::Sine));
  auto* frequency = tab.findChild<QDoubleSpinBox*>(QStringLiteral("generatorFrequency"));
  QVERIFY(frequency);
  frequency->setValue(10000);
  auto* window = tab.findChild<QComboBox*>(QStringLiteral("window"));
  window->setCurrentIndex(window->findText(QStringLiteral("flattop"), Qt::MatchStartsWith));
  tab.setFftSize(4096);
  tab.setFrequencyScale(FrequencyScale::Log);
  tab.findChild<QDoubleSpinBox*>(QStringLiteral("dbRange"))->setValue(120);
  tab.setSpectrogramGain(0);
  auto* view = tab.findChild<SpectrogramView*>();
  const auto start = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= start + 200, kTimeoutMs);
  const Colormap& map = view->renderer().colormap();
  const int expected = expectedIndex(-6, -120, 0);
  const QImage shot = view->grab().toImage();
  const int shown = brightestIndex(map, shot, view->plotRect().toAlignedRect().adjusted(1, 1, -1, -1));
  QVERIFY2(std::abs(shown - expected) <= 1, qPrintable(QStringLiteral("%1 vs %2").arg(shown).arg(expected)));

  tab.setFrozen(true);
  QTemporaryDir dir;
  const QString png = dir.filePath(QStringLiteral("live.png"));
  QVERIFY(tab.exportSpectrogram(png));
  const QImage exported(png);
  const auto& p = view->renderer().parameters();
  const int exportedIndex = brightestIndex(map, exported, QRect(90, 0, p.columns, p.rows));
  QVERIFY2(std::abs(exportedIndex - expected) <= 1,
           qPrintable(QStringLiteral("%1 vs %2").arg(exportedIndex).arg(expected)));
}

// A file opened in the tab, in the main window on a 1366x768 screen: its whole-file view is the main
// view (at least half the tab's height, more than any other view), and zoomed out (many overview columns
// per pixel), to the whole file and far in (one column over many pixels) the brightest pixel is -6 dB's
// colour, and the readout names the data's level.
void AudioLevelsTest::fileViewShowsTheToneAtItsLevelAtEveryZoom()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("tone.wav"));
  // At a bin centre of the overview's 2048-point Hann frames (426 x 23.4375 Hz), so the data's level is
  // -6.0 dB, not the window's scalloping between bins.
  writeToneWav(path, 426 * kRate / 2048, 60);
  EngineService engine;
  MainWindow window(engine);
  test::showAsOnScreen(window, QSize(1366, 768));
  auto* tab = window.findChild<AudioTab*>();
  QVERIFY(tab);
  for (int i = 0; i < window.tabs()->count(); ++i)
    if (window.tabs()->tabText(i) == QStringLiteral("Audio")) window.tabs()->setCurrentIndex(i);
  tab->openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab->source(), AudioTab::Source::File, kTimeoutMs);
  QTest::qWait(50); // the new layout settles
  auto* found = tab->findChild<FileOverviewView*>();
  QVERIFY(found && found->isVisible());
  FileOverviewView& view = *found;
  test::saveScreenshot(window, QStringLiteral("audio-tone-file-1366x768"));
  QVERIFY2(view.plotRect().height() >= tab->height() / 2.0,
           qPrintable(QStringLiteral("the file's plot is %1 px of the tab's %2")
                          .arg(view.plotRect().height())
                          .arg(tab->height())));
  for (const QWidget* other : {static_cast<const QWidget*>(tab->findChild<SpectrumView*>()),
                               static_cast<const QWidget*>(tab->findChild<SpectrogramView*>())})
    QVERIFY(!other->isVisible() || other->height() < view.height());
  const QStringList problems = test::layoutProblems(window);
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
  view.setDisplay(FrequencyScale::Log, -120, 0, "viridis");
  const Colormap map = *Colormap::byName("viridis");
  const int expected = expectedIndex(-6, -120, 0);
  for (const double span : {60.0, 20.0, 1.0}) {
    view.showAll();
    view.zoom(span / 60, view.plotRect().center().x());
    const QImage shot = view.grab().toImage();
    const int brightest = brightestIndex(map, shot, view.plotRect().toAlignedRect().adjusted(1, 1, -1, -1));
    QVERIFY2(
        std::abs(brightest - expected) <= 1,
        qPrintable(
            QStringLiteral("showing %1 s: index %2, -6 dB is %3").arg(span).arg(brightest).arg(expected)));
  }
  // The readout over the tone's row names the data's level.
  const QRectF plot = view.plotRect();
  const QSize pixels = view.plotPixels();
  const FrequencyAxis axis{FrequencyScale::Log, kRate / 2, 20};
  const double toneY = (1 - axis.unitOf(426 * kRate / 2048)) * pixels.height();
  QString best;
  for (int dy = -2; dy <= 2; ++dy) {
    const QString text = view.readoutAt(
        QPointF(plot.center().x(), plot.top() + (int(toneY) + dy + 0.5) * plot.height() / pixels.height()));
    if (text.contains(QStringLiteral("-6.0 dB"))) best = text;
  }
  QVERIFY2(!best.isEmpty(), "no readout near the tone says -6.0 dB");

  // Zoomed in frequency (the top at 12 kHz): the tone's row moves down the plot and keeps its colour.
  view.zoomFrequency(12000 / view.topFrequencyHz());
  QCOMPARE(view.topFrequencyHz(), 12000.0);
  const QImage zoomed = view.grab().toImage();
  const FrequencyAxis zoomedAxis{FrequencyScale::Log, 12000, 20};
  const int row = int(plot.top() + (1 - zoomedAxis.unitOf(426 * kRate / 2048)) * plot.height());
  QVERIFY(
      std::abs(brightestIndex(map, zoomed, QRect(int(plot.left()) + 1, row - 3, int(plot.width()) - 2, 7)) -
               expected) <= 1);
}

// A file in the tab, zoomed in time and frequency: the exported PNG's plot is the view's visible span,
// pixel for pixel (not the live spectrogram's history, which rests hidden), its brightest pixel the
// colour of -6 dB; the spectrum CSV holds the spectrum at the play cursor.
void AudioLevelsTest::fileTabExportsTheZoomedViewItShows()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("tone.wav"));
  const double toneHz = 426 * kRate / 2048; // at a bin centre of the overview's frames: -6.0 dB
  writeToneWav(path, toneHz, 60);
  AudioTab tab;
  tab.resize(1200, 800);
  tab.show();
  tab.setFrequencyScale(FrequencyScale::Log);
  tab.findChild<QDoubleSpinBox*>(QStringLiteral("dbRange"))->setValue(120);
  tab.setSpectrogramGain(0);
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  auto* view = tab.findChild<FileOverviewView*>();
  QVERIFY(view && view->isVisible());
  view->zoom(10.0 / 60, view->plotRect().center().x());
  view->zoomFrequency(12000 / view->topFrequencyHz());
  QTRY_VERIFY_WITH_TIMEOUT(view->showsDetail(), kTimeoutMs); // the stretch in view, analysed on its own
  const Colormap map =
      *Colormap::byName(tab.findChild<QComboBox*>(QStringLiteral("colormap"))->currentText().toStdString());
  const QImage shot = view->grab().toImage();
  const QRect plot = view->plotRect().toAlignedRect();
  QCOMPARE(plot.size(), view->plotPixels());

  const QString png = dir.filePath(QStringLiteral("file.png"));
  QVERIFY(tab.exportSpectrogram(png));
  const QImage exported = QImage(png).convertToFormat(QImage::Format_RGB32);
  QVERIFY(exported.width() > AudioExport::kPlotLeft + plot.width() && exported.height() > plot.height());
  const QImage exportedPlot = exported.copy(QRect(QPoint(AudioExport::kPlotLeft, 0), plot.size()));
  QVERIFY2(exportedPlot == shot.copy(plot).convertToFormat(QImage::Format_RGB32),
           "the exported plot is not what the file view shows");
  const int expected = expectedIndex(-6, -120, 0);
  const int brightest = brightestIndex(map, exportedPlot, exportedPlot.rect());
  QVERIFY2(std::abs(brightest - expected) <= 1,
           qPrintable(QStringLiteral("%1 vs %2").arg(brightest).arg(expected)));

  // The spectrum pane shows the moment at the play cursor; its CSV says the same.
  QTRY_VERIFY_WITH_TIMEOUT(std::abs(tab.peakFrequencyHz() - toneHz) < 30, kTimeoutMs);
  const QString csv = dir.filePath(QStringLiteral("spectrum.csv"));
  QVERIFY(tab.exportSpectrum(csv));
  QFile file(csv);
  QVERIFY(file.open(QIODevice::ReadOnly));
  double loudestHz = 0, loudestDb = -1000;
  for (const QByteArray& line : file.readAll().split('\n').mid(1)) {
    const QList<QByteArray> fields = line.split(',');
    if (fields.size() == 2 && fields[1].toDouble() > loudestDb)
      loudestHz = fields[0].toDouble(), loudestDb = fields[1].toDouble();
  }
  QVERIFY2(std::abs(loudestHz - toneHz) < 30 && std::abs(loudestDb + 6) < 1.5,
           qPrintable(QStringLiteral("%1 Hz at %2 dB").arg(loudestHz).arg(loudestDb)));
}

// A log sweep with peak hold (no decay) while the GUI thread stalls now and then, so results wait in the
// worker: the peak trace must still be smooth, every frame having reached it, and the spectrogram must
// have every column (waiting results used to replace each other, and their columns were lost).
void AudioLevelsTest::peakHoldOfALogSweepHasNoFalseDips()
{
  AudioTab tab;
  tab.resize(1200, 800);
  tab.show();
  tab.findChild<QComboBox*>(QStringLiteral("waveform"))
      ->setCurrentIndex(int(spectrascope::audio::Waveform::LogChirp));
  tab.findChild<QDoubleSpinBox*>(QStringLiteral("generatorFrequency"))->setValue(500);
  tab.findChild<QDoubleSpinBox*>(QStringLiteral("generatorSecondFrequency"))->setValue(8000);
  tab.setFftSize(2048);
  tab.setHop(256);
  tab.setAveraging(audio::AveragingSettings{audio::AveragingMode::None, 1.0, true, 0});
  const auto start = tab.spectrogramColumns();
  QTRY_VERIFY_WITH_TIMEOUT(tab.spectrogramColumns() >= start + 10, kTimeoutMs);
  tab.setAveraging(audio::AveragingSettings{audio::AveragingMode::None, 1.0, false, 0});
  tab.setAveraging(
      audio::AveragingSettings{audio::AveragingMode::None, 1.0, true, 0}); // peaks afresh from here
  const auto before = tab.spectrogramColumns();
  QElapsedTimer clock;
  clock.start();
  while (clock.elapsed() < 5000) { // the generator's sweep lasts 4 s
    QTest::qWait(40);
    QThread::msleep(160); // a busy GUI: results wait in the analysis meanwhile
  }
  const double seconds = double(clock.elapsed()) / 1000;
  QTest::qWait(200);
  const double columns = double(tab.spectrogramColumns() - before), expected = seconds * kRate / 256;
  QVERIFY2(columns >= 0.9 * expected, qPrintable(QStringLiteral("%1 columns in %2 s of stalls, %3 expected")
                                                     .arg(columns)
                                                     .arg(seconds, 0, 'f', 1)
                                                     .arg(expected, 0, 'f', 0)));
  QCOMPARE(tab.droppedResults(), std::uint64_t(0));
  const std::vector<float>& peaks = tab.spectrumView()->peaks();
  QVERIFY(!peaks.empty());
  const double binHz = kRate / 2048;
  const int low = int(700 / binHz), high = int(7000 / binHz), reach = 8;
  double deepest = 0;
  int where = 0;
  for (int k = low; k <= high; ++k) {
    float left = -1000, right = -1000;
    for (int d = 1; d <= reach; ++d)
      left = std::max(left, peaks[std::size_t(k - d)]), right = std::max(right, peaks[std::size_t(k + d)]);
    const double dip = std::min(left, right) - peaks[std::size_t(k)];
    if (dip > deepest) deepest = dip, where = k;
  }
  QVERIFY2(deepest <= 1.5, qPrintable(QStringLiteral("a dip of %1 dB at %2 Hz in the peak-hold trace")
                                          .arg(deepest, 0, 'f', 1)
                                          .arg(where * binHz, 0, 'f', 0)));
}

void AudioLevelsTest::anExportThatFailsKeepsThePreviousFile()
{
  // The spectrum exported over an earlier CSV on a disk that fills up half way: the reason in words, the
  // earlier file as it was, no temporary beside it.
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("spectrum.csv"));
  QString error;
  SpectrumParameters parameters;
  QVERIFY2(AudioExport::spectrumCsv(std::vector<float>(64, -20.f), parameters, path, error),
           qPrintable(error));
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray before = file.readAll();
  file.close();
  {
    const spectrascope::test::FileSizeLimit fullDisk(before.size() + 4096);
    QVERIFY(!AudioExport::spectrumCsv(std::vector<float>(100000, -42.5f), parameters, path, error));
  }
  QVERIFY2(error.contains(QStringLiteral("File too large")), qPrintable(error));
  QVERIFY(file.open(QIODevice::ReadOnly));
  QCOMPARE(file.readAll(), before);
  QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
           QStringList{QStringLiteral("spectrum.csv")});
}

// Digital silence (a file of zeros, a muted microphone): every bin at the floor. The readout read
// "peak 11.7 Hz -240.0 dB F#-1 +23 ct", a peak and a note that are not there.
void AudioLevelsTest::silenceIsNamedNotGivenAPeak()
{
  SpectrumView view;
  view.resize(600, 200);
  view.addFrame(std::vector<float>(2049, audio::Stft::kFloorDb), 48000, 4096, 4096.0 / 48000);
  QVERIFY2(!view.readoutText().contains(QStringLiteral("peak")), qPrintable(view.readoutText()));
  QVERIFY2(view.readoutText().startsWith(QStringLiteral("silence")), qPrintable(view.readoutText()));
  std::vector<float> tone(2049, audio::Stft::kFloorDb);
  tone[85] = -6; // 996 Hz
  view.addFrame(tone, 48000, 4096, 4096.0 / 48000);
  QVERIFY2(view.readoutText().startsWith(QStringLiteral("peak 996.1 Hz  -6.0 dB")),
           qPrintable(view.readoutText()));
}

QTEST_MAIN(AudioLevelsTest)
#include "AudioLevelsTest.moc"
