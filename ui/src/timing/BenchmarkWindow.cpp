#include "spectrascope/ui/timing/BenchmarkWindow.h"

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/ui/timing/BenchmarkRunner.h"
#include "spectrascope/ui/timing/BenchmarkSubjects.h"
#include "spectrascope/ui/timing/PowerOfTwoSpinBox.h"
#include "spectrascope/ui/timing/TuningPage.h"
#include "spectrascope/ui/timing/WorkGroupPage.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextStream>
#include <QVBoxLayout>

#include <algorithm>

namespace spectrascope::ui {

BenchmarkWindow::BenchmarkWindow(QWidget* parent) : QWidget(parent, Qt::Window)
{
  setObjectName(QStringLiteral("benchmarkWindow"));
  setWindowTitle(tr("Benchmark — Spectrascope"));
  createRunner();
  subjects_ = new BenchmarkSubjects(this); // lists the devices, which the pages name
  tuningPage_ = new TuningPage(subjects_->devices(), this);
  connect(tuningPage_, &TuningPage::progress, this, [this](int done, int total) {
    progress_->setMaximum(std::max(total, 1));
    progress_->setValue(done);
  });
  connect(tuningPage_, &TuningPage::statusChanged, this,
          [this](const QString& text) { status_->setText(text); });
  connect(tuningPage_, &TuningPage::finished, this, [this](bool cancelled) {
    setRunning(false);
    emit tuningFinished(cancelled);
  });

  pages_ = new QTabWidget(this);
  pages_->addTab(createSweepPage(), tr("Sweep over N"));
  workGroupPage_ = new WorkGroupPage(this);
  connect(workGroupPage_, &WorkGroupPage::runRequested, this, &BenchmarkWindow::startWorkGroupSweep);
  pages_->addTab(workGroupPage_, tr("Work-group sizes"));
  pages_->addTab(tuningPage_, tr("Tuning"));
  auto* layout = new QHBoxLayout(this);
  // The list of subjects is long: on a short screen it scrolls rather than pushing the window off it.
  auto* subjects = new QScrollArea(this);
  subjects->setObjectName(QStringLiteral("benchmarkSubjects"));
  subjects->setWidget(createSubjectControls());
  subjects->setWidgetResizable(true);
  subjects->setFrameShape(QFrame::NoFrame);
  subjects->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  subjects->setMaximumWidth(340);
  layout->addWidget(subjects);
  layout->addWidget(pages_, 1);
  tuningPage_->showTransforms(selectedDevices()); // now that the devices are known
  resize(1080, 620);
}

BenchmarkWindow::~BenchmarkWindow()
{
  runner_->cancel();
}

void BenchmarkWindow::createRunner()
{
  auto* runner = new BenchmarkRunner(this);
  runner_ = runner;
  // Signals already queued when a runner is let go still arrive: only the current runner's count.
  connect(runner, &BenchmarkRunner::pointMeasured, this, [this, runner](const gallery::SweepPoint& point) {
    if (runner == runner_) addPoint(point);
  });
  connect(runner, &BenchmarkRunner::progress, this, [this, runner](int done, int total) {
    if (runner != runner_) return;
    progress_->setMaximum(std::max(total, 1));
    progress_->setValue(done);
  });
  connect(runner, &BenchmarkRunner::finished, this, [this, runner](bool cancelled, const QString& error) {
    if (runner == runner_) finish(cancelled, error);
  });
}

// A sweep can only stop between two calls, and one call may be a kernel build of seconds: the window
// lets go of the runner at once (its late points are not shown) and takes a fresh one, so Cancel acts when
// it is clicked. The old runner finishes its call in the background and deletes itself.
void BenchmarkWindow::retireRunner()
{
  BenchmarkRunner* old = runner_;
  old->cancel();
  old->disconnect(this);
  old->setParent(nullptr);
  connect(old, &BenchmarkRunner::finished, old, &QObject::deleteLater);
  if (!old->isRunning()) old->deleteLater();
  createRunner();
}

QWidget* BenchmarkWindow::createSubjectControls()
{
  auto* panel = new QWidget(this);
  panel->setMaximumWidth(330);
  connect(subjects_, &BenchmarkSubjects::devicesChanged, this,
          [this] { tuningPage_->showTransforms(selectedDevices()); });
  const bool anyDevice = !subjects_->devices().empty();
  runButton_ = new QPushButton(tr("Run sweep"), panel);
  runButton_->setObjectName(QStringLiteral("benchmarkRun"));
  runButton_->setDefault(true);
  cancelButton_ = new QPushButton(tr("Cancel"), panel);
  cancelButton_->setObjectName(QStringLiteral("benchmarkCancel"));
  cancelButton_->setEnabled(false);
  connect(runButton_, &QPushButton::clicked, this, &BenchmarkWindow::startSweep);
  connect(cancelButton_, &QPushButton::clicked, this, &BenchmarkWindow::cancel);
  tuneButton_ = new QPushButton(tr("Tune…"), panel);
  tuneButton_->setObjectName(QStringLiteral("benchmarkTune"));
  tuneButton_->setToolTip(tr("Search the planner's shapes for the app's transforms on the chosen devices "
                             "and keep the fastest in each device's tuning file (the Tuning page)"));
  tuneButton_->setEnabled(anyDevice);
  connect(tuneButton_, &QPushButton::clicked, this, &BenchmarkWindow::startTuning);
  actions_ = new QHBoxLayout;
  actions_->addWidget(runButton_);
  actions_->addWidget(cancelButton_);
  actions_->addWidget(tuneButton_);
  progress_ = new QProgressBar(panel);
  progress_->setObjectName(QStringLiteral("benchmarkProgress"));
  progress_->setValue(0);
  status_ = new QLabel(tr("Device kernels are timed with the data on the device; FFTW on the host."), panel);
  status_->setWordWrap(true);

  auto* exportCsvButton = new QPushButton(tr("Export CSV…"), panel);
  auto* exportPngButton = new QPushButton(tr("Export PNG…"), panel);
  connect(exportCsvButton, &QPushButton::clicked, this, &BenchmarkWindow::chooseCsvFile);
  connect(exportPngButton, &QPushButton::clicked, this, &BenchmarkWindow::choosePngFile);
  auto* exports = new QHBoxLayout;
  exports->addWidget(exportCsvButton);
  exports->addWidget(exportPngButton);

  auto* layout = new QVBoxLayout(panel);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(subjects_);
  layout->addLayout(actions_);
  layout->addWidget(progress_);
  layout->addWidget(status_);
  layout->addStretch(1);
  layout->addLayout(exports);
  return panel;
}

QWidget* BenchmarkWindow::createSweepPage()
{
  auto* page = new QWidget(this);
  metric_ = new QComboBox(page);
  metric_->setObjectName(QStringLiteral("benchmarkMetric"));
  metric_->addItem(metricLabel(BenchmarkMetric::TimeMs), int(BenchmarkMetric::TimeMs));
  metric_->addItem(metricLabel(BenchmarkMetric::Gflops), int(BenchmarkMetric::Gflops));
  metric_->addItem(metricLabel(BenchmarkMetric::Bandwidth), int(BenchmarkMetric::Bandwidth));
  connect(metric_, &QComboBox::currentIndexChanged, this, &BenchmarkWindow::refreshPlot);
  plot_ = new BenchmarkPlotView(page);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Plot:"), page));
  top->addWidget(metric_);
  top->addStretch(1);
  auto* layout = new QVBoxLayout(page);
  layout->addLayout(top);
  layout->addWidget(plot_, 1);
  refreshPlot();
  return page;
}

void BenchmarkWindow::showEvent(QShowEvent* event)
{
  tuningPage_->showTransforms(
      selectedDevices()); // the Image tab's picture may have changed since the window was last shown
  QWidget::showEvent(event);
  fitScreen();
}

// Whole on the screen it opens on (a small or scaled one included): no larger than its available area, and
// moved inside it.
void BenchmarkWindow::fitScreen()
{
  const QScreen* screen = this->screen();
  if (!screen) return;
  const QRect available = screen->availableGeometry();
  const QSize frameExtra = frameGeometry().size() - geometry().size();
  const QSize room = available.size() - frameExtra;
  if (width() > room.width() || height() > room.height()) resize(size().boundedTo(room));
  QRect frame = frameGeometry();
  frame.moveLeft(std::clamp(frame.left(), available.left(),
                            std::max(available.left(), available.right() - frame.width() + 1)));
  frame.moveTop(std::clamp(frame.top(), available.top(),
                           std::max(available.top(), available.bottom() - frame.height() + 1)));
  if (frame.topLeft() != frameGeometry().topLeft()) move(frame.topLeft());
}

void BenchmarkWindow::setTuningInputsSource(TuningInputsSource source)
{
  tuningPage_->setInputsSource(std::move(source));
}

void BenchmarkWindow::setTuningCases(std::vector<TuningCase> cases)
{
  tuningPage_->setCases(std::move(cases));
}

std::vector<TuningCase> BenchmarkWindow::tuningCases(bool cpuDevice) const
{
  return tuningPage_->cases(cpuDevice);
}

QTableWidget* BenchmarkWindow::tuningTable() const
{
  return tuningPage_->table();
}

const std::vector<TuningRow>& BenchmarkWindow::tuningRows() const
{
  return tuningPage_->rows();
}

QStringList BenchmarkWindow::tuningCacheFiles() const
{
  return tuningPage_->cacheFiles();
}

void BenchmarkWindow::startTuning()
{
  if (isRunning()) return;
  const std::vector<int> chosen = selectedDevices();
  if (chosen.empty()) {
    status_->setText(tr("Tuning needs an OpenCL device: choose one on the left."));
    return;
  }
  pages_->setCurrentWidget(tuningPage_);
  setRunning(true);
  tuningPage_->start(chosen);
}

QPushButton* BenchmarkWindow::workGroupButton() const
{
  return workGroupPage_->runButton();
}

QTableWidget* BenchmarkWindow::workGroupTable() const
{
  return workGroupPage_->table();
}

bool BenchmarkWindow::isRunning() const
{
  return runner_->isRunning() || tuningPage_->isRunning();
}

bool BenchmarkWindow::hasOpenClDevice() const
{
  return !selectedDevices().empty();
}

void BenchmarkWindow::startSweep()
{
  if (isRunning()) return;
  BenchmarkRequest request;
  request.openClDevices = selectedDevices();
  request.variants = subjects_->selectedVariants();
  request.fftw = subjects_->fftwChosen();
  request.sizes = subjects_->sizes();
  if ((request.variants.empty() || request.openClDevices.empty()) && !request.fftw) {
    status_->setText(tr("Choose FFTW, or a device and at least one kernel, to measure."));
    return;
  }
  points_.clear();
  refreshPlot();
  workGroupMode_ = false;
  pages_->setCurrentIndex(0);
  setRunning(true);
  runner_->start(request);
}

void BenchmarkWindow::startWorkGroupSweep()
{
  if (isRunning() || !hasOpenClDevice()) {
    if (!hasOpenClDevice()) status_->setText(tr("The work-group sweep needs an OpenCL device."));
    return;
  }
  workGroupPage_->clear();
  workGroupMode_ = true;
  setRunning(true);
  runner_->start(workGroupPage_->request(selectedDevices().front()));
}

void BenchmarkWindow::cancel()
{
  if (tuningPage_->isRunning()) return tuningPage_->cancel();
  if (!runner_->isRunning()) return;
  retireRunner();
  finish(true, {});
}

void BenchmarkWindow::setRunning(bool running)
{
  runButton_->setEnabled(!running);
  workGroupPage_->runButton()->setEnabled(!running);
  tuneButton_->setEnabled(!running && !subjects_->devices().empty());
  cancelButton_->setEnabled(running);
  if (running) {
    progress_->setValue(0);
    status_->setText(tr("Measuring… kernels are built the first time a size is seen."));
  }
}

void BenchmarkWindow::addPoint(const gallery::SweepPoint& point)
{
  if (workGroupMode_) {
    workGroupPage_->addPoint(point);
    return;
  }
  points_.push_back(point);
  refreshPlot();
}

void BenchmarkWindow::finish(bool cancelled, const QString& error)
{
  setRunning(false);
  if (!error.isEmpty())
    status_->setText(tr("Stopped: %1").arg(error.section(QLatin1Char('\n'), 0, 0)));
  else if (cancelled)
    status_->setText(tr("Cancelled; the points measured so far are kept."));
  else
    status_->setText(
        tr("Done: %1 points.").arg(workGroupMode_ ? workGroupPage_->points().size() : points_.size()));
  emit sweepFinished(cancelled);
}

void BenchmarkWindow::refreshPlot()
{
  plot_->setData(plotData(points_, BenchmarkMetric(metric_->currentData().toInt())));
}

bool BenchmarkWindow::exportCsv(const QString& path) const
{
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) return false;
  QTextStream out(&file);
  out << "subject,device,n,batch,work_group,time_ms,wall_ms,device_ms,gbps,gflops,rel_err,skipped\n";
  for (const auto* list : {&points_, &workGroupPage_->points()})
    for (const gallery::SweepPoint& p : *list) {
      QString skipped = QString::fromStdString(p.skipped).replace(QLatin1Char('"'), QLatin1String("'"));
      skipped.replace(QLatin1Char('\n'), QLatin1Char(' '));
      out << QString::fromStdString(p.subject) << ",\"" << QString::fromStdString(p.device) << "\"," << p.n
          << ',' << p.batch << ',' << p.workGroupSize << ',' << p.timeMs() << ',' << p.wallMs << ','
          << p.deviceMs << ',' << p.gigabytesPerSecond() << ',' << p.gigaflops() << ',' << p.relErr << ",\""
          << skipped << "\"\n";
    }
  return out.status() == QTextStream::Ok;
}

bool BenchmarkWindow::exportPng(const QString& path) const
{
  // Twice the on-screen size, so the picture stays sharp on slides.
  return BenchmarkPlot::render(plot_->data(), QSize(960, 600), 2.0, palette()).save(path, "PNG");
}

void BenchmarkWindow::chooseCsvFile()
{
  const QString path = QFileDialog::getSaveFileName(this, tr("Export CSV"), QStringLiteral("benchmark.csv"),
                                                    tr("CSV files (*.csv)"));
  if (!path.isEmpty() && !exportCsv(path)) status_->setText(tr("Could not write %1").arg(path));
}

void BenchmarkWindow::choosePngFile()
{
  const QString path = QFileDialog::getSaveFileName(this, tr("Export PNG"), QStringLiteral("benchmark.png"),
                                                    tr("PNG images (*.png)"));
  if (!path.isEmpty() && !exportPng(path)) status_->setText(tr("Could not write %1").arg(path));
}

void BenchmarkWindow::closeEvent(QCloseEvent* event)
{
  cancel(); // the sweep stops between two calls; the window can be opened again to start another
  QWidget::closeEvent(event);
}

} // namespace spectrascope::ui
