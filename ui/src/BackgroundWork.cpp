#include "spectrascope/ui/BackgroundWork.h"

#include <QCoreApplication>
#include <QThreadPool>

namespace spectrascope::ui {
namespace {

// One thread; waitAtExit (a function waiting for this pool) runs when the application object goes.
struct OneThreadPool : QThreadPool
{
  explicit OneThreadPool(void (*waitAtExit)())
  {
    setMaxThreadCount(1);
    qAddPostRoutine(waitAtExit);
  }
};

void waitForEngineSetup()
{
  engineSetupPool().waitForDone();
}

void waitForLearnSteps()
{
  learnStepsPool().waitForDone();
}

} // namespace

QThreadPool& engineSetupPool()
{
  static OneThreadPool pool(&waitForEngineSetup);
  return pool;
}

QThreadPool& learnStepsPool()
{
  static OneThreadPool pool(&waitForLearnSteps);
  return pool;
}

} // namespace spectrascope::ui
