#pragma once
// The Timings panel shared by every tab: the per-kernel records of the last engine call (name, global and
// local size, time, GB/s, GFLOP/s), uploads and downloads included, as a table and a timeline bar.

#include "spectrascope/engine/Timing.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace spectrascope::ui {

class TimingFeed;
class TimelineView;

class TimingPanel : public QWidget
{
  Q_OBJECT

public:
  explicit TimingPanel(QWidget* parent = nullptr);

  // Follows the feed's reports from now on.
  void setFeed(TimingFeed* feed);
  QTableWidget* table() const { return table_; }
  const ExecutionReport& report() const { return report_; }

public slots:
  void showReport(const QString& source, const spectrascope::ExecutionReport& report);

private:
  void fillRow(int row, const KernelRecord& r, int kernelIndex);

  QLabel* heading_ = nullptr;
  TimelineView* timeline_ = nullptr;
  QTableWidget* table_ = nullptr;
  ExecutionReport report_;
};

} // namespace spectrascope::ui
