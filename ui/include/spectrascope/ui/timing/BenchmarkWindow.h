#pragma once
// Tools > Benchmark…: pick OpenCL devices (any number: each is its own series), FFTW and gallery variants,
// sweep N in the background with a progress bar and Cancel, and plot time, GFLOP/s or bandwidth against N
// (log axes) with the crossover where each variant on each device beats FFTW; a work-group-size sweep of one
// kernel (the OpenCL book's Table 6.1); CSV and PNG export. "Tune…" runs the planner's per-device tuning
// search (TuningRunner) on the chosen devices over the transforms the app's tabs run and a few standard
// sizes, and tables what it found and where the choices are kept. The GUI thread only collects results
// and repaints.

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/gallery/GallerySweep.h"
#include "spectrascope/ui/timing/BenchmarkPlot.h"
#include "spectrascope/ui/timing/BenchmarkPlotView.h"
#include "spectrascope/ui/timing/BenchmarkSubjects.h"
#include "spectrascope/ui/timing/TuningRunner.h"

#include <QWidget>

#include <functional>
#include <map>
#include <optional>

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
class TuningPage;
class WorkGroupPage;

class BenchmarkWindow : public QWidget
{
  Q_OBJECT

public:
  explicit BenchmarkWindow(QWidget* parent = nullptr);
  ~BenchmarkWindow() override;

  // For tests and scripted runs.
  void setSizeRange(int log2Min, int log2Max) { subjects_->setSizeRange(log2Min, log2Max); }
  void selectOnly(const std::vector<std::string>& subjects) { subjects_->selectOnly(subjects); }
  // Device indices as in "opencl:<index>"; unknown ones are ignored.
  void selectDevices(const std::vector<int>& indices) { subjects_->selectDevices(indices); }
  std::vector<int> selectedDevices() const { return subjects_->selectedDevices(); }
  int deviceCount() const { return int(subjects_->devices().size()); }
  QPushButton* runButton() const { return runButton_; }
  QPushButton* cancelButton() const { return cancelButton_; }
  QPushButton* workGroupButton() const;
  QProgressBar* progressBar() const { return progress_; }
  QTableWidget* workGroupTable() const;
  const std::vector<gallery::SweepPoint>& points() const { return points_; }
  bool isRunning() const;
  bool hasOpenClDevice() const; // at least one device is chosen
  // Run, Cancel and Tune…
  QHBoxLayout* actionsLayout() const { return actions_; }

  // Tuning. The source is asked, when the window is shown and when tuning starts, what the tabs
  // transform (the Image tab's picture, the Audio tab's FFT size); without one, the bundled sample's size.
  using TuningInputsSource = std::function<TuningInputs()>;
  void setTuningInputsSource(TuningInputsSource source);
  // Replaces the standard transforms (tests, scripted runs); empty: the standard ones again.
  void setTuningCases(std::vector<TuningCase> cases);
  // What "Tune…" searches on a device of this kind.
  std::vector<TuningCase> tuningCases(bool cpuDevice) const;
  QPushButton* tuneButton() const { return tuneButton_; }
  QTableWidget* tuningTable() const;
  const std::vector<TuningRow>& tuningRows() const; // those done, in order
  QStringList tuningCacheFiles() const;             // of the devices opened

  bool exportCsv(const QString& path) const;
  bool exportPng(const QString& path) const;

public slots:
  void startSweep();
  void startWorkGroupSweep();
  void startTuning();
  void cancel();

signals:
  void sweepFinished(bool cancelled);
  void tuningFinished(bool cancelled);

protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void createRunner();
  void retireRunner();
  void fitScreen();
  QWidget* createSubjectControls();
  QWidget* createSweepPage();
  void addPoint(const gallery::SweepPoint& point);
  void finish(bool cancelled, const QString& error);
  void setRunning(bool running);
  void refreshPlot();
  void chooseCsvFile();
  void choosePngFile();

  BenchmarkSubjects* subjects_ = nullptr;
  BenchmarkRunner* runner_ = nullptr;
  TuningPage* tuningPage_ = nullptr;
  QComboBox* metric_ = nullptr;
  QPushButton* runButton_ = nullptr;
  QPushButton* cancelButton_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* status_ = nullptr;
  QHBoxLayout* actions_ = nullptr;
  QTabWidget* pages_ = nullptr;
  BenchmarkPlotView* plot_ = nullptr;
  WorkGroupPage* workGroupPage_ = nullptr;
  QPushButton* tuneButton_ = nullptr;
  std::vector<gallery::SweepPoint> points_;
  bool workGroupMode_ = false;
};

} // namespace spectrascope::ui
