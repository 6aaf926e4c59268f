#pragma once
// The zoomed whole-file view's detail: the levels of the stretch in view at (at least) one column per
// pixel, from a multi-resolution tile cache (audio::LevelTileCache, 64 MiB). Tiles the cache lacks are
// computed in the background, the visible ones first (from the middle out) and then one tile either side,
// so a small scroll finds its columns ready; scrolling back or zooming to a level seen before is served
// from the cache at once. detailReady() brings a detail as soon as the whole visible span is covered.
//
// Threading: GUI thread; one background job at a time (a new view cancels it between chunks, then asks
// again). The destructor cancels and waits.

#include "spectrascope/engine/audio/LevelTiles.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <utility>

namespace spectrascope::ui {

class FileDetailLoader : public QObject
{
  Q_OBJECT

public:
  static constexpr std::size_t kBudgetBytes = std::size_t(64) << 20;

  explicit FileDetailLoader(QObject* parent = nullptr);
  ~FileDetailLoader() override;

  // The file whose detail is wanted from now on (its overview gives the facts); empties the cache.
  void setFile(const AudioFileOverview& file);
  // The view shows [startSeconds, startSeconds + spanSeconds) across `pixels` device pixels; the work,
  // if any, runs on `engine` (null: FFTW).
  void request(double startSeconds, double spanSeconds, int pixels, std::shared_ptr<Engine> engine);

  const audio::LevelTileCache& cache() const { return cache_; }
  // Tiles computed since the file was set (a test's way to see the cache serve a view).
  int tilesComputed() const { return tilesComputed_; }
  // From a job's start until its end has been handled here: its future ends before the signals that
  // bring its last tiles and its end arrive, and a cancelled job's end asks for the newest view again.
  bool isBusy() const { return busy_; }

signals:
  void detailReady(const AudioFileOverview& detail);

private:
  struct View
  {
    double start = 0, span = 0;
    int pixels = 0;
    std::shared_ptr<Engine> engine;
  };
  void onTile(int index);
  void onJobFinished();
  // The wanted view in samples of the file: first, count.
  std::pair<std::int64_t, std::int64_t> wantedSamples() const;
  // Emits the detail of the wanted view when the cache covers it; false when tiles are missing.
  bool publish();

  AudioFileOverview file_;
  audio::LevelTileCache cache_;
  View wanted_;
  int level_ = -1; // the wanted view's level, -1 when the overview serves it
  QFutureWatcher<audio::LevelTile> job_;
  bool askAgain_ = false;
  bool busy_ = false;
  int generation_ = 0, jobGeneration_ = 0; // which file's tiles the job computes
  int tilesComputed_ = 0;
};

} // namespace spectrascope::ui
