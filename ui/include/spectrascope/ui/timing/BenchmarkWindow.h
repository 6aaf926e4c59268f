#pragma once
// Tools > Benchmark…: pick OpenCL devices (any number: each is its own series), FFTW and gallery variants,
// sweep N in the background with a progress bar and Cancel, and plot time, GFLOP/s or bandwidth against N
// (log axes) with the crossover where each variant on each device beats FFTW; a work-group-size sweep of one
// kernel (the OpenCL book's Table 6.1); CSV and PNG export. The GUI thread only collects points and repaints.

#include "spectrascope/engine/gallery/GallerySweep.h"
#include "spectrascope/ui/timing/BenchmarkPlot.h"

#include <QWidget>

#include <map>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTabWidget;

namespace spectrascope::ui {

class BenchmarkRunner;
class BenchmarkPlotView;

class BenchmarkWindow : public QWidget
{
  Q_OBJECT

public:
  explicit BenchmarkWindow(QWidget* parent = nullptr);
  ~BenchmarkWindow() override;

  // For tests and scripted runs.
  void setSizeRange(int log2Min, int log2Max);
  void selectOnly(const std::vector<std::string>& subjects); // "fftw" and variant keys
  // Device indices as in "opencl:<index>"; unknown ones are ignored.
  void selectDevices(const std::vector<int>& indices);
  std::vector<int> selectedDevices() const;
  int deviceCount() const { return int(deviceBoxes_.size()); }
  QPushButton* runButton() const { return runButton_; }
  QPushButton* cancelButton() const { return cancelButton_; }
  QPushButton* workGroupButton() const { return workGroupButton_; }
  QProgressBar* progressBar() const { return progress_; }
  QTableWidget* workGroupTable() const { return workGroupTable_; }
  const std::vector<gallery::SweepPoint>& points() const { return points_; }
  bool isRunning() const;
  bool hasOpenClDevice() const; // at least one device is chosen
  // Where a "Tune" action (the planner's autotuning) can add its button next to Run and Cancel.
  QHBoxLayout* actionsLayout() const { return actions_; }

  bool exportCsv(const QString& path) const;
  bool exportPng(const QString& path) const;

public slots:
  void startSweep();
  void startWorkGroupSweep();
  void cancel();

signals:
  void sweepFinished(bool cancelled);

protected:
  void closeEvent(QCloseEvent* event) override;

private:
  QWidget* createSubjectControls();
  QWidget* createSweepPage();
  QWidget* createWorkGroupPage();
  void addPoint(const gallery::SweepPoint& point);
  void finish(bool cancelled, const QString& error);
  void setRunning(bool running);
  void refreshPlot();
  void refreshWorkGroupTable();
  std::vector<gallery::Variant> selectedVariants() const;
  void chooseCsvFile();
  void choosePngFile();

  BenchmarkRunner* runner_ = nullptr;
  std::map<int, QCheckBox*> deviceBoxes_; // by device index
  QCheckBox* fftw_ = nullptr;
  std::map<gallery::Variant, QCheckBox*> variantBoxes_;
  QSpinBox* minLog2_ = nullptr;
  QSpinBox* maxLog2_ = nullptr;
  QComboBox* metric_ = nullptr;
  QPushButton* runButton_ = nullptr;
  QPushButton* cancelButton_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* status_ = nullptr;
  QHBoxLayout* actions_ = nullptr;
  QTabWidget* pages_ = nullptr;
  BenchmarkPlotView* plot_ = nullptr;
  QComboBox* workGroupVariant_ = nullptr;
  QSpinBox* workGroupLog2N_ = nullptr;
  QPushButton* workGroupButton_ = nullptr;
  QTableWidget* workGroupTable_ = nullptr;
  std::vector<gallery::SweepPoint> points_;
  std::vector<gallery::SweepPoint> workGroupPoints_;
  bool workGroupMode_ = false;
};

// Paints BenchmarkPlot for the window's points.
class BenchmarkPlotView : public QWidget
{
  Q_OBJECT

public:
  explicit BenchmarkPlotView(QWidget* parent = nullptr);
  void setData(PlotData data);
  const PlotData& data() const { return data_; }
  QSize sizeHint() const override { return {720, 460}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  PlotData data_;
};

} // namespace spectrascope::ui
