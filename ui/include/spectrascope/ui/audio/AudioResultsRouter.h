#pragma once
// Where the Audio tab's analysis results go, and when the views are painted. Every result reaches the
// level meter and the timing feed; the live views take it unless it is stale (made before the FFT size
// changed), the display is frozen, or the spectrum pane shows a short file whole (showWholeFile). A
// display clock (about 60 Hz) paints what arrived since the last tick and, once a second of audio has
// been analysed, hands out the figures line. When no result has come
// for kIdleMs, 2 s (a paused microphone, a paused or finished file, a source that failed), the meter and the
// figures line say that no audio arrives rather than keep the last reading. Behind another tab the clock
// rests.
//
// Threading: GUI thread only; results arrive from the session by queued signal.

#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/SpectrumColumns.h"

#include <QElapsedTimer>
#include <QObject>

class QTimer;

namespace spectrascope::ui {

class AudioControls;
struct AudioFileOverview;
class AudioLiveViews;
class AudioSession;
class LevelMeter;
class TimingFeed;

class AudioResultsRouter : public QObject
{
  Q_OBJECT

public:
  // All of these outlive the router (the tab owns them); `controls` says whether the display is frozen.
  AudioResultsRouter(AudioSession* session, AudioLiveViews* live, LevelMeter* level,
                     const AudioControls* controls, QObject* parent);

  void setTimingFeed(TimingFeed* feed) { timingFeed_ = feed; }
  // The analysis now running: results of another transform size are stale.
  void setAnalysis(const AnalysisSettings& settings) { settings_ = settings; }
  void setResting(bool resting);
  // Another source was chosen: the meter stops showing the last one's level until the new one sends.
  void sourceChanged();
  // A file shorter than one frame: the spectrum pane shows its overview's column and the results of the
  // player's frames (the few samples at a window's edge) go to the level meter only; null ends that.
  void showWholeFile(const AudioFileOverview* file);
  // Another averaging restarted the pane's averages: a whole file shown is shown again (no result will).
  void averagingChanged();
  // The backend the latest result was computed on.
  QString backend() const { return backend_; }

signals:
  // After each display tick's paint.
  void ticked();
  void figuresChanged(const QString& figures);

private:
  void route(const SpectrumColumns& columns);
  void tick();

  AudioSession* session_;
  AudioLiveViews* live_;
  LevelMeter* level_;
  const AudioControls* controls_;
  TimingFeed* timingFeed_ = nullptr;
  QTimer* clock_ = nullptr;
  AnalysisSettings settings_;
  QString backend_;
  QElapsedTimer sinceResult_;
  bool idle_ = false;
  const AudioFileOverview* wholeFile_ = nullptr; // the source's own file, alive while it is shown
  static constexpr int kDisplayIntervalMs = 16; // about 60 frames per second
  // Many capture blocks, even from a source that delivers in bursts: a pause, not a late block.
  static constexpr int kIdleMs = 2000;
};

} // namespace spectrascope::ui
