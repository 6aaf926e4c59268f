#include "spectrascope/ui/audio/AudioResultsRouter.h"

#include "spectrascope/ui/audio/AudioControls.h"
#include "spectrascope/ui/audio/AudioLiveViews.h"
#include "spectrascope/ui/audio/AudioSession.h"
#include "spectrascope/ui/audio/LevelMeter.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QTimer>

namespace spectrascope::ui {

AudioResultsRouter::AudioResultsRouter(AudioSession* session, AudioLiveViews* live, LevelMeter* level,
                                       const AudioControls* controls, QObject* parent)
    : QObject(parent), session_(session), live_(live), level_(level), controls_(controls)
{
  connect(session_, &AudioSession::columnsReady, this, &AudioResultsRouter::route);
  clock_ = new QTimer(this);
  connect(clock_, &QTimer::timeout, this, &AudioResultsRouter::tick);
  clock_->start(kDisplayIntervalMs);
  sinceResult_.start(); // a source that never sends a result is idle too, not a reading of -inf dBFS
}

void AudioResultsRouter::setResting(bool resting)
{
  if (resting) {
    clock_->stop();
  } else {
    clock_->start(kDisplayIntervalMs);
    if (sinceResult_.isValid()) sinceResult_.start(); // the source wakes with the tab
  }
}

// A file opened paused sends nothing, and the meter kept the generator's "peak -6.0 dBFS" over it until
// the idle time had passed (a screenshot of a silent file showed the generator's level).
void AudioResultsRouter::sourceChanged()
{
  level_->setIdle();
  if (sinceResult_.isValid()) sinceResult_.start(); // the idle time counts from the new source's start
}

void AudioResultsRouter::showWholeFile(const AudioFileOverview* file)
{
  wholeFile_ = file;
  live_->showWholeFile(file);
}

void AudioResultsRouter::averagingChanged()
{
  if (wholeFile_) live_->showWholeFile(wholeFile_);
}

void AudioResultsRouter::route(const SpectrumColumns& columns)
{
  session_->resultConsumed(); // the worker may send the next
  sinceResult_.start();
  idle_ = false;
  level_->setLevel(columns.rmsDbfs, columns.peakDbfs);
  backend_ = columns.backend;
  if (columns.report && timingFeed_) timingFeed_->publish(tr("Audio"), *columns.report);
  if (columns.fftSize != settings_.fftSize * settings_.zeroPadding) return; // made before the size changed
  if (controls_->isFrozen() || wholeFile_) return;
  live_->addColumns(columns);
}

void AudioResultsRouter::tick()
{
  live_->repaintViews();
  emit ticked();
  const QString figures = live_->takeFigures(backend_, settings_, session_->droppedResults());
  if (!figures.isEmpty()) emit figuresChanged(figures);
  if (!idle_ && sinceResult_.isValid() && sinceResult_.elapsed() > kIdleMs) {
    idle_ = true;
    level_->setIdle();
    emit figuresChanged(tr("No audio arriving from the input: paused, at its end, or not started."));
  }
}

} // namespace spectrascope::ui
