#include "spectrascope/ui/timing/TimingPanel.h"

#include "spectrascope/ui/timing/TimelineRenderer.h"
#include "spectrascope/ui/timing/TimelineView.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace spectrascope::ui {
namespace {

enum Column { Name, Global, Local, Time, Bandwidth, Flops, ColumnCount };

QString shape(const std::array<std::size_t, 3>& size)
{
  if (size[0] == 0) return QStringLiteral("–");
  QString text = QString::number(size[0]);
  if (size[1] > 1 || size[2] > 1) text += QStringLiteral(" × %1").arg(size[1]);
  if (size[2] > 1) text += QStringLiteral(" × %1").arg(size[2]);
  return text;
}

QTableWidgetItem* numberItem(const QString& text)
{
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

} // namespace

TimingPanel::TimingPanel(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("timingPanel"));
  heading_ = new QLabel(tr("No engine call yet. Timings appear here after the next transform."), this);
  heading_->setObjectName(QStringLiteral("timingHeading"));
  heading_->setWordWrap(true);
  heading_->setToolTip(clockNote());
  timeline_ = new TimelineView(this);
  timeline_->setToolTip(clockNote());
  legend_ = new QLabel(tr("Wall: the whole call as the app waited for it. Bars: each step's own time, on the "
                          "device's clock for kernels and copies, on the host's for CPU work."),
                       this);
  legend_->setObjectName(QStringLiteral("timingLegend"));
  legend_->setWordWrap(true);
  legend_->setToolTip(clockNote());
  QFont small = legend_->font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  legend_->setFont(small);
  table_ = new QTableWidget(0, ColumnCount, this);
  table_->setObjectName(QStringLiteral("timingTable"));
  table_->setHorizontalHeaderLabels(
      {tr("Step"), tr("Global size"), tr("Local size"), tr("Time (ms)"), tr("GB/s"), tr("GFLOP/s")});
  table_->horizontalHeaderItem(Time)->setToolTip(tr(
      "The step's own time: device time (OpenCL profiling) for kernels and copies, host time for CPU work"));
  // Compact rows: the dock shows its steps, not padding.
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->hide();
  table_->setFocusPolicy(Qt::NoFocus); // read-only figures: no focus frame on the first cell
  table_->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);
  for (int c = Global; c < ColumnCount; ++c)
    table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  // A dock under every tab: it must never make the main window larger than the tabs need.
  table_->setMinimumSize(160, 40);
  heading_->setMinimumWidth(120);
  timeline_->setMinimumWidth(120);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(heading_);
  layout->addWidget(timeline_);
  layout->addWidget(legend_);
  layout->addWidget(table_, 1);
}

// What the three clocks measure, for every place that shows a figure from one of them.
QString TimingPanel::clockNote()
{
  return tr(
      "Wall time: the whole engine call on the host's steady clock, from the request to the result in "
      "memory; it includes launching kernels, waiting for the device, copies and any first-time set-up.\n"
      "Device time: what the OpenCL device itself spent in each kernel or copy, from its profiling "
      "events; the gaps between them are launch and wait overhead.\n"
      "Host time: CPU work (FFTW, the mask, conversions) on the host's steady clock.");
}

void TimingPanel::setFeed(TimingFeed* feed)
{
  connect(feed, &TimingFeed::reportPublished, this, &TimingPanel::showReport);
}

bool TimingPanel::isForeground(const QString& source) const
{
  return foreground_.isEmpty() || source.startsWith(foreground_);
}

void TimingPanel::showReport(const QString& source, const ExecutionReport& report)
{
  latest_[source] = {++sequence_, report};
  if (isForeground(source) || shownSource_.isEmpty() || !isForeground(shownSource_)) display(source, report);
}

void TimingPanel::setForeground(const QString& source)
{
  foreground_ = source;
  const QString* newest = nullptr;
  quint64 newestSequence = 0;
  for (auto it = latest_.constBegin(); it != latest_.constEnd(); ++it)
    if (isForeground(it.key()) && it->sequence > newestSequence) {
      newest = &it.key();
      newestSequence = it->sequence;
    }
  if (newest) display(*newest, latest_[*newest].report);
}

void TimingPanel::display(const QString& source, const ExecutionReport& report)
{
  shownSource_ = source;
  report_ = report;
  const QString backend = QString::fromStdString(report.backend.empty() ? "host" : report.backend);
  heading_->setText(tr("<b>%1</b> — %2 on %3: %4 steps, %5 ms wall")
                        .arg(source.toHtmlEscaped(), backend.toHtmlEscaped(),
                             QString::fromStdString(report.device).toHtmlEscaped())
                        .arg(report.records.size())
                        .arg(report.wallMs, 0, 'f', 3));
  timeline_->setReport(report);
  table_->setRowCount(int(report.records.size()));
  int kernelIndex = 0;
  for (std::size_t i = 0; i < report.records.size(); ++i) {
    const KernelRecord& r = report.records[i];
    fillRow(int(i), r, r.type == KernelRecord::Type::Kernel ? kernelIndex++ : 0);
  }
}

void TimingPanel::fillRow(int row, const KernelRecord& r, int kernelIndex)
{
  auto* name = new QTableWidgetItem(QString::fromStdString(r.name));
  name->setData(Qt::DecorationRole, TimelineRenderer::colourFor(r, kernelIndex));
  name->setToolTip(QString::fromStdString(toString(r.type)));
  table_->setItem(row, Name, name);
  table_->setItem(row, Global, numberItem(shape(r.globalSize)));
  table_->setItem(row, Local, numberItem(shape(r.localSize)));
  table_->setItem(row, Time, numberItem(QString::number(r.milliseconds(), 'f', 4)));
  table_->setItem(row, Bandwidth,
                  numberItem(r.bytes ? QString::number(r.gigabytesPerSecond(), 'f', 2) : "–"));
  table_->setItem(row, Flops, numberItem(r.flops > 0 ? QString::number(r.gigaflops(), 'f', 2) : "–"));
}

} // namespace spectrascope::ui
