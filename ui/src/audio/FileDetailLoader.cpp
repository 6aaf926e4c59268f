#include "spectrascope/ui/audio/FileDetailLoader.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/Overview.h"
#include "spectrascope/engine/audio/SoundFilePrefetcher.h"

#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {

// The tiles in `keys`, in order, each read from its stretch of the file; stops between chunks when
// cancelled. A file that can no longer be read (moved, changed) yields no tiles: the view keeps showing
// the overview it has.
void computeTiles(QPromise<audio::LevelTile>& promise, const QString& path, int channel,
                  const std::vector<audio::TileKey>& keys, std::size_t fftSize,
                  std::shared_ptr<Engine> engine)
{
  try {
    audio::SoundFileReader reader(path.toStdString(), audio::ChannelChoice{channel});
    if (!engine) engine = std::make_shared<Engine>("fftw");
    std::vector<float> chunk;
    for (const audio::TileKey& key : keys) {
      if (promise.isCanceled() ||
          !reader.seek(key.index * audio::LevelTileCache::samplesPerTile(fftSize, key.level)))
        return;
      audio::OverviewBuilder builder(*engine, fftSize,
                                     audio::OverviewBuilder::FixedColumns{std::size_t(1) << key.level});
      {
        audio::SoundFilePrefetcher ahead(reader, audio::OverviewBuilder::kChunkFrames,
                                         audio::LevelTileCache::samplesPerTile(fftSize, key.level));
        while (ahead.next(chunk) > 0) {
          if (promise.isCanceled()) return;
          builder.consume(chunk);
        }
      }
      builder.finish(); // a tile that reaches the file's end: its last samples too
      audio::LevelTile tile{key, builder.columns(), builder.bins(), builder.takeDb()};
      if (tile.columns > 0) promise.addResult(std::move(tile));
    }
  } catch (const std::exception& e) {
    qWarning("The detail of %s could not be read: %s", qPrintable(path), e.what());
  }
}

} // namespace

FileDetailLoader::FileDetailLoader(QObject* parent)
    : QObject(parent), cache_(AudioFileOverview::kFftSize, kBudgetBytes)
{
  connect(&job_, &QFutureWatcher<audio::LevelTile>::resultReadyAt, this, &FileDetailLoader::onTile);
  connect(&job_, &QFutureWatcher<audio::LevelTile>::finished, this, &FileDetailLoader::onJobFinished);
}

FileDetailLoader::~FileDetailLoader()
{
  job_.cancel();
  job_.waitForFinished(); // between chunks: short
}

void FileDetailLoader::setFile(const AudioFileOverview& file)
{
  job_.cancel(); // its tiles belong to the previous file: onTile drops them
  file_ = file;
  file_.db = {}; // the facts are enough here; the view holds the levels
  cache_.clear();
  ++generation_;
  level_ = -1;
  askAgain_ = false;
  tilesComputed_ = 0;
}

void FileDetailLoader::request(double startSeconds, double spanSeconds, int pixels,
                               std::shared_ptr<Engine> engine)
{
  wanted_ = {startSeconds, spanSeconds, std::max(1, pixels), std::move(engine)};
  level_ = -1;
  if (file_.path.isEmpty() || file_.sampleRate <= 0 || spanSeconds >= file_.seconds()) return;
  const double samplesPerPixel = spanSeconds * file_.sampleRate / wanted_.pixels;
  if (samplesPerPixel >= file_.samplesPerColumn) return; // the overview has a column per pixel already
  level_ = cache_.levelFor(samplesPerPixel);
  publish(); // what the cache has now
  // What is missing: the visible tiles from the middle out, then one tile either side.
  const auto [first, count] = wantedSamples();
  const std::int64_t perTile = cache_.samplesPerTile(level_);
  std::vector<audio::TileKey> wanted = cache_.tilesFor(level_, first, count, file_.frames);
  const double middle = (double(first) + 0.5 * double(count)) / double(perTile) - 0.5;
  std::stable_sort(wanted.begin(), wanted.end(), [&](const audio::TileKey& a, const audio::TileKey& b) {
    return std::abs(double(a.index) - middle) < std::abs(double(b.index) - middle);
  });
  for (const audio::TileKey& margin :
       cache_.tilesFor(level_, first - perTile, count + 2 * perTile, file_.frames))
    if (std::find(wanted.begin(), wanted.end(), margin) == wanted.end()) wanted.push_back(margin);
  std::vector<audio::TileKey> missing;
  for (const audio::TileKey& key : wanted)
    if (!cache_.find(key)) missing.push_back(key);
  if (missing.empty()) return;
  if (job_.isRunning()) { // the newest view wins: asked again when the job has stopped
    job_.cancel();
    askAgain_ = true;
    return;
  }
  jobGeneration_ = generation_;
  busy_ = true;
  job_.setFuture(
      QtConcurrent::run(computeTiles, file_.path, file_.channel, missing, cache_.fftSize(), wanted_.engine));
}

void FileDetailLoader::onTile(int index)
{
  if (jobGeneration_ != generation_) return; // a tile of the file shown before
  cache_.insert(job_.resultAt(index));
  ++tilesComputed_;
  publish();
}

void FileDetailLoader::onJobFinished()
{
  busy_ = false;
  if (!askAgain_) return;
  askAgain_ = false;
  request(wanted_.start, wanted_.span, wanted_.pixels, wanted_.engine);
}

std::pair<std::int64_t, std::int64_t> FileDetailLoader::wantedSamples() const
{
  return {std::int64_t(wanted_.start * file_.sampleRate), std::int64_t(wanted_.span * file_.sampleRate)};
}

bool FileDetailLoader::publish()
{
  if (level_ < 0) return false;
  const auto [first, count] = wantedSamples();
  const std::vector<audio::TileKey> visible = cache_.tilesFor(level_, first, count, file_.frames);
  if (visible.empty()) return false;
  for (const audio::TileKey& key : visible)
    if (!cache_.find(key)) return false;
  // The visible tiles and the cached neighbours either side, as one contiguous stretch.
  audio::TileKey low = visible.front(), high = visible.back();
  if (low.index > 0 && cache_.find({level_, low.index - 1})) --low.index;
  if (cache_.find({level_, high.index + 1})) ++high.index;
  AudioFileOverview detail = file_;
  detail.samplesPerColumn = int(cache_.samplesPerColumn(level_));
  detail.startSeconds = double(low.index * cache_.samplesPerTile(level_)) / file_.sampleRate;
  detail.columns = 0;
  for (std::int64_t index = low.index; index <= high.index; ++index) {
    const audio::LevelTile* tile = cache_.find({level_, index});
    detail.db.insert(detail.db.end(), tile->db.begin(), tile->db.end());
    detail.columns += int(tile->columns);
    detail.bins = int(tile->bins);
  }
  detail.frames = std::int64_t(detail.columns) * detail.samplesPerColumn;
  emit detailReady(detail);
  return true;
}

} // namespace spectrascope::ui
