#include "spectrascope/engine/audio/LevelTiles.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::audio {

LevelTileCache::LevelTileCache(std::size_t fftSize, std::size_t budgetBytes)
    : fftSize_(std::max<std::size_t>(1, fftSize)), budget_(budgetBytes)
{
}

int LevelTileCache::levelFor(double samplesPerPixel) const
{
  int level = 0;
  while (level < kMaxLevel && double(samplesPerColumn(level + 1)) <= samplesPerPixel)
    ++level;
  return level;
}

std::vector<TileKey> LevelTileCache::tilesFor(int level, std::int64_t first, std::int64_t count,
                                              std::int64_t fileSamples) const
{
  std::vector<TileKey> keys;
  const std::int64_t perTile = samplesPerTile(level);
  const std::int64_t begin = std::clamp<std::int64_t>(first, 0, fileSamples);
  const std::int64_t end = std::clamp<std::int64_t>(first + count, 0, fileSamples);
  for (std::int64_t index = begin / perTile; index * perTile < end; ++index)
    keys.push_back({level, index});
  return keys;
}

const LevelTile* LevelTileCache::find(const TileKey& key)
{
  const auto it = tiles_.find(key);
  if (it == tiles_.end()) return nullptr;
  recency_.splice(recency_.begin(), recency_, it->second.use);
  return &it->second.tile;
}

void LevelTileCache::insert(LevelTile tile)
{
  const TileKey key = tile.key;
  if (const auto it = tiles_.find(key); it != tiles_.end()) {
    bytes_ -= bytesOf(it->second.tile);
    recency_.erase(it->second.use);
    tiles_.erase(it);
  }
  bytes_ += bytesOf(tile);
  recency_.push_front(key);
  tiles_.emplace(key, Entry{std::move(tile), recency_.begin()});
  while (bytes_ > budget_ && tiles_.size() > 1) {
    const auto oldest = tiles_.find(recency_.back());
    bytes_ -= bytesOf(oldest->second.tile);
    tiles_.erase(oldest);
    recency_.pop_back();
  }
}

void LevelTileCache::clear()
{
  tiles_.clear();
  recency_.clear();
  bytes_ = 0;
}

} // namespace spectrascope::audio
