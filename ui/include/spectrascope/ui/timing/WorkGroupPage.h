#pragma once
// The Benchmark window's work-group page: one kernel at one N, timed for each local work-group size of
// the OpenCL book's Table 6.1, as a table of milliseconds per kernel (stages summed). It builds the
// request and shows the points; the window runs it.

#include "spectrascope/ui/timing/BenchmarkRunner.h"

#include <QWidget>

class QComboBox;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace spectrascope::ui {

class WorkGroupPage : public QWidget
{
  Q_OBJECT

public:
  explicit WorkGroupPage(QWidget* parent = nullptr);

  // The sweep of the chosen kernel on OpenCL device `device`.
  BenchmarkRequest request(int device) const;
  void clear();
  void addPoint(const gallery::SweepPoint& point);
  const std::vector<gallery::SweepPoint>& points() const { return points_; }
  QPushButton* runButton() const { return run_; }
  QTableWidget* table() const { return table_; }

signals:
  void runRequested();

private:
  void refreshTable();

  QComboBox* variant_ = nullptr;
  QSpinBox* log2N_ = nullptr;
  QPushButton* run_ = nullptr;
  QTableWidget* table_ = nullptr;
  std::vector<gallery::SweepPoint> points_;
};

} // namespace spectrascope::ui
