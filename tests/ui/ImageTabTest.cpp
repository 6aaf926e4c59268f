// The Image tab driven as a user would: the sample shows on start, an image opens, the cutoff slider is
// dragged and the filtered result follows, bad files leave the current image alone.

#include "spectrascope/ui/ImageTab.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

using namespace spectrascope::ui;

namespace {
constexpr int kTimeoutMs = 60000;

QString dataFile(const char* name)
{
  return QStringLiteral(SPECTRASCOPE_TEST_DATA "/") + QLatin1String(name);
}

// Waits until the tab has shown a result for the latest request (no update left in flight).
bool settle(ImageTab& tab, QSignalSpy& results)
{
  if (!results.wait(kTimeoutMs)) return false;
  while (results.wait(300)) {
  }
  return true;
}
} // namespace

class ImageTabTest : public QObject
{
  Q_OBJECT

private slots:
  void showsTheSampleImageOnStart();
  void opensAnImageAndFollowsTheSlider();
  void badFilesLeaveTheImageAlone();
};

void ImageTabTest::showsTheSampleImageOnStart()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QVERIFY(settle(tab, results));
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
  QVERIFY(settle(tab, results));
  tab.openFile(dataFile("hubble_deep_field.jpg"));
  QVERIFY(loaded.wait(kTimeoutMs) || loaded.count() > 0);
  QVERIFY(settle(tab, results));
  QCOMPARE(tab.originalImage().size(), QSize(1000, 872));
  const QImage before = tab.resultImage();

  // A drag: many values in quick succession; the tab drops stale ones and ends on the last.
  const int updatesBefore = int(results.count());
  for (int v = tab.cutoffSlider()->value(); v > 5; v -= 3)
    tab.cutoffSlider()->setValue(v);
  QVERIFY(settle(tab, results));
  QVERIFY(results.count() > updatesBefore);
  const QImage after = tab.resultImage();
  QCOMPARE(after.size(), before.size());
  QVERIFY2(after != before, "moving the cutoff must change the filtered image");
  // The latest value won: filtering again at the same cutoff gives the same image.
  tab.kindBox()->setCurrentIndex(1);
  QVERIFY(settle(tab, results));
  tab.kindBox()->setCurrentIndex(0);
  QVERIFY(settle(tab, results));
  QCOMPARE(tab.resultImage(), after);
}

void ImageTabTest::badFilesLeaveTheImageAlone()
{
  ImageTab tab;
  QSignalSpy results(&tab, &ImageTab::resultUpdated);
  QSignalSpy errors(&tab, &ImageTab::errorMessage);
  QVERIFY(settle(tab, results));
  const QImage original = tab.originalImage();
  QTemporaryDir dir;
  QFile truncated(dir.filePath(QStringLiteral("cut.png")));
  QFile source(dataFile("coffee.png"));
  QVERIFY(source.open(QIODevice::ReadOnly) && truncated.open(QIODevice::WriteOnly));
  truncated.write(source.read(1500));
  truncated.close();
  for (const QString& bad : {truncated.fileName(), dir.path(), dir.filePath(QStringLiteral("missing.png"))}) {
    const int before = int(errors.count());
    tab.openFile(bad);
    QTRY_VERIFY_WITH_TIMEOUT(errors.count() > before, kTimeoutMs);
    QCOMPARE(tab.originalImage(), original);
  }
}

QTEST_MAIN(ImageTabTest)
#include "ImageTabTest.moc"
