#include "spectrascope/ui/timing/BenchmarkWindow.h"

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/ui/timing/BenchmarkRunner.h"
#include "spectrascope/ui/timing/PowerOfTwoSpinBox.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QImageReader>
#include <QLabel>
#include <QMessageBox>
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
#include <regex>
#include <set>

namespace spectrascope::ui {
namespace {

enum TuningColumn { DeviceColumn, TransformColumn, HeuristicColumn, TunedColumn, GainColumn, ShapeColumn };

// The local sizes of the OpenCL book's Table 6.1.
const std::vector<std::size_t> kBookWorkGroupSizes{1, 16, 32, 64, 128, 256, 512};

// "butterfly s3" and "fft3 s12" are one kernel at different stages: the table sums them per kernel.
std::string kernelFamily(const std::string& launchName)
{
  static const std::regex stageSuffix(R"( (s|p)\d+$)");
  return std::regex_replace(launchName, stageSuffix, "");
}

} // namespace

BenchmarkPlotView::BenchmarkPlotView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("benchmarkPlot"));
  setMinimumSize(360, 240);
}

void BenchmarkPlotView::setData(PlotData data)
{
  data_ = std::move(data);
  update();
}

void BenchmarkPlotView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  BenchmarkPlot::paint(painter, rect(), data_, palette());
}

BenchmarkWindow::BenchmarkWindow(QWidget* parent) : QWidget(parent, Qt::Window)
{
  setObjectName(QStringLiteral("benchmarkWindow"));
  setWindowTitle(tr("Benchmark — Spectrascope"));
  createRunner();
  tuner_ = new TuningRunner(this);
  connect(tuner_, &TuningRunner::deviceOpened, this, &BenchmarkWindow::tuningDeviceOpened);
  connect(tuner_, &TuningRunner::caseStarted, this, &BenchmarkWindow::tuningCaseStarted);
  connect(tuner_, &TuningRunner::caseTuned, this, &BenchmarkWindow::addTuningRow);
  connect(tuner_, &TuningRunner::progress, this, [this](int done, int total) {
    progress_->setMaximum(std::max(total, 1));
    progress_->setValue(done);
  });
  connect(tuner_, &TuningRunner::finished, this, &BenchmarkWindow::finishTuning);

  pages_ = new QTabWidget(this);
  pages_->addTab(createSweepPage(), tr("Sweep over N"));
  pages_->addTab(createWorkGroupPage(), tr("Work-group sizes"));
  pages_->addTab(createTuningPage(), tr("Tuning"));
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
  refreshTuningTransforms(); // now that the devices are known
  resize(1080, 620);
}

BenchmarkWindow::~BenchmarkWindow()
{
  runner_->cancel();
}

void BenchmarkWindow::createRunner()
{
  runner_ = new BenchmarkRunner(this);
  connect(runner_, &BenchmarkRunner::pointMeasured, this, &BenchmarkWindow::addPoint);
  connect(runner_, &BenchmarkRunner::progress, this, [this](int done, int total) {
    progress_->setMaximum(std::max(total, 1));
    progress_->setValue(done);
  });
  connect(runner_, &BenchmarkRunner::finished, this, &BenchmarkWindow::finish);
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
  auto* subjects = new QGroupBox(tr("Subjects"), panel);
  auto* form = new QVBoxLayout(subjects);
  // Every device can be in one sweep (a GPU beside PoCL, two GPUs): each gets its own series. The first
  // GPU is chosen to begin with, else the first device.
  const DeviceEnumeration all = enumerateOpenClDevices();
  form->addWidget(new QLabel(all.devices.empty() ? tr("No OpenCL device: FFTW only")
                                                 : tr("OpenCL devices for the kernels:"),
                             subjects));
  const auto gpu = std::find_if(all.devices.begin(), all.devices.end(),
                                [](const OpenClDeviceInfo& d) { return d.type == "GPU"; });
  const int preferred = gpu != all.devices.end() ? gpu->index
                        : all.devices.empty()    ? -1
                                                 : all.devices[0].index;
  for (const OpenClDeviceInfo& d : all.devices) {
    devices_[d.index] = d;
    auto* box = new QCheckBox(
        QStringLiteral("%1 (%2)").arg(QString::fromStdString(d.name), QString::fromStdString(d.type)),
        subjects);
    box->setObjectName(QStringLiteral("benchmarkDevice_%1").arg(d.index));
    box->setToolTip(QString::fromStdString(d.platform));
    box->setChecked(d.index == preferred);
    deviceBoxes_[d.index] = box;
    connect(box, &QCheckBox::toggled, this, [this] { refreshTuningTransforms(); });
    form->addWidget(box);
  }
  fftw_ = new QCheckBox(tr("FFTW on the CPU (reference)"), subjects);
  fftw_->setChecked(true);
  form->addWidget(fftw_);
  for (const gallery::VariantInfo& v : gallery::allVariants()) {
    auto* box = new QCheckBox(QString::fromUtf8(v.title.data(), int(v.title.size())), subjects);
    box->setObjectName(QStringLiteral("variant_") + QString::fromUtf8(v.key.data(), int(v.key.size())));
    box->setToolTip(
        QStringLiteral("%1: %2").arg(QString::fromUtf8(v.origin.data(), int(v.origin.size())),
                                     QString::fromUtf8(v.launches.data(), int(v.launches.size()))));
    box->setChecked(true);
    box->setEnabled(!all.devices.empty());
    variantBoxes_[v.variant] = box;
    form->addWidget(box);
  }

  auto* sizes = new QGroupBox(tr("Sizes"), panel);
  auto* sizeForm = new QFormLayout(sizes);
  minLog2_ = new PowerOfTwoSpinBox(sizes);
  maxLog2_ = new PowerOfTwoSpinBox(sizes);
  minLog2_->setObjectName(QStringLiteral("benchmarkMinN"));
  maxLog2_->setObjectName(QStringLiteral("benchmarkMaxN"));
  for (QSpinBox* box : {minLog2_, maxLog2_})
    box->setRange(1, 24);
  minLog2_->setValue(4);
  maxLog2_->setValue(18);
  sizeForm->addRow(tr("Smallest N"), minLog2_);
  sizeForm->addRow(tr("Largest N"), maxLog2_);

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
  tuneButton_->setEnabled(!all.devices.empty());
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
  layout->addWidget(subjects);
  layout->addWidget(sizes);
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

QWidget* BenchmarkWindow::createWorkGroupPage()
{
  auto* page = new QWidget(this);
  workGroupVariant_ = new QComboBox(page);
  for (const gallery::VariantInfo& v : gallery::allVariants())
    if (v.variant != gallery::Variant::Production && v.variant != gallery::Variant::CompactSingleGroup)
      workGroupVariant_->addItem(QString::fromUtf8(v.title.data(), int(v.title.size())), int(v.variant));
  workGroupLog2N_ = new PowerOfTwoSpinBox(page);
  workGroupLog2N_->setRange(2, 24);
  workGroupLog2N_->setValue(18); // 512 x 512 values, the size of the book's image
  workGroupButton_ = new QPushButton(tr("Run work-group sweep"), page);
  workGroupButton_->setObjectName(QStringLiteral("workGroupRun"));
  connect(workGroupButton_, &QPushButton::clicked, this, &BenchmarkWindow::startWorkGroupSweep);
  workGroupTable_ = new QTableWidget(0, 0, page);
  workGroupTable_->setObjectName(QStringLiteral("workGroupTable"));
  workGroupTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  workGroupTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Kernel:"), page));
  top->addWidget(workGroupVariant_);
  top->addWidget(new QLabel(tr("N:"), page));
  top->addWidget(workGroupLog2N_);
  top->addWidget(workGroupButton_);
  top->addStretch(1);
  auto* note =
      new QLabel(tr("Milliseconds per kernel for each local work-group size, summed over the stages of "
                    "one transform, as in Table 6.1 of the OpenCL book."),
                 page);
  note->setWordWrap(true);
  auto* layout = new QVBoxLayout(page);
  layout->addLayout(top);
  layout->addWidget(note);
  layout->addWidget(workGroupTable_, 1);
  return page;
}

QWidget* BenchmarkWindow::createTuningPage()
{
  auto* page = new QWidget(this);
  auto* intro = new QLabel(
      tr("<b>Tune…</b> times the shapes the planner may choose (largest radix, work-group sizes, lines per "
         "group, pass length, local memory) for each transform below on each chosen OpenCL device, like "
         "FFTW_MEASURE, and keeps the fastest in the device's tuning file. Every later plan for that "
         "transform on that device uses it; the app's tabs do once they open the device again (the next "
         "start, or another backend and back in the Engine menu). Cancel stops after the transform being "
         "timed."),
      page);
  intro->setWordWrap(true);
  tuningTransforms_ = new QLabel(page);
  tuningTransforms_->setObjectName(QStringLiteral("tuningTransforms"));
  tuningTransforms_->setWordWrap(true);
  tuningTable_ = new QTableWidget(0, 6, page);
  tuningTable_->setObjectName(QStringLiteral("tuningTable"));
  tuningTable_->setHorizontalHeaderLabels(
      {tr("Device"), tr("Transform"), tr("Heuristic ms"), tr("Tuned ms"), tr("Gain"), tr("Shape chosen")});
  tuningTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  tuningTable_->verticalHeader()->setVisible(false);
  tuningTable_->setWordWrap(false);
  tuningTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  tuningTable_->horizontalHeader()->setSectionResizeMode(ShapeColumn, QHeaderView::Stretch);
  tuningCacheLabel_ = new QLabel(page);
  tuningCacheLabel_->setObjectName(QStringLiteral("tuningCacheFile"));
  tuningCacheLabel_->setWordWrap(true);
  tuningCacheLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(intro);
  layout->addWidget(tuningTransforms_);
  layout->addWidget(tuningTable_, 1);
  layout->addWidget(tuningCacheLabel_);
  return page;
}

void BenchmarkWindow::setTuningInputsSource(TuningInputsSource source)
{
  tuningInputsSource_ = std::move(source);
  refreshTuningTransforms();
}

void BenchmarkWindow::setTuningCases(std::vector<TuningCase> cases)
{
  if (cases.empty())
    customTuningCases_.reset();
  else
    customTuningCases_ = std::move(cases);
  refreshTuningTransforms();
}

TuningInputs BenchmarkWindow::tuningInputs() const
{
  TuningInputs inputs;
  if (tuningInputsSource_) inputs = tuningInputsSource_();
  if (!inputs.imageSize.isValid() || inputs.imageSize.isEmpty()) {
    // No picture loaded: the Image tab shows the bundled sample.
    inputs.imageSize = QImageReader(QStringLiteral(":/samples/coffee.png")).size();
    inputs.imageChannels = 3;
  }
  return inputs;
}

std::vector<TuningCase> BenchmarkWindow::tuningCases(bool cpuDevice) const
{
  if (customTuningCases_) return *customTuningCases_;
  return standardTuningCases(tuningInputs(), cpuDevice);
}

bool BenchmarkWindow::isCpuDevice(int index) const
{
  const auto found = devices_.find(index);
  return found != devices_.end() && found->second.type == "CPU";
}

void BenchmarkWindow::refreshTuningTransforms()
{
  if (!tuningTransforms_) return;
  const std::vector<int> chosen = selectedDevices();
  if (devices_.empty()) {
    tuningTransforms_->setText(tr("No OpenCL device: there is nothing to tune."));
    return;
  }
  if (chosen.empty()) {
    tuningTransforms_->setText(tr("Choose an OpenCL device on the left to tune."));
    return;
  }
  // One list per kind of device chosen: a CPU device gets smaller batches.
  QStringList parts;
  for (const bool cpu : {false, true}) {
    if (std::none_of(chosen.begin(), chosen.end(), [&](int d) { return isCpuDevice(d) == cpu; })) continue;
    QStringList labels;
    for (const TuningCase& c : tuningCases(cpu))
      labels << c.label.toHtmlEscaped();
    parts << tr("Transforms tuned on %1: %2")
                 .arg(cpu ? tr("a CPU device (small batches, to keep the run short)") : tr("a GPU"),
                      labels.join(QStringLiteral(" · ")));
  }
  tuningTransforms_->setText(parts.join(QStringLiteral("<br>")));
}

QStringList BenchmarkWindow::tuningCacheFiles() const
{
  QStringList files;
  for (const auto& [job, file] : tuningCacheFiles_)
    if (!files.contains(file)) files << file;
  return files;
}

int BenchmarkWindow::tuningTableRow(int job, int item) const
{
  int row = 0;
  for (int j = 0; j < job && j < int(tuningRequest_.jobs.size()); ++j)
    row += int(tuningRequest_.jobs[std::size_t(j)].cases.size());
  return row + item;
}

void BenchmarkWindow::setTuningCell(int row, int column, const QString& text, const QString& tip)
{
  auto* item = new QTableWidgetItem(text);
  if (column == HeuristicColumn || column == TunedColumn || column == GainColumn)
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  if (!tip.isEmpty()) item->setToolTip(tip);
  tuningTable_->setItem(row, column, item);
}

void BenchmarkWindow::startTuning()
{
  if (isRunning()) return;
  const std::vector<int> chosen = selectedDevices();
  if (chosen.empty()) {
    status_->setText(tr("Tuning needs an OpenCL device: choose one on the left."));
    return;
  }
  tuningRequest_ = {};
  for (int device : chosen)
    tuningRequest_.jobs.push_back({device, tuningCases(isCpuDevice(device))});
  tuningRows_.clear();
  tuningCacheFiles_.clear();
  refreshTuningTransforms();
  // Every transform has its row from the start, so the table says what is still to come.
  tuningTable_->setRowCount(0);
  tuningTable_->setColumnHidden(DeviceColumn, tuningRequest_.jobs.size() < 2); // one device: named below
  for (const TuningRequest::Job& job : tuningRequest_.jobs)
    for (const TuningCase& c : job.cases) {
      const int row = tuningTable_->rowCount();
      tuningTable_->insertRow(row);
      setTuningCell(row, DeviceColumn, QString::fromStdString(devices_[job.device].name));
      setTuningCell(row, TransformColumn, c.label, QString::fromStdString(c.descriptor.toString()));
      for (int column : {HeuristicColumn, TunedColumn, GainColumn})
        setTuningCell(row, column, {});
      setTuningCell(row, ShapeColumn, tr("waiting"));
    }
  tuningCacheLabel_->setText({});
  pages_->setCurrentIndex(pages_->count() - 1);
  setRunning(true);
  status_->setText(tr("Tuning… each shape is built and timed; a CPU device takes a while."));
  tuner_->start(tuningRequest_);
}

void BenchmarkWindow::tuningDeviceOpened(int job, const QString& device, const QString& cacheFile)
{
  tuningCacheFiles_[job] = cacheFile;
  QStringList lines;
  for (const auto& [j, file] : tuningCacheFiles_)
    lines << tr("%1: %2").arg(
        QString::fromStdString(devices_[tuningRequest_.jobs[std::size_t(j)].device].name),
        file.toHtmlEscaped());
  tuningCacheLabel_->setText(tr("Tuning file (read by every later plan on the device):<br>%1")
                                 .arg(lines.join(QStringLiteral("<br>"))));
  const int first = tuningTableRow(job, 0);
  for (int i = 0; i < int(tuningRequest_.jobs[std::size_t(job)].cases.size()); ++i)
    tuningTable_->item(first + i, DeviceColumn)->setToolTip(device);
}

void BenchmarkWindow::tuningCaseStarted(int job, int item)
{
  const int row = tuningTableRow(job, item);
  setTuningCell(row, ShapeColumn, tr("timing shapes…"));
  tuningTable_->scrollToItem(tuningTable_->item(row, 0));
  status_->setText(tr("Tuning %1 on %2…")
                       .arg(tuningTable_->item(row, TransformColumn)->text(),
                            tuningTable_->item(row, DeviceColumn)->text()));
}

void BenchmarkWindow::addTuningRow(const TuningRow& r)
{
  tuningRows_.push_back(r);
  const int row = tuningTableRow(r.job, r.item);
  if (!r.ok()) {
    for (int column : {HeuristicColumn, TunedColumn, GainColumn})
      setTuningCell(row, column, QStringLiteral("–"));
    setTuningCell(row, ShapeColumn, tr("not tuned: %1").arg(r.error), r.error);
    tuningTable_->item(row, ShapeColumn)->setForeground(QColor(0xc9, 0x2a, 0x2a));
    return;
  }
  const QString timed = tr("%1 shapes timed, %2 skipped (same schedule, or not fitting the device), in %3 s")
                            .arg(r.measured)
                            .arg(r.skipped)
                            .arg(r.seconds, 0, 'f', 1);
  setTuningCell(row, HeuristicColumn, QString::number(r.heuristicMs, 'f', 4));
  setTuningCell(row, TunedColumn, QString::number(r.tunedMs, 'f', 4), timed);
  setTuningCell(row, GainColumn, QStringLiteral("%1×").arg(r.gain(), 0, 'f', 2));
  setTuningCell(row, ShapeColumn, r.shape, timed);
}

void BenchmarkWindow::finishTuning(bool cancelled)
{
  setRunning(false);
  for (int row = 0; row < tuningTable_->rowCount(); ++row) {
    const QString shape = tuningTable_->item(row, ShapeColumn)->text();
    if (shape == tr("waiting") || shape == tr("timing shapes…"))
      setTuningCell(row, ShapeColumn, cancelled ? tr("not tuned: cancelled") : tr("not tuned"));
  }
  const int tuned =
      int(std::count_if(tuningRows_.begin(), tuningRows_.end(), [](const TuningRow& r) { return r.ok(); }));
  const int total = tuningTable_->rowCount();
  if (cancelled)
    status_->setText(
        tr("Tuning cancelled: %1 of %2 transforms tuned; their choices are kept.").arg(tuned).arg(total));
  else if (tuned < total)
    status_->setText(tr("Tuning done: %1 of %2 transforms tuned; the others could not be (see the table).")
                         .arg(tuned)
                         .arg(total));
  else
    status_->setText(tr("Tuning done: %1 of %2 transforms tuned.").arg(tuned).arg(total));
  emit tuningFinished(cancelled);
}

void BenchmarkWindow::showEvent(QShowEvent* event)
{
  refreshTuningTransforms(); // the Image tab's picture may have changed since the window was last shown
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

bool BenchmarkWindow::isRunning() const
{
  return runner_->isRunning() || tuner_->isRunning();
}

bool BenchmarkWindow::hasOpenClDevice() const
{
  return !selectedDevices().empty();
}

std::vector<int> BenchmarkWindow::selectedDevices() const
{
  std::vector<int> indices;
  for (const auto& [index, box] : deviceBoxes_)
    if (box->isChecked()) indices.push_back(index);
  return indices;
}

void BenchmarkWindow::selectDevices(const std::vector<int>& indices)
{
  for (const auto& [index, box] : deviceBoxes_)
    box->setChecked(std::find(indices.begin(), indices.end(), index) != indices.end());
}

void BenchmarkWindow::setSizeRange(int log2Min, int log2Max)
{
  minLog2_->setValue(log2Min);
  maxLog2_->setValue(log2Max);
}

void BenchmarkWindow::selectOnly(const std::vector<std::string>& subjects)
{
  const std::set<std::string> wanted(subjects.begin(), subjects.end());
  fftw_->setChecked(wanted.count("fftw") > 0);
  for (const auto& [variant, box] : variantBoxes_)
    box->setChecked(wanted.count(std::string(gallery::info(variant).key)) > 0);
}

std::vector<gallery::Variant> BenchmarkWindow::selectedVariants() const
{
  std::vector<gallery::Variant> variants;
  for (const auto& [variant, box] : variantBoxes_)
    if (box->isChecked() && box->isEnabled()) variants.push_back(variant);
  return variants;
}

void BenchmarkWindow::startSweep()
{
  if (isRunning()) return;
  BenchmarkRequest request;
  request.openClDevices = selectedDevices();
  request.variants = selectedVariants();
  request.fftw = fftw_->isChecked();
  request.sizes = gallery::powerOfTwoSizes(minLog2_->value(), std::max(minLog2_->value(), maxLog2_->value()));
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
  BenchmarkRequest request;
  request.openClDevices = {selectedDevices().front()}; // one kernel on one device, as in the book's table
  request.variants = {gallery::Variant(workGroupVariant_->currentData().toInt())};
  request.fftw = false;
  request.sizes = {std::size_t{1} << workGroupLog2N_->value()};
  request.workGroupSizes = kBookWorkGroupSizes;
  workGroupPoints_.clear();
  refreshWorkGroupTable();
  workGroupMode_ = true;
  setRunning(true);
  runner_->start(request);
}

void BenchmarkWindow::cancel()
{
  if (tuner_->isRunning()) {
    status_->setText(tr("Cancelling after the transform being tuned…"));
    tuner_->cancel();
    return;
  }
  if (!runner_->isRunning()) return;
  retireRunner();
  finish(true, {});
}

void BenchmarkWindow::setRunning(bool running)
{
  runButton_->setEnabled(!running);
  workGroupButton_->setEnabled(!running);
  tuneButton_->setEnabled(!running && !devices_.empty());
  cancelButton_->setEnabled(running);
  if (running) {
    progress_->setValue(0);
    status_->setText(tr("Measuring… kernels are built the first time a size is seen."));
  }
}

void BenchmarkWindow::addPoint(const gallery::SweepPoint& point)
{
  if (workGroupMode_) {
    workGroupPoints_.push_back(point);
    refreshWorkGroupTable();
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
    status_->setText(tr("Done: %1 points.").arg(workGroupMode_ ? workGroupPoints_.size() : points_.size()));
  emit sweepFinished(cancelled);
}

void BenchmarkWindow::refreshPlot()
{
  plot_->setData(plotData(points_, BenchmarkMetric(metric_->currentData().toInt())));
}

void BenchmarkWindow::refreshWorkGroupTable()
{
  std::vector<std::string> families;
  for (const gallery::SweepPoint& p : workGroupPoints_)
    for (const KernelRecord& k : p.kernels)
      if (std::find(families.begin(), families.end(), kernelFamily(k.name)) == families.end())
        families.push_back(kernelFamily(k.name));
  families.push_back("total");
  workGroupTable_->clear();
  workGroupTable_->setRowCount(int(families.size()));
  workGroupTable_->setColumnCount(int(workGroupPoints_.size()));
  QStringList rows, columns;
  for (const std::string& f : families)
    rows << QString::fromStdString(f);
  workGroupTable_->setVerticalHeaderLabels(rows);
  for (std::size_t c = 0; c < workGroupPoints_.size(); ++c) {
    const gallery::SweepPoint& p = workGroupPoints_[c];
    columns << tr("local %1").arg(p.workGroupSize);
    std::map<std::string, double> ms;
    for (const KernelRecord& k : p.kernels)
      ms[kernelFamily(k.name)] += k.milliseconds();
    ms["total"] = p.deviceMs;
    for (std::size_t r = 0; r < families.size(); ++r) {
      const QString text = p.skipped.empty() ? QString::number(ms[families[r]], 'f', 3) : QStringLiteral("–");
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if (!p.skipped.empty()) item->setToolTip(QString::fromStdString(p.skipped));
      workGroupTable_->setItem(int(r), int(c), item);
    }
  }
  workGroupTable_->setHorizontalHeaderLabels(columns);
}

bool BenchmarkWindow::exportCsv(const QString& path) const
{
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) return false;
  QTextStream out(&file);
  out << "subject,device,n,batch,work_group,time_ms,wall_ms,device_ms,gbps,gflops,rel_err,skipped\n";
  for (const auto* list : {&points_, &workGroupPoints_})
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
