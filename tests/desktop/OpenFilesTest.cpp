// The installed GUI's command line end to end: the real `spectrascope` executable on Qt's offscreen
// platform, given files named so that their suffix misleads (the content must decide), with
// --screenshot; the saved window must show the file in the right tab.

#include <QDir>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <utility>

namespace {

constexpr int kRunTimeoutMs = 240000;

struct Run
{
  int exitCode = -1;
  QString errors;
  QImage screenshot;
};

class OpenFilesTest : public QObject
{
  Q_OBJECT

private:
  QTemporaryDir dir_;
  QList<Run> runs_; // this test function's runs, kept for cleanup() to save when it fails

  QString copyAs(const QString& source, const QString& name)
  {
    const QString target = dir_.filePath(name);
    QFile::remove(target);
    if (!QFile::copy(source, target)) qFatal("cannot copy %s", qPrintable(source));
    return target;
  }

  // A file of this test's folder holding `bytes`, for the cases whose content matters.
  QString writeFile(const QString& name, const QByteArray& bytes)
  {
    const QString path = dir_.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
      qFatal("cannot write %s", qPrintable(path));
    return path;
  }

  Run runGui(const QStringList& arguments, const QList<QPair<QString, QString>>& environment = {})
  {
    const QString shot = dir_.filePath(QStringLiteral("shot.png"));
    QFile::remove(shot);
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // Settings (window size, last tab, recent files) in a folder of this test, not the user's.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir_.filePath(QStringLiteral("config")));
    for (const auto& [name, value] : environment)
      env.insert(name, value);
    gui.setProcessEnvironment(env);
    gui.setProcessChannelMode(QProcess::ForwardedOutputChannel);
    gui.start(QStringLiteral(SPECTRASCOPE_GUI), QStringList{"--screenshot", shot} + arguments);
    if (!gui.waitForFinished(kRunTimeoutMs)) {
      gui.kill();
      gui.waitForFinished();
    }
    Run run;
    run.exitCode = gui.exitStatus() == QProcess::NormalExit ? gui.exitCode() : -1;
    run.errors = QString::fromLocal8Bit(gui.readAllStandardError());
    run.screenshot = QImage(shot);
    runs_.append(run);
    return run;
  }

  // A run the command line ends before any window (a bad option): its exit status and error output.
  static std::pair<int, QByteArray> runWithoutWindow(const QStringList& arguments)
  {
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    gui.setProcessEnvironment(env);
    gui.start(QStringLiteral(SPECTRASCOPE_GUI), arguments);
    if (!gui.waitForFinished(30000)) return {-1, "did not finish within 30 s"};
    return {gui.exitCode(), gui.readAllStandardError()};
  }

  // Pixels close to `colour` (each channel within 40).
  static int pixelsNear(const QImage& image, QColor colour)
  {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    int count = 0;
    for (int y = 0; y < rgb.height(); ++y) {
      const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
      for (int x = 0; x < rgb.width(); ++x)
        count += std::abs(qRed(line[x]) - colour.red()) < 40 &&
                 std::abs(qGreen(line[x]) - colour.green()) < 40 &&
                 std::abs(qBlue(line[x]) - colour.blue()) < 40;
    }
    return count;
  }

  // What a screenshot holds, for a failure's message: its size, the green pixels, the commonest colours.
  static QByteArray describe(const QImage& image)
  {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, int> counts;
    for (int y = 0; y < rgb.height(); ++y)
      for (int x = 0; x < rgb.width(); ++x)
        ++counts[rgb.pixel(x, y) & 0xffffff];
    QList<QPair<int, QRgb>> byCount;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
      byCount.append({it.value(), it.key()});
    std::sort(byCount.begin(), byCount.end(), std::greater<>());
    QStringList commonest;
    for (qsizetype i = 0; i < std::min<qsizetype>(4, byCount.size()); ++i)
      commonest << QStringLiteral("#%1 %2%")
                       .arg(byCount[i].second, 6, 16, QLatin1Char('0'))
                       .arg(100.0 * byCount[i].first /
                                std::max<qsizetype>(1, qsizetype(rgb.width()) * rgb.height()),
                            0, 'f', 1);
    return QStringLiteral("%1 x %2, %3 green pixels, commonest colours %4")
        .arg(rgb.width())
        .arg(rgb.height())
        .arg(pixelsNear(rgb, QColor(0, 200, 0)))
        .arg(commonest.join(QStringLiteral(", ")))
        .toUtf8();
  }

  static int distinctColours(const QImage& image)
  {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    QSet<QRgb> colours;
    for (int y = 0; y < rgb.height(); y += 2)
      for (int x = 0; x < rgb.width(); x += 2)
        colours.insert(rgb.pixel(x, y));
    return int(colours.size());
  }

  // The fraction of the screenshot's pixels that differ from `other`'s by more than a little.
  static double differingFraction(const QImage& a, const QImage& b)
  {
    if (a.size() != b.size()) return 1.0;
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    qint64 differing = 0;
    for (int row = 0; row < x.height(); ++row)
      for (int col = 0; col < x.width(); ++col) {
        const QRgb p = x.pixel(col, row), q = y.pixel(col, row);
        differing +=
            std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q)) >
            30;
      }
    return double(differing) / (double(x.width()) * x.height());
  }

private slots:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  // A failure says what the window showed: its screenshots are kept in the working directory (the build
  // folder under ctest) and what the GUI printed on its error output is shown.
  void cleanup()
  {
    if (QTest::currentTestFailed())
      for (qsizetype i = 0; i < runs_.size(); ++i) {
        const QString name =
            QStringLiteral("%1-run%2.png").arg(QString::fromLatin1(QTest::currentTestFunction())).arg(i + 1);
        if (!runs_[i].screenshot.isNull() && runs_[i].screenshot.save(name))
          qWarning("screenshot kept: %s", qPrintable(QDir::current().absoluteFilePath(name)));
        qWarning("run %lld exit %d, error output:\n%s", static_cast<long long>(i + 1), runs_[i].exitCode,
                 qPrintable(runs_[i].errors));
      }
    runs_.clear();
  }

  // A picture whose wide blocks of one vivid green survive any filter, saved as ".wav": the content
  // sends it to the Image tab, which shows it.
  // --tab learn --screenshot saved "Computing the stages…" on a first start (N = 64, register exchange,
  // kernels built on PoCL). It now waits for the stages: the current stage's butterflies are drawn, in
  // their orange (#d9480f).
  void learnTabScreenshotShowsTheStages()
  {
    QDir(dir_.filePath(QStringLiteral("config/Spectrascope"))).mkpath(QStringLiteral("."));
    QFile conf(dir_.filePath(QStringLiteral("config/Spectrascope/spectrascope.conf")));
    QVERIFY(conf.open(QIODevice::WriteOnly));
    conf.write("[learn]\nalgorithm=4\nn=64\n");
    conf.close();
    // The image sample's FFTW plans measured by a first run, the stages' kernels not built: the sample is
    // then shown at once while the stages still build (as when a user opens the Learn tab at a new N).
    const QString cache = dir_.filePath(QStringLiteral("learn-cache"));
    QCOMPARE(runGui({QStringLiteral("--tab"), QStringLiteral("image")},
                    {{QStringLiteral("XDG_CACHE_HOME"), cache},
                     {QStringLiteral("POCL_CACHE_DIR"), dir_.filePath(QStringLiteral("learn-pocl-1"))}})
                 .exitCode,
             0);
    QVERIFY(QDir(cache + QStringLiteral("/spectrascope/kernels")).removeRecursively());
    const Run run =
        runGui({QStringLiteral("--tab"), QStringLiteral("learn")},
               {{QStringLiteral("XDG_CACHE_HOME"), cache},
                {QStringLiteral("POCL_CACHE_DIR"), dir_.filePath(QStringLiteral("learn-pocl-2"))}});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.errors.contains(QStringLiteral("on its Learn tab")), qPrintable(run.errors));
    const int orange = pixelsNear(run.screenshot, QColor(0xd9, 0x48, 0x0f));
    QVERIFY2(orange > 300,
             describe(run.screenshot) + " with " + QByteArray::number(orange) + " orange pixels");
  }

  void imageWithMisleadingNameOpensInImageTab()
  {
    QImage pattern(480, 360, QImage::Format_RGB32);
    pattern.fill(QColor(20, 20, 20));
    QPainter painter(&pattern);
    painter.fillRect(40, 40, 400, 280, QColor(0, 200, 0));
    painter.end();
    const QString path = dir_.filePath(QStringLiteral("pattern.wav"));
    QVERIFY(pattern.save(path, "PNG"));

    const Run run = runGui({path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(!run.screenshot.isNull());
    QVERIFY2(pixelsNear(run.screenshot, QColor(0, 200, 0)) > 5000,
             ("the green picture is not on screen: not in the Image tab, or not shown; the screenshot: " +
              describe(run.screenshot))
                 .constData());
  }

  // The photo from the test data, without a suffix: shown (exit 0 says the Image tab reported this file
  // loaded and filtered), no blank picture, and not the sample the window shows without files.
  void photoOpensInImageTab()
  {
    const QString path = copyAs(QStringLiteral(SPECTRASCOPE_TEST_DATA "/hubble_deep_field.jpg"), "photo");
    const Run run = runGui({path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(!run.screenshot.isNull());
    QVERIFY2(distinctColours(run.screenshot) > 500, "the screenshot is nearly blank");
    const Run sample = runGui({"--tab", "image"});
    QCOMPARE(sample.exitCode, 0);
    QVERIFY2(differingFraction(run.screenshot, sample.screenshot) > 0.1, "the window shows the sample");
  }

  // Without files, on a first start (an empty cache: FFTW measures its plans for seconds before the sample
  // is filtered), the screenshot waits for the sample's filtered picture: the Filtered view (the right
  // third of the views) holds a picture, not its placeholder sentence on the dark background.
  void sampleIsFilteredOnAFirstStart()
  {
    const Run run =
        runGui({"--tab", "image"}, {{"SPECTRASCOPE_FFTW_RIGOR", "measure"},
                                    {"SPECTRASCOPE_CACHE_DIR", dir_.filePath("first-start-cache")}});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(!run.screenshot.isNull());
    const QImage& shot = run.screenshot;
    const QImage filtered = shot.copy(shot.width() * 70 / 100, shot.height() * 35 / 100,
                                      shot.width() * 25 / 100, shot.height() * 40 / 100);
    QVERIFY2(distinctColours(filtered) > 300,
             ("the Filtered view shows no picture; the screenshot: " + describe(shot)).constData());
  }

  // A recording saved as ".png": the Audio tab plays it and shows its spectrogram; the same run with
  // --tab image shows another picture (so the first was the Audio tab's).
  void recordingWithMisleadingNameOpensInAudioTab()
  {
    const QString path =
        copyAs(QStringLiteral(SPECTRASCOPE_TEST_DATA "/tones_440_1000_5000.wav"), "tones.png");
    const Run audio = runGui({path});
    QCOMPARE(audio.exitCode, 0);
    QVERIFY(!audio.screenshot.isNull());
    QVERIFY2(distinctColours(audio.screenshot) > 50, "the screenshot is nearly blank");
    const Run image = runGui({path, "--tab", "image"});
    QCOMPARE(image.exitCode, 0);
    QVERIFY2(differingFraction(audio.screenshot, image.screenshot) > 0.2,
             "the Audio tab's screenshot looks like the Image tab's");
    QVERIFY2(pixelsNear(image.screenshot, QColor(0, 200, 0)) < 100, "green where none was opened");
  }

  // A photo and a recording at once: both open; --tab picks the one shown.
  void photoAndRecordingWithTab()
  {
    const QString photo = dir_.filePath(QStringLiteral("pattern.wav"));
    const QString sound =
        copyAs(QStringLiteral(SPECTRASCOPE_TEST_DATA "/tones_440_1000_5000.wav"), "tones.wav");
    const Run run = runGui({photo, sound, "--tab", "image"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(pixelsNear(run.screenshot, QColor(0, 200, 0)) > 5000,
             ("the green picture is not on screen; the screenshot: " + describe(run.screenshot)).constData());
  }

  // Two pictures and two sounds: the last of each is opened and shown, and the earlier ones are named as
  // not opened (the status bar, and stderr for a terminal), not dropped without a word.
  void earlierFilesOfAKindAreNamedAsNotOpened()
  {
    QImage pattern(480, 360, QImage::Format_RGB32);
    pattern.fill(QColor(0, 200, 0));
    const QString green = dir_.filePath(QStringLiteral("green.png"));
    QVERIFY(pattern.save(green));
    QImage grey(64, 48, QImage::Format_RGB32);
    grey.fill(QColor(90, 90, 90));
    const QString first = dir_.filePath(QStringLiteral("first-picture.png"));
    QVERIFY(grey.save(first));
    const QString tones =
        copyAs(QStringLiteral(SPECTRASCOPE_TEST_DATA "/tones_440_1000_5000.wav"), "first-sound.wav");
    const QString lastSound =
        copyAs(QStringLiteral(SPECTRASCOPE_TEST_DATA "/tones_440_1000_5000.wav"), "last-sound.wav");
    const Run run = runGui({first, tones, green, lastSound, "--tab", "image"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(pixelsNear(run.screenshot, QColor(0, 200, 0)) > 5000,
             ("the last picture is not on screen; the screenshot: " + describe(run.screenshot)).constData());
    QVERIFY2(run.errors.contains(
                 QStringLiteral("Not opened: first-picture.png (one picture at a time; the last is shown).")),
             qPrintable(run.errors));
    QVERIFY2(run.errors.contains(
                 QStringLiteral("Not opened: first-sound.wav (one sound at a time; the last is shown).")),
             qPrintable(run.errors));
  }

  // Neither a picture nor a sound, and a missing file: the tabs' own messages, the window still saved,
  // exit status 2 naming the files.
  void unreadableFilesAreReported()
  {
    const QString text = writeFile(QStringLiteral("notes.txt"), "not a picture, not a sound\n");
    const Run run = runGui({text});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(!run.screenshot.isNull());
    const Run missing = runGui({dir_.filePath(QStringLiteral("missing.jpg"))});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(!missing.screenshot.isNull());
    // An empty file has no content to tell: its name sends it to the Image tab, whose message it gets.
    const QString empty = writeFile(QStringLiteral("empty.png"), {});
    const Run emptyRun = runGui({empty});
    QCOMPARE(emptyRun.exitCode, 2);
    QVERIFY2(emptyRun.errors.contains(QStringLiteral("on its Image tab")), qPrintable(emptyRun.errors));
    // Text named as a picture: neither a picture nor a sound by its content, so its name decides. It was
    // reported by the Audio tab as "not a readable audio file".
    const QString textAsPicture = writeFile(QStringLiteral("text.png"), "hello\n");
    const Run textRun = runGui({textAsPicture});
    QCOMPARE(textRun.exitCode, 2);
    QVERIFY2(textRun.errors.contains(QStringLiteral("on its Image tab")), qPrintable(textRun.errors));
  }

  void badTabIsRefused()
  {
    const auto [exitCode, errors] = runWithoutWindow({"--tab", "spectrum"});
    QCOMPARE(exitCode, 1);
    QVERIFY(errors.contains("image, audio or learn"));
  }

  // A misspelt backend: refused before any window, naming the backends there are.
  void badBackendIsRefused()
  {
    const auto [exitCode, errors] = runWithoutWindow({"--backend", "fftx"});
    QCOMPARE(exitCode, 1);
    QVERIFY2(errors.contains("unknown backend 'fftx'") && errors.contains("fftw, naive-dft, opencl"),
             errors.constData());
  }
};

} // namespace

QTEST_GUILESS_MAIN(OpenFilesTest)
#include "OpenFilesTest.moc"
