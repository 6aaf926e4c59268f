// Audio files of 1 to 10 samples, far shorter than one analysis frame: the spectrum pane and the file's
// spectrogram show one analysis of them and say what it is, the levels read those of the samples, and
// the time axis, the readout and the header read in units people read ("40 µs", not "5e-05 s").

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/AxisPainter.h"
#include "spectrascope/ui/audio/FileOverviewView.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sndfile.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace spectrascope::ui;
namespace audio = spectrascope::audio;

namespace {
constexpr int kTimeoutMs = 20000;
constexpr int kRate = 48000;
constexpr double kToneHz = 5000;
constexpr double kAmplitude = 0.5; // -6.02 dBFS

// `count` samples of a kToneHz sine at kAmplitude, peaking at the middle sample, as a 48 kHz float WAV.
bool writeTinyFile(const QString& path, int count)
{
  SF_INFO info{};
  info.samplerate = kRate;
  info.channels = 1;
  info.format = SF_FORMAT_WAV | SF_FORMAT_FLOAT;
  std::vector<float> samples(static_cast<std::size_t>(count), 0.0f);
  for (int i = 0; i < count; ++i)
    samples[std::size_t(i)] =
        float(kAmplitude * std::cos(2 * M_PI * kToneHz * (i - (count - 1) / 2.0) / kRate));
  SNDFILE* file = sf_open(path.toLocal8Bit().constData(), SFM_WRITE, &info);
  if (!file) return false;
  const bool ok = sf_write_float(file, samples.data(), count) == count;
  sf_close(file);
  return ok;
}

// A pixel of the spectrum's main trace (SpectrumRenderer's kTrace, 110 200 255) drawn at least about
// two-thirds over the plot's background: not one dimmed under a backdrop, nor a grid line or a label.
bool isTracePixel(QRgb pixel)
{
  return qBlue(pixel) >= 170 && qBlue(pixel) - qRed(pixel) >= 80;
}

// Light text on the pane's dark backdrops (the readout's and the note's letters).
bool isTextPixel(QRgb pixel)
{
  return qRed(pixel) >= 150 && qGreen(pixel) >= 150 && qBlue(pixel) >= 150;
}

struct TraceUnder
{
  int drawn = 0;  // pixels of the trace drawn inside the box, without it
  int hidden = 0; // of which the pane shows no trace (covered)
};

// The pane's trace inside `box` but outside `except`: the plot alone, as the renderer draws it with the
// pane's own parameters, against what the pane shows there.
TraceUnder traceUnder(const SpectrumView& spectrum, const QImage& shown, const QRectF& box,
                      const QRectF& except = {})
{
  const QImage plot = SpectrumRenderer::render(spectrum.plotParameters(), spectrum.displayed(),
                                               spectrum.peaks(), shown.devicePixelRatio());
  TraceUnder under;
  const QRect pixels = box.toAlignedRect().intersected(plot.rect()).intersected(shown.rect());
  for (int y = pixels.top(); y <= pixels.bottom(); ++y)
    for (int x = pixels.left(); x <= pixels.right(); ++x) {
      if (!isTracePixel(plot.pixel(x, y)) || except.contains(QPointF(x + 0.5, y + 0.5))) continue;
      ++under.drawn;
      under.hidden += !isTracePixel(shown.pixel(x, y));
    }
  return under;
}

// Pixel columns of `box` whose letters are drawn, from its left and right edges inwards.
int textColumnsNear(const QImage& shown, const QRect& box, bool fromRight)
{
  int columns = 0;
  for (int i = 0; i < box.width() / 4; ++i) {
    const int x = fromRight ? box.right() - i : box.left() + i;
    bool text = false;
    for (int y = box.top(); y <= box.bottom() && !text; ++y)
      text = isTextPixel(shown.pixel(x, y));
    columns += text;
  }
  return columns;
}

// The level a readout names ("... -6.1 dB ..."), NaN where it names none.
double levelIn(const QString& readout, const QString& before = {})
{
  const QRegularExpression level(QRegularExpression::escape(before) +
                                 QStringLiteral("[^\\n]*?(-?[0-9.]+) dB"));
  const auto match = level.match(readout);
  return match.hasMatch() ? match.captured(1).toDouble() : std::nan("");
}

// A 10-sample file opened in `tab` (shown at its size, with the settings the test gave it): its file view
// and spectrum pane, once both show the file's one analysis. A failure leaves `view` and `spectrum` null
// and the test failed.
struct ShownTinyFile
{
  QTemporaryDir dir;
  FileOverviewView* view = nullptr;
  SpectrumView* spectrum = nullptr;
};

void showTinyFile(AudioTab& tab, ShownTinyFile& shown)
{
  const QString path = shown.dir.filePath(QStringLiteral("tiny.wav"));
  QVERIFY(writeTinyFile(path, 10));
  tab.show();
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  auto* view = tab.findChild<FileOverviewView*>(QStringLiteral("fileOverview"));
  auto* spectrum = tab.findChild<SpectrumView*>(QStringLiteral("spectrumView"));
  QVERIFY(view && spectrum);
  QTRY_VERIFY_WITH_TIMEOUT(view->overview().columns > 0, kTimeoutMs);
  QTRY_COMPARE_WITH_TIMEOUT(int(spectrum->displayed().size()), view->overview().bins, kTimeoutMs);
  shown.view = view;
  shown.spectrum = spectrum;
}
} // namespace

class TinyFilesTest : public QObject
{
  Q_OBJECT

private slots:
  void bothViewsShowOneAnalysisOfTheSamples_data();
  void bothViewsShowOneAnalysisOfTheSamples();
  void anotherAveragingKeepsTheFileShown();
  void theNoteLeavesTheTraceVisibleInANarrowPane_data();
  void theNoteLeavesTheTraceVisibleInANarrowPane();
  void theReadoutHidesLessOfTheTraceInTheSmallestPane();
};

void TinyFilesTest::bothViewsShowOneAnalysisOfTheSamples_data()
{
  QTest::addColumn<int>("samples");
  QTest::addColumn<QString>("duration");
  QTest::newRow("1 sample") << 1 << QStringLiteral("1 sample, 21 µs");
  QTest::newRow("5 samples") << 5 << QStringLiteral("5 samples, 104 µs");
  QTest::newRow("10 samples") << 10 << QStringLiteral("10 samples, 208 µs");
}

void TinyFilesTest::bothViewsShowOneAnalysisOfTheSamples()
{
  QFETCH(int, samples);
  QFETCH(QString, duration);
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("tiny.wav"));
  QVERIFY(writeTinyFile(path, samples));
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  tab.setFftSize(4096); // not the file view's 2048: the pane still shows the file view's analysis
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  auto* view = tab.findChild<FileOverviewView*>(QStringLiteral("fileOverview"));
  auto* spectrum = tab.findChild<SpectrumView*>(QStringLiteral("spectrumView"));
  auto* description = tab.findChild<ElidedLabel*>(QStringLiteral("audioFileDescription"));
  QVERIFY(view && spectrum && description);
  QTRY_VERIFY_WITH_TIMEOUT(view->overview().columns > 0, kTimeoutMs);
  QTest::qWait(500); // the player's frame of the file reaches the analysis and comes back meanwhile

  // The header names the samples and their time, not "0 ms".
  QVERIFY2(description->fullText().endsWith(QStringLiteral(", ") + duration),
           qPrintable(description->fullText()));

  // The time axis and the readout under the mouse: microseconds, no exponent, no "0.00 s".
  const QRectF plot = view->plotRect();
  QStringList labels;
  for (const auto& tick :
       axis_painter::timeTicks(view->viewStart(), view->viewStart() + view->viewSpan(), plot.width(), true))
    labels << tick.label;
  QVERIFY(!labels.isEmpty());
  for (const QString& label : labels)
    QVERIFY2(label.endsWith(QStringLiteral(" µs")) && !label.contains(QLatin1Char('e')),
             qPrintable(labels.join(QStringLiteral(" | "))));
  const double hz = kToneHz;
  const double y = plot.top() + (1 - view->frequencyAxis().unitOf(hz)) * plot.height();
  const QString fileReadout = view->readoutAt(QPointF(plot.center().x(), y));
  QVERIFY2(fileReadout.contains(QStringLiteral(" µs ")), qPrintable(fileReadout));

  // One analysis in both views: the pane's trace is the file view's column, bin for bin.
  const AudioFileOverview& file = view->overview();
  QCOMPARE(file.columns, 1);
  const std::vector<float>& shown = spectrum->displayed();
  QCOMPARE(int(shown.size()), file.bins);
  for (int k = 0; k < file.bins; ++k)
    QVERIFY2(std::abs(shown[std::size_t(k)] - file.db[std::size_t(k)]) < 1e-4,
             qPrintable(QStringLiteral("bin %1: pane %2 dB, file view %3 dB")
                            .arg(k)
                            .arg(shown[std::size_t(k)])
                            .arg(file.db[std::size_t(k)])));

  // Both say what it is.
  QVERIFY2(spectrum->note().contains(QStringLiteral("in one 2048-point frame")),
           qPrintable(spectrum->note()));
  const QImage drawn = view->grab().toImage(), picture = view->visibleImage();
  int noteRows = 0; // rows at the plot's foot drawn over (the note's backdrop and text)
  for (int row = 1; row <= 12; ++row) {
    const int yImage = picture.height() - row, yWidget = int(plot.top()) + yImage;
    int differing = 0;
    for (int x = 0; x < picture.width() / 4; ++x)
      differing += drawn.pixel(int(plot.left()) + x, yWidget) != picture.pixel(x, yImage);
    noteRows += differing > picture.width() / 8;
  }
  QVERIFY2(noteRows >= 6, qPrintable(QString::number(noteRows)));

  // The levels read those of the samples: a sine of two or more samples reads its amplitude within the
  // spread of so short a burst (not -46 dB, a level that fell with the frame's length), and the pane's
  // readout and the file view's cursor agree.
  const double paneDb = levelIn(spectrum->readoutText(), QStringLiteral("peak"));
  QVERIFY2(!std::isnan(paneDb), qPrintable(spectrum->readoutText()));
  if (samples >= 2)
    QVERIFY2(paneDb > 20 * std::log10(kAmplitude) - 6 && paneDb < 20 * std::log10(kAmplitude) + 6.5,
             qPrintable(spectrum->readoutText()));
  const double peakHz = QRegularExpression(QStringLiteral("peak ([0-9.]+) Hz"))
                            .match(spectrum->readoutText())
                            .captured(1)
                            .toDouble();
  const double peakY =
      plot.top() + (1 - view->frequencyAxis().unitOf(std::max(30.0, peakHz))) * plot.height();
  const double fileDb = levelIn(view->readoutAt(QPointF(plot.center().x(), peakY)));
  QVERIFY2(std::abs(fileDb - paneDb) < 1.5,
           qPrintable(QStringLiteral("pane \"%1\", file view \"%2\"")
                          .arg(spectrum->readoutText(), view->readoutAt(QPointF(plot.center().x(), peakY)))));
}

// A new averaging mode restarts the pane's averages: the file's one column is shown again, not lost until
// the file is opened anew (no frame of the player reaches the pane for such a file).
void TinyFilesTest::anotherAveragingKeepsTheFileShown()
{
  AudioTab tab;
  tab.resize(1000, 700);
  ShownTinyFile shown;
  showTinyFile(tab, shown);
  if (QTest::currentTestFailed()) return;
  FileOverviewView* view = shown.view;
  SpectrumView* spectrum = shown.spectrum;
  audio::AveragingSettings averaging = tab.averaging();
  averaging.mode = averaging.mode == audio::AveragingMode::Exponential ? audio::AveragingMode::None
                                                                       : audio::AveragingMode::Exponential;
  tab.setAveraging(averaging);
  QTest::qWait(300);
  QCOMPARE(int(spectrum->displayed().size()), view->overview().bins);
  QVERIFY2(spectrum->note().contains(QStringLiteral("in one 2048-point frame")),
           qPrintable(spectrum->note()));
}

void TinyFilesTest::theNoteLeavesTheTraceVisibleInANarrowPane_data()
{
  QTest::addColumn<QSize>("tabSize");
  QTest::newRow("700 x 500") << QSize(700, 500);
  QTest::newRow("560 x 420") << QSize(560, 420);
}

// In a narrow window the note that says what a tiny file's spectrum is stays readable, whole, and hides
// none of the trace: as a box over the plot, wrapped to its width, it covered most of the curve.
void TinyFilesTest::theNoteLeavesTheTraceVisibleInANarrowPane()
{
  QFETCH(QSize, tabSize);
  AudioTab tab;
  tab.resize(tabSize);
  ShownTinyFile shown;
  showTinyFile(tab, shown);
  if (QTest::currentTestFailed()) return;
  SpectrumView* spectrum = shown.spectrum;

  const QImage drawn = spectrum->grab().toImage();
  const QString png = QDir::temp().filePath(
      QStringLiteral("spectrascope-tiny-note-%1x%2.png").arg(tabSize.width()).arg(tabSize.height()));
  drawn.save(png);
  qInfo("spectrum pane %dx%d, drawn to %s", spectrum->width(), spectrum->height(), qPrintable(png));

  // None of the trace is hidden under the note's box.
  const QRectF box = spectrum->noteRect();
  QVERIFY(!box.isEmpty());
  const TraceUnder under = traceUnder(*spectrum, drawn, box);
  QVERIFY2(
      under.hidden == 0,
      qPrintable(QStringLiteral("the note's box (%1 x %2 at %3, %4) hides %5 of the trace's %6 pixels there")
                     .arg(box.width())
                     .arg(box.height())
                     .arg(box.x())
                     .arg(box.y())
                     .arg(under.hidden)
                     .arg(under.drawn)));

  // Nor anywhere else but under the readout's box: the trace is there to see.
  const TraceUnder whole = traceUnder(*spectrum, drawn, spectrum->rect(), spectrum->readoutRect());
  QVERIFY2(whole.drawn > 50 && whole.hidden == 0,
           qPrintable(QStringLiteral("%1 of the trace's %2 pixels outside the readout are hidden")
                          .arg(whole.hidden)
                          .arg(whole.drawn)));

  // The note is drawn whole: its box lies inside the pane, the text fits it (one line or wrapped to its
  // width) and letters are drawn at both its ends.
  QVERIFY2(QRectF(spectrum->rect()).contains(box),
           qPrintable(QStringLiteral("note box %1 x %2 at %3, %4 in a pane of %5 x %6")
                          .arg(box.width())
                          .arg(box.height())
                          .arg(box.x())
                          .arg(box.y())
                          .arg(spectrum->width())
                          .arg(spectrum->height())));
  // (A pixel more than the box, for its width rounded to whole pixels.)
  const QRect needed = spectrum->fontMetrics().boundingRect(
      QRect(box.topLeft().toPoint(), QSize(int(std::ceil(box.width())) + 1, spectrum->height())),
      Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, spectrum->note());
  QVERIFY2(needed.height() <= box.height() && needed.width() <= box.width(),
           qPrintable(QStringLiteral("\"%1\" needs %2 x %3 px, its box is %4 x %5")
                          .arg(spectrum->note())
                          .arg(needed.width())
                          .arg(needed.height())
                          .arg(box.width())
                          .arg(box.height())));
  QVERIFY(textColumnsNear(drawn, needed, false) > 0);
  QVERIFY(textColumnsNear(drawn, needed, true) > 0);
}

// In a pane at its least height a tiny file's loud, flat spectrum runs along the top of the plot, where the
// readout's box covered it in either top corner; a bottom corner of the plot hides less of it.
void TinyFilesTest::theReadoutHidesLessOfTheTraceInTheSmallestPane()
{
  AudioTab tab;
  tab.resize(560, 420);
  // The averaging of a first start, none: the readout is one line. Another, remembered from a test above,
  // adds a second line, and the box is then taller than this plot in every corner.
  tab.setAveraging(audio::AveragingSettings{});
  ShownTinyFile shown;
  showTinyFile(tab, shown);
  if (QTest::currentTestFailed()) return;
  SpectrumView* spectrum = shown.spectrum;
  QCOMPARE(spectrum->height(), SpectrumView::kMinimumHeight);

  const QImage drawn = spectrum->grab().toImage();
  const QString png = QDir::temp().filePath(QStringLiteral("spectrascope-tiny-readout-560x420.png"));
  drawn.save(png);
  qInfo("spectrum pane %dx%d, drawn to %s", spectrum->width(), spectrum->height(), qPrintable(png));

  // The box in the plot's top corners (the plot less 4 px at the sides and 2 at the top): every trace
  // pixel the renderer draws there would be under the backdrop.
  const QRectF box = spectrum->readoutRect();
  QVERIFY(!box.isEmpty());
  const QRectF room = SpectrumRenderer::plotRect(spectrum->plotParameters()).adjusted(4, 2, -4, -2);
  QVERIFY(room.contains(box));
  const QRectF topLeft(room.topLeft(), box.size());
  const QRectF topRight = topLeft.translated(room.right() - topLeft.right(), 0);
  const int underTopLeft = traceUnder(*spectrum, drawn, topLeft).drawn;
  const int underTopRight = traceUnder(*spectrum, drawn, topRight).drawn;
  const TraceUnder under = traceUnder(*spectrum, drawn, box);
  qInfo("the readout's box at %g, %g hides %d trace pixels; at the top left %d, at the top right %d", box.x(),
        box.y(), under.hidden, underTopLeft, underTopRight);
  QVERIFY2(
      under.hidden < std::min(underTopLeft, underTopRight),
      qPrintable(QStringLiteral("the readout's box (%1 x %2 at %3, %4) hides %5 trace pixels; at the top "
                                "left it would hide %6, at the top right %7")
                     .arg(box.width())
                     .arg(box.height())
                     .arg(box.x())
                     .arg(box.y())
                     .arg(under.hidden)
                     .arg(underTopLeft)
                     .arg(underTopRight)));
}

QTEST_MAIN(TinyFilesTest)
#include "TinyFilesTest.moc"
