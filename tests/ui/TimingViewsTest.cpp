// The timing views: the Timings panel shows the records of a report (from the feed, as the tabs publish
// them), the timeline draws them, the benchmark plot finds the crossover, and the Benchmark window runs a
// short sweep in the background (FFTW and, with an OpenCL device, a gallery variant) and cancels cleanly.
// Tune… runs the planner's tuning search on an OpenCL device (PoCL here): the table fills, the choice is
// in the device's tuning file and later plans find it, failures are rows of their own, Cancel stops it.
// With SPECTRASCOPE_TEST_SCREENSHOTS=DIR the views are also saved as PNGs to look at.

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/ui/timing/BenchmarkPlot.h"
#include "spectrascope/ui/timing/BenchmarkWindow.h"
#include "spectrascope/ui/timing/TimelineRenderer.h"
#include "spectrascope/ui/timing/TimingFeed.h"
#include "spectrascope/ui/timing/TimingPanel.h"
#include "spectrascope/ui/timing/TuningRunner.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

using namespace spectrascope;
using namespace spectrascope::ui;

namespace {

KernelRecord record(const char* name, KernelRecord::Type type, std::uint64_t start, std::uint64_t end)
{
  KernelRecord r;
  r.name = name;
  r.type = type;
  r.startNs = start;
  r.endNs = end;
  r.bytes = 1 << 20;
  if (type == KernelRecord::Type::Kernel) {
    r.globalSize = {512, 4, 1};
    r.localSize = {64, 1, 1};
    r.flops = 5.0 * 1024 * 10;
  }
  return r;
}

ExecutionReport sampleReport()
{
  ExecutionReport report;
  report.backend = "opencl:0";
  report.device = "Test device";
  report.wallMs = 1.5;
  report.records = {record("upload", KernelRecord::Type::Upload, 1000, 201000),
                    record("bit reversal", KernelRecord::Type::Kernel, 210000, 410000),
                    record("butterfly s1", KernelRecord::Type::Kernel, 420000, 820000),
                    record("download", KernelRecord::Type::Download, 830000, 1030000)};
  return report;
}

void saveScreenshot(QWidget& widget, const QString& name)
{
  const QString dir = qEnvironmentVariable("SPECTRASCOPE_TEST_SCREENSHOTS");
  if (!dir.isEmpty()) widget.grab().save(QDir(dir).filePath(name));
}

bool anyPixelOtherThan(const QImage& image, QRgb background)
{
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (image.pixel(x, y) != background) return true;
  return false;
}

// The tuning file goes to a directory of the test's own while it lives, not to the shared test cache
// that other tests' plans read.
class OwnCacheDirectory
{
public:
  OwnCacheDirectory() : previous_(qgetenv("SPECTRASCOPE_CACHE_DIR"))
  {
    qputenv("SPECTRASCOPE_CACHE_DIR", dir_.path().toLocal8Bit());
  }
  ~OwnCacheDirectory() { qputenv("SPECTRASCOPE_CACHE_DIR", previous_); }
  QString path() const { return dir_.path(); }

private:
  QByteArray previous_;
  QTemporaryDir dir_;
};

} // namespace

class TimingViewsTest : public QObject
{
  Q_OBJECT

private slots:
  void panelShowsTheRecordsOfAPublishedReport()
  {
    TimingFeed feed;
    TimingPanel panel;
    panel.setFeed(&feed);
    panel.resize(720, 300);
    feed.publish(QStringLiteral("Image"), sampleReport());
    QCOMPARE(panel.table()->rowCount(), 4);
    QCOMPARE(panel.table()->item(0, 0)->text(), QStringLiteral("upload"));
    QCOMPARE(panel.table()->item(1, 0)->text(), QStringLiteral("bit reversal"));
    QCOMPARE(panel.table()->item(1, 1)->text(), QStringLiteral("512 × 4"));
    QCOMPARE(panel.table()->item(1, 2)->text(), QStringLiteral("64"));
    QCOMPARE(panel.table()->item(1, 3)->text(), QStringLiteral("0.2000"));
    QCOMPARE(panel.table()->item(3, 0)->text(), QStringLiteral("download"));
    QCOMPARE(panel.table()->item(3, 5)->text(), QStringLiteral("–")); // transfers do no flops
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    saveScreenshot(panel, QStringLiteral("timings-panel.png"));
  }

  // The Audio tab keeps publishing while another tab is in front: the front tab's records stay shown.
  void theForegroundTabsReportsWin()
  {
    TimingFeed feed;
    TimingPanel panel;
    panel.setFeed(&feed);
    ExecutionReport audio = sampleReport();
    audio.records.resize(1);
    feed.publish(QStringLiteral("Audio"), audio); // nothing from the front tab yet: shown
    QCOMPARE(panel.shownSource(), QStringLiteral("Audio"));
    panel.setForeground(QStringLiteral("Learn"));
    feed.publish(QStringLiteral("Learn (2D)"), sampleReport());
    feed.publish(QStringLiteral("Audio"), audio);
    QCOMPARE(panel.shownSource(), QStringLiteral("Learn (2D)"));
    QCOMPARE(panel.table()->rowCount(), 4);
    panel.setForeground(QStringLiteral("Audio")); // its newest report comes back at once
    QCOMPARE(panel.shownSource(), QStringLiteral("Audio"));
    QCOMPARE(panel.table()->rowCount(), 1);
    panel.setForeground({}); // everything, as it comes
    feed.publish(QStringLiteral("Image"), sampleReport());
    QCOMPARE(panel.shownSource(), QStringLiteral("Image"));
  }

  void feedDeliversReportsFromAWorkerThread()
  {
    TimingFeed feed;
    TimingPanel panel;
    panel.setFeed(&feed);
    QThread* worker = QThread::create([&] { feed.publish(QStringLiteral("Audio"), sampleReport()); });
    worker->start();
    QTRY_COMPARE(panel.table()->rowCount(), 4);
    worker->wait();
    delete worker;
  }

  void timelineDrawsEveryRecordAtHiDpi()
  {
    TimelineParameters p;
    p.size = QSize(400, 48);
    p.devicePixelRatio = 2;
    const QImage image = TimelineRenderer::render(sampleReport(), p);
    QCOMPARE(image.size(), QSize(800, 96));
    // The first kernel's colour is at its place: 210..410 us of 1029 us, in the bar's middle row.
    const int x = int((6 + (209000.0 / 1029000.0 + 0.1) * (400 - 12)) * 2);
    QCOMPARE(image.pixelColor(x, 2 * (6 + 11)), TimelineRenderer::colourFor(sampleReport().records[1], 0));
  }

  void plotFindsWhereTheGpuStartsWinning()
  {
    std::vector<gallery::SweepPoint> points;
    for (std::size_t n : {16u, 256u, 4096u, 65536u}) {
      gallery::SweepPoint fftw, gpu;
      fftw.subject = "fftw";
      gpu.subject = "fft3";
      fftw.n = gpu.n = n;
      fftw.wallMs = double(n) * 1e-4;
      gpu.deviceMs = 0.05 + double(n) * 1e-5; // launch overhead first, then faster
      points.push_back(fftw);
      points.push_back(gpu);
    }
    QCOMPARE(crossoverN(points, "fft3"), 4096.0);
    const PlotData data = plotData(points, BenchmarkMetric::Bandwidth);
    QCOMPARE(int(data.series.size()), 2);
    QCOMPARE(int(data.crossovers.size()), 1);
    const QImage image = BenchmarkPlot::render(data, QSize(640, 400), 1, QPalette());
    QVERIFY(anyPixelOtherThan(image, QPalette().color(QPalette::Base).rgb()));
  }

  // Two devices in one sweep: each device's variant is its own series with its own crossover.
  void plotSeparatesDevices()
  {
    std::vector<gallery::SweepPoint> points;
    for (std::size_t n : {16u, 256u, 4096u, 65536u}) {
      gallery::SweepPoint fftw, gpu, cpu;
      fftw.subject = "fftw";
      gpu.subject = cpu.subject = "fft3";
      gpu.device = "NVIDIA H200";
      cpu.device = "pthread-haswell-AMD EPYC 7763 (Portable Computing Language)";
      fftw.n = gpu.n = cpu.n = n;
      fftw.wallMs = double(n) * 1e-4;
      gpu.deviceMs = 0.05 + double(n) * 1e-5; // wins from 4096
      cpu.deviceMs = double(n) * 1e-3;        // never wins
      points.insert(points.end(), {fftw, gpu, cpu});
    }
    QCOMPARE(crossoverN(points, "fft3", "NVIDIA H200"), 4096.0);
    QCOMPARE(crossoverN(points, "fft3", points[2].device), 0.0);
    const PlotData data = plotData(points, BenchmarkMetric::TimeMs);
    QCOMPARE(int(data.series.size()), 3);
    QCOMPARE(data.series[1].name, QStringLiteral("fft3 · NVIDIA H200"));
    QCOMPARE(data.series[2].name, QStringLiteral("fft3 · pthread-haswell-AMD EPY…"));
    QCOMPARE(int(data.crossovers.size()), 1);
    QCOMPARE(data.crossovers.front().first, data.series[1].name);
    QVERIFY(data.series[1].colour != data.series[2].colour);
  }

  void benchmarkWindowRunsAShortSweepAndExports()
  {
    BenchmarkWindow window;
    window.setSizeRange(4, 6);
    std::vector<int> everyDevice;
    for (const OpenClDeviceInfo& d : enumerateOpenClDevices().devices)
      everyDevice.push_back(d.index);
    window.selectDevices(everyDevice); // every device in one sweep
    QCOMPARE(window.selectedDevices(), everyDevice);
    window.selectOnly(window.hasOpenClDevice() ? std::vector<std::string>{"fftw", "regex"}
                                               : std::vector<std::string>{"fftw"});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy finished(&window, &BenchmarkWindow::sweepFinished);
    QTest::mouseClick(window.runButton(), Qt::LeftButton);
    QVERIFY(window.isRunning() || !finished.isEmpty());
    QVERIFY(!window.runButton()->isEnabled() || !finished.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    QCOMPARE(finished.front().front().toBool(), false);
    const std::size_t expected = 3 * (1 + everyDevice.size()); // FFTW and the kernel on each device
    QCOMPARE(window.points().size(), expected);
    for (const gallery::SweepPoint& p : window.points()) {
      QVERIFY2(p.skipped.empty(), p.skipped.c_str());
      QVERIFY(p.timeMs() > 0);
      QVERIFY(p.relErr >= 0 && p.relErr < 1e-5);
    }
    QCOMPARE(window.progressBar()->value(), window.progressBar()->maximum());
    QVERIFY(window.runButton()->isEnabled());
    saveScreenshot(window, QStringLiteral("benchmark-window.png"));

    QTemporaryDir dir;
    QVERIFY(window.exportCsv(dir.filePath("sweep.csv")));
    QFile csv(dir.filePath("sweep.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().count('\n'), qsizetype(expected + 1));
    QVERIFY(window.exportPng(dir.filePath("sweep.png")));
    QCOMPARE(QImage(dir.filePath("sweep.png")).width(), 1920);
  }

  void benchmarkWindowCancelsCleanly()
  {
    BenchmarkWindow window;
    window.setSizeRange(4, 24); // far longer than the test waits
    window.show();
    QSignalSpy finished(&window, &BenchmarkWindow::sweepFinished);
    window.startSweep();
    QVERIFY(window.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!window.points().empty(), 60000);
    QTest::mouseClick(window.cancelButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.front().front().toBool(), true);
    QVERIFY(!window.isRunning());
    QVERIFY(window.runButton()->isEnabled());
    QVERIFY(!window.cancelButton()->isEnabled());
    const std::size_t kept = window.points().size();
    QTest::qWait(200); // nothing arrives after the end
    QCOMPARE(window.points().size(), kept);
  }

  void workGroupSweepFillsTheTable()
  {
    BenchmarkWindow window;
    if (!window.hasOpenClDevice()) QSKIP("no OpenCL device");
    QSignalSpy finished(&window, &BenchmarkWindow::sweepFinished);
    window.startWorkGroupSweep();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 180000);
    QCOMPARE(window.workGroupTable()->columnCount(), 7); // local sizes 1 .. 512
    QVERIFY(window.workGroupTable()->rowCount() >= 3);   // bit reversal, butterfly, total
    QCOMPARE(window.workGroupTable()->verticalHeaderItem(0)->text(), QStringLiteral("bit reversal"));
    QCOMPARE(window.workGroupTable()->verticalHeaderItem(1)->text(), QStringLiteral("butterfly"));
  }

  void shapesShowTheKnobsTheSearchSet()
  {
    QCOMPARE(TuningRow::shapeText(QStringLiteral("radix=4 group=128 strided=0 lines=0 pass=0 local=0")),
             QStringLiteral("radix=4 group=128"));
    QCOMPARE(TuningRow::shapeText(QStringLiteral("radix=0 group=0 strided=0 lines=0 pass=0 local=0")),
             QStringLiteral("heuristic"));
    QCOMPARE(TuningRow::shapeText(QString::fromStdString(PlanShape{}.toString())),
             QStringLiteral("heuristic"));
  }

  void standardTuningCasesCoverTheTabs()
  {
    TuningInputs inputs;
    inputs.imageSize = QSize(1920, 1080);
    inputs.imageChannels = 3;
    inputs.audioFftSize = 8192;
    const std::vector<TuningCase> gpu = standardTuningCases(inputs, false);
    QCOMPARE(int(gpu.size()), 6);
    QCOMPARE(gpu[0].label, QStringLiteral("Image 1920 × 1080 (3 channels): 2D R2C and C2R"));
    QCOMPARE(gpu[0].descriptor.extent, (std::array<std::size_t, 3>{1920, 1080, 1}));
    QCOMPARE(gpu[0].descriptor.batch, std::size_t(3));
    QVERIFY(gpu[0].descriptor.kind == TransformKind::RealToComplex);
    QVERIFY(gpu[1].descriptor.kind == TransformKind::RealToComplex);
    QCOMPARE(gpu[1].descriptor.extent[0], std::size_t(8192));
    QCOMPARE(gpu[2].descriptor, TransformDescriptor::complex1d(1024, 256));
    QCOMPARE(gpu[5].descriptor.extent, (std::array<std::size_t, 3>{2048, 2048, 1}));
    // A CPU device: the same transforms, smaller batches.
    const std::vector<TuningCase> cpu = standardTuningCases(inputs, true);
    QCOMPARE(int(cpu.size()), 6);
    for (std::size_t i = 0; i < cpu.size(); ++i) {
      QCOMPARE(cpu[i].descriptor.extent, gpu[i].descriptor.extent);
      QVERIFY(cpu[i].descriptor.batch <= 8);
      QVERIFY(cpu[i].descriptor.batch <= gpu[i].descriptor.batch);
    }
    // No Audio tab, no picture: the standard sizes only.
    QCOMPARE(int(standardTuningCases({}, true).size()), 4);
    // The window names what it tunes; without a picture it takes the bundled sample's size.
    BenchmarkWindow window;
    if (!window.hasOpenClDevice()) return;
    const QString listed = window.findChild<QLabel*>(QStringLiteral("tuningTransforms"))->text();
    const QSize sample = QImage(QStringLiteral(":/samples/coffee.png")).size();
    QVERIFY2(listed.contains(QStringLiteral("Image %1 × %2").arg(sample.width()).arg(sample.height())),
             qPrintable(listed));
    QVERIFY2(listed.contains(QStringLiteral("2D R2C 2048 × 2048")), qPrintable(listed));
    window.setTuningInputsSource([] {
      TuningInputs tabs;
      tabs.imageSize = QSize(640, 480);
      tabs.imageChannels = 1;
      tabs.audioFftSize = 4096;
      return tabs;
    });
    const QString updated = window.findChild<QLabel*>(QStringLiteral("tuningTransforms"))->text();
    QVERIFY2(updated.contains(QStringLiteral("Image 640 × 480: 2D R2C and C2R")), qPrintable(updated));
    QVERIFY2(updated.contains(QStringLiteral("Audio FFT 4096")), qPrintable(updated));
  }

  // One small transform on the first device (PoCL here), and one the device cannot do: the table fills,
  // the failure is a row of its own, and the choice lands in the device's tuning file, where a later
  // plan on the device finds it.
  void tuneFillsTheTableAndTheTuningFile()
  {
    OwnCacheDirectory cache;
    BenchmarkWindow window;
    if (!window.hasOpenClDevice()) QSKIP("no OpenCL device");
    const int device = window.selectedDevices().front();
    window.selectDevices({device});
    const TransformDescriptor small = TransformDescriptor::complex1d(256, 4);
    TransformDescriptor impossible = TransformDescriptor::complex1d(256, 1);
    impossible.batch = 0;
    window.setTuningCases(
        {{QStringLiteral("1D C2C 256 × 4"), small}, {QStringLiteral("no batch"), impossible}});
    QVERIFY(window.findChild<QLabel*>(QStringLiteral("tuningTransforms"))
                ->text()
                .contains(QStringLiteral("1D C2C 256 × 4")));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy finished(&window, &BenchmarkWindow::tuningFinished);
    QTest::mouseClick(window.tuneButton(), Qt::LeftButton);
    QVERIFY(window.isRunning());
    QVERIFY(!window.runButton()->isEnabled());
    QVERIFY(!window.tuneButton()->isEnabled());
    QVERIFY(window.cancelButton()->isEnabled());
    QTableWidget* table = window.tuningTable();
    QCOMPARE(table->rowCount(), 2); // every transform has its row from the start
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("no batch"));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 240000);
    QCOMPARE(finished.front().front().toBool(), false);
    QVERIFY(!window.isRunning());
    QVERIFY(window.tuneButton()->isEnabled());
    QCOMPARE(window.progressBar()->value(), window.progressBar()->maximum());

    QCOMPARE(int(window.tuningRows().size()), 2);
    const TuningRow& tuned = window.tuningRows()[0];
    QVERIFY2(tuned.ok(), qPrintable(tuned.error));
    QVERIFY(tuned.measured >= 1);
    QVERIFY(tuned.heuristicMs > 0);
    QVERIFY(tuned.tunedMs > 0 && tuned.tunedMs <= tuned.heuristicMs);
    QCOMPARE(table->item(0, 2)->text(), QString::number(tuned.heuristicMs, 'f', 4));
    QCOMPARE(table->item(0, 3)->text(), QString::number(tuned.tunedMs, 'f', 4));
    QCOMPARE(table->item(0, 4)->text(), QStringLiteral("%1×").arg(tuned.gain(), 0, 'f', 2));
    QVERIFY(!tuned.shape.isEmpty());
    QCOMPARE(table->item(0, 5)->text(), tuned.shape);
    const TuningRow& failed = window.tuningRows()[1];
    QVERIFY(!failed.ok());
    QVERIFY2(table->item(1, 5)->text().startsWith(QStringLiteral("not tuned: ")),
             qPrintable(table->item(1, 5)->text()));
    QCOMPARE(table->item(1, 2)->text(), QStringLiteral("–"));

    // The tuning file: in the cache directory, named in the window, holding the choice.
    QCOMPARE(window.tuningCacheFiles().size(), 1);
    const QString file = window.tuningCacheFiles().front();
    QVERIFY2(QFileInfo::exists(file), qPrintable(file));
    QVERIFY(file.startsWith(cache.path()));
    QVERIFY(window.findChild<QLabel*>(QStringLiteral("tuningCacheFile"))->text().contains(file));
    QFile text(file);
    QVERIFY(text.open(QIODevice::ReadOnly));
    QVERIFY(text.readAll().contains("c2c 256x1x1 outofplace\t4\t"));
    OpenClBackend later(device);
    const std::optional<PlanShape> found = later.tuningCache().find(small);
    QVERIFY(found.has_value());
    QCOMPARE(TuningRow::shapeText(QString::fromStdString(found->toString())), tuned.shape);
    QVERIFY(tuned.shape == QStringLiteral("heuristic") || !found->isDefault());
    saveScreenshot(window, QStringLiteral("benchmark-tuning.png"));
  }

  void tuneCancelsBetweenTransforms()
  {
    OwnCacheDirectory cache;
    BenchmarkWindow window;
    if (!window.hasOpenClDevice()) QSKIP("no OpenCL device");
    window.selectDevices({window.selectedDevices().front()});
    std::vector<TuningCase> cases;
    for (std::size_t n : {64u, 128u, 512u, 2048u, 8192u})
      cases.push_back({QStringLiteral("1D C2C %1").arg(n), TransformDescriptor::complex1d(n, 2)});
    window.setTuningCases(cases);
    window.show();
    QSignalSpy finished(&window, &BenchmarkWindow::tuningFinished);
    window.startTuning();
    QTRY_VERIFY_WITH_TIMEOUT(!window.tuningRows().empty(), 120000);
    QTest::mouseClick(window.cancelButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    QCOMPARE(finished.front().front().toBool(), true);
    QVERIFY(!window.isRunning());
    QVERIFY(window.tuneButton()->isEnabled());
    QVERIFY(window.runButton()->isEnabled());
    QVERIFY(!window.cancelButton()->isEnabled());
    const std::size_t kept = window.tuningRows().size();
    QVERIFY(kept >= 1 && kept < cases.size()); // the transform being timed finishes; no later one starts
    for (std::size_t i = 0; i < kept; ++i)
      QVERIFY(window.tuningRows()[i].ok());
    QCOMPARE(window.tuningTable()->item(int(cases.size()) - 1, 5)->text(),
             QStringLiteral("not tuned: cancelled"));
    QTest::qWait(300); // nothing arrives after the end
    QCOMPARE(window.tuningRows().size(), kept);
  }

  // A device that cannot be opened is reported per transform, and the run goes on to its end.
  void tuningReportsADeviceThatCannotBeOpened()
  {
    TuningRunner runner;
    QSignalSpy rows(&runner, &TuningRunner::caseTuned);
    QSignalSpy finished(&runner, &TuningRunner::finished);
    TuningRequest request;
    request.jobs.push_back({99,
                            {{QStringLiteral("1D C2C 64"), TransformDescriptor::complex1d(64)},
                             {QStringLiteral("1D C2C 128"), TransformDescriptor::complex1d(128)}}});
    runner.start(request);
    QVERIFY(runner.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.front().front().toBool(), false);
    QVERIFY(!runner.isRunning());
    QCOMPARE(rows.size(), 2);
    const auto row = rows.front().front().value<TuningRow>();
    QVERIFY(!row.ok());
    QVERIFY2(row.error.startsWith(QStringLiteral("the device could not be opened")), qPrintable(row.error));
  }

  // Closing the window while a transform is being tuned neither waits for it nor crashes.
  void windowClosesWhileTuning()
  {
    OwnCacheDirectory cache;
    auto window = std::make_unique<BenchmarkWindow>();
    if (!window->hasOpenClDevice()) QSKIP("no OpenCL device");
    window->selectDevices({window->selectedDevices().front()});
    window->setTuningCases({{QStringLiteral("2D C2C 256 × 256"), TransformDescriptor::complex2d(256, 256)}});
    window->startTuning();
    QVERIFY(window->isRunning());
    window.reset();
    QTest::qWait(200);
    QThreadPool::globalInstance()->waitForDone(); // let the search end before the directory goes
  }

  // The size boxes take what they show: "2^10" typed over everything, or over the exponent only (which
  // leaves the "2^" in front), or the exponent, or N itself.
  void sizeBoxesTakeWhatTheyShow()
  {
    BenchmarkWindow window;
    window.show();
    auto* box = window.findChild<QSpinBox*>(QStringLiteral("benchmarkMinN"));
    QVERIFY(box);
    QCOMPARE(box->text(), QStringLiteral("2^%1").arg(box->value()));
    QLineEdit* edit = box->findChild<QLineEdit*>();
    const auto type = [&](const QString& text, bool wholeText) {
      box->setFocus();
      if (wholeText)
        box->selectAll();
      else
        edit->setSelection(2, int(edit->text().size()) - 2); // the exponent, as a double click selects it
      QTest::keyClicks(edit, text);
      QTest::keyClick(edit, Qt::Key_Return);
      return box->value();
    };
    QCOMPARE(type(QStringLiteral("2^10"), true), 10);
    QCOMPARE(type(QStringLiteral("2^12"), false), 12);
    QCOMPARE(type(QStringLiteral("7"), true), 7);
    QCOMPARE(type(QStringLiteral("1024"), true), 10);
    QCOMPARE(box->text(), QStringLiteral("2^10"));
  }

  // Cancel acts when it is clicked: Run is back at once and the window says so, even while the runner is
  // inside a call that takes seconds (a kernel build, a large size).
  void cancelActsAtOnce()
  {
    BenchmarkWindow window;
    window.setSizeRange(20, 24);
    window.selectOnly({"fftw"});
    window.show();
    QSignalSpy finished(&window, &BenchmarkWindow::sweepFinished);
    window.startSweep();
    QVERIFY(window.isRunning());
    QTest::qWait(50);
    QTest::mouseClick(window.cancelButton(), Qt::LeftButton);
    QCOMPARE(finished.size(), 1); // no waiting for the call in progress
    QCOMPARE(finished.front().front().toBool(), true);
    QVERIFY(window.runButton()->isEnabled());
    QVERIFY(!window.cancelButton()->isEnabled());
    const auto labels = window.findChildren<QLabel*>();
    QVERIFY(std::any_of(labels.begin(), labels.end(),
                        [](QLabel* l) { return l->text().startsWith(QStringLiteral("Cancelled")); }));
    const std::size_t kept = window.points().size();
    QTest::qWait(500);
    QCOMPARE(window.points().size(), kept); // the old runner's late points are not shown
  }

  // Every series of a plot has a colour of its own: at least 30 apart (CIE76) from each other and from
  // FFTW's grey, however many variants and devices are plotted.
  void seriesColoursAreDistinct()
  {
    std::vector<gallery::SweepPoint> points;
    for (const char* subject : {"fftw", "a", "b", "c", "d", "e", "f", "g", "h"}) {
      gallery::SweepPoint p;
      p.subject = subject;
      p.n = 1024;
      p.wallMs = p.deviceMs = 1;
      points.push_back(p);
    }
    const PlotData data = plotData(points, BenchmarkMetric::TimeMs);
    QCOMPARE(int(data.series.size()), 9);
    const auto lab = [](const QColor& c) {
      const auto linear = [](double u) {
        return u > 0.04045 ? std::pow((u + 0.055) / 1.055, 2.4) : u / 12.92;
      };
      const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
      const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
      const double x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047),
                   y = f(0.2126 * r + 0.7152 * g + 0.0722 * b),
                   z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
      return std::array<double, 3>{116 * y - 16, 500 * (x - y), 200 * (y - z)};
    };
    for (std::size_t i = 0; i < data.series.size(); ++i)
      for (std::size_t j = i + 1; j < data.series.size(); ++j) {
        const auto a = lab(data.series[i].colour), b = lab(data.series[j].colour);
        const double distance = std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        QVERIFY2(
            distance >= 30,
            qPrintable(
                QStringLiteral("%1 and %2: %3").arg(data.series[i].name, data.series[j].name).arg(distance)));
      }
  }

  // Two short kernels a long idle wait apart: the bar shows the work, not the wait.
  void timelineUsesItsWidthForTheWork()
  {
    ExecutionReport report;
    report.records = {record("first", KernelRecord::Type::Kernel, 0, 100000),
                      record("second", KernelRecord::Type::Kernel, 20000000, 20100000)};
    TimelineParameters p;
    p.size = QSize(400, 48);
    p.background = Qt::white;
    const QImage image = TimelineRenderer::render(report, p);
    int covered = 0;
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, 17);
      covered += c == TimelineRenderer::colourFor(report.records[0], 0) ||
                 c == TimelineRenderer::colourFor(report.records[1], 1);
    }
    QVERIFY2(covered > 0.8 * (400 - 12),
             qPrintable(QStringLiteral("%1 of 388 pixels show work").arg(covered)));
  }

  // The panel says what wall, device and host time are where it shows them.
  void panelExplainsItsClocks()
  {
    TimingPanel panel;
    panel.showReport(QStringLiteral("Image"), sampleReport());
    auto* heading = panel.findChild<QLabel*>(QStringLiteral("timingHeading"));
    QVERIFY(heading->text().contains(QStringLiteral("wall")));
    for (const QString& word :
         {QStringLiteral("Wall time"), QStringLiteral("Device time"), QStringLiteral("Host time")})
      QVERIFY2(heading->toolTip().contains(word), qPrintable(heading->toolTip()));
    auto* legend = panel.findChild<QLabel*>(QStringLiteral("timingLegend"));
    QVERIFY(legend && legend->text().contains(QStringLiteral("Wall")));
  }

  // The window opens whole on a small screen (the offscreen screen is 800 x 600).
  void benchmarkWindowFitsTheScreen()
  {
    BenchmarkWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QRect available = window.screen()->availableGeometry();
    QVERIFY2(available.contains(window.frameGeometry()), qPrintable(QStringLiteral("%1,%2 %3x%4 on %5x%6")
                                                                        .arg(window.frameGeometry().x())
                                                                        .arg(window.frameGeometry().y())
                                                                        .arg(window.frameGeometry().width())
                                                                        .arg(window.frameGeometry().height())
                                                                        .arg(available.width())
                                                                        .arg(available.height())));
  }
};

QTEST_MAIN(TimingViewsTest)
#include "TimingViewsTest.moc"
