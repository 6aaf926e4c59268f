#include "spectrascope/ui/learn/PhaseLessonComputation.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/PhaseLesson.h"
#include "spectrascope/ui/BackendOption.h"
#include "spectrascope/ui/BackgroundWork.h"
#include "spectrascope/ui/PlanarImageConversion.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace spectrascope::ui {
namespace {

QImage grey(const imaging::PlanarImage& result, imaging::PhaseLessonDisplay display)
{
  return fromPlanar(imaging::forDisplay(result, display));
}

PhaseLessonOutcome compute(const QImage& a, const QImage& b, std::shared_ptr<Engine> engine)
{
  PhaseLessonOutcome outcome;
  try {
    if (!engine) engine = std::make_shared<Engine>("fftw");
    const QImage workingA = PhaseLessonComputation::workingCopy(a);
    const QImage workingB = PhaseLessonComputation::matched(b, workingA.size());
    const imaging::PlanarImage planeA = toPlanar(workingA, true);
    const imaging::PlanarImage planeB = workingB.isNull() ? imaging::PlanarImage{} : toPlanar(workingB, true);
    const imaging::PhaseLessonResult r = imaging::PhaseLesson(*engine).all(planeA, planeB);
    using Display = imaging::PhaseLessonDisplay;
    outcome.pictureA = workingA.convertToFormat(QImage::Format_Grayscale8);
    outcome.magnitudeOnly = grey(r.magnitudeOnly, Display::Centred);
    outcome.phaseOnly = grey(r.phaseOnly, Display::Stretched);
    if (!workingB.isNull()) {
      outcome.pictureB = workingB.convertToFormat(QImage::Format_Grayscale8);
      outcome.magnitudeAPhaseB = grey(r.magnitudeAPhaseB, Display::Stretched);
      outcome.magnitudeBPhaseA = grey(r.magnitudeBPhaseA, Display::Stretched);
    }
    const QString backend = QString::fromStdString(engine->backendName());
    outcome.computedBy = backend.startsWith(QLatin1String("opencl"))
                             ? QString::fromStdString(engine->deviceName())
                             : backendDisplayName(backend);
  } catch (const std::exception& e) {
    outcome.error = QString::fromUtf8(e.what());
  }
  return outcome;
}

} // namespace

PhaseLessonComputation::PhaseLessonComputation(QObject* parent) : QObject(parent)
{
  connect(&watcher_, &QFutureWatcher<PhaseLessonOutcome>::finished, this,
          &PhaseLessonComputation::onFinished);
}

QSize PhaseLessonComputation::workingSize(QSize a)
{
  if (a.width() <= kWorkingSide && a.height() <= kWorkingSide) return a;
  // A strip keeps a pixel across: scaled by its length alone, 1 x 3000 became 0 x 256, a null picture
  // that the lesson could neither draw its lettering on nor transform.
  const QSize scaled = a.scaled(kWorkingSide, kWorkingSide, Qt::KeepAspectRatio);
  return {std::max(1, scaled.width()), std::max(1, scaled.height())};
}

QImage PhaseLessonComputation::workingCopy(const QImage& a)
{
  const QSize size = workingSize(a.size());
  return size == a.size() ? a : a.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
}

QImage PhaseLessonComputation::matched(const QImage& b, QSize size)
{
  if (b.isNull() || size.isEmpty()) return {};
  const QImage scaled = b.scaled(size, Qt::KeepAspectRatioByExpanding, Qt::SmoothTransformation);
  return scaled.copy((scaled.width() - size.width()) / 2, (scaled.height() - size.height()) / 2, size.width(),
                     size.height());
}

void PhaseLessonComputation::request(const QImage& a, const QImage& b, std::shared_ptr<Engine> engine)
{
  Request request{a, b, std::move(engine)};
  busy_ = true;
  if (watcher_.isRunning()) {
    pending_ = std::move(request);
    return;
  }
  launch(std::move(request));
}

void PhaseLessonComputation::launch(Request request)
{
  watcher_.setFuture(QtConcurrent::run(&learnStepsPool(), [request = std::move(request)] {
    return compute(request.a, request.b, request.engine);
  }));
}

void PhaseLessonComputation::onFinished()
{
  if (pending_) {
    Request next = std::move(*pending_);
    pending_.reset();
    launch(std::move(next)); // the older result is stale: drop it
    return;
  }
  busy_ = false;
  emit finished(watcher_.result());
}

} // namespace spectrascope::ui
