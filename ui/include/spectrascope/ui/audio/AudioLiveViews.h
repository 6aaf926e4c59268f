#pragma once
// The Audio tab's live views, one above the other: the spectrum (averaging and peak hold over every
// analysed frame) and the scrolling spectrogram. Results go in through addColumns(); the views keep the
// latest frame for the peak readout and the analysis cost for the once-a-second figures line.
//
// Threading: GUI thread only.

#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/SpectrumColumns.h"

#include <QSplitter>

#include <cstdint>
#include <vector>

namespace spectrascope::ui {

struct AudioFileOverview;
class SpectrogramView;
class SpectrumView;

class AudioLiveViews : public QSplitter
{
  Q_OBJECT

public:
  explicit AudioLiveViews(QWidget* parent = nullptr);

  SpectrumView* spectrum() const { return spectrum_; }
  SpectrogramView* spectrogram() const { return spectrogram_; }

  // Appends the result's columns to the spectrogram and all its frames to the spectrum's averages. The
  // first result of a new stream (another source, a seek in a file) starts the averages and held peaks
  // afresh: they described the sound before it. Within a stream, frames the worker could not deliver
  // (skipped after a stall) leave a gap of as many empty columns, so that the time axis stays true; so
  // does the time between two streams (a paused microphone, the start of another source).
  void addColumns(const SpectrumColumns& columns);
  // The spectrum pane shows `file`'s one overview column, with the note saying what it is (a file shorter
  // than one frame); null: the note goes, and the next result is shown as usual.
  void showWholeFile(const AudioFileOverview* file);
  // Paints both views with what arrived since the last paint.
  void repaintViews();
  // After at least a second of audio: backend, sizes, analysis cost, latency and paint rate, and the
  // statistics start again; before that an empty string.
  QString takeFigures(const QString& backend, const AnalysisSettings& settings, std::uint64_t droppedResults);
  // The strongest frequency of the latest spectrum (parabolic interpolation), 0 before the first.
  double peakFrequencyHz() const;

private:
  SpectrumView* spectrum_ = nullptr;
  SpectrogramView* spectrogram_ = nullptr;
  double lastAnalysisMs_ = 0, lastAudioMs_ = 0;
  std::vector<float> latestFrame_;
  double latestRate_ = 48000;
  int latestFftSize_ = 0;
  std::int64_t lastFirstSample_ = -1; // where the latest result started in its stream
  std::int64_t nextFirstSample_ = -1; // where the next result starts if no frame is lost between them
  int lastHop_ = 0;
  std::int64_t lastArrivalNs_ = 0; // when the latest result's newest samples arrived
};

} // namespace spectrascope::ui
