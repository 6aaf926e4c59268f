#pragma once
// The Timings panel shared by every tab: the per-kernel records of the last engine call (name, global and
// local size, time, GB/s, GFLOP/s), uploads and downloads included, as a table and a timeline bar.
// Reports of the tab in front win: a tab working in the background (the Audio tab analyses whichever tab
// is shown) does not replace them.

#include "spectrascope/engine/Timing.h"

#include <QMap>
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
  // The difference between wall, device and host time, in words (the panel's tooltips).
  static QString clockNote();
  QString shownSource() const { return shownSource_; }
  // The source in front ("Image", "Learn"...; sources it starts are included: "Learn (2D)"). Its newest
  // report is shown at once; others' reports are shown only while it has none. Empty: show every report.
  void setForeground(const QString& source);

public slots:
  void showReport(const QString& source, const spectrascope::ExecutionReport& report);

private:
  bool isForeground(const QString& source) const;
  void display(const QString& source, const ExecutionReport& report);
  void fillRow(int row, const KernelRecord& r, int kernelIndex);

  QLabel* heading_ = nullptr;
  TimelineView* timeline_ = nullptr;
  QLabel* legend_ = nullptr;
  QTableWidget* table_ = nullptr;
  ExecutionReport report_;
  QString shownSource_;
  QString foreground_;
  struct Latest
  {
    quint64 sequence = 0; // which came last
    ExecutionReport report;
  };
  QMap<QString, Latest> latest_; // per source
  quint64 sequence_ = 0;
};

} // namespace spectrascope::ui
