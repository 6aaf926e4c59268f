#include "spectrascope/ui/timing/TuningPage.h"

#include <QHeaderView>
#include <QImageReader>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace spectrascope::ui {
namespace {
enum Column { DeviceColumn, TransformColumn, HeuristicColumn, TunedColumn, GainColumn, ShapeColumn };
} // namespace

TuningPage::TuningPage(const std::map<int, OpenClDeviceInfo>& devices, QWidget* parent)
    : QWidget(parent), devices_(devices)
{
  auto* page = this;
  tuner_ = new TuningRunner(this);
  connect(tuner_, &TuningRunner::deviceOpened, this, &TuningPage::deviceOpened);
  connect(tuner_, &TuningRunner::caseStarted, this, &TuningPage::caseStarted);
  connect(tuner_, &TuningRunner::caseTuned, this, &TuningPage::addRow);
  connect(tuner_, &TuningRunner::progress, this, &TuningPage::progress);
  connect(tuner_, &TuningRunner::finished, this, &TuningPage::finish);
  auto* intro = new QLabel(
      tr("<b>Tune…</b> times the shapes the planner may choose (largest radix, work-group sizes, lines per "
         "group, pass length, local memory) for each transform below on each chosen OpenCL device, like "
         "FFTW_MEASURE, and keeps the fastest in the device's tuning file. Every later plan for that "
         "transform on that device uses it; the app's tabs do once they open the device again (the next "
         "start, or another backend and back in the Engine menu). Cancel stops after the transform being "
         "timed."),
      page);
  intro->setWordWrap(true);
  transforms_ = new QLabel(page);
  transforms_->setObjectName(QStringLiteral("tuningTransforms"));
  transforms_->setWordWrap(true);
  table_ = new QTableWidget(0, 6, page);
  table_->setObjectName(QStringLiteral("tuningTable"));
  table_->setHorizontalHeaderLabels(
      {tr("Device"), tr("Transform"), tr("Heuristic ms"), tr("Tuned ms"), tr("Gain"), tr("Shape chosen")});
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->setVisible(false);
  table_->setWordWrap(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(ShapeColumn, QHeaderView::Stretch);
  cacheLabel_ = new QLabel(page);
  cacheLabel_->setObjectName(QStringLiteral("tuningCacheFile"));
  cacheLabel_->setWordWrap(true);
  cacheLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(intro);
  layout->addWidget(transforms_);
  layout->addWidget(table_, 1);
  layout->addWidget(cacheLabel_);
}

void TuningPage::setInputsSource(InputsSource source)
{
  inputsSource_ = std::move(source);
  showTransforms(chosen_);
}

void TuningPage::setCases(std::vector<TuningCase> cases)
{
  if (cases.empty())
    customCases_.reset();
  else
    customCases_ = std::move(cases);
  showTransforms(chosen_);
}

TuningInputs TuningPage::inputs() const
{
  TuningInputs inputs;
  if (inputsSource_) inputs = inputsSource_();
  if (!inputs.imageSize.isValid() || inputs.imageSize.isEmpty()) {
    // No picture loaded: the Image tab shows the bundled sample.
    inputs.imageSize = QImageReader(QStringLiteral(":/samples/coffee.png")).size();
    inputs.imageChannels = 3;
  }
  return inputs;
}

std::vector<TuningCase> TuningPage::cases(bool cpuDevice) const
{
  if (customCases_) return *customCases_;
  return standardTuningCases(inputs(), cpuDevice);
}

bool TuningPage::isCpuDevice(int index) const
{
  const auto found = devices_.find(index);
  return found != devices_.end() && found->second.type == "CPU";
}

void TuningPage::showTransforms(const std::vector<int>& chosen)
{
  chosen_ = chosen;
  if (devices_.empty()) {
    transforms_->setText(tr("No OpenCL device: there is nothing to tune."));
    return;
  }
  if (chosen.empty()) {
    transforms_->setText(tr("Choose an OpenCL device on the left to tune."));
    return;
  }
  // One list per kind of device chosen: a CPU device gets smaller batches.
  QStringList parts;
  for (const bool cpu : {false, true}) {
    if (std::none_of(chosen.begin(), chosen.end(), [&](int d) { return isCpuDevice(d) == cpu; })) continue;
    QStringList labels;
    for (const TuningCase& c : cases(cpu))
      labels << c.label.toHtmlEscaped();
    parts << tr("Transforms tuned on %1: %2")
                 .arg(cpu ? tr("a CPU device (small batches, to keep the run short)") : tr("a GPU"),
                      labels.join(QStringLiteral(" · ")));
  }
  transforms_->setText(parts.join(QStringLiteral("<br>")));
}

QStringList TuningPage::cacheFiles() const
{
  QStringList files;
  for (const auto& [job, file] : cacheFiles_)
    if (!files.contains(file)) files << file;
  return files;
}

int TuningPage::tableRow(int job, int item) const
{
  int row = 0;
  for (int j = 0; j < job && j < int(request_.jobs.size()); ++j)
    row += int(request_.jobs[std::size_t(j)].cases.size());
  return row + item;
}

void TuningPage::setCell(int row, int column, const QString& text, const QString& tip)
{
  auto* item = new QTableWidgetItem(text);
  if (column == HeuristicColumn || column == TunedColumn || column == GainColumn)
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  if (!tip.isEmpty()) item->setToolTip(tip);
  table_->setItem(row, column, item);
}

void TuningPage::start(const std::vector<int>& chosen)
{
  if (isRunning() || chosen.empty()) return;
  request_ = {};
  for (int device : chosen)
    request_.jobs.push_back({device, cases(isCpuDevice(device))});
  rows_.clear();
  cacheFiles_.clear();
  showTransforms(chosen);
  // Every transform has its row from the start, so the table says what is still to come.
  table_->setRowCount(0);
  table_->setColumnHidden(DeviceColumn, request_.jobs.size() < 2); // one device: named below
  for (const TuningRequest::Job& job : request_.jobs)
    for (const TuningCase& c : job.cases) {
      const int row = table_->rowCount();
      table_->insertRow(row);
      setCell(row, DeviceColumn, deviceName(job.device));
      setCell(row, TransformColumn, c.label, QString::fromStdString(c.descriptor.toString()));
      for (int column : {HeuristicColumn, TunedColumn, GainColumn})
        setCell(row, column, {});
      setCell(row, ShapeColumn, tr("waiting"));
    }
  cacheLabel_->setText({});
  emit statusChanged(tr("Tuning… each shape is built and timed; a CPU device takes a while."));
  tuner_->start(request_);
}

void TuningPage::deviceOpened(int job, const QString& device, const QString& cacheFile)
{
  cacheFiles_[job] = cacheFile;
  QStringList lines;
  for (const auto& [j, file] : cacheFiles_)
    lines << tr("%1: %2").arg(deviceName(request_.jobs[std::size_t(j)].device), file.toHtmlEscaped());
  cacheLabel_->setText(tr("Tuning file (read by every later plan on the device):<br>%1")
                           .arg(lines.join(QStringLiteral("<br>"))));
  const int first = tableRow(job, 0);
  for (int i = 0; i < int(request_.jobs[std::size_t(job)].cases.size()); ++i)
    table_->item(first + i, DeviceColumn)->setToolTip(device);
}

void TuningPage::caseStarted(int job, int item)
{
  const int row = tableRow(job, item);
  setCell(row, ShapeColumn, tr("timing shapes…"));
  table_->scrollToItem(table_->item(row, 0));
  emit statusChanged(
      tr("Tuning %1 on %2…")
          .arg(table_->item(row, TransformColumn)->text(), table_->item(row, DeviceColumn)->text()));
}

void TuningPage::addRow(const TuningRow& r)
{
  rows_.push_back(r);
  const int row = tableRow(r.job, r.item);
  if (!r.ok()) {
    for (int column : {HeuristicColumn, TunedColumn, GainColumn})
      setCell(row, column, QStringLiteral("–"));
    setCell(row, ShapeColumn, tr("not tuned: %1").arg(r.error), r.error);
    table_->item(row, ShapeColumn)->setForeground(QColor(0xc9, 0x2a, 0x2a));
    return;
  }
  const QString timed = tr("%1 shapes timed, %2 skipped (same schedule, or not fitting the device), in %3 s")
                            .arg(r.measured)
                            .arg(r.skipped)
                            .arg(r.seconds, 0, 'f', 1);
  setCell(row, HeuristicColumn, QString::number(r.heuristicMs, 'f', 4));
  setCell(row, TunedColumn, QString::number(r.tunedMs, 'f', 4), timed);
  setCell(row, GainColumn, QStringLiteral("%1×").arg(r.gain(), 0, 'f', 2));
  setCell(row, ShapeColumn, r.shape, timed);
}

void TuningPage::finish(bool cancelled)
{
  for (int row = 0; row < table_->rowCount(); ++row) {
    const QString shape = table_->item(row, ShapeColumn)->text();
    if (shape == tr("waiting") || shape == tr("timing shapes…"))
      setCell(row, ShapeColumn, cancelled ? tr("not tuned: cancelled") : tr("not tuned"));
  }
  const int tuned = int(std::count_if(rows_.begin(), rows_.end(), [](const TuningRow& r) { return r.ok(); }));
  const int total = table_->rowCount();
  if (cancelled)
    emit statusChanged(
        tr("Tuning cancelled: %1 of %2 transforms tuned; their choices are kept.").arg(tuned).arg(total));
  else if (tuned < total)
    emit statusChanged(tr("Tuning done: %1 of %2 transforms tuned; the others could not be (see the table).")
                           .arg(tuned)
                           .arg(total));
  else
    emit statusChanged(tr("Tuning done: %1 of %2 transforms tuned.").arg(tuned).arg(total));
  emit finished(cancelled);
}

void TuningPage::cancel()
{
  if (!tuner_->isRunning()) return;
  emit statusChanged(tr("Cancelling after the transform being tuned…"));
  tuner_->cancel();
}

bool TuningPage::isRunning() const
{
  return tuner_->isRunning();
}

QString TuningPage::deviceName(int index) const
{
  const auto found = devices_.find(index);
  return found == devices_.end() ? QString() : QString::fromStdString(found->second.name);
}

} // namespace spectrascope::ui
