#pragma once
// Measures the accuracy of the app's transforms (learn::appTransforms) on one engine, in the background,
// one transform per job so results arrive one by one and the Learn tab's other jobs can run between them.
//
// Threading contract: create and call it on the GUI thread; signals arrive there. Jobs run on the Learn
// tab's one background thread (learnStepsPool). start() while a sweep runs starts over after the current
// transform; cancel() stops after it. A job holds no pointer to this object.

#include "spectrascope/engine/learn/Accuracy.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace spectrascope::ui {

struct AccuracyOutcome
{
  std::size_t index = 0; // into cases()
  spectrascope::learn::AccuracyMeasurement measurement;
  QString error;
};

class AccuracySweep : public QObject
{
  Q_OBJECT

public:
  explicit AccuracySweep(QObject* parent = nullptr);

  const std::vector<spectrascope::learn::AccuracyCase>& cases() const { return cases_; }
  // `engine` null: FFTW (the engine is still being created).
  void start(std::shared_ptr<Engine> engine);
  void cancel();
  // From start() until finished(), whether or not a job is on the thread at this moment.
  bool isRunning() const { return running_; }

  static constexpr std::uint64_t kSeed = 20261121; // the same input every time: results compare run to run

signals:
  void measuring(std::size_t index);
  void measured(const spectrascope::ui::AccuracyOutcome& outcome);
  void finished();

private:
  void launch(std::size_t index);
  void onFinished();

  std::vector<spectrascope::learn::AccuracyCase> cases_;
  std::shared_ptr<Engine> engine_;
  std::size_t next_ = 0;
  bool restart_ = false;
  bool cancelled_ = false;
  bool running_ = false;
  QFutureWatcher<AccuracyOutcome> watcher_;
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::AccuracyOutcome)
