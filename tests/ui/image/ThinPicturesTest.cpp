// Pictures one or two pixels thin (1 x 3000, 3000 x 2): opened in the window without a Qt warning (the
// Learn tab's phase lesson takes every picture opened), and drawn in the Image tab's three views as a
// strip at least ZoomableImageView::kMinThickness screen pixels thick, with the views saying so.

#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/ImageTab.h"
#include "spectrascope/ui/MainWindow.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"
#include "spectrascope/ui/image/ZoomableImageView.h"

#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace spectrascope::ui;
using spectrascope::ui::image::ZoomableImageView;

namespace {
constexpr int kTimeoutMs = 30000;
const QColor kBackground(0x1e, 0x1f, 0x22); // ZoomableImageView's

// The longest run of pixels other than the background across the view's middle line, as drawn: the
// strip's thickness (the view's note beside it is letters, a few pixels each).
int drawnThickness(QWidget& view, bool vertical)
{
  const QImage image = view.grab().toImage();
  int run = 0, longest = 0;
  const int length = vertical ? image.width() : image.height();
  for (int i = 0; i < length; ++i) {
    const QColor c =
        vertical ? image.pixelColor(i, image.height() / 2) : image.pixelColor(image.width() / 2, i);
    const bool drawn = std::abs(c.red() - kBackground.red()) + std::abs(c.green() - kBackground.green()) +
                           std::abs(c.blue() - kBackground.blue()) >
                       12;
    run = drawn ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}
} // namespace

class ThinPicturesTest : public QObject
{
  Q_OBJECT

private slots:
  void init() { QSettings().clear(); }
  void stripsAreDrawnThickEnoughAndWarnNothing_data();
  void stripsAreDrawnThickEnoughAndWarnNothing();
};

void ThinPicturesTest::stripsAreDrawnThickEnoughAndWarnNothing_data()
{
  QTest::addColumn<QSize>("size");
  QTest::newRow("1 x 3000") << QSize(1, 3000);
  QTest::newRow("3000 x 2") << QSize(3000, 2);
}

void ThinPicturesTest::stripsAreDrawnThickEnoughAndWarnNothing()
{
  QFETCH(QSize, size);
  // "QPainter::begin: Paint device returned engine == 0" and "QImage::scaled: Image is a null image"
  // were printed for both strips.
  QTest::failOnWarning(QRegularExpression(QStringLiteral("QPainter|QImage|null image")));
  EngineService service;
  MainWindow window(service);
  window.resize(1200, 800);
  window.show();
  service.start();
  auto* tab = window.findChild<ImageTab*>();
  QVERIFY(tab);
  QSignalSpy results(tab, &ImageTab::resultUpdated);
  QImage strip(size, QImage::Format_RGB32);
  strip.fill(QColor(200, 120, 40));
  for (int i = 0; i < std::max(size.width(), size.height()); i += 7) // some detail for a spectrum
    strip.setPixelColor(size.width() > 1 ? i : 0, size.width() > 1 ? 0 : i, QColor(250, 250, 250));
  tab->openImage(strip, QStringLiteral("strip"));
  QTRY_VERIFY_WITH_TIMEOUT(tab->spectrumView()->image().size() == size && results.count() > 0, kTimeoutMs);
  QTest::qWait(300); // the Learn tab's lesson and the views' repaint

  const bool vertical = size.width() < size.height();
  for (ZoomableImageView* view :
       {tab->originalView(), static_cast<ZoomableImageView*>(tab->spectrumView()), tab->resultView()}) {
    const int thickness = drawnThickness(*view, vertical);
    QVERIFY2(thickness >= ZoomableImageView::kMinThickness - 1 &&
                 thickness <= ZoomableImageView::kMinThickness + 2,
             qPrintable(QStringLiteral("%1: %2 px thick").arg(view->objectName()).arg(thickness)));
    const QString expected = vertical ? QStringLiteral("drawn 16 px wide: 1 px in the picture")
                                      : QStringLiteral("drawn 16 px tall: 2 px in the picture");
    QCOMPARE(view->stretchNote(), expected);
  }
}

QTEST_MAIN(ThinPicturesTest)
#include "ThinPicturesTest.moc"
