#include "spectrascope/ui/learn/AccuracySweep.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/ui/BackgroundWork.h"

#include <QtConcurrent/QtConcurrentRun>

namespace spectrascope::ui {

AccuracySweep::AccuracySweep(QObject* parent) : QObject(parent), cases_(spectrascope::learn::appTransforms())
{
  connect(&watcher_, &QFutureWatcher<AccuracyOutcome>::finished, this, &AccuracySweep::onFinished);
}

void AccuracySweep::start(std::shared_ptr<Engine> engine)
{
  engine_ = std::move(engine);
  cancelled_ = false;
  running_ = true;
  if (watcher_.isRunning()) {
    restart_ = true; // the running transform finishes first; its result is for the old engine
    return;
  }
  launch(0);
}

void AccuracySweep::cancel()
{
  cancelled_ = true;
}

void AccuracySweep::launch(std::size_t index)
{
  next_ = index + 1;
  emit measuring(index);
  watcher_.setFuture(QtConcurrent::run(&learnStepsPool(), [engine = engine_, which = cases_[index], index] {
    AccuracyOutcome outcome;
    outcome.index = index;
    try {
      const std::shared_ptr<Engine> use = engine ? engine : std::make_shared<Engine>("fftw");
      outcome.measurement = spectrascope::learn::measureAccuracy(*use, which, kSeed);
    } catch (const std::exception& e) {
      outcome.measurement.which = which;
      outcome.error = QString::fromUtf8(e.what());
    }
    return outcome;
  }));
}

void AccuracySweep::onFinished()
{
  if (restart_) {
    restart_ = false;
    launch(0);
    return;
  }
  emit measured(watcher_.result());
  if (!cancelled_ && next_ < cases_.size()) {
    launch(next_);
    return;
  }
  running_ = false;
  emit finished();
}

} // namespace spectrascope::ui
