#include "spectrascope/ui/learn/StepsComputation.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/ui/BackgroundWork.h"
#include "spectrascope/ui/learn/RowColumnView.h"

#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace spectrascope::ui {

// The runner lives as long as some job or the computation needs it; only the jobs' thread touches it.
struct StepsComputation::RunnerCache
{
  QString backend;
  std::unique_ptr<spectrascope::learn::StepRunner> runner;

  // Opens the device on the first job and again when the backend changes.
  spectrascope::learn::StepRunner& runnerFor(const QString& wanted)
  {
    if (!runner || backend != wanted) {
      runner.reset();
      runner = std::make_unique<spectrascope::learn::StepRunner>(wanted.toStdString());
      backend = wanted;
    }
    return *runner;
  }
};

StepsComputation::StepsComputation(QObject* parent)
    : QObject(parent), runner_(std::make_shared<RunnerCache>())
{
  connect(&watcher_, &QFutureWatcher<StepsOutcome>::finished, this, &StepsComputation::onFinished);
  connect(&imageWatcher_, &QFutureWatcher<RowColumnOutcome>::finished, this,
          &StepsComputation::onImageFinished);
}

StepsComputation::~StepsComputation() = default;

void StepsComputation::request(Request request)
{
  if (watcher_.isRunning()) {
    pending_ = std::move(request);
    return;
  }
  launch(std::move(request));
}

void StepsComputation::launch(Request request)
{
  std::shared_ptr<RunnerCache> cache = runner_;
  watcher_.setFuture(QtConcurrent::run(&learnStepsPool(), [request = std::move(request), cache] {
    StepsOutcome outcome;
    try {
      const auto schedule =
          spectrascope::learn::makeSchedule(request.algorithm, request.n, request.workItems);
      spectrascope::learn::StepRunner& runner = cache->runnerFor(request.backend);
      outcome.fallbackReason = QString::fromStdString(runner.fallbackReason());
      outcome.result =
          std::make_shared<const spectrascope::learn::StepsResult>(runner.run(schedule, request.input));
      outcome.directDft = spectrascope::learn::directDft(request.input);
    } catch (const std::exception& e) {
      outcome.error = QString::fromStdString(e.what());
    }
    return outcome;
  }));
  emit busyChanged(true);
}

void StepsComputation::onFinished()
{
  const StepsOutcome outcome = watcher_.result();
  if (pending_) {
    Request next = std::move(*pending_);
    pending_.reset();
    launch(std::move(next)); // the older result is stale: drop it
    return;
  }
  emit busyChanged(false);
  emit finished(outcome);
}

void StepsComputation::requestImage(ImageRequest request)
{
  if (imageWatcher_.isRunning()) {
    pendingImage_ = std::move(request);
    return;
  }
  launchImage(std::move(request));
}

void StepsComputation::launchImage(ImageRequest request)
{
  std::shared_ptr<RunnerCache> cache = runner_;
  imageWatcher_.setFuture(QtConcurrent::run(&learnStepsPool(), [request = std::move(request), cache] {
    RowColumnOutcome outcome;
    try {
      const std::vector<float> pixels = squareLuminance(request.image, int(request.side));
      outcome.result = std::make_shared<const spectrascope::learn::RowColumnPasses>(
          cache->runnerFor(request.backend).runRowColumn(pixels, request.side, request.side));
    } catch (const std::exception& e) {
      outcome.error = QString::fromStdString(e.what());
    }
    return outcome;
  }));
}

void StepsComputation::onImageFinished()
{
  const RowColumnOutcome outcome = imageWatcher_.result();
  if (pendingImage_) {
    ImageRequest next = std::move(*pendingImage_);
    pendingImage_.reset();
    launchImage(std::move(next)); // the older result is stale: drop it
    return;
  }
  emit imageFinished(outcome);
}

} // namespace spectrascope::ui
