// The multi-resolution cache of a long file's levels: which level serves a zoom, which tiles cover a
// stretch, least-recently-used eviction within the budget, and tiles built with fixed columns.

#include "spectrascope/engine/audio/LevelTiles.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/Overview.h"
#include "spectrascope/engine/audio/Stft.h"

#include "OverviewReference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

using namespace spectrascope;
using namespace spectrascope::audio;

namespace {
LevelTile tileOf(int level, std::int64_t index, std::size_t floats)
{
  return {{level, index}, 1, floats, std::vector<float>(floats, 0.0f)};
}
} // namespace

TEST(LevelTileCache, EveryPixelGetsAColumnOfItsOwn)
{
  const LevelTileCache cache(2048, 1 << 20);
  EXPECT_EQ(cache.levelFor(100), 0) << "finer than a frame: frames";
  EXPECT_EQ(cache.levelFor(2048), 0);
  EXPECT_EQ(cache.levelFor(4095), 0);
  EXPECT_EQ(cache.levelFor(4096), 1);
  EXPECT_EQ(cache.levelFor(100000), 5) << "2048 * 32 = 65536 <= 100000 < 131072";
  for (double spp : {3000.0, 70000.0, 1e6})
    EXPECT_LE(double(cache.samplesPerColumn(cache.levelFor(spp))), spp);
}

TEST(LevelTileCache, TilesCoverTheStretchAndStopAtTheFilesEnd)
{
  const LevelTileCache cache(2048, 1 << 20);
  const std::int64_t perTile = cache.samplesPerTile(1); // 2048 * 2 * 256
  ASSERT_EQ(perTile, 1048576);
  auto keys = cache.tilesFor(1, perTile - 10, 20, 100 * perTile);
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0], (TileKey{1, 0}));
  EXPECT_EQ(keys[1], (TileKey{1, 1}));
  keys = cache.tilesFor(1, -5 * perTile, 7 * perTile, 3 * perTile + 5); // before the start, past the end
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys.back(), (TileKey{1, 1}));
  keys = cache.tilesFor(1, 0, 100 * perTile, 3 * perTile + 5);
  EXPECT_EQ(keys.size(), 4u) << "the last, partial tile is one too";
}

TEST(LevelTileCache, EvictsTheLeastRecentlyUsedBeyondItsBudget)
{
  LevelTileCache cache(2048, 3 * 1000 * sizeof(float));
  cache.insert(tileOf(0, 0, 1000));
  cache.insert(tileOf(0, 1, 1000));
  cache.insert(tileOf(0, 2, 1000));
  EXPECT_EQ(cache.size(), 3u);
  ASSERT_NE(cache.find({0, 0}), nullptr); // used: now the most recent
  cache.insert(tileOf(1, 0, 1000));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find({0, 1}), nullptr) << "the least recently used goes";
  EXPECT_NE(cache.find({0, 0}), nullptr);
  EXPECT_NE(cache.find({0, 2}), nullptr);
  EXPECT_NE(cache.find({1, 0}), nullptr);
  EXPECT_LE(cache.bytes(), cache.budgetBytes());
  cache.insert(tileOf(0, 2, 500)); // replaced, not added
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.bytes(), 2500 * sizeof(float));
  cache.insert(tileOf(2, 0, 5000)); // alone over the budget: kept, everything else goes
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_NE(cache.find({2, 0}), nullptr);
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.bytes(), 0u);
}

TEST(LevelTileCache, FixedColumnsHoldTheLoudestOfTheirFrames)
{
  Engine engine("fftw");
  constexpr std::size_t kFft = 256, kFrames = 4;
  std::vector<float> x(kFft * 37 + 100);     // 37 frames: 9 whole columns and one of a single frame
  for (std::size_t i = 0; i < x.size(); ++i) // a click in frame 13 among a quiet tone
    x[i] = float(0.01 * std::sin(2 * std::numbers::pi * 10 * double(i) / kFft)) +
           (i == 13 * kFft + kFft / 2 ? 1.0f : 0.0f);
  OverviewBuilder builder(engine, kFft, OverviewBuilder::FixedColumns{kFrames});
  builder.consume(std::span<const float>(x).first(1000));
  builder.consume(std::span<const float>(x).subspan(1000));
  EXPECT_EQ(builder.samplesPerColumn(), kFft * kFrames) << "never merged";
  ASSERT_EQ(builder.columns(), 10u);
  test::expectLoudestFramesPerColumn(builder, x, kFft);
  const std::size_t bins = builder.bins();
  EXPECT_GT(builder.db()[3 * bins + bins / 2], -60) << "the click survives in its column";
}
