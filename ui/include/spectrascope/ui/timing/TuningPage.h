#pragma once
// The Benchmark window's Tuning page: which transforms "Tune…" searches on the chosen OpenCL devices, a
// table that fills as each is tuned (heuristic and tuned time, gain, the shape chosen, failures in
// words), and the tuning file each device keeps. It runs the TuningRunner; the window owns the buttons,
// progress bar and status line, which it feeds through the signals.

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/ui/timing/TuningRunner.h"

#include <QWidget>

#include <functional>
#include <map>
#include <optional>

class QLabel;
class QTableWidget;

namespace spectrascope::ui {

class TuningPage : public QWidget
{
  Q_OBJECT

public:
  // `devices`: every OpenCL device by index (names, CPU or GPU); it outlives the page.
  TuningPage(const std::map<int, OpenClDeviceInfo>& devices, QWidget* parent = nullptr);

  using InputsSource = std::function<TuningInputs()>;
  void setInputsSource(InputsSource source);
  void setCases(std::vector<TuningCase> cases); // empty: the standard ones again
  std::vector<TuningCase> cases(bool cpuDevice) const;
  // Says what will be tuned on the devices now chosen.
  void showTransforms(const std::vector<int>& chosen);

  void start(const std::vector<int>& chosen);
  void cancel();
  bool isRunning() const;
  QTableWidget* table() const { return table_; }
  const std::vector<TuningRow>& rows() const { return rows_; }
  QStringList cacheFiles() const;

signals:
  void progress(int done, int total);
  void statusChanged(const QString& text);
  void finished(bool cancelled);

private:
  TuningInputs inputs() const;
  bool isCpuDevice(int index) const;
  QString deviceName(int index) const;
  void deviceOpened(int job, const QString& device, const QString& cacheFile);
  void caseStarted(int job, int item);
  void addRow(const TuningRow& row);
  void finish(bool cancelled);
  int tableRow(int job, int item) const;
  void setCell(int row, int column, const QString& text, const QString& tip = {});

  const std::map<int, OpenClDeviceInfo>& devices_;
  TuningRunner* tuner_ = nullptr;
  QLabel* transforms_ = nullptr;
  QTableWidget* table_ = nullptr;
  QLabel* cacheLabel_ = nullptr;
  InputsSource inputsSource_;
  std::optional<std::vector<TuningCase>> customCases_;
  TuningRequest request_;             // the run on show: rows follow its jobs and cases
  std::map<int, QString> cacheFiles_; // by job
  std::vector<TuningRow> rows_;
  std::vector<int> chosen_;
};

} // namespace spectrascope::ui
