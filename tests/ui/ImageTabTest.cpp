// The Image tab driven as a user would: the sample shows on start, an image opens, the cutoff slider is
// dragged and the filtered result follows; notches are clicked onto the spectrum, dragged, painted,
// undone and redone; views zoom and pan together; the cursor readout names the bin; results save; bad
// files leave the current image alone. The slider's update rate on a 2048 x 2048 photo is measured and
// printed, never asserted.

#include "spectrascope/ui/ImageTab.h"
#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/MainWindow.h"
#include "spectrascope/ui/image/ImageFiles.h"
#include "spectrascope/ui/image/ImageFormats.h"
#include "spectrascope/ui/image/LoadProgress.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"
#include "support/FileSizeLimit.h"
#include "support/LayoutChecks.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImageReader>
#include <QImageWriter>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUrl>
#include <QtEndian>

#include <cmath>
#include <complex>
#include <cstring>
#include <numbers>

using namespace spectrascope::ui;
using spectrascope::imaging::MaskKind;

namespace {
constexpr int kTimeoutMs = 60000;

QString dataFile(const char* name)
{
  return QStringLiteral(SPECTRASCOPE_TEST_DATA "/") + QLatin1String(name);
}

// Quiet time after which no further result is expected: long enough for the full update that follows a
// drag's previews on a loaded two-core machine (300 ms was not, at a load average of 18).
constexpr int kQuietMs = 1000;

// Waits until the tab has shown a result for the latest request (no update left in flight).
bool settle(QSignalSpy& results)
{
  if (!results.wait(kTimeoutMs)) return false;
  while (results.wait(kQuietMs)) {
  }
  return true;
}

// Waits until more than `seen` results have been shown and no more follow: settle() for when the
// result may already have arrived while something else was awaited.
bool settleAfter(QSignalSpy& results, int seen)
{
  QElapsedTimer clock;
  clock.start();
  while (results.count() <= seen)
    if (!results.wait(100) && clock.elapsed() > kTimeoutMs) return false;
  while (results.wait(kQuietMs)) {
  }
  return true;
}

// A grey image with a periodic interference of (u, v) = (24, 10) cycles per image on top of a smooth
// ramp, like shared/data/images/moon_periodic_noise.png.
QImage periodicNoiseImage(int size)
{
  QImage image(size, size, QImage::Format_Grayscale8);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const double base =
          100 + 40 * std::exp(-((x - size / 2.0) * (x - size / 2.0) + (y - size / 3.0) * (y - size / 3.0)) /
                              (size * 8.0));
      const double noise = 40 * std::sin(2 * std::numbers::pi * (24.0 * x / size + 10.0 * y / size));
      image.setPixel(x, y, qRgb(0, 0, 0));
      image.scanLine(y)[x] = uchar(std::clamp(std::lround(base + noise), 0L, 255L));
    }
  return image;
}

// |DFT| of a grey image at one bin, directly.
double binMagnitude(const QImage& image, int u, int v)
{
  const QImage grey = image.convertToFormat(QImage::Format_Grayscale8);
  std::complex<double> sum;
  for (int y = 0; y < grey.height(); ++y)
    for (int x = 0; x < grey.width(); ++x)
      sum += double(grey.constScanLine(y)[x]) *
             std::polar(1.0, -2 * std::numbers::pi *
                                 (double(u) * x / grey.width() + double(v) * y / grey.height()));
  return std::abs(sum);
}

QPoint widgetPosOfBin(const image::MaskedSpectrumView& view, QPointF bin)
{
  return view.toWidget(view.imagePosOf(bin)).toPoint();
}

quint32 crc32(const QByteArray& data)
{
  quint32 crc = 0xffffffffu;
  for (char c : data) {
    crc ^= quint8(c);
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

// A real PNG whose header is rewritten to claim width x height pixels (with a valid CRC), as a
// decompression bomb does.
QByteArray pngClaiming(const QString& source, quint32 width, quint32 height)
{
  QFile file(source);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QByteArray png = file.readAll();
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), ... CRC over type and data.
  qToBigEndian(width, png.data() + 16);
  qToBigEndian(height, png.data() + 20);
  qToBigEndian(crc32(png.mid(12, 17)), png.data() + 29);
  return png;
}

// Qt hands a drop to the widget under the cursor or, if that one takes none, to its nearest ancestor
// that does: the same search, from a point of `window`.
QWidget* dropTargetAt(QWidget& window, QPoint windowPos)
{
  QWidget* target = window.childAt(windowPos);
  while (target && !target->acceptDrops())
    target = target->parentWidget();
  return target;
}

// A drag of `mime` entering `target` and let go there, as the platform's drag and drop delivers it.
// Returns whether the drag was accepted on entering and the drop on release.
std::pair<bool, bool> drop(QWidget* target, const QMimeData& mime)
{
  const QPoint at = target->rect().center();
  QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  enter.setAccepted(false);
  QApplication::sendEvent(target, &enter);
  if (!enter.isAccepted()) return {false, false};
  QDropEvent release(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  release.setAccepted(false);
  QApplication::sendEvent(target, &release);
  return {true, release.isAccepted()};
}

QMimeData* fileUrls(const QList<QUrl>& urls)
{
  auto* mime = new QMimeData;
  mime->setUrls(urls);
  return mime;
}

// A press at `from`, moves in steps to `to`, a release there: a drag with the left button.
void dragWithMouse(QWidget* view, QPoint from, QPoint to, int steps = 5)
{
  QTest::mousePress(view, Qt::LeftButton, {}, from);
  for (int i = 1; i <= steps; ++i) {
    const QPoint p = from + (to - from) * i / steps;
    QMouseEvent move(QEvent::MouseMove, p, view->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(view, &move);
  }
  QTest::mouseRelease(view, Qt::LeftButton, {}, to);
}

int maxDifference(const QImage& a, const QImage& b)
{
  if (a.size() != b.size()) return 256;
  const QImage x = a.convertToFormat(QImage::Format_RGB888), y = b.convertToFormat(QImage::Format_RGB888);
  int worst = 0;
  for (int row = 0; row < x.height(); ++row)
    for (int i = 0; i < 3 * x.width(); ++i)
      worst = std::max(worst, std::abs(int(x.constScanLine(row)[i]) - int(y.constScanLine(row)[i])));
  return worst;
}

// The entries of the Open Recent menu (not its separator and Clear Menu).
QList<QAction*> recentEntries(QMenu* menu)
{
  QList<QAction*> entries;
  for (QAction* action : menu->actions())
    if (!action->isSeparator() && !action->toolTip().isEmpty() && action->text().startsWith(QLatin1Char('&')))
      entries << action;
  return entries;
}
} // namespace

class ImageTabTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase()
  {
    // Settings (recent files, last folder) go to Qt's test location, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("SpectrascopeTests"));
  }
  void init() { QSettings().clear(); }
  void showsTheSampleImageOnStart();
  void opensAnImageAndFollowsTheSlider();
  void clickedNotchRemovesPeriodicNoiseAndUndoes();
  void draggingANotchIsOneUndoStep();
  void paintingInvertAndResetAreUndoable();
  void sliderDragIsOneUndoStep();
  void viewsZoomAndPanTogether();
  void readoutNamesTheBinUnderTheCursor();
  void spectrumDisplayOptionsChangeThePicture();
  void savesResultSpectrumAndMask();
  void aSaveThatFailsKeepsThePreviousFile();
  void badFilesLeaveTheImageAlone();
  void measuresSliderUpdatesPerSecondAt2048();
  void paddingShowsThePaddedSpectrumAndIsRemembered();
  void selectedNotchRadiusIsEditedBySpinBoxAndRing();
  void slowLoadShowsProgressAndCancelKeepsTheImage();
  void aQueuedLoadKeepsItsProgress();
  void viewsKeepOneWidthOnANarrowWindow();
  void cutoffValueStaysBesideItsSlider();
  void followsTheServicesBackendChosenDuringTheFirstLoad();
  void fitsTheDefaultWindowOnEachBackend_data();
  void fitsTheDefaultWindowOnEachBackend();
  void notchRadiusBoxShowsNoRadiusWithoutASelection();
  void opensTiffAndWebp();
  void paletteImagesAreDrawnInTheirColours();
  void aReloadJustAsALoadEndsKeepsTheNewPicture();
  void aFailedLoadLeavesThePictureShownFiltered();
  void luminanceOnlyFiltersTheLuminance();
  void droppingAnImageFileOnTheWindowOpensIt();
  void editCopyPutsTheFilteredImageOnTheClipboard();
  void draggingTheCutoffRingsChangesTheCutoffs();
  void recentFilesReopenAndForget();
  void undoAndRedoWorkFromTheKeyboard();
  void readoutFollowsTheMaskWithoutAMouseMove();
  void aNewImageStartsWithoutTheOldNotches();
  void secondCutoffIsDisabledOutsideTheBands();
  void bandChosenAfterFMovedPastF2PassesABand();
  void notchRadiusStopsShortOfDc();
  void slowSliderDragShowsPreviewsUntilRelease();
  void fitsSmallAndScaledScreens();
};

void ImageTabTest::showsTheSampleImageOnStart()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy errors(&tab, &ImageTab::errorMessage);
  QVERIFY(settle(results));
  QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().at(1).toString()));
  QCOMPARE(tab.originalImage().size(), QSize(600, 400));
  QCOMPARE(tab.spectrumImage().size(), QSize(600, 400));
  QCOMPARE(tab.resultImage().size(), QSize(600, 400));
  QVERIFY(!tab.resultImage().isGrayscale()); // colour, filtered per channel
}

void ImageTabTest::opensAnImageAndFollowsTheSlider()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy loaded(&tab, &ImageTab::imageLoaded);
  QVERIFY(settle(results));
  tab.openFile(dataFile("hubble_deep_field.jpg"));
  QVERIFY(loaded.wait(kTimeoutMs) || loaded.count() > 0);
  QVERIFY(settle(results));
  QCOMPARE(tab.originalImage().size(), QSize(1000, 872));
  const QImage before = tab.resultImage();

  // A drag: many values in quick succession; the tab drops stale ones and ends on the last.
  const int updatesBefore = int(results.count());
  for (int v = tab.cutoffSlider()->value(); v > 5; v -= 3)
    tab.cutoffSlider()->setValue(v);
  QVERIFY(settle(results));
  QVERIFY(results.count() > updatesBefore);
  const QImage after = tab.resultImage();
  QCOMPARE(after.size(), before.size());
  QVERIFY2(after != before, "moving the cutoff must change the filtered image");
  // The latest value won: filtering again at the same cutoff gives the same image.
  tab.kindBox()->setCurrentIndex(1);
  QVERIFY(settle(results));
  tab.kindBox()->setCurrentIndex(0);
  QVERIFY(settle(results));
  QCOMPARE(tab.resultImage(), after);
}

// The notch scenario: a click near the interference peak adds the notch pair; the peak's
// residual drops by at least 40 dB; undo brings the interference back, redo removes it again.
void ImageTabTest::clickedNotchRemovesPeriodicNoiseAndUndoes()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  const int size = 256;
  tab.openImage(periodicNoiseImage(size), QStringLiteral("noise"));
  QVERIFY(settle(results));
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::Notch)));
  QVERIFY(settle(results));
  const double noisy = binMagnitude(tab.resultImage(), 24, 10);
  QVERIFY(noisy > 1e5);

  // Click two bins off the peak: the notch snaps onto it.
  auto* view = tab.spectrumView();
  QTest::mouseClick(view, Qt::LeftButton, {}, widgetPosOfBin(*view, QPointF(22, 11)));
  QVERIFY(settle(results));
  QCOMPARE(tab.maskSpec().notches.size(), std::size_t(1));
  QCOMPARE(tab.maskSpec().notches[0].u, 24.0);
  QCOMPARE(tab.maskSpec().notches[0].v, 10.0);
  const double cleaned = binMagnitude(tab.resultImage(), 24, 10);
  QVERIFY2(20 * std::log10(noisy / std::max(cleaned, 1e-9)) >= 40,
           qPrintable(QStringLiteral("residual %1 of %2").arg(cleaned).arg(noisy)));

  tab.undoAction()->trigger();
  QVERIFY(settle(results));
  QVERIFY(tab.maskSpec().notches.empty());
  QVERIFY(binMagnitude(tab.resultImage(), 24, 10) > noisy * 0.99);
  tab.redoAction()->trigger();
  QVERIFY(settle(results));
  QCOMPARE(tab.maskSpec().notches.size(), std::size_t(1));
  QVERIFY(binMagnitude(tab.resultImage(), 24, 10) < noisy * 0.01);
  QCOMPARE(tab.undoAction()->shortcut(), QKeySequence(QKeySequence::Undo));
}

void ImageTabTest::draggingANotchIsOneUndoStep()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  tab.maskEditor()->addNotch({30, 20, 5});
  QVERIFY(settle(results));
  auto* view = tab.spectrumView();
  view->zoomBy(3, widgetPosOfBin(*view, QPointF(30, 20))); // handles well apart on screen
  const QPoint from = widgetPosOfBin(*view, QPointF(30, 20));
  const QPoint to = widgetPosOfBin(*view, QPointF(40, 25));
  QTest::mousePress(view, Qt::LeftButton, {}, from);
  for (int i = 1; i <= 5; ++i) {
    QMouseEvent move(QEvent::MouseMove, from + (to - from) * i / 5,
                     view->mapToGlobal(from + (to - from) * i / 5), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(view, &move);
  }
  QTest::mouseRelease(view, Qt::LeftButton, {}, to);
  QVERIFY(settle(results));
  QCOMPARE(tab.maskSpec().notches[0].u, 40.0);
  QCOMPARE(tab.maskSpec().notches[0].v, 25.0);
  QCOMPARE(tab.maskEditor()->undoStack()->count(), 2); // add + one move
  tab.undoAction()->trigger();
  QCOMPARE(tab.maskSpec().notches[0].u, 30.0);
  // Right-click removes it.
  QTest::mouseClick(view, Qt::RightButton, {}, widgetPosOfBin(*view, QPointF(-30, -20)));
  QVERIFY(tab.maskSpec().notches.empty());
}

void ImageTabTest::paintingInvertAndResetAreUndoable()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  const QImage before = tab.resultImage();
  auto* view = tab.spectrumView();
  view->setTool(image::MaskedSpectrumView::Tool::BlockBrush);
  const QPoint a = widgetPosOfBin(*view, QPointF(5, 0)), b = widgetPosOfBin(*view, QPointF(5, 20));
  QTest::mousePress(view, Qt::LeftButton, {}, a);
  QMouseEvent move(QEvent::MouseMove, b, view->mapToGlobal(b), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(view, &move);
  QTest::mouseRelease(view, Qt::LeftButton, {}, b);
  QVERIFY(settle(results));
  const auto paint = tab.maskEditor()->state().paint;
  QVERIFY(paint);
  // Painted at (5, 10) and at its twin (-5, -10), identically.
  const int w = 600, h = 400;
  const float at = (*paint)[std::size_t(h / 2 + 10) * w + w / 2 + 5];
  const float twin = (*paint)[std::size_t(h / 2 - 10) * w + w / 2 - 5];
  QVERIFY(at < 0.01f);
  QCOMPARE(at, twin);
  const QImage painted = tab.resultImage();
  QVERIFY(painted != before);

  tab.maskEditor()->invert();
  QVERIFY(settle(results));
  QVERIFY(tab.maskEditor()->state().inverted);
  tab.maskEditor()->reset();
  QVERIFY(settle(results));
  QVERIFY(!tab.maskEditor()->state().paint);
  QVERIFY(tab.maskSpec().kind == MaskKind::Notch);
  for (int i = 0; i < 2; ++i)
    tab.undoAction()->trigger();
  QVERIFY(settle(results));
  QCOMPARE(tab.maskEditor()->state().paint, paint);
  QCOMPARE(tab.resultImage(), painted);
  tab.undoAction()->trigger();
  QVERIFY(settle(results));
  QCOMPARE(tab.resultImage(), before);
}

void ImageTabTest::sliderDragIsOneUndoStep()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  const double start = tab.maskSpec().cutoff;
  QSlider* slider = tab.cutoffSlider();
  emit slider->sliderPressed();
  for (int v = slider->value(); v < 200; v += 10)
    slider->setValue(v);
  emit slider->sliderReleased();
  QCOMPARE(tab.maskEditor()->undoStack()->count(), 1);
  QVERIFY(tab.maskSpec().cutoff > start);
  tab.undoAction()->trigger();
  QCOMPARE(tab.maskSpec().cutoff, start);
  QCOMPARE(slider->value(), int(std::lround(start * 1000)));
}

void ImageTabTest::viewsZoomAndPanTogether()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  auto* spectrum = tab.spectrumView();
  auto* original = tab.originalView();
  QVERIFY(spectrum->isFit());
  const double fit = spectrum->zoom();
  QWheelEvent wheel(QPointF(spectrum->width() / 2.0, spectrum->height() / 2.0),
                    spectrum->mapToGlobal(QPointF(10, 10)), {}, QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                    Qt::NoScrollPhase, false);
  QApplication::sendEvent(spectrum, &wheel);
  QVERIFY(spectrum->zoom() > fit * 1.3);
  QVERIFY(!original->isFit());
  QCOMPARE(original->zoom(), spectrum->zoom()); // same image size: same zoom
  // Middle-drag pans every view.
  const QPointF centre = original->centre();
  QTest::mousePress(spectrum, Qt::MiddleButton, {}, QPoint(100, 100));
  QMouseEvent move(QEvent::MouseMove, QPointF(160, 100), spectrum->mapToGlobal(QPointF(160, 100)),
                   Qt::NoButton, Qt::MiddleButton, Qt::NoModifier);
  QApplication::sendEvent(spectrum, &move);
  QTest::mouseRelease(spectrum, Qt::MiddleButton, {}, QPoint(160, 100));
  QVERIFY(original->centre().x() < centre.x());
  tab.viewActions()[3]->trigger(); // 100 %
  QCOMPARE(spectrum->zoom(), 1.0 / spectrum->devicePixelRatioF());
  tab.viewActions()[2]->trigger(); // fit
  QVERIFY(spectrum->isFit() && original->isFit() && tab.resultView()->isFit());
}

void ImageTabTest::readoutNamesTheBinUnderTheCursor()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  tab.openImage(periodicNoiseImage(256), QStringLiteral("noise"));
  QVERIFY(settle(results));
  auto* view = tab.spectrumView();
  view->zoomBy(4, widgetPosOfBin(*view, QPointF(24, 10)));
  QTest::mouseMove(view, widgetPosOfBin(*view, QPointF(24, 10)));
  const QString text = tab.readout()->text();
  QVERIFY2(text.contains(QStringLiteral("u 24, v 10 cycles/image")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("0.0938, 0.0391 cycles/px")), qPrintable(text));
  // 40 * 256^2 / 2 = 1.31e6 -> 122.3 dB
  QVERIFY2(text.contains(QStringLiteral("|F| 122.")), qPrintable(text));
  tab.viewActions()[2]->trigger(); // fit, so the corner pixel is on screen
  QTest::mouseMove(tab.originalView(), tab.originalView()->toWidget(QPointF(3.5, 7.5)).toPoint());
  QVERIFY2(tab.readout()->text().startsWith(QStringLiteral("x 3, y 7: grey ")),
           qPrintable(tab.readout()->text()));
}

void ImageTabTest::spectrumDisplayOptionsChangeThePicture()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  const QImage grey = tab.spectrumImage();
  QVERIFY(grey.allGray());
  tab.colormapBox()->setCurrentText(QStringLiteral("viridis"));
  QVERIFY(!tab.spectrumImage().allGray());
  const QImage viridis = tab.spectrumImage();
  tab.gammaBox()->setValue(2.0);
  QVERIFY(tab.spectrumImage() != viridis);
  tab.spectrumModeBox()->setCurrentIndex(1); // phase
  QVERIFY(tab.spectrumImage() != viridis);
  QCOMPARE(tab.spectrumImage().size(), viridis.size());
}

void ImageTabTest::savesResultSpectrumAndMask()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy saved(&tab, &ImageTab::saved);
  QSignalSpy errors(&tab, &ImageTab::errorMessage);
  QVERIFY(settle(results));
  QTemporaryDir dir;
  tab.saveResult(dir.filePath(QStringLiteral("result.png")));
  QVERIFY(saved.wait(kTimeoutMs));
  QCOMPARE(QImage(dir.filePath(QStringLiteral("result.png"))).convertToFormat(QImage::Format_RGB888),
           tab.resultImage().convertToFormat(QImage::Format_RGB888));
  tab.saveSpectrum(dir.filePath(QStringLiteral("spectrum.jpg")));
  QVERIFY(saved.wait(kTimeoutMs));
  QCOMPARE(QImageReader(dir.filePath(QStringLiteral("spectrum.jpg"))).format(), QByteArray("jpeg"));
  tab.saveMask(dir.filePath(QStringLiteral("mask.png")));
  QVERIFY(saved.wait(kTimeoutMs));
  const QImage mask(dir.filePath(QStringLiteral("mask.png")));
  QCOMPARE(mask.size(), QSize(600, 400));
  QCOMPARE(qGray(mask.pixel(300, 200)), 255); // DC passes the low-pass
  QCOMPARE(qGray(mask.pixel(0, 0)), 0);       // the corner does not
  // A folder that does not exist: an error, no crash.
  tab.saveResult(dir.filePath(QStringLiteral("no/such/folder/result.png")));
  QTRY_VERIFY_WITH_TIMEOUT(errors.count() == 1, kTimeoutMs);
}

void ImageTabTest::aSaveThatFailsKeepsThePreviousFile()
{
  // A save over an earlier result on a disk that fills up half way: the reason in words, the earlier
  // file as it was, no partial file or temporary left beside it.
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("result.png"));
  QImage earlier(64, 64, QImage::Format_RGB32);
  earlier.fill(Qt::darkGreen);
  QVERIFY(image::writeImage(earlier, path).isEmpty());
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray before = file.readAll();
  file.close();
  QImage noise(512, 512, QImage::Format_RGB32); // does not compress below the limit
  for (int y = 0; y < noise.height(); ++y)
    for (int x = 0; x < noise.width(); ++x)
      noise.setPixel(x, y, qRgb((x * 7919 + y * 104729) % 251, (x * y * 31) % 253, (x + y * 13) % 255));
  QString error;
  {
    const spectrascope::test::FileSizeLimit fullDisk(before.size() + 4096);
    error = image::writeImage(noise, path);
  }
  QVERIFY2(error.contains(QStringLiteral("File too large")), qPrintable(error));
  QVERIFY(file.open(QIODevice::ReadOnly));
  QCOMPARE(file.readAll(), before);
  QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("result.png")});
}

void ImageTabTest::badFilesLeaveTheImageAlone()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy errors(&tab, &ImageTab::errorMessage);
  QVERIFY(settle(results));
  const QImage original = tab.originalImage();
  const QImage result = tab.resultImage();
  QTemporaryDir dir;
  QFile source(dataFile("coffee.png"));
  QVERIFY(source.open(QIODevice::ReadOnly));
  const QByteArray coffee = source.readAll();
  auto write = [&](const char* name, const QByteArray& bytes) {
    QFile file(dir.filePath(QLatin1String(name)));
    file.open(QIODevice::WriteOnly);
    file.write(bytes);
    return file.fileName();
  };
  const QString truncated = write("cut.png", coffee.left(1500));
  QFile jpeg(dataFile("hubble_deep_field.jpg"));
  QVERIFY(jpeg.open(QIODevice::ReadOnly));
  const QString truncatedJpeg = write("cut.jpg", jpeg.readAll().chopped(int(jpeg.size() / 2)));
  const QString bomb = write("bomb.png", pngClaiming(dataFile("coffee.png"), 60000, 60000));
  const QString notImage = write("text.png", QByteArray("hello, not a picture\n"));
  const QString empty = write("empty.png", {});
  const std::pair<QString, QString> cases[] = {
      {truncated, QStringLiteral("truncated")},
      {truncatedJpeg, QStringLiteral("truncated")},
      {bomb, QStringLiteral("60000 x 60000")},
      {notImage, QStringLiteral("not an image")},
      {empty, QStringLiteral("empty")},
      {dir.path(), QStringLiteral("folder")},
      {dir.filePath(QStringLiteral("missing.png")), QStringLiteral("does not exist")}};
  // The reason stays in the tab, under the picture's name, with the picture still shown named.
  auto* problem = tab.findChild<QLabel*>(QStringLiteral("imageProblem"));
  QVERIFY(problem);
  QVERIFY(problem->isHidden());
  for (const auto& [bad, expected] : cases) {
    const int before = int(errors.count());
    tab.openFile(bad);
    QTRY_VERIFY_WITH_TIMEOUT(errors.count() > before, kTimeoutMs);
    const QString detail = errors.last().at(1).toString();
    QVERIFY2(detail.contains(expected), qPrintable(detail));
    QCOMPARE(tab.originalImage(), original);
    QCOMPARE(tab.resultImage(), result);
    QVERIFY(!problem->isHidden());
    QVERIFY2(problem->text().contains(detail.toHtmlEscaped()) &&
                 problem->text().contains(QStringLiteral("coffee.png")),
             qPrintable(problem->text()));
  }
  // Read, it can be put away: the line stayed while the user went on with the picture.
  QVERIFY(problem->text().contains(QStringLiteral("href=\"dismiss\"")));
  emit problem->linkActivated(QStringLiteral("dismiss"));
  QVERIFY(problem->isHidden());
  tab.openFile(dir.filePath(QStringLiteral("missing.png")));
  QTRY_VERIFY_WITH_TIMEOUT(!problem->isHidden(), kTimeoutMs);
  tab.openImage(periodicNoiseImage(64), QStringLiteral("small"));
  QVERIFY(settle(results));
  QVERIFY(problem->isHidden());
}

// On a 1024-pixel screen the row of mask controls wrapped between F's slider and its value, which then
// stood alone at the start of the next line, or beside F2's slider as if it were F2's. It now stays on
// F's line, right of its slider, at every width.
void ImageTabTest::cutoffValueStaysBesideItsSlider()
{
  for (const int width : {640, 800, 922, 1024, 1366}) {
    ImageTab tab;
    tab.resize(width, 600);
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    const auto* slider = tab.findChild<QSlider*>(QStringLiteral("cutoffSlider"));
    const auto* value = tab.findChild<QLabel*>(QStringLiteral("cutoffLabel"));
    QVERIFY(slider && value && value->isVisible());
    const QRect s(slider->mapTo(&tab, QPoint(0, 0)), slider->size());
    const QRect v(value->mapTo(&tab, QPoint(0, 0)), value->size());
    QVERIFY2(std::abs(s.center().y() - v.center().y()) <= 4 && v.left() > s.right(),
             qPrintable(QStringLiteral("at %1 pixels: slider %2,%3 %4x%5, value %6,%7")
                            .arg(width)
                            .arg(s.x())
                            .arg(s.y())
                            .arg(s.width())
                            .arg(s.height())
                            .arg(v.x())
                            .arg(v.y())));
  }
}

// The three views share the width equally however narrow the window, so the picture and its spectrum are
// drawn at one scale; the spectrum's long heading wraps instead of widening its column.
void ImageTabTest::viewsKeepOneWidthOnANarrowWindow()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  for (const int width : {640, 800, 1100}) {
    tab.resize(width, 600);
    tab.show();
    QCoreApplication::processEvents();
    QList<int> widths;
    for (const char* name : {"originalView", "spectrumView", "resultView"}) {
      auto* view = tab.findChild<QWidget*>(QLatin1String(name));
      QVERIFY(view && view->isVisible());
      widths << view->width();
    }
    QVERIFY2(*std::max_element(widths.begin(), widths.end()) -
                     *std::min_element(widths.begin(), widths.end()) <=
                 2,
             qPrintable(QStringLiteral("tab %1 wide: views %2, %3, %4")
                            .arg(tab.width())
                            .arg(widths[0])
                            .arg(widths[1])
                            .arg(widths[2])));
  }
  QVERIFY(settleAfter(results, 0));
}

// A picture asked for while another is still loading (a file named on the command line, behind the
// sample the tab opens first): when the first arrives, the progress of the one queued behind it goes on.
void ImageTabTest::aQueuedLoadKeepsItsProgress()
{
  ImageTab tab; // the sample's load starts here
  tab.show();
  auto* progress = tab.findChild<image::LoadProgress*>();
  QVERIFY(progress);
  QImage big(3000, 2000, QImage::Format_Grayscale8);
  big.fill(128);
  tab.openImage(big, QStringLiteral("big"));
  QVERIFY(progress->isActive());
  QList<bool> activeWhenShown;
  connect(&tab, &ImageTab::imageLoaded, &tab,
          [&](const QString&) { activeWhenShown.append(progress->isActive()); });
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QTRY_COMPARE_WITH_TIMEOUT(activeWhenShown.size(), 2, kTimeoutMs);
  QVERIFY2(activeWhenShown.first(), "the sample's arrival ended the progress of the picture behind it");
  QVERIFY(!activeWhenShown.last());
  QVERIFY(progress->text().contains(QStringLiteral("big")));
  QCOMPARE(tab.originalImage().size(), QSize(3000, 2000));
  QVERIFY(settleAfter(results, 0));
}

// The ">= 30 updates per second while dragging on a 2048 x 2048 photo": the slider held down and
// moved at 120 events per second for three seconds, counting the frames shown: previews at the view's
// resolution while dragging and full-resolution results (when the input pauses), each with its own
// count and rate, since a preview inverts only the view's share of the spectrum. Printed, not asserted
// (timing depends on the machine). Releasing it leaves the full-resolution result of the last value.
void ImageTabTest::measuresSliderUpdatesPerSecondAt2048()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy previews(&tab, &ImageTab::previewUpdated);
  QVERIFY(settle(results));
  const QImage photo = QImage(dataFile("hubble_deep_field.jpg"))
                           .scaled(2048, 2048, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
  tab.openImage(photo, QStringLiteral("hubble 2048"));
  QVERIFY(settle(results));
  // Low-pass is usually already selected, and then choosing it again computes nothing to wait for.
  const int lowPass = tab.kindBox()->findData(int(MaskKind::LowPass));
  if (tab.kindBox()->currentIndex() != lowPass) {
    tab.kindBox()->setCurrentIndex(lowPass);
    QVERIFY(settle(results));
  }
  QSlider* slider = tab.cutoffSlider();
  const int resultsBefore = int(results.count()), previewsBefore = int(previews.count());
  QElapsedTimer clock;
  clock.start();
  int value = 20;
  slider->setSliderDown(true);
  QTimer drag;
  connect(&drag, &QTimer::timeout, this, [&] { slider->setValue(value = value >= 300 ? 20 : value + 2); });
  drag.start(8);
  while (clock.elapsed() < 3000)
    QTest::qWait(50);
  drag.stop();
  const double seconds = clock.elapsed() / 1000.0;
  const int previewFrames = int(previews.count()) - previewsBefore;
  const int fullFrames = int(results.count()) - resultsBefore;
  const int frames = previewFrames + fullFrames;
  const QSize previewSize = tab.resultView()->preview().size(); // the last one, still shown
  qInfo("Slider drag on a 2048 x 2048 colour image for %.2f s: %d frames = %.1f updates per second; "
        "%d previews at the view's resolution (%d x %d) = %.1f per second, %d full-resolution results "
        "(2048 x 2048) = %.1f per second",
        seconds, frames, frames / seconds, previewFrames, previewSize.width(), previewSize.height(),
        previewFrames / seconds, fullFrames, fullFrames / seconds);
  QVERIFY(frames > 0);
  QVERIFY(previewFrames > 0);

  const int fullBefore = int(results.count());
  QElapsedTimer released;
  qint64 fullAfterMs = -1;
  connect(&tab, &ImageTab::resultUpdated, &tab, [&] {
    if (fullAfterMs < 0 && !tab.resultView()->showsPreview()) fullAfterMs = released.elapsed();
  });
  released.start();
  slider->setSliderDown(false);
  QTRY_VERIFY_WITH_TIMEOUT(results.count() > fullBefore && !tab.resultView()->showsPreview(), kTimeoutMs);
  qInfo("The full-resolution result of the last value followed %lld ms after the slider was released",
        fullAfterMs);
  QCOMPARE(tab.resultImage().size(), QSize(2048, 2048));
  QVERIFY(!tab.resultView()->showsPreview());
  QCOMPARE(tab.maskSpec().cutoff, value / 1000.0);
}

// Mirror padding: the spectrum view shows the padded 1200 x 800 spectrum, the result keeps the image's
// size, the choice survives into the next tab, and going back to no padding gives the 600 x 400 spectrum.
void ImageTabTest::paddingShowsThePaddedSpectrumAndIsRemembered()
{
  {
    ImageTab tab;
    QSignalSpy results(&tab, &ImageTab::resultUpdated);
    QVERIFY(settle(results));
    auto* padding = tab.findChild<QComboBox*>(QStringLiteral("paddingMode"));
    QVERIFY(padding);
    QCOMPARE(padding->currentData().toInt(), int(spectrascope::imaging::PadMode::None));
    const QImage unpadded = tab.resultImage();
    // The padded result may arrive while the spectrum's size is awaited: count from before the change.
    const int seen = results.count();
    padding->setCurrentIndex(padding->findData(int(spectrascope::imaging::PadMode::Mirror)));
    QTRY_COMPARE_WITH_TIMEOUT(tab.spectrumImage().size(), QSize(1200, 800), kTimeoutMs);
    QVERIFY(settleAfter(results, seen));
    QCOMPARE(tab.resultImage().size(), QSize(600, 400));
    QVERIFY2(tab.resultImage() != unpadded, "the padding changes what the low-pass does at the edges");
  }
  ImageTab again;
  QSignalSpy results(&again, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  auto* padding = again.findChild<QComboBox*>(QStringLiteral("paddingMode"));
  QCOMPARE(padding->currentData().toInt(), int(spectrascope::imaging::PadMode::Mirror));
  QCOMPARE(again.spectrumImage().size(), QSize(1200, 800));
  padding->setCurrentIndex(padding->findData(int(spectrascope::imaging::PadMode::None)));
  QTRY_COMPARE_WITH_TIMEOUT(again.spectrumImage().size(), QSize(600, 400), kTimeoutMs);
}

// A notch's radius: a press on the notch selects it (the box shows its radius); the box changes it, one
// undo step per change, and the result follows; dragging its ring changes it too, and the box follows.
void ImageTabTest::selectedNotchRadiusIsEditedBySpinBoxAndRing()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  tab.maskEditor()->addNotch({30, 20, 5});
  tab.maskEditor()->addNotch({-50, 10, 4});
  QVERIFY(settle(results));
  auto* radius = tab.findChild<QDoubleSpinBox*>(QStringLiteral("notchRadius"));
  QVERIFY(radius);
  QVERIFY(!radius->isEnabled()); // nothing selected yet
  auto* view = tab.spectrumView();
  view->zoomBy(8, widgetPosOfBin(*view, QPointF(30, 20))); // the ring well clear of the centre on screen
  QTest::mouseClick(view, Qt::LeftButton, {}, widgetPosOfBin(*view, QPointF(30, 20)));
  QCOMPARE(view->selectedNotch(), 0);
  QVERIFY(radius->isEnabled());
  QCOMPARE(radius->value(), 5.0);

  const QImage before = tab.resultImage();
  const int steps = tab.maskEditor()->undoStack()->count();
  radius->setValue(12);
  QCOMPARE(tab.maskSpec().notches[0].radius, 12.0);
  QCOMPARE(tab.maskSpec().notches[1].radius, 4.0); // only the selected one
  QCOMPARE(tab.maskEditor()->undoStack()->count(), steps + 1);
  QVERIFY(settle(results));
  QVERIFY2(tab.resultImage() != before, "a wider notch removes more of the spectrum");
  tab.undoAction()->trigger();
  QCOMPARE(tab.maskSpec().notches[0].radius, 5.0);
  QCOMPARE(radius->value(), 5.0); // the box follows undo
  QCOMPARE(tab.maskEditor()->undoStack()->count(), steps + 1);

  // Drag the ring (5 bins right of the centre) out to 9 bins: one step, and the box shows it.
  const QPoint from = widgetPosOfBin(*view, QPointF(35, 20)), to = widgetPosOfBin(*view, QPointF(39, 20));
  QTest::mousePress(view, Qt::LeftButton, {}, from);
  QMouseEvent move(QEvent::MouseMove, to, view->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                   Qt::NoModifier);
  QApplication::sendEvent(view, &move);
  QTest::mouseRelease(view, Qt::LeftButton, {}, to);
  QCOMPARE(tab.maskSpec().notches[0].radius, 9.0);
  QCOMPARE(radius->value(), 9.0);
  QCOMPARE(tab.maskEditor()->undoStack()->undoText(), QStringLiteral("Resize notch"));
  QVERIFY(settle(results));
}

// A large image's forward transform (here 3000 x 2000) shows progress once it has taken half a second;
// Cancel hides it at once, the current image stays, and the cancelled image never arrives (the next
// request is served after it).
void ImageTabTest::slowLoadShowsProgressAndCancelKeepsTheImage()
{
  ImageTab tab;
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  QSignalSpy loaded(&tab, &ImageTab::imageLoaded);
  auto* progress = tab.findChild<QProgressBar*>(QStringLiteral("loadProgress"));
  auto* cancel = tab.findChild<QPushButton*>(QStringLiteral("cancelLoad"));
  QVERIFY(progress && cancel);
  QImage big(3000, 2000, QImage::Format_Grayscale8);
  for (int y = 0; y < big.height(); ++y)
    std::memset(big.scanLine(y), y % 256, std::size_t(big.width()));
  tab.openImage(big, QStringLiteral("big"));
  QTRY_VERIFY_WITH_TIMEOUT(progress->isVisible() || !loaded.isEmpty(), kTimeoutMs);
  if (!loaded.isEmpty())
    QSKIP("this machine transformed 3000 x 2000 in under half a second: no progress shown");
  QVERIFY(cancel->isVisible());
  // The wait says what it waits for: the picture's name and the work.
  auto* what = tab.findChild<ElidedLabel*>(QStringLiteral("loadProgressText"));
  QVERIFY(what && what->isVisible());
  QVERIFY2(what->fullText().contains(QStringLiteral("big")) &&
               what->fullText().contains(QStringLiteral("FFTW")),
           qPrintable(what->fullText()));
  // On a narrow window the sentence is shortened with "…" to the room it has, not cut off mid-word
  // ("decoding and transforming on F").
  tab.resize(640, tab.height());
  QTRY_VERIFY(what->width() < what->fontMetrics().horizontalAdvance(what->fullText()));
  QVERIFY2(what->fontMetrics().horizontalAdvance(what->text()) <= what->contentsRect().width(),
           qPrintable(QStringLiteral("'%1' in %2 px").arg(what->text()).arg(what->contentsRect().width())));
  QVERIFY2(what->text().endsWith(QStringLiteral("…")), qPrintable(what->text()));
  QTest::mouseClick(cancel, Qt::LeftButton);
  QVERIFY(!progress->isVisible());
  QCOMPARE(tab.originalImage().size(), QSize(600, 400));
  tab.openImage(periodicNoiseImage(64), QStringLiteral("small"));
  QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), kTimeoutMs);
  QCOMPARE(loaded.count(), 1);
  QCOMPARE(loaded.first().at(0).toString(), QStringLiteral("small"));
  QCOMPARE(tab.originalImage().size(), QSize(64, 64));
}

// The engine service opens its device while the tab loads the sample on its own FFTW engine: whichever
// finishes first, the image ends up transformed and filtered on the service's backend (on FFTW both
// would look alike, so this needs an OpenCL device).
void ImageTabTest::followsTheServicesBackendChosenDuringTheFirstLoad()
{
  if (spectrascope::enumerateOpenClDevices().devices.empty()) QSKIP("no OpenCL device here");
  EngineService service;
  ImageTab tab; // loading the sample starts here
  tab.setEngineService(&service);
  service.start(QStringLiteral("opencl"));
  auto* name = tab.findChild<QLabel*>(QStringLiteral("imageName"));
  QTRY_VERIFY2_WITH_TIMEOUT(
      name->text().contains(QStringLiteral(" on opencl")),
      qPrintable(name->text() + QStringLiteral("; the service has ") + service.backendName()),
      2 * kTimeoutMs);
  auto* timings = tab.findChild<ElidedLabel*>(QStringLiteral("imageTimings"));
  QTRY_VERIFY2_WITH_TIMEOUT(timings->fullText().contains(QStringLiteral(" on opencl")),
                            qPrintable(timings->fullText()), kTimeoutMs);
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  while (results.wait(kQuietMs)) { // nothing left in flight when the tab goes
  }
}

// The window at its default size of 1100 x 720 shows every control and the three views whole, on FFTW
// and on an OpenCL device (whose updates have many more steps to report): no toolbar overflows into a
// ">>" menu, the tab is not wider than the window (no horizontal scroll bar), the cutoff label is not
// cut, and the readout and the timing summary share one line right below the views.
void ImageTabTest::fitsTheDefaultWindowOnEachBackend_data()
{
  QTest::addColumn<QString>("backend");
  QTest::newRow("fftw") << QStringLiteral("fftw");
  QTest::newRow("opencl") << QStringLiteral("opencl");
}

void ImageTabTest::fitsTheDefaultWindowOnEachBackend()
{
  QFETCH(QString, backend);
  if (backend == QLatin1String("opencl") && spectrascope::enumerateOpenClDevices().devices.empty())
    QSKIP("no OpenCL device here");
  EngineService service;
  MainWindow window(service);
  window.resize(1100, 720);
  window.show();
  auto* tab = window.findChild<ImageTab*>();
  QVERIFY(tab);
  auto* timings = tab->findChild<ElidedLabel*>(QStringLiteral("imageTimings"));
  QVERIFY(timings);
  service.start(backend);
  // The tab reloads on the service's engine once it is ready; wait for a result computed there.
  QTRY_VERIFY2_WITH_TIMEOUT(
      timings->fullText().contains(QStringLiteral(" on ") + backend),
      qPrintable(timings->fullText() + QStringLiteral("; the service has ") + service.backendName()),
      2 * kTimeoutMs);
  QTest::qWait(100); // let the layouts settle

  const QStringList problems = spectrascope::test::layoutProblems(window);
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
  // Every control of both rows is on show (none wrapped out of sight or squeezed to nothing).
  for (const char* row : {"imageMaskBar", "spectrumBar"}) {
    auto* controls = tab->findChild<QWidget*>(QLatin1String(row));
    QVERIFY(controls && controls->isVisible());
    for (QWidget* w : controls->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
      if (!w->isWindow() && !w->isHidden())
        QVERIFY2(w->isVisible() && w->width() > 0 &&
                     QRect(QPoint(0, 0), window.size())
                         .contains(QRect(w->mapTo(&window, QPoint(0, 0)), w->size())),
                 qPrintable(QLatin1String(row) + QStringLiteral(": ") + w->objectName() + QLatin1Char(' ') +
                            QLatin1String(w->metaObject()->className())));
  }
  auto* luminance = tab->findChild<QCheckBox*>(QStringLiteral("luminanceOnly"));
  QVERIFY(luminance->isVisible());
  QCOMPARE(luminance->width(), luminance->sizeHint().width());
  auto* cutoff = tab->findChild<QLabel*>(QStringLiteral("cutoffLabel"));
  for (const MaskKind kind : {MaskKind::LowPass, MaskKind::BandPass}) {
    tab->kindBox()->setCurrentIndex(tab->kindBox()->findData(int(kind)));
    QVERIFY2(cutoff->width() >= cutoff->fontMetrics().horizontalAdvance(cutoff->text()),
             qPrintable(cutoff->text()));
  }

  // The three views lie whole inside the window, side by side and of a useful size.
  for (QWidget* view :
       {static_cast<QWidget*>(tab->originalView()), static_cast<QWidget*>(tab->spectrumView()),
        static_cast<QWidget*>(tab->resultView())}) {
    const QRect inWindow(view->mapTo(&window, QPoint(0, 0)), view->size());
    QVERIFY2(window.rect().contains(inWindow), qPrintable(QStringLiteral("%1 at %2,%3 %4x%5")
                                                              .arg(view->objectName())
                                                              .arg(inWindow.x())
                                                              .arg(inWindow.y())
                                                              .arg(inWindow.width())
                                                              .arg(inWindow.height())));
    QVERIFY(view->width() >= 300 && view->height() >= 200);
  }
  QVERIFY2(!timings->isElided(), qPrintable(timings->text()));
  QVERIFY(!timings->fullText().contains(QStringLiteral("inverse"))); // the steps are in the Timings panel
  QVERIFY(!timings->toolTip().isEmpty());
  const int viewsBottom = tab->resultView()->mapTo(tab, QPoint(0, tab->resultView()->height())).y();
  const int timingsTop = timings->mapTo(tab, QPoint(0, 0)).y();
  QVERIFY2(timingsTop - viewsBottom < timings->height(),
           qPrintable(
               QStringLiteral("%1 pixels between the views and the timings").arg(timingsTop - viewsBottom)));
  QCOMPARE(tab->readout()->mapTo(tab, QPoint(0, tab->readout()->height() / 2)).y(),
           timings->mapTo(tab, QPoint(0, timings->height() / 2)).y());
}

// Without a selected notch the radius box is disabled and shows a dash, not a radius that is not there.
void ImageTabTest::notchRadiusBoxShowsNoRadiusWithoutASelection()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  auto* radius = tab.findChild<QDoubleSpinBox*>(QStringLiteral("notchRadius"));
  QVERIFY(!radius->isEnabled());
  QCOMPARE(radius->text(), QStringLiteral("notch r –"));
  tab.maskEditor()->addNotch({30, 20, 0.5});
  tab.spectrumView()->setSelectedNotch(0);
  QVERIFY(radius->isEnabled());
  QCOMPARE(radius->text(), QStringLiteral("notch r 0.5")); // the smallest radius is a radius, not the dash
  tab.spectrumView()->setSelectedNotch(-1);
  QVERIFY(!radius->isEnabled());
  QCOMPARE(radius->text(), QStringLiteral("notch r –"));
  QCOMPARE(tab.maskSpec().notches[0].radius, 0.5); // showing the dash edits nothing
}

// TIFF and WebP (Qt's plugins from qt6-image-formats-plugins) open like the other formats: offered by
// the open and save dialogs, opened by file name, by a drop onto the window, and decoded losslessly.
void ImageTabTest::opensTiffAndWebp()
{
  const auto writable = QImageWriter::supportedImageFormats();
  if (!writable.contains("tiff") || !writable.contains("webp"))
    QFAIL("Qt's TIFF and WebP plugins are missing: install qt6-image-formats-plugins");
  const QString open = image::openDialogFilter();
  QVERIFY2(open.contains(QStringLiteral("TIFF (*.tif *.tiff)")) &&
               open.contains(QStringLiteral("WebP (*.webp)")),
           qPrintable(open));
  QVERIFY2(open.startsWith(QStringLiteral("Images (*.png ")) &&
               open.contains(QStringLiteral("*.tiff *.webp")),
           qPrintable(open));
  const QString save = image::saveDialogFilter();
  QVERIFY2(save.startsWith(QStringLiteral("PNG (*.png)")) && save.contains(QStringLiteral("TIFF")) &&
               save.contains(QStringLiteral("WebP")),
           qPrintable(save));

  QTemporaryDir dir;
  const QImage coffee = QImage(dataFile("coffee.png")).convertToFormat(QImage::Format_RGB888);
  QStringList files;
  for (const char* name : {"coffee.tif", "coffee.tiff", "coffee.webp"}) {
    QImageWriter writer(dir.filePath(QLatin1String(name)));
    writer.setQuality(100); // lossless WebP
    QVERIFY2(writer.write(coffee), qPrintable(writer.errorString()));
    files << writer.fileName();
    QString error;
    QCOMPARE(image::decodeImage(writer.fileName(), &error).convertToFormat(QImage::Format_RGB888), coffee);
  }

  EngineService service;
  MainWindow window(service);
  window.resize(1100, 720);
  window.show();
  auto* tab = window.findChild<ImageTab*>();
  QSignalSpy results(tab, &ImageTab::resultUpdated);
  QSignalSpy loaded(tab, &ImageTab::imageLoaded);
  QSignalSpy errors(tab, &ImageTab::errorMessage);
  QVERIFY(settle(results));
  loaded.clear(); // the sample shown on start
  tab->openFile(files[0]);
  QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, kTimeoutMs);
  QCOMPARE(loaded.last().at(0).toString(), QStringLiteral("coffee.tif"));
  QCOMPARE(tab->originalImage().convertToFormat(QImage::Format_RGB888), coffee);
  for (const QString& file : files.mid(1)) {
    QWidget* target =
        dropTargetAt(window, tab->resultView()->mapTo(&window, tab->resultView()->rect().center()));
    QCOMPARE(target, tab);
    const std::unique_ptr<QMimeData> mime(fileUrls({QUrl::fromLocalFile(file)}));
    const int resultsBefore = int(results.count());
    QCOMPARE(drop(target, *mime), std::pair(true, true));
    QTRY_VERIFY_WITH_TIMEOUT(loaded.last().at(0).toString() == QFileInfo(file).fileName(), kTimeoutMs);
    QCOMPARE(tab->originalImage().convertToFormat(QImage::Format_RGB888), coffee);
    QTRY_VERIFY_WITH_TIMEOUT(results.count() > resultsBefore, kTimeoutMs); // and it is filtered
  }
  QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().at(1).toString()));
}

// "Luminance only" filters Y = 0.299 R + 0.587 G + 0.114 B of a colour image: with an all-pass mask the
// result is that grey image; unticked, the colours come back. The name line says which.
// A 1-bit palette PNG (what image editors save for a picture of one or two colours) and an 8-bit one:
// the Original view draws them in their palette's colours, fitted (smoothly scaled) as well as at 100 %.
// The 1-bit one was drawn as black and white speckle, from Qt's smooth scaling of 1-bit pictures.
void ImageTabTest::paletteImagesAreDrawnInTheirColours()
{
  QTemporaryDir dir;
  const QColor green(0, 200, 0);
  QImage mono(480, 360, QImage::Format_Mono);
  mono.setColorTable({QColor(20, 20, 20).rgb(), green.rgb()});
  mono.fill(1);
  QImage indexed(480, 360, QImage::Format_Indexed8);
  indexed.setColorTable({QColor(20, 20, 20).rgb(), green.rgb(), QColor(200, 0, 0).rgb()});
  indexed.fill(1);
  const QString monoFile = dir.filePath(QStringLiteral("mono.png"));
  const QString indexedFile = dir.filePath(QStringLiteral("indexed.png"));
  QVERIFY(mono.save(monoFile) && indexed.save(indexedFile));
  QCOMPARE(QImage(monoFile).format(), QImage::Format_Mono);
  QCOMPARE(QImage(indexedFile).format(), QImage::Format_Indexed8);

  ImageTab tab;
  tab.resize(700, 600); // fitted at under half size, as in the default window
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  for (const QString& file : {monoFile, indexedFile}) {
    tab.openFile(file);
    QVERIFY(settle(results));
    for (int action : {2, 3}) { // fit (scaled down), then 100 %
      tab.viewActions()[action]->trigger();
      auto* view = tab.originalView();
      QVERIFY2(action != 2 || view->zoom() < 0.5, qPrintable(QString::number(view->zoom())));
      const QRect picture = QRectF(view->toWidget(QPointF(0, 0)), view->toWidget(QPointF(480, 360)))
                                .toAlignedRect()
                                .intersected(view->rect());
      const QImage drawn =
          view->grab(picture.adjusted(2, 2, -2, -2)).toImage().convertToFormat(QImage::Format_RGB32);
      int greenPixels = 0;
      for (int y = 0; y < drawn.height(); ++y)
        for (int x = 0; x < drawn.width(); ++x) {
          const QColor c = drawn.pixelColor(x, y);
          greenPixels += std::abs(c.red() - green.red()) + std::abs(c.green() - green.green()) +
                             std::abs(c.blue() - green.blue()) <
                         30;
        }
      QVERIFY2(greenPixels > 0.95 * drawn.width() * drawn.height(),
               qPrintable(QStringLiteral("%1 at %2: %3 of %4 pixels green, the centre %5")
                              .arg(QFileInfo(file).fileName(), action == 2 ? "fit" : "100 %")
                              .arg(greenPixels)
                              .arg(drawn.width() * drawn.height())
                              .arg(drawn.pixelColor(drawn.rect().center()).name())));
    }
  }
}

// A picture that loads in no time (a few pixels), and a reload asked for right after its load ended but
// before its result reached the tab: the engine becoming ready does this to a file named on the command
// line, and "Luminance only" can too. The reload was of the picture shown before (the sample), which then
// replaced the new one.
void ImageTabTest::aReloadJustAsALoadEndsKeepsTheNewPicture()
{
  QTemporaryDir dir;
  QImage tiny(2, 2, QImage::Format_RGB32);
  tiny.fill(Qt::red);
  const QString file = dir.filePath(QStringLiteral("tiny.png"));
  QVERIFY(tiny.save(file));
  ImageTab tab;
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  tab.openFile(file);
  QThread::msleep(500); // the load's thread finishes; its result waits for the event loop
  tab.findChild<QCheckBox*>(QStringLiteral("luminanceOnly"))->click();
  QVERIFY(settle(results));
  auto* name = tab.findChild<QLabel*>(QStringLiteral("imageName"));
  QVERIFY2(name->text().contains(QStringLiteral("tiny.png")), qPrintable(name->text()));
}

// A file that cannot be opened, named on the command line while the sample loads, and a reload (the
// engine becoming ready) while that file is being read: the new load took the sample's pending filter
// update with it, and when the file failed ("Still showing coffee.png") the sample stayed unfiltered,
// its Filtered view saying "The filtered picture appears here." until a slider moved.
void ImageTabTest::aFailedLoadLeavesThePictureShownFiltered()
{
  QTemporaryDir dir;
  const QString bad = dir.filePath(QStringLiteral("notes.png"));
  QFile file(bad);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write("not a picture\n");
  file.close();
  ImageTab tab; // the sample starts loading
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy errors(&tab, &ImageTab::errorMessage);
  tab.openFile(bad);
  // Once the sample is in, the bad file's load starts; the reload comes before it ends.
  connect(
      &tab, &ImageTab::imageLoaded, &tab,
      [&tab](const QString& name) {
        if (name == QLatin1String("coffee.png"))
          tab.findChild<QCheckBox*>(QStringLiteral("luminanceOnly"))->click();
      },
      Qt::QueuedConnection);
  QTRY_VERIFY_WITH_TIMEOUT(errors.count() >= 1, kTimeoutMs);
  QVERIFY2(settleAfter(results, 0) || !results.isEmpty(), "the picture shown was never filtered");
  QVERIFY(!tab.resultImage().isNull());
}

void ImageTabTest::luminanceOnlyFiltersTheLuminance()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy loaded(&tab, &ImageTab::imageLoaded);
  QVERIFY(settle(results));
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::Notch))); // all-pass
  QVERIFY(settle(results));
  const QImage colour = tab.originalImage().convertToFormat(QImage::Format_RGB888);
  QVERIFY(!colour.isGrayscale());
  QVERIFY(maxDifference(tab.resultImage(), colour) <= 1);
  auto* name = tab.findChild<QLabel*>(QStringLiteral("imageName"));
  QVERIFY2(name->text().contains(QStringLiteral("R, G, B filtered separately")), qPrintable(name->text()));

  auto* luminance = tab.findChild<QCheckBox*>(QStringLiteral("luminanceOnly"));
  QVERIFY(luminance && !luminance->isChecked());
  const int loads = int(loaded.count());
  int seen = int(results.count());
  luminance->click();
  QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > loads, kTimeoutMs);
  QVERIFY(settleAfter(results, seen));
  const QImage grey = tab.resultImage();
  QVERIFY(grey.isGrayscale());
  QCOMPARE(grey.size(), colour.size());
  int worst = 0;
  const QImage g = grey.convertToFormat(QImage::Format_Grayscale8);
  for (int y = 0; y < colour.height(); ++y)
    for (int x = 0; x < colour.width(); ++x) {
      const uchar* p = colour.constScanLine(y) + 3 * x;
      const long expected = std::lround(0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]);
      worst = std::max(worst, int(std::abs(long(g.constScanLine(y)[x]) - expected)));
    }
  QVERIFY2(worst <= 1, qPrintable(QStringLiteral("%1 grey levels off the luminance").arg(worst)));
  QVERIFY2(name->text().contains(QStringLiteral("luminance filtered")), qPrintable(name->text()));
  QVERIFY(tab.maskSpec().kind == MaskKind::Notch); // the mask stays as it was

  seen = int(results.count());
  luminance->click();
  QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > loads + 1, kTimeoutMs);
  QVERIFY(settleAfter(results, seen));
  QVERIFY(!tab.resultImage().isGrayscale());
  QVERIFY(maxDifference(tab.resultImage(), colour) <= 1);
}

// A file dragged from a file manager onto the window (anywhere over the Image tab's views) opens; a link
// to a remote file is refused as the drag enters, and the current image stays.
void ImageTabTest::droppingAnImageFileOnTheWindowOpensIt()
{
  EngineService service;
  MainWindow window(service);
  window.resize(1100, 720);
  window.show();
  auto* tab = window.findChild<ImageTab*>();
  QSignalSpy results(tab, &ImageTab::resultUpdated);
  QSignalSpy loaded(tab, &ImageTab::imageLoaded);
  QVERIFY(settle(results));
  loaded.clear(); // the sample shown on start
  for (QWidget* over :
       {static_cast<QWidget*>(tab->spectrumView()), static_cast<QWidget*>(tab->originalView())})
    QCOMPARE(dropTargetAt(window, over->mapTo(&window, over->rect().center())), tab);
  QWidget* target =
      dropTargetAt(window, tab->spectrumView()->mapTo(&window, tab->spectrumView()->rect().center()));

  const std::unique_ptr<QMimeData> remote(fileUrls({QUrl(QStringLiteral("https://example.org/moon.png"))}));
  QCOMPARE(drop(target, *remote).first, false);
  const std::unique_ptr<QMimeData> file(fileUrls({QUrl::fromLocalFile(dataFile("hubble_deep_field.jpg"))}));
  const int seen = int(results.count());
  QCOMPARE(drop(target, *file), std::pair(true, true));
  QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, kTimeoutMs);
  QCOMPARE(loaded.first().at(0).toString(), QStringLiteral("hubble_deep_field.jpg"));
  QCOMPARE(tab->originalImage().size(), QSize(1000, 872));
  QVERIFY(settleAfter(results, seen));
  QCOMPARE(tab->resultImage().size(), QSize(1000, 872));
  // Dropped image data (from a browser or an image editor) opens too.
  auto data = std::make_unique<QMimeData>();
  data->setImageData(periodicNoiseImage(64));
  QCOMPARE(drop(target, *data), std::pair(true, true));
  QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, kTimeoutMs);
  QCOMPARE(tab->originalImage().size(), QSize(64, 64));
}

// Edit > Copy Filtered Image puts the result, at full resolution, on the clipboard; after a mask change
// the next copy is the new result.
void ImageTabTest::editCopyPutsTheFilteredImageOnTheClipboard()
{
  EngineService service;
  MainWindow window(service);
  window.show();
  auto* tab = window.findChild<ImageTab*>();
  QSignalSpy results(tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  QMenu* edit = nullptr;
  for (QAction* menu : window.menuBar()->actions())
    if (menu->menu() && menu->text() == QStringLiteral("&Edit")) edit = menu->menu();
  QVERIFY(edit);
  QAction* copy = nullptr;
  for (QAction* action : edit->actions())
    if (action->objectName() == QStringLiteral("copyResultAction")) copy = action;
  QVERIFY(copy);
  QCOMPARE(copy->text(), QStringLiteral("&Copy Filtered Image"));
  QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy));

  QClipboard* clipboard = QGuiApplication::clipboard();
  clipboard->clear();
  copy->trigger();
  QCOMPARE(clipboard->image().size(), QSize(600, 400));
  QCOMPARE(maxDifference(clipboard->image(), tab->resultImage()), 0);
  const QImage first = clipboard->image();
  tab->cutoffSlider()->setValue(200);
  QVERIFY(settle(results));
  copy->trigger();
  QCOMPARE(maxDifference(clipboard->image(), tab->resultImage()), 0);
  QVERIFY(maxDifference(clipboard->image(), first) > 0);
}

// The cutoff rings drawn on the spectrum are handles: dragging the low-pass ring from f = 0.05 out to
// f = 0.1 cycles per pixel sets the cutoff (the slider follows), as one undo step, and the result
// changes; a band's outer ring sets F2.
void ImageTabTest::draggingTheCutoffRingsChangesTheCutoffs()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  auto* view = tab.spectrumView();
  view->zoomBy(2, widgetPosOfBin(*view, QPointF(0, 0))); // about 1.3 screen pixels per bin
  QCOMPARE(tab.maskSpec().cutoff, 0.05);
  const QImage before = tab.resultImage();
  // coffee.png is 600 x 400: f = 0.05 is u = 30 bins along the horizontal axis, f = 0.1 is u = 60.
  dragWithMouse(view, widgetPosOfBin(*view, QPointF(30, 0)), widgetPosOfBin(*view, QPointF(60, 0)));
  QVERIFY2(std::abs(tab.maskSpec().cutoff - 0.1) < 0.003, qPrintable(QString::number(tab.maskSpec().cutoff)));
  QCOMPARE(tab.cutoffSlider()->value(), int(std::lround(tab.maskSpec().cutoff * 1000)));
  QCOMPARE(tab.maskEditor()->undoStack()->count(), 1);
  QCOMPARE(tab.maskEditor()->undoStack()->undoText(), QStringLiteral("Change cutoff"));
  QVERIFY(settle(results));
  QVERIFY2(maxDifference(tab.resultImage(), before) > 10, "a wider low-pass keeps more detail");
  tab.undoAction()->trigger();
  QCOMPARE(tab.maskSpec().cutoff, 0.05);

  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::BandPass)));
  QCOMPARE(tab.maskSpec().cutoff2, 0.15);
  // F2 = 0.15 is v = 60 bins down the vertical axis (H = 400); drag it to v = 80, f = 0.2.
  dragWithMouse(view, widgetPosOfBin(*view, QPointF(0, 60)), widgetPosOfBin(*view, QPointF(0, 80)));
  QVERIFY2(std::abs(tab.maskSpec().cutoff2 - 0.2) < 0.003,
           qPrintable(QString::number(tab.maskSpec().cutoff2)));
  QCOMPARE(tab.maskSpec().cutoff, 0.05);
  QCOMPARE(tab.cutoff2Slider()->value(), int(std::lround(tab.maskSpec().cutoff2 * 1000)));
  QVERIFY(settle(results));

  // The sliders reach the spectrum's corner, as the rings do: an ideal low-pass at F's end passes every
  // frequency (at 0.5, its old end, it blocked the corners' diagonal ones).
  QSignalSpy errors(&tab, &ImageTab::errorMessage);
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::LowPass)));
  QCOMPARE(tab.cutoffSlider()->maximum(), 706);
  QCOMPARE(tab.cutoff2Slider()->maximum(), 707);
  tab.cutoffSlider()->setValue(tab.cutoffSlider()->maximum());
  QCOMPARE(tab.maskSpec().cutoff, 0.706);
  QVERIFY(settle(results));
  QVERIFY2(maxDifference(tab.resultImage(), tab.originalImage()) <= 1,
           qPrintable(QString::number(maxDifference(tab.resultImage(), tab.originalImage()))));
  // A band from there stays a band within the spectrum (F at 0.707 made F2 0.708, which the engine
  // refused with an error box), and so does one after the low-pass ring was dragged past F2.
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::BandPass)));
  QCOMPARE(tab.maskSpec().cutoff2, 0.707);
  QVERIFY(settle(results));
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::LowPass)));
  tab.cutoffSlider()->setValue(50);
  tab.cutoff2Slider()->setValue(100); // hidden for a low-pass: F2 below where the ring will take F
  dragWithMouse(view, widgetPosOfBin(*view, QPointF(30, 0)), widgetPosOfBin(*view, QPointF(120, 0)));
  QVERIFY2(tab.maskSpec().cutoff > 0.15, qPrintable(QString::number(tab.maskSpec().cutoff)));
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::BandPass)));
  QVERIFY(tab.maskSpec().cutoff2 > tab.maskSpec().cutoff);
  QVERIFY(settle(results));
  QCOMPARE(errors.count(), 0);
}

// Open Recent: files opened by name (not the bundled sample) in the order last opened, without
// duplicates, kept between sessions; an entry reopens its file; an entry whose file is gone says so and
// leaves the menu; Clear Menu empties it.
void ImageTabTest::recentFilesReopenAndForget()
{
  QTemporaryDir dir;
  const QString moon = dir.filePath(QStringLiteral("moon.png")),
                coffee = dir.filePath(QStringLiteral("coffee.png"));
  QVERIFY(QFile::copy(dataFile("moon_periodic_noise.png"), moon));
  QVERIFY(QFile::copy(dataFile("coffee.png"), coffee));
  {
    ImageTab tab;
    QSignalSpy results(&tab, &ImageTab::resultUpdated);
    QSignalSpy loaded(&tab, &ImageTab::imageLoaded);
    QVERIFY(settle(results));
    QVERIFY(recentEntries(tab.recentMenu()).isEmpty());
    QVERIFY(!tab.recentMenu()->isEnabled());
    int seen = 0;
    for (const QString& file : {coffee, moon, coffee}) {
      const int before = int(loaded.count());
      seen = int(results.count());
      tab.openFile(file);
      QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > before, kTimeoutMs);
    }
    const QList<QAction*> entries = recentEntries(tab.recentMenu());
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries[0]->text(), QStringLiteral("&1  coffee.png"));
    QCOMPARE(entries[0]->toolTip(), QFileInfo(coffee).absoluteFilePath());
    QCOMPARE(entries[1]->text(), QStringLiteral("&2  moon.png"));
    QVERIFY(settleAfter(results, seen)); // nothing left in flight when the tab goes
  }
  ImageTab tab; // a new session
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy loaded(&tab, &ImageTab::imageLoaded);
  QSignalSpy errors(&tab, &ImageTab::errorMessage);
  QVERIFY(settle(results));
  QList<QAction*> entries = recentEntries(tab.recentMenu());
  QCOMPARE(entries.size(), 2);
  QVERIFY(tab.recentMenu()->isEnabled());
  entries[1]->trigger(); // moon.png
  QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty() && loaded.last().at(0).toString() == QStringLiteral("moon.png"),
                           kTimeoutMs);
  QCOMPARE(tab.originalImage().size(), QSize(512, 512));
  entries = recentEntries(tab.recentMenu());
  QCOMPARE(entries[0]->text(), QStringLiteral("&1  moon.png"));

  QVERIFY(QFile::remove(coffee));
  entries[1]->trigger(); // coffee.png, gone
  QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), kTimeoutMs);
  QVERIFY2(errors.last().at(1).toString().contains(QStringLiteral("does not exist")),
           qPrintable(errors.last().at(1).toString()));
  QCOMPARE(tab.originalImage().size(), QSize(512, 512)); // the current image stays
  entries = recentEntries(tab.recentMenu());
  QCOMPARE(entries.size(), 1);
  QCOMPARE(entries[0]->text(), QStringLiteral("&1  moon.png"));

  QAction* clear = tab.recentMenu()->actions().last();
  QCOMPARE(clear->text(), QStringLiteral("Clear Menu"));
  clear->trigger();
  QVERIFY(recentEntries(tab.recentMenu()).isEmpty());
  QVERIFY(!tab.recentMenu()->isEnabled());
}

QTEST_MAIN(ImageTabTest)
#include "ImageTabTest.moc"

// Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo. A key sequence given twice (to one action or two) makes Qt
// call it ambiguous and trigger nothing.
void ImageTabTest::undoAndRedoWorkFromTheKeyboard()
{
  ImageTab tab;
  // The platform's bindings (X11's Redo is Ctrl+Shift+Z alone) plus Ctrl+Y, each once.
  QHash<QKeySequence, QString> owners;
  for (QAction* action : tab.findChildren<QAction*>())
    for (const QKeySequence& key : action->shortcuts()) {
      QVERIFY2(!owners.contains(key),
               qPrintable(key.toString() + QStringLiteral(" is given to ") + owners.value(key) +
                          QStringLiteral(" and ") + action->text()));
      owners.insert(key, action->text());
    }
  for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::Redo))
    QVERIFY2(tab.redoAction()->shortcuts().contains(key), qPrintable(key.toString()));
  QVERIFY(tab.redoAction()->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
  QVERIFY(tab.undoAction()->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Z)));

  tab.resize(1200, 700);
  tab.show();
  QApplication::setActiveWindow(&tab);
  if (!QTest::qWaitForWindowActive(&tab))
    QSKIP("no window manager activates windows here; the keys are pressed on the offscreen platform");
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  QUndoStack* stack = tab.maskEditor()->undoStack();
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::HighPass)));
  QCOMPARE(stack->index(), 1);
  tab.spectrumView()->setFocus();
  QTest::keyClick(tab.spectrumView(), Qt::Key_Z, Qt::ControlModifier);
  QCOMPARE(stack->index(), 0);
  QVERIFY(tab.maskSpec().kind == MaskKind::LowPass);
  QTest::keyClick(tab.spectrumView(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
  QCOMPARE(stack->index(), 1);
  QVERIFY(tab.maskSpec().kind == MaskKind::HighPass);
  QTest::keyClick(tab.spectrumView(), Qt::Key_Z, Qt::ControlModifier);
  QCOMPARE(stack->index(), 0);
  QTest::keyClick(tab.spectrumView(), Qt::Key_Y, Qt::ControlModifier);
  QCOMPARE(stack->index(), 1);
}

// The readout names the mask's value at the bin under the cursor: after a click adds a notch there, or the
// cutoff moves under it, it says so at once, not only once the mouse moves again.
void ImageTabTest::readoutFollowsTheMaskWithoutAMouseMove()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  tab.openImage(periodicNoiseImage(256), QStringLiteral("noise"));
  QVERIFY(settleAfter(results, int(results.count())));
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::Notch)));
  QVERIFY(settleAfter(results, int(results.count())));
  auto* view = tab.spectrumView();
  view->zoomBy(4, widgetPosOfBin(*view, QPointF(24, 10)));
  const QPoint peak = widgetPosOfBin(*view, QPointF(24, 10));
  QTest::mouseMove(view, peak);
  QVERIFY2(tab.readout()->text().contains(QStringLiteral("mask 1.00")), qPrintable(tab.readout()->text()));
  const int seen = int(results.count());
  QTest::mouseClick(view, Qt::LeftButton, {}, peak); // a notch on the peak under the cursor
  QCOMPARE(tab.maskSpec().notches.size(), std::size_t(1));
  QVERIFY(settleAfter(results, seen));
  QVERIFY2(tab.readout()->text().contains(QStringLiteral("mask 0.00")), qPrintable(tab.readout()->text()));

  // Low-pass at 0.05 c/px passes bin (5, 0) (0.0195 c/px); a cutoff of 0.010 stops it.
  tab.maskEditor()->reset();
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::LowPass)));
  tab.cutoffSlider()->setValue(50);
  QVERIFY(settleAfter(results, int(results.count())));
  QTest::mouseMove(view, widgetPosOfBin(*view, QPointF(5, 0)));
  QVERIFY2(tab.readout()->text().contains(QStringLiteral("u 5, v 0 ")), qPrintable(tab.readout()->text()));
  QVERIFY2(tab.readout()->text().contains(QStringLiteral("mask 1.00")), qPrintable(tab.readout()->text()));
  tab.cutoffSlider()->setValue(10);
  QVERIFY(settleAfter(results, int(results.count())));
  QVERIFY2(tab.readout()->text().contains(QStringLiteral("mask 0.00")), qPrintable(tab.readout()->text()));
}

// Notches sit on the peaks of the image they were placed on: another image of the same size starts without
// them (and without their undo history); the same image loaded again (a setting changed) keeps them.
void ImageTabTest::aNewImageStartsWithoutTheOldNotches()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy loaded(&tab, &ImageTab::imageLoaded);
  QVERIFY(settle(results));
  tab.openImage(periodicNoiseImage(256), QStringLiteral("first"));
  QVERIFY(settleAfter(results, int(results.count())));
  tab.maskEditor()->addNotch({24, 10, 3});
  QVERIFY(settleAfter(results, int(results.count())));

  auto* luminance = tab.findChild<QCheckBox*>(QStringLiteral("luminanceOnly"));
  const int loads = int(loaded.count());
  int seen = int(results.count());
  luminance->setChecked(!luminance->isChecked()); // the same picture again
  QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > loads, kTimeoutMs);
  QVERIFY(settleAfter(results, seen));
  QCOMPARE(tab.maskSpec().notches.size(), std::size_t(1));

  QImage second = periodicNoiseImage(256).mirrored(true, false);
  seen = int(results.count());
  tab.openImage(second, QStringLiteral("second"));
  QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > loads + 1, kTimeoutMs);
  QVERIFY(settleAfter(results, seen));
  QVERIFY(tab.maskSpec().notches.empty());
  QVERIFY(!tab.maskEditor()->undoStack()->canUndo());
}

// F2 only means something for band-pass and band-stop: elsewhere it is disabled, and drawn so.
void ImageTabTest::secondCutoffIsDisabledOutsideTheBands()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  QSlider* f2 = tab.cutoff2Slider();
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::BandPass)));
  QVERIFY(f2->isEnabled());
  QVERIFY(f2->isVisible());
  const QImage enabled = f2->grab().toImage();
  for (const MaskKind kind : {MaskKind::LowPass, MaskKind::HighPass, MaskKind::Notch}) {
    tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(kind)));
    QVERIFY2(!f2->isEnabled(), qPrintable(tab.kindBox()->currentText()));
    // Its name greys out with it: a slider drawn disabled beside an enabled "F2" reads as stuck.
    const auto labels = tab.findChildren<QLabel*>();
    const auto name = std::find_if(labels.begin(), labels.end(),
                                   [](QLabel* l) { return l->text().trimmed() == QStringLiteral("F2"); });
    QVERIFY(name != labels.end());
    QVERIFY(!(*name)->isEnabled());
    QVERIFY2(!f2->isVisible() || f2->grab().toImage() != enabled,
             "a disabled F2 slider must not look like an enabled one");
  }
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::BandStop)));
  QVERIFY(f2->isEnabled());
  // The same for F, which All-pass (notches only) does not use.
  const auto labelNamed = [&](const QString& text) {
    const auto labels = tab.findChildren<QLabel*>();
    const auto found =
        std::find_if(labels.begin(), labels.end(), [&](QLabel* l) { return l->text().trimmed() == text; });
    return found == labels.end() ? nullptr : *found;
  };
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::Notch)));
  QVERIFY(!tab.cutoffSlider()->isEnabled());
  QVERIFY(labelNamed(QStringLiteral("F")) && !labelNamed(QStringLiteral("F"))->isEnabled());
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::LowPass)));
  QVERIFY(labelNamed(QStringLiteral("F"))->isEnabled());
}

// A low-pass' F moved past the unseen F2, then Band-pass chosen: the band must pass something. It used to
// be one slider step wide (0.456 to 0.457 c/px), a flat grey picture with nothing to say why.
void ImageTabTest::bandChosenAfterFMovedPastF2PassesABand()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  QVERIFY(tab.maskSpec().kind == MaskKind::LowPass);
  for (const int value : {456, 706}) {
    tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::LowPass)));
    tab.cutoffSlider()->setValue(value);
    const double f = value / 1000.0;
    QCOMPARE(tab.maskSpec().cutoff, f);
    tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::BandPass)));
    const double low = tab.maskSpec().cutoff, high = tab.maskSpec().cutoff2;
    QVERIFY2(high - low >= 0.1 - 1e-9 && high <= 0.707 + 1e-9,
             qPrintable(QStringLiteral("F %1: band %2 to %3").arg(f).arg(low).arg(high)));
    // F stays where it was put wherever a band fits above it.
    if (f + 0.1 <= 0.707) QCOMPARE(low, f);
    QCOMPARE(tab.cutoffSlider()->value(), int(std::lround(low * 1000)));
    QCOMPARE(tab.cutoff2Slider()->value(), int(std::lround(high * 1000)));
    // One undo step puts the low-pass back as it was.
    tab.undoAction()->trigger();
    QVERIFY(tab.maskSpec().kind == MaskKind::LowPass);
    QCOMPARE(tab.maskSpec().cutoff, f);
  }
}

// The notch radius box cannot grow a notch over DC (which would take the picture's mean away and leave it
// black), nor beyond what the command line accepts.
void ImageTabTest::notchRadiusStopsShortOfDc()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(results));
  tab.openImage(periodicNoiseImage(256), QStringLiteral("noise"));
  QVERIFY(settleAfter(results, int(results.count())));
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::Notch)));
  auto* radius = tab.findChild<QDoubleSpinBox*>(QStringLiteral("notchRadius"));
  const QRect unselected = radius->geometry();
  auto* view = tab.spectrumView();
  view->zoomBy(4, widgetPosOfBin(*view, QPointF(24, 10)));
  QTest::mouseClick(view, Qt::LeftButton, {}, widgetPosOfBin(*view, QPointF(24, 10)));
  QCOMPARE(tab.maskSpec().notches.size(), std::size_t(1));
  QVERIFY(settleAfter(results, int(results.count())));
  QVERIFY(radius->isEnabled());
  // Selecting a notch leaves the box where it was, and so the rest of its row (it used to widen).
  QCOMPARE(radius->geometry(), unselected);
  QVERIFY2(radius->maximum() < std::hypot(24.0, 10.0),
           qPrintable(QStringLiteral("the box goes up to %1").arg(radius->maximum())));
  radius->setValue(999);
  QVERIFY(tab.maskSpec().notches[0].radius < std::hypot(24.0, 10.0));
  QVERIFY(settleAfter(results, int(results.count())));
  // The picture keeps its mean brightness (about 104 of 255): not black.
  const QImage result = tab.resultImage().convertToFormat(QImage::Format_Grayscale8);
  double sum = 0;
  for (int y = 0; y < result.height(); ++y)
    for (int x = 0; x < result.width(); ++x)
      sum += result.constScanLine(y)[x];
  const double mean = sum / (result.width() * result.height());
  QVERIFY2(mean > 80, qPrintable(QStringLiteral("mean %1").arg(mean)));
}

// A slow drag (pauses longer than the idle time while the slider is held) keeps the result view on quick
// previews of the newest value: a full-resolution update mid-drag would hold the worker for seconds on a
// large photo while the slider moves on. The full result follows on release, for the last value.
void ImageTabTest::slowSliderDragShowsPreviewsUntilRelease()
{
  ImageTab tab;
  tab.resize(1200, 700);
  tab.show();
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy previews(&tab, &ImageTab::previewUpdated);
  QVERIFY(settle(results));
  QSignalSpy loaded(&tab, &ImageTab::imageLoaded);
  const int seen = int(results.count());
  tab.openImage(periodicNoiseImage(1536), QStringLiteral("large"));
  QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), kTimeoutMs);
  QVERIFY(settleAfter(results, seen)); // the large picture's own first result, not an earlier one
  const int fullBefore = int(results.count());
  QSlider* slider = tab.cutoffSlider();
  slider->setSliderDown(true); // pressed, as by the mouse
  for (int value = 45; value >= 5; value -= 10) {
    slider->setValue(value);
    QTest::qWait(400); // a slow hand: longer than the idle time between steps
  }
  QTRY_VERIFY_WITH_TIMEOUT(previews.count() > 0, kTimeoutMs);
  QCOMPARE(int(results.count()), fullBefore); // only previews while the slider is held
  slider->setSliderDown(false);
  QVERIFY(settleAfter(results, fullBefore));
  QCOMPARE(tab.maskSpec().cutoff, 0.005);
  // The full result is the one for the last value: the same as a fresh update at that cutoff.
  const QImage last = tab.resultImage();
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::HighPass)));
  QVERIFY(settleAfter(results, int(results.count())));
  tab.kindBox()->setCurrentIndex(tab.kindBox()->findData(int(MaskKind::LowPass)));
  QVERIFY(settleAfter(results, int(results.count())));
  QCOMPARE(tab.resultImage(), last);
}

// The main window on a 1366 x 768 screen and on a 1920 x 1080 one at scale 2 (run under QT_SCALE_FACTOR=2
// by its own ctest): every control of the Image tab on show, nothing scrolls sideways. With
// SPECTRASCOPE_TEST_SCREENSHOTS=DIR the windows are saved there.
void ImageTabTest::fitsSmallAndScaledScreens()
{
  EngineService service;
  MainWindow window(service);
  QSignalSpy results(window.findChild<ImageTab*>(), &ImageTab::resultUpdated);
  const bool scaled = qEnvironmentVariableIntValue("QT_SCALE_FACTOR") == 2;
  const QList<QSize> screens = scaled ? QList<QSize>{QSize(1920, 1080)} : QList<QSize>{QSize(1366, 768)};
  for (const QSize screen : screens) {
    const QSize logical = spectrascope::test::showAsOnScreen(window, screen);
    QVERIFY(settleAfter(results, 0)); // the sample's result may have come while the window was shown
    const QString name = QStringLiteral("image-tab-%1x%2%3")
                             .arg(screen.width())
                             .arg(screen.height())
                             .arg(scaled ? QStringLiteral("-scale2") : QString());
    spectrascope::test::saveScreenshot(window, name);
    const QStringList problems = spectrascope::test::layoutProblems(window);
    QVERIFY2(
        problems.isEmpty(),
        qPrintable(
            QStringLiteral("%1 (%2 x %3 logical): ").arg(name).arg(logical.width()).arg(logical.height()) +
            problems.join(QStringLiteral("; "))));
  }
}
