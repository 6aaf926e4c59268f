#include "spectrascope/ui/learn/AccuracyPage.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/ui/BackendOption.h"
#include "spectrascope/ui/learn/AccuracySweep.h"
#include "spectrascope/ui/learn/LessonGuide.h"
#include "spectrascope/ui/learn/LessonTexts.h"
#include "spectrascope/ui/learn/ReadableNumbers.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace spectrascope::ui {
namespace {

namespace steps = spectrascope::learn;

constexpr std::size_t kLargestPeerN = std::size_t(1) << 24;
constexpr int kNarrowestTextColumn = 50; // a word and "…"; the whole text is the cell's tooltip

QTableWidgetItem* cell(const QString& text, const QString& tip = {})
{
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  item->setToolTip(tip);
  return item;
}

// A peer's figure for a 1D complex transform of length n: the measured one at n, or the span between
// N = 64 and N = 2²⁴ where only those two were measured. Empty for transforms the peers were not run on.
QTableWidgetItem* peerCell(const std::string& library, const spectrascope::TransformDescriptor& d)
{
  if (d.rank != 1 || d.kind != spectrascope::TransformKind::ComplexToComplex) {
    return cell(QStringLiteral("—"), AccuracyPage::tr("Measured for 1D complex transforms only"));
  }
  const auto figures = steps::peerAccuracy(library);
  for (const auto& f : figures)
    if (f.n == d.extent[0]) return cell(scientific(f.relativeError));
  return cell(scientificRange(figures.front().relativeError, figures.back().relativeError),
              AccuracyPage::tr("Measured at N = 64 and N = 2²⁴ only; this size lies between"));
}

} // namespace

AccuracyPage::AccuracyPage(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnAccuracyPage"));
  sweep_ = new AccuracySweep(this);
  auto* layout = new QHBoxLayout(this);
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->setChildrenCollapsible(false);
  guide_ = new LessonGuide(splitter);
  guide_->setLesson(accuracyLesson());
  auto* content = new QWidget(splitter);
  auto* column = new QVBoxLayout(content);
  column->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  statusLabel_ = new QLabel(content);
  statusLabel_->setObjectName(QStringLiteral("learnAccuracyStatus"));
  statusLabel_->setWordWrap(true);
  measureButton_ = new QPushButton(tr("Measure again"), content);
  measureButton_->setToolTip(tr("Run every transform again on the selected engine"));
  bar->addWidget(statusLabel_, 1);
  bar->addWidget(measureButton_);
  table_ = new QTableWidget(content);
  table_->setObjectName(QStringLiteral("learnAccuracyTable"));
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setWordWrap(false);
  table_->viewport()->installEventFilter(this);
  auto* note = new QLabel(tr("Reference libraries: measured on an NVIDIA H200 in the same way (relative "
                             "error against FFTW in double on random input), 1D complex transforms at "
                             "N = 64 and N = 2²⁴."),
                          content);
  note->setWordWrap(true);
  note->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
  column->addLayout(bar);
  column->addWidget(table_, 1);
  column->addWidget(note);
  splitter->addWidget(guide_);
  splitter->addWidget(content);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({200, 880}); // at an 800-pixel window the guide takes its least, the table the rest
  layout->addWidget(splitter);
  fillTable();

  connect(measureButton_, &QPushButton::clicked, this, &AccuracyPage::measure);
  connect(sweep_, &AccuracySweep::measuring, this, [this](std::size_t index) {
    statusLabel_->setText(tr("Measuring %1 (%2 of %3)… the first run of a size on an OpenCL device builds "
                             "its kernels, seconds each.")
                              .arg(QString::fromStdString(sweep_->cases()[index].label))
                              .arg(index + 1)
                              .arg(sweep_->cases().size()));
  });
  connect(sweep_, &AccuracySweep::measured, this, &AccuracyPage::showMeasurement);
  connect(sweep_, &AccuracySweep::finished, this, [this] {
    measureButton_->setEnabled(true);
    statusLabel_->setText(device_.isEmpty()
                              ? tr("Done.")
                              : tr("Measured on %1: relative L2 error against FFTW in double precision, "
                                   "on the same random input each time.")
                                    .arg(device_));
    emit measurementsDone();
  });
}

void AccuracyPage::fillTable()
{
  const auto& cases = sweep_->cases();
  QStringList headers = {tr("Transform"), tr("Used in"), tr("This engine")}; // short: the column gives way
  for (const std::string& library : steps::peerLibraries())
    headers << QString::fromStdString(library);
  table_->setColumnCount(headers.size());
  table_->setHorizontalHeaderLabels(headers);
  table_->setRowCount(int(cases.size()) + 1);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const QString label = QString::fromStdString(cases[i].label),
                  usedBy = QString::fromStdString(cases[i].usedBy);
    table_->setItem(int(i), Transform, cell(label, label));
    table_->setItem(int(i), UsedBy, cell(usedBy, usedBy));
    table_->setItem(int(i), ThisEngine, cell(tr("waiting")));
    for (int p = 0; p < int(steps::peerLibraries().size()); ++p)
      table_->setItem(int(i), FirstPeer + p, peerCell(steps::peerLibraries()[p], cases[i].descriptor));
  }
  const int last = int(cases.size());
  const auto largest = spectrascope::TransformDescriptor::complex1d(kLargestPeerN);
  table_->setItem(last, Transform, cell(tr("1D complex, N = 2²⁴"), tr("1D complex, N = 2²⁴")));
  table_->setItem(last, UsedBy, cell(tr("benchmark on the GPU machine"), tr("benchmark on the GPU machine")));
  table_->setItem(last, ThisEngine,
                  cell(tr("not run here"), tr("256 MB of data: too large to measure on the side")));
  for (int p = 0; p < int(steps::peerLibraries().size()); ++p)
    table_->setItem(last, FirstPeer + p, peerCell(steps::peerLibraries()[p], largest));
  table_->resizeColumnsToContents();
  fitTextColumns();
}

// The number columns are the page's point and keep their whole width; the two text columns take what
// is left, "Where the app uses it" giving way first (down to a word and "…"; each cell's tooltip has the
// whole text). A stretched text column used to push the numbers off-screen at an 800-pixel window.
void AccuracyPage::fitTextColumns()
{
  QHeaderView* header = table_->horizontalHeader();
  int numbers = 0;
  for (int c = ThisEngine; c < table_->columnCount(); ++c)
    numbers += header->sectionSize(c);
  const int room = table_->viewport()->width() - numbers;
  table_->resizeColumnToContents(Transform);
  const int transform =
      std::clamp(room - kNarrowestTextColumn, kNarrowestTextColumn, header->sectionSize(Transform));
  header->resizeSection(Transform, transform);
  header->resizeSection(UsedBy, std::max(kNarrowestTextColumn, room - transform));
}

bool AccuracyPage::eventFilter(QObject* watched, QEvent* event)
{
  if (watched == table_->viewport() && event->type() == QEvent::Resize) fitTextColumns();
  return QWidget::eventFilter(watched, event);
}

void AccuracyPage::setEngine(std::shared_ptr<Engine> engine)
{
  engine_ = std::move(engine);
  measured_ = false;
  if (isVisible()) measure();
}

bool AccuracyPage::isMeasuring() const
{
  return sweep_->isRunning();
}

void AccuracyPage::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (!measured_) measure();
}

void AccuracyPage::measure()
{
  measured_ = true;
  device_.clear();
  for (int row = 0; row < int(sweep_->cases().size()); ++row)
    table_->item(row, ThisEngine)->setText(tr("waiting"));
  measureButton_->setEnabled(false);
  sweep_->start(engine_);
}

void AccuracyPage::showMeasurement(const AccuracyOutcome& outcome)
{
  QTableWidgetItem* item = table_->item(rowOf(outcome.index), ThisEngine);
  if (!outcome.error.isEmpty()) {
    item->setText(tr("failed"));
    item->setToolTip(outcome.error);
    return;
  }
  const auto& m = outcome.measurement;
  const QString backend = QString::fromStdString(m.backend);
  const QString by = backend.startsWith(QLatin1String("opencl")) ? QString::fromStdString(m.device)
                                                                 : backendDisplayName(backend);
  if (device_.isEmpty() || device_ == by)
    device_ = by;
  else if (!device_.contains(by))
    device_ += QStringLiteral(" / ") + by;
  item->setText(scientific(m.relativeError));
  item->setData(Qt::UserRole, m.relativeError);
  QString tip = tr("Computed by %1").arg(by);
  if (!m.fallbackReason.empty()) tip += QStringLiteral("\n") + QString::fromStdString(m.fallbackReason);
  item->setToolTip(tip);
  table_->resizeColumnToContents(ThisEngine);
  fitTextColumns();
}

} // namespace spectrascope::ui
