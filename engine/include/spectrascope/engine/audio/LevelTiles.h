#pragma once
// The levels of a long recording at many zoom levels, kept within a memory budget: a multi-resolution
// cache in the manner of Sonic Visualiser's. Level L has columns of fftSize * 2^L samples (2^L adjacent
// frames max-pooled, so a short event survives at every level); a level is cut into tiles of
// kTileColumns columns, each computed once, on demand, for the stretch a view shows, and kept until the
// budget needs its room (the least recently used goes first). Scrolling back, or zooming out and in
// again, then costs nothing; the whole-file overview stays separate (it is never evicted).
//
// The cache holds data only; computing a tile (reading its stretch of the file, OverviewBuilder with
// fixed columns) is its owner's job, off the GUI thread. One thread at a time.

#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <vector>

namespace spectrascope::audio {

struct TileKey
{
  int level = 0;
  std::int64_t index = 0; // tile `index` of its level: columns [index * kTileColumns, +kTileColumns)
  bool operator==(const TileKey&) const = default;
  bool operator<(const TileKey& o) const { return level != o.level ? level < o.level : index < o.index; }
};

struct LevelTile
{
  TileKey key;
  std::size_t columns = 0; // kTileColumns, fewer at the end of the file
  std::size_t bins = 0;
  std::vector<float> db; // columns * bins, column after column, as OverviewBuilder gives them
};

class LevelTileCache
{
public:
  static constexpr std::size_t kTileColumns = 256;
  static constexpr int kMaxLevel = 24;

  LevelTileCache(std::size_t fftSize, std::size_t budgetBytes);

  // The geometry of the levels, for whoever computes a tile as for the cache itself.
  static std::int64_t samplesPerColumn(std::size_t fftSize, int level)
  {
    return std::int64_t(fftSize) << level;
  }
  static std::int64_t samplesPerTile(std::size_t fftSize, int level)
  {
    return samplesPerColumn(fftSize, level) * std::int64_t(kTileColumns);
  }
  std::size_t fftSize() const { return fftSize_; }
  std::int64_t samplesPerColumn(int level) const { return samplesPerColumn(fftSize_, level); }
  std::int64_t samplesPerTile(int level) const { return samplesPerTile(fftSize_, level); }
  // The coarsest level whose columns are no longer than samplesPerPixel, so every pixel gets at least
  // one column of its own (level 0 when even one frame is wider than a pixel).
  int levelFor(double samplesPerPixel) const;
  // The tiles of `level` that cover samples [first, first + count), of a file of `fileSamples`.
  std::vector<TileKey> tilesFor(int level, std::int64_t first, std::int64_t count,
                                std::int64_t fileSamples) const;

  // The tile, or null; a hit counts as a use.
  const LevelTile* find(const TileKey& key);
  // Keeps the tile (replacing one of the same key) and evicts the least recently used beyond the budget;
  // the newest tile always stays, even when it alone exceeds the budget.
  void insert(LevelTile tile);
  void clear();
  std::size_t bytes() const { return bytes_; }
  std::size_t budgetBytes() const { return budget_; }
  std::size_t size() const { return tiles_.size(); }

private:
  using Recency = std::list<TileKey>; // most recent first
  struct Entry
  {
    LevelTile tile;
    Recency::iterator use;
  };
  static std::size_t bytesOf(const LevelTile& t) { return t.db.size() * sizeof(float); }

  std::size_t fftSize_, budget_, bytes_ = 0;
  std::map<TileKey, Entry> tiles_;
  Recency recency_;
};

} // namespace spectrascope::audio
