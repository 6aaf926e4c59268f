#include "spectrascope/ui/timing/WorkGroupPage.h"

#include "spectrascope/ui/timing/PowerOfTwoSpinBox.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <regex>

namespace spectrascope::ui {
namespace {

// The local sizes of the OpenCL book's Table 6.1.
const std::vector<std::size_t> kBookWorkGroupSizes{1, 16, 32, 64, 128, 256, 512};

// "butterfly s3" and "fft3 s12" are one kernel at different stages: the table sums them per kernel.
std::string kernelFamily(const std::string& launchName)
{
  static const std::regex stageSuffix(R"( (s|p)\d+$)");
  return std::regex_replace(launchName, stageSuffix, "");
}

} // namespace

WorkGroupPage::WorkGroupPage(QWidget* parent) : QWidget(parent)
{
  auto* page = this;
  variant_ = new QComboBox(page);
  for (const gallery::VariantInfo& v : gallery::allVariants())
    if (v.variant != gallery::Variant::Production && v.variant != gallery::Variant::CompactSingleGroup)
      variant_->addItem(QString::fromUtf8(v.title.data(), int(v.title.size())), int(v.variant));
  log2N_ = new PowerOfTwoSpinBox(page);
  log2N_->setRange(2, 24);
  log2N_->setValue(18); // 512 x 512 values, the size of the book's image
  run_ = new QPushButton(tr("Run work-group sweep"), page);
  run_->setObjectName(QStringLiteral("workGroupRun"));
  connect(run_, &QPushButton::clicked, this, &WorkGroupPage::runRequested);
  table_ = new QTableWidget(0, 0, page);
  table_->setObjectName(QStringLiteral("workGroupTable"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Kernel:"), page));
  top->addWidget(variant_);
  top->addWidget(new QLabel(tr("N:"), page));
  top->addWidget(log2N_);
  top->addWidget(run_);
  top->addStretch(1);
  auto* note =
      new QLabel(tr("Milliseconds per kernel for each local work-group size, summed over the stages of "
                    "one transform, as in Table 6.1 of the OpenCL book."),
                 page);
  note->setWordWrap(true);
  auto* layout = new QVBoxLayout(page);
  layout->addLayout(top);
  layout->addWidget(note);
  layout->addWidget(table_, 1);
}

void WorkGroupPage::refreshTable()
{
  std::vector<std::string> families;
  for (const gallery::SweepPoint& p : points_)
    for (const KernelRecord& k : p.kernels)
      if (std::find(families.begin(), families.end(), kernelFamily(k.name)) == families.end())
        families.push_back(kernelFamily(k.name));
  families.push_back("total");
  table_->clear();
  table_->setRowCount(int(families.size()));
  table_->setColumnCount(int(points_.size()));
  QStringList rows, columns;
  for (const std::string& f : families)
    rows << QString::fromStdString(f);
  table_->setVerticalHeaderLabels(rows);
  for (std::size_t c = 0; c < points_.size(); ++c) {
    const gallery::SweepPoint& p = points_[c];
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
      table_->setItem(int(r), int(c), item);
    }
  }
  table_->setHorizontalHeaderLabels(columns);
}

BenchmarkRequest WorkGroupPage::request(int device) const
{
  BenchmarkRequest request;
  request.openClDevices = {device}; // one kernel on one device, as in the book's table
  request.variants = {gallery::Variant(variant_->currentData().toInt())};
  request.fftw = false;
  request.sizes = {std::size_t{1} << log2N_->value()};
  request.workGroupSizes = kBookWorkGroupSizes;
  return request;
}

void WorkGroupPage::clear()
{
  points_.clear();
  refreshTable();
}

void WorkGroupPage::addPoint(const gallery::SweepPoint& point)
{
  points_.push_back(point);
  refreshTable();
}

} // namespace spectrascope::ui
