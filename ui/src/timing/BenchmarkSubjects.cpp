#include "spectrascope/ui/timing/BenchmarkSubjects.h"

#include "spectrascope/ui/timing/PowerOfTwoSpinBox.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace spectrascope::ui {

BenchmarkSubjects::BenchmarkSubjects(QWidget* parent) : QWidget(parent)
{
  auto* subjects = new QGroupBox(tr("Subjects"), this);
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
    connect(box, &QCheckBox::toggled, this, &BenchmarkSubjects::devicesChanged);
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

  auto* sizes = new QGroupBox(tr("Sizes"), this);
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

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(subjects);
  layout->addWidget(sizes);
}

std::vector<int> BenchmarkSubjects::selectedDevices() const
{
  std::vector<int> indices;
  for (const auto& [index, box] : deviceBoxes_)
    if (box->isChecked()) indices.push_back(index);
  return indices;
}

void BenchmarkSubjects::selectDevices(const std::vector<int>& indices)
{
  for (const auto& [index, box] : deviceBoxes_)
    box->setChecked(std::find(indices.begin(), indices.end(), index) != indices.end());
}

void BenchmarkSubjects::setSizeRange(int log2Min, int log2Max)
{
  minLog2_->setValue(log2Min);
  maxLog2_->setValue(log2Max);
}

std::vector<std::size_t> BenchmarkSubjects::sizes() const
{
  return gallery::powerOfTwoSizes(minLog2_->value(), std::max(minLog2_->value(), maxLog2_->value()));
}

void BenchmarkSubjects::selectOnly(const std::vector<std::string>& subjects)
{
  const std::set<std::string> wanted(subjects.begin(), subjects.end());
  fftw_->setChecked(wanted.count("fftw") > 0);
  for (const auto& [variant, box] : variantBoxes_)
    box->setChecked(wanted.count(std::string(gallery::info(variant).key)) > 0);
}

std::vector<gallery::Variant> BenchmarkSubjects::selectedVariants() const
{
  std::vector<gallery::Variant> variants;
  for (const auto& [variant, box] : variantBoxes_)
    if (box->isChecked() && box->isEnabled()) variants.push_back(variant);
  return variants;
}

bool BenchmarkSubjects::fftwChosen() const
{
  return fftw_->isChecked();
}

} // namespace spectrascope::ui
