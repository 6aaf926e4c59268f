#pragma once
// Runs the phase lesson (imaging::PhaseLesson) off the GUI thread: both pictures to luminance at a
// working size, six transforms on the engine, results back as 8-bit grey pictures.
//
// Threading contract: create and call it on the GUI thread; `finished` arrives there. Jobs run on the
// Learn tab's one background thread (learnStepsPool: one OpenCL user at a time), latest request wins,
// and a job holds no pointer to this object, so destroying it while one runs only drops the result.

#include <QFutureWatcher>
#include <QImage>
#include <QObject>

#include <memory>
#include <optional>

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

struct PhaseLessonOutcome
{
  QImage pictureA, magnitudeOnly, phaseOnly; // the picture as transformed (grey, working size)
  QImage pictureB, magnitudeAPhaseB, magnitudeBPhaseA;
  QString computedBy; // "FFTW", or the OpenCL device
  QString error;
};

class PhaseLessonComputation : public QObject
{
  Q_OBJECT

public:
  // The longer side of the pictures as transformed: large enough to recognise, small enough to be quick.
  static constexpr int kWorkingSide = 256;

  explicit PhaseLessonComputation(QObject* parent = nullptr);

  // `engine` null: FFTW (the engine is still being created).
  void request(const QImage& a, const QImage& b, std::shared_ptr<Engine> engine);
  // From request() until the newest result is handed over.
  bool isBusy() const { return busy_; }

  // `b` scaled and cut to `a`'s size, filling it; `a` at most kWorkingSide on its longer side.
  static QImage workingCopy(const QImage& a);
  static QSize workingSize(QSize a);
  static QImage matched(const QImage& b, QSize size);

signals:
  void finished(const spectrascope::ui::PhaseLessonOutcome& outcome);

private:
  struct Request
  {
    QImage a, b;
    std::shared_ptr<Engine> engine;
  };
  void launch(Request request);
  void onFinished();

  std::optional<Request> pending_;
  bool busy_ = false;
  QFutureWatcher<PhaseLessonOutcome> watcher_;
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::PhaseLessonOutcome)
