#pragma once
// Runs a benchmark sweep (gallery::measureVariant / measureHost) on a worker thread, one point at a time,
// and reports each point, the progress and the end by signals that reach the GUI thread queued. cancel()
// takes effect between two timed calls; the destructor cancels and waits, so no signal outlives it.

#include "spectrascope/engine/gallery/GallerySweep.h"

#include <QFuture>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

Q_DECLARE_METATYPE(spectrascope::gallery::SweepPoint)

namespace spectrascope::ui {

struct BenchmarkRequest
{
  // Indices as in "opencl:<index>"; each runs every variant, so devices are compared in one sweep.
  // Empty: FFTW only. The work-group sweep uses the first.
  std::vector<int> openClDevices;
  std::vector<gallery::Variant> variants;
  bool fftw = true;
  std::vector<std::size_t> sizes;
  // Non-empty: the work-group-size sweep of variants.front() at sizes.front(), one point per size.
  std::vector<std::size_t> workGroupSizes;
  double minSeconds = 0.02; // per point; the GUI favours a quick answer over a tight median
};

class BenchmarkRunner : public QObject
{
  Q_OBJECT

public:
  explicit BenchmarkRunner(QObject* parent = nullptr);
  ~BenchmarkRunner() override;

  bool isRunning() const { return future_.isRunning(); }
  // Ignored while a sweep runs.
  void start(const BenchmarkRequest& request);
  void cancel();

signals:
  void pointMeasured(const spectrascope::gallery::SweepPoint& point);
  void progress(int done, int total);
  void finished(bool cancelled, const QString& error);

private:
  void run(BenchmarkRequest request, std::shared_ptr<std::atomic<bool>> cancel);
  void measureAll(const BenchmarkRequest& request, const gallery::SweepSettings& settings);

  QFuture<void> future_;
  std::shared_ptr<std::atomic<bool>> cancel_;
};

} // namespace spectrascope::ui
