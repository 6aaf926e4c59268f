#include "spectrascope/ui/BackgroundWork.h"

#include <QThreadPool>

namespace spectrascope::ui {
namespace {

struct OneThreadPool : QThreadPool
{
  OneThreadPool() { setMaxThreadCount(1); }
};

} // namespace

QThreadPool& engineSetupPool()
{
  static OneThreadPool pool;
  return pool;
}

QThreadPool& learnStepsPool()
{
  static OneThreadPool pool;
  return pool;
}

void waitForBackgroundWork()
{
  for (QThreadPool* pool : {&engineSetupPool(), &learnStepsPool(), QThreadPool::globalInstance()})
    pool->waitForDone();
}

} // namespace spectrascope::ui
