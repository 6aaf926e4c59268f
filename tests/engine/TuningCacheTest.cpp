// The per-device tuning file: the shape format, the nearest-batch lookup, the mark of a search its budget
// cut short (and files from before it), and that a file written for another device, driver or kernel
// version, or a damaged one, is never trusted.

#include "spectrascope/engine/PlanTuning.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <random>

using namespace spectrascope;

namespace {

std::filesystem::path freshDirectory()
{
  static std::mt19937_64 random(std::random_device{}());
  const auto dir =
      std::filesystem::temp_directory_path() / ("spectrascope-tuning-" + std::to_string(random()));
  std::filesystem::remove_all(dir);
  return dir;
}

PlanShape someShape()
{
  PlanShape s;
  s.maxRadix = 8;
  s.groupSize = 128;
  s.stridedGroupSize = 512;
  s.adjacentLines = 8;
  s.maxPassLength = 1024;
  s.localMemory = 16384;
  s.balancedValues = 20;
  return s;
}

std::string fileText(const std::filesystem::path& file)
{
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST(PlanShape, TextRoundTrips)
{
  const PlanShape s = someShape();
  EXPECT_EQ(s.toString(),
            "radix=8 group=128 strided=512 lines=8 pass=1024 local=16384 first=0 conv=0 balanced=20 rader=0");
  EXPECT_EQ(PlanShape::parse(s.toString()), s);
  EXPECT_TRUE(PlanShape::parse(PlanShape{}.toString())->isDefault());
}

// The last three were written before a knob existed (the splits', balanced=, then rader=): searched
// again.
TEST(PlanShape, RejectsMalformedText)
{
  for (const char* bad :
       {"", "radix=8", "radix=8 group=128 strided=512 lines=8 pass=x",
        "radix=8 group=128 strided=512 lines=8 pass=1024 local=0 first=0 conv=0 balanced=0 colour=3",
        "radix 8 group=1", "radix=8 group=128 strided=512 lines=8 pass=1024 local=0",
        "radix=8 group=128 strided=512 lines=8 pass=1024 local=0 first=0 conv=0",
        "radix=8 group=128 strided=512 lines=8 pass=1024 local=0 first=0 conv=0 balanced=0"})
    EXPECT_FALSE(PlanShape::parse(bad)) << bad;
}

TEST(TuningCache, StoredShapeSurvivesANewInstance)
{
  const auto dir = freshDirectory();
  const TransformDescriptor d = TransformDescriptor::complex1d(1024, 32768);
  {
    TuningCache cache(dir, "device A|driver 1");
    EXPECT_FALSE(cache.find(d));
    cache.store(d, someShape(), 0.135);
  }
  TuningCache again(dir, "device A|driver 1");
  ASSERT_TRUE(again.find(d));
  EXPECT_EQ(*again.find(d), someShape());
  EXPECT_EQ(again.size(), 1u);
}

// The Benchmark window tunes on a backend of its own while the tabs' backend keeps running: what it
// stores reaches the running one's next plans, and the running one's own stores keep it.
TEST(TuningCache, ShapesStoredByAnotherInstanceAreSeenAndKept)
{
  const auto dir = freshDirectory();
  const TransformDescriptor a = TransformDescriptor::complex1d(1024, 4),
                            b = TransformDescriptor::complex1d(4096);
  TuningCache running(dir, "device X|driver 1");
  EXPECT_FALSE(running.find(a));
  TuningCache tuner(dir, "device X|driver 1");
  tuner.store(a, someShape(), 0.5);
  ASSERT_TRUE(running.find(a));
  EXPECT_EQ(*running.find(a), someShape());
  PlanShape other;
  other.maxRadix = 4;
  running.store(b, other, 0.25);
  EXPECT_EQ(running.size(), 2u);
  EXPECT_EQ(TuningCache(dir, "device X|driver 1").size(), 2u);
  std::filesystem::remove_all(dir);
}

TEST(TuningCache, InverseAndOtherBatchesShareTheNearestShape)
{
  TuningCache cache(freshDirectory(), "device A");
  PlanShape small = someShape(), large = someShape();
  small.groupSize = 32;
  cache.store(TransformDescriptor::complex1d(4096, 4), small, 0.01);
  cache.store(TransformDescriptor::complex1d(4096, 8192), large, 0.14);
  EXPECT_EQ(*cache.find(TransformDescriptor::complex1d(4096, 2, Direction::Inverse)), small);
  EXPECT_EQ(*cache.find(TransformDescriptor::complex1d(4096, 4096)), large);
  EXPECT_FALSE(cache.find(TransformDescriptor::complex1d(2048, 8192)));
}

TEST(TuningCache, AnotherDeviceOrDriverStartsEmpty)
{
  const auto dir = freshDirectory();
  const TransformDescriptor d = TransformDescriptor::complex2d(256, 256, 512);
  TuningCache(dir, "device A|driver 1").store(d, someShape(), 0.3);
  EXPECT_FALSE(TuningCache(dir, "device A|driver 2").find(d));
  EXPECT_TRUE(TuningCache(dir, "device A|driver 1").find(d));
}

TEST(TuningCache, DamagedLinesAreSkippedAndForeignFilesIgnored)
{
  const auto dir = freshDirectory();
  const TransformDescriptor d = TransformDescriptor::complex1d(64, 1024);
  TuningCache cache(dir, "device A");
  cache.store(d, someShape(), 0.2);
  {
    std::ofstream append(cache.file(), std::ios::app);
    append << "c2c 128x1x1 inplace\tnot-a-number\tradix=8\t1\n"
           << "garbage line without tabs\n";
  }
  TuningCache reread(dir, "device A");
  EXPECT_EQ(reread.size(), 1u);
  EXPECT_EQ(*reread.find(d), someShape());

  std::ofstream(cache.file(), std::ios::trunc)
      << "# device B\n"
      << "c2c 64x1x1 inplace\t1024\t" << someShape().toString() << "\t0.2\n";
  EXPECT_FALSE(TuningCache(dir, "device A").find(d));
}

// A budgeted search's choice is used like any other, keeps its mark across starts, and a complete search's
// choice for the same transform replaces both.
TEST(TuningCache, PartialSearchesAreMarkedUntilReplaced)
{
  const auto dir = freshDirectory();
  const TransformDescriptor d = TransformDescriptor::complex1d(2048, 16);
  TuningCache(dir, "device A").store(d, someShape(), 0.4, true);
  TuningCache reread(dir, "device A");
  ASSERT_TRUE(reread.find(d));
  EXPECT_EQ(*reread.find(d), someShape());
  EXPECT_TRUE(reread.isPartial(d));
  EXPECT_FALSE(reread.isPartial(TransformDescriptor::complex1d(2048, 32))); // nearest batch: not this one
  EXPECT_NE(fileText(reread.file()).find("\tpartial\n"), std::string::npos);

  reread.store(d, PlanShape{}, 0.3);
  EXPECT_FALSE(TuningCache(dir, "device A").isPartial(d));
  EXPECT_TRUE(TuningCache(dir, "device A").find(d)->isDefault());
  std::filesystem::remove_all(dir);
}

// Files written before the mark existed have four fields a line: read as complete searches. A fifth field
// that is not the mark makes the line damaged.
TEST(TuningCache, FourFieldLinesAreReadAndUnknownMarksSkipped)
{
  const auto dir = freshDirectory();
  const TransformDescriptor four = TransformDescriptor::complex1d(64, 1024),
                            odd = TransformDescriptor::complex1d(128, 1024);
  TuningCache cache(dir, "device A");
  cache.store(four, PlanShape{}, 0.1); // creates the file
  std::ofstream(cache.file(), std::ios::trunc)
      << "# device A\n"
      << "c2c 64x1x1 outofplace\t1024\t" << someShape().toString() << "\t0.2\n"
      << "c2c 128x1x1 outofplace\t1024\t" << someShape().toString() << "\t0.2\tsomeday\n";
  TuningCache reread(dir, "device A");
  ASSERT_TRUE(reread.find(four));
  EXPECT_EQ(*reread.find(four), someShape());
  EXPECT_FALSE(reread.isPartial(four));
  EXPECT_FALSE(reread.find(odd));
  EXPECT_EQ(reread.size(), 1u);
  std::filesystem::remove_all(dir);
}
