// What a machine without Qt's TIFF and WebP plugins (Debian's qt6-image-formats-plugins) says about such
// files: this process looks for plugins in an empty folder only, so QImageReader reads what Qt Gui
// decodes itself (PNG, BMP, PBM/PGM/PPM, but no JPEG, GIF, TIFF or WebP). The files are small fixtures
// written by Qt with the plugins (tests/data/gradient_16x12.*), as decodeImage (the Image tab) and the
// CLI's readImage see them through unsupportedFormatReason.

#include "spectrascope/ui/image/ImageFiles.h"
#include "spectrascope/ui/image/ImageFormats.h"

#include <QCoreApplication>
#include <QFile>
#include <QImageReader>
#include <QTemporaryDir>
#include <QTest>

using namespace spectrascope::ui::image;

namespace {
QString dataFile(const char* name)
{
  return QStringLiteral(SPECTRASCOPE_TEST_DATA "/") + QLatin1String(name);
}
} // namespace

class ImageFormatsWithoutPluginsTest : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase()
  {
    const auto formats = QImageReader::supportedImageFormats();
    QVERIFY2(!formats.contains("tiff") && !formats.contains("webp"), "the plugins were found after all");
    QVERIFY(formats.contains("png"));
  }

  void tiffAndWebpAreNamedWithTheMissingPackage()
  {
    for (const auto& [file, format] :
         {std::pair{"gradient_16x12.tif", "TIFF"}, std::pair{"gradient_16x12.webp", "WebP"}}) {
      const auto guessed = guessImageFormat(dataFile(file));
      QVERIFY(guessed);
      QCOMPARE(guessed->name, QLatin1String(format));
      QVERIFY(!canRead(*guessed));
      QString error;
      QVERIFY(decodeImage(dataFile(file), &error).isNull());
      QVERIFY2(error.contains(QStringLiteral("%1 images cannot be read here").arg(QLatin1String(format))),
               qPrintable(error));
      QVERIFY2(error.contains(QStringLiteral("qt6-image-formats-plugins")), qPrintable(error));
      QVERIFY2(!error.contains(QStringLiteral("not an image")), qPrintable(error));
    }
  }

  // Nothing claims what cannot be read: the list of formats, the open dialog, the message for a file
  // in no known format.
  void readableFormatsAreTheOnesPresent()
  {
    const QString names = readableFormatNames();
    QVERIFY2(names.contains(QStringLiteral("PNG")) && names.contains(QStringLiteral("PBM/PGM/PPM")),
             qPrintable(names));
    QVERIFY2(!names.contains(QStringLiteral("TIFF")) && !names.contains(QStringLiteral("WebP")),
             qPrintable(names));
    const QString filter = openDialogFilter();
    QVERIFY2(filter.contains(QStringLiteral("*.png")), qPrintable(filter));
    QVERIFY2(!filter.contains(QStringLiteral("*.tif")) && !filter.contains(QStringLiteral("*.webp")),
             qPrintable(filter));
    QVERIFY(!saveDialogFilter().contains(QStringLiteral("TIFF")));

    QTemporaryDir dir;
    const QString notes = dir.filePath(QStringLiteral("notes.dat"));
    QFile file(notes);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not pixels\n");
    file.close();
    QString error;
    QVERIFY(decodeImage(notes, &error).isNull());
    QVERIFY2(error.contains(QStringLiteral("not an image in a format this program reads (%1)").arg(names)),
             qPrintable(error));
  }

  // What Qt Gui decodes itself still opens.
  void builtInFormatsStillOpen()
  {
    QString error;
    const QImage moon = decodeImage(dataFile("moon_periodic_noise.png"), &error);
    QVERIFY2(!moon.isNull(), qPrintable(error));
    QCOMPARE(moon.size(), QSize(512, 512));
  }
};

int main(int argc, char** argv)
{
  // Before the first image is read: Qt then looks for image plugins here and nowhere else.
  QTemporaryDir noPlugins;
  QCoreApplication::setLibraryPaths({noPlugins.path()});
  QCoreApplication app(argc, argv);
  ImageFormatsWithoutPluginsTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "ImageFormatsWithoutPluginsTest.moc"
