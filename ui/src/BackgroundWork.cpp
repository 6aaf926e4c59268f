#include "spectrascope/ui/BackgroundWork.h"

#include <QCoreApplication>
#include <QSettings>
#include <QThreadPool>

#include <cstdio>
#include <cstdlib>

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

void waitForFileWriting()
{
  fileWritingPool().waitForDone();
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

QThreadPool& fileWritingPool()
{
  static OneThreadPool pool(&waitForFileWriting);
  return pool;
}

bool backgroundWorkRunning()
{
  return engineSetupPool().activeThreadCount() > 0 || learnStepsPool().activeThreadCount() > 0 ||
         QThreadPool::globalInstance()->activeThreadCount() > 0;
}

void leavePromptlyIfBusy(int exitCode)
{
  fileWritingPool().waitForDone();
  if (!backgroundWorkRunning()) return;
  QSettings().sync();
  std::fflush(nullptr);
  std::_Exit(exitCode);
}

} // namespace spectrascope::ui
