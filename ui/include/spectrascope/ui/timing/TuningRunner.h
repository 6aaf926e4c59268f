#pragma once
// Runs the planner's per-device tuning search (OpenClBackend::tune) for a list of transforms on one or
// more OpenCL devices on a worker thread, one transform at a time, and reports each outcome, the progress
// and the end by signals that reach the GUI thread queued. Each choice goes to the device's tuning cache
// file, which every later plan on that device reads.
//
// cancel() takes effect between two transforms (one search cannot be interrupted). The job holds no
// pointer to the runner: destroying the runner cancels, the transform being searched finishes on its own
// and nothing more is reported, so closing the window never waits for the device.

#include "spectrascope/engine/TransformDescriptor.h"

#include <QMetaType>
#include <QObject>
#include <QSize>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace spectrascope::ui {

struct TuningCase
{
  QString label; // what the user knows it as, e.g. "Image 1920 × 1080, R2C"
  spectrascope::TransformDescriptor descriptor;
};

// What the app's tabs transform, so tuning covers them: the Image tab's picture (a null size: none
// loaded) and the Audio tab's FFT length.
struct TuningInputs
{
  QSize imageSize;
  int imageChannels = 3; // the Image tab filters R, G, B separately; 1 for a grey picture
  int audioFftSize = 0;  // 0: no Audio tab
};

// The transforms "Tune…" searches on one device: the Image tab's picture as R2C and C2R 2D (one batch
// per channel, as the Image tab's filter), the Audio tab's FFT as a batched 1D R2C, and 1D 1024 and 4096
// and 2D 1024 × 1024 and 2048 × 2048. On a CPU device (PoCL) batches stay small so the run is short; the
// tuning cache applies a shape found at one batch to the other batches of the same sizes.
std::vector<TuningCase> standardTuningCases(const TuningInputs& inputs, bool cpuDevice);

// One line of the tuning table.
struct TuningRow
{
  int job = 0;  // index into TuningRequest::jobs
  int item = 0; // index into that job's cases
  QString device;
  QString caseLabel;
  double heuristicMs = 0;
  double tunedMs = 0;
  QString shape; // "heuristic" when the planner's default stayed fastest
  int measured = 0;
  int skipped = 0;
  double seconds = 0; // the whole search: building and timing every shape
  QString error;      // not empty: this transform was not tuned, and why

  bool ok() const { return error.isEmpty(); }
  double gain() const { return tunedMs > 0 ? heuristicMs / tunedMs : 1.0; }
  // "radix=4 group=128": the knobs the search set; "heuristic" when it set none.
  static QString shapeText(const QString& shape);
};

struct TuningRequest
{
  struct Job
  {
    int device = 0; // as in "opencl:<index>"
    std::vector<TuningCase> cases;
  };
  std::vector<Job> jobs;
};

class TuningRunner : public QObject
{
  Q_OBJECT

public:
  explicit TuningRunner(QObject* parent = nullptr);
  ~TuningRunner() override;

  bool isRunning() const { return running_; }
  // Ignored while a search runs.
  void start(const TuningRequest& request);
  void cancel();

signals:
  // The device of job `job` is open; its choices go to `cacheFile`.
  void deviceOpened(int job, const QString& device, const QString& cacheFile);
  void caseStarted(int job, int item);
  void caseTuned(const spectrascope::ui::TuningRow& row);
  void progress(int done, int total);
  void finished(bool cancelled);

private:
  struct Channel;
  std::shared_ptr<Channel> channel_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  bool running_ = false;
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::TuningRow)
