#pragma once
// Runs step-by-step FFTs off the GUI thread for the Learn tab.
//
// Threading contract: create and call it on the GUI thread; `finished`/`failed` arrive there. Jobs run
// one at a time on a thread of their own (opening an OpenCL device and building kernels take seconds on
// some drivers, and a StepRunner is used by one thread at a time). The latest request wins: requests made
// while a job runs collapse into one, started when it ends; nothing queues without bound. A job holds no
// pointer to this object, so destroying it while a job runs is safe (the result is dropped).
//
// The same holds for the 2D row/column passes of an image (requestImage): they share the stages' thread
// and runner, so both use the same device and never touch it at once.

#include "spectrascope/engine/learn/StepRunner.h"

#include <QFutureWatcher>
#include <QImage>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace spectrascope::ui {

struct StepsOutcome
{
  std::shared_ptr<const spectrascope::learn::StepsResult> result;
  std::vector<spectrascope::learn::Complex> directDft; // of the same input, O(N^2) in double
  // Why the stages ran on the CPU when an OpenCL device was wanted ("auto" found none); else empty.
  QString fallbackReason;
  QString error;
};

struct RowColumnOutcome
{
  std::shared_ptr<const spectrascope::learn::RowColumnPasses> result;
  QString error;
};

class StepsComputation : public QObject
{
  Q_OBJECT

public:
  struct Request
  {
    spectrascope::learn::Algorithm algorithm = spectrascope::learn::Algorithm::Radix2Dit;
    std::size_t n = 8;
    std::size_t workItems = 0; // register exchange; 0 = default
    std::vector<spectrascope::learn::Complex> input;
    QString backend = QStringLiteral("auto");
  };

  struct ImageRequest
  {
    QImage image; // its centred square, scaled to side x side, is transformed (squareLuminance)
    std::size_t side = 0;
    QString backend = QStringLiteral("auto");
  };

  explicit StepsComputation(QObject* parent = nullptr);
  ~StepsComputation() override;

  void request(Request request);
  void requestImage(ImageRequest request);
  bool isBusy() const { return watcher_.isRunning(); }
  bool isImageBusy() const { return imageWatcher_.isRunning(); }

signals:
  void finished(const spectrascope::ui::StepsOutcome& outcome);
  void imageFinished(const spectrascope::ui::RowColumnOutcome& outcome);
  void busyChanged(bool busy);

private:
  struct RunnerCache;
  void launch(Request request);
  void launchImage(ImageRequest request);
  void onFinished();
  void onImageFinished();

  std::shared_ptr<RunnerCache> runner_;
  std::optional<Request> pending_;
  std::optional<ImageRequest> pendingImage_;
  QFutureWatcher<StepsOutcome> watcher_;
  QFutureWatcher<RowColumnOutcome> imageWatcher_;
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::StepsOutcome)
Q_DECLARE_METATYPE(spectrascope::ui::RowColumnOutcome)
