#pragma once
// What the Benchmark window measures: the OpenCL devices (any number, each its own series; the first GPU
// chosen to begin with), FFTW as the reference, the gallery's kernel variants, and the range of N.

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/gallery/GallerySweep.h"

#include <QWidget>

#include <map>
#include <string>
#include <vector>

class QCheckBox;
class QSpinBox;

namespace spectrascope::ui {

class BenchmarkSubjects : public QWidget
{
  Q_OBJECT

public:
  explicit BenchmarkSubjects(QWidget* parent = nullptr);

  // Every OpenCL device of the machine, by index as in "opencl:<index>".
  const std::map<int, OpenClDeviceInfo>& devices() const { return devices_; }
  std::vector<int> selectedDevices() const;
  void selectDevices(const std::vector<int>& indices);       // unknown indices are ignored
  void selectOnly(const std::vector<std::string>& subjects); // "fftw" and variant keys
  std::vector<gallery::Variant> selectedVariants() const;
  bool fftwChosen() const;
  void setSizeRange(int log2Min, int log2Max);
  std::vector<std::size_t> sizes() const;

signals:
  void devicesChanged();

private:
  std::map<int, OpenClDeviceInfo> devices_;
  std::map<int, QCheckBox*> deviceBoxes_;
  QCheckBox* fftw_ = nullptr;
  std::map<gallery::Variant, QCheckBox*> variantBoxes_;
  QSpinBox* minLog2_ = nullptr;
  QSpinBox* maxLog2_ = nullptr;
};

} // namespace spectrascope::ui
