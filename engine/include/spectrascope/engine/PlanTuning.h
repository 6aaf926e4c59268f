#pragma once
// Per-device tuning of the OpenCL plans. The planner's heuristic shapes are good everywhere; a measured
// search over its knobs (like FFTW_MEASURE, or the empirical search of Gu et al.) finds what is fastest on
// one device for one transform. The choice is kept in a per-device cache file so a later start plans
// instantly: `spectrascope-bench --tune` fills it (unbounded), a Measure-mode backend fills it as it plans
// (within a time budget), and every OpenCL plan reads it.

#include "spectrascope/engine/TransformDescriptor.h"

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spectrascope {

// The planner's knobs. Zero means "the planner's heuristic default" for that knob.
struct PlanShape
{
  std::size_t maxRadix = 0;         // largest radix a work-item computes in registers (4, 8, 16 or 32)
  std::size_t groupSize = 0;        // work-items per group for passes over contiguous lines
  std::size_t stridedGroupSize = 0; // work-items per group for passes over adjacent (strided) lines
  std::size_t adjacentLines = 0;    // fewest adjacent lines a strided pass reads together
  std::size_t maxPassLength = 0;    // longest sub-transform of one launch (shorter: more launches)
  std::size_t localMemory = 0;      // bytes of local memory a group may use (less: more groups resident)
  std::size_t firstLaunch = 0;      // first launch's length where an axis takes two (0: the planner's split)
  // The same for the forward FFT of a convolution (Bluestein's or Rader's) in two launches; its inverse
  // takes the split reversed, so the other length is the filter launch's.
  std::size_t convolutionFirstLaunch = 0;
  // Lengths with a factor 2 and odd primes up to 7, whose passes the planner groups into the balanced
  // radices 6 to 24 by a rule of thumb: 1 takes the usual radices instead; 16, 20 or 25 prefers, on every
  // line, groupings whose work-items hold at most that many values (0: the planner's, 25 or for real rows
  // 20).
  std::size_t balancedValues = 0;
  // Rader's stage: 1 in one launch wherever its kernels take it, 2 as its two convolution FFTs (0: the
  // planner's rule, which holds the values a work-item keeps in registers against a limit). Between 32
  // and 46 values the stage's radices do not tell which is faster (docs/benchmarks.md: one launch won 7 and
  // lost 11 of 18 primes), so it is measured.
  std::size_t raderLaunches = 0;

  bool isDefault() const { return *this == PlanShape{}; }
  // "radix=8 group=64 strided=256 lines=4 pass=0 local=0 first=0 conv=0 balanced=0 rader=0": the cache
  // file's format.
  std::string toString() const;
  static std::optional<PlanShape> parse(std::string_view text);
  bool operator==(const PlanShape&) const = default;
};

// How long one tuning search may take, kernel builds included. The heuristic shape is always timed (it is
// the fallback); after it, no candidate is started once the budget is spent, so a search overruns it by at
// most one candidate's build and timing. Under kThoroughTimingBudget each candidate is timed more briefly.
using SearchBudget = std::chrono::milliseconds;
inline constexpr SearchBudget kUnboundedSearch = SearchBudget::max();
inline constexpr SearchBudget kThoroughTimingBudget{5000};

// What one tuning search measured.
struct TuningOutcome
{
  PlanShape chosen;
  double heuristicMs = 0; // the default plan, same measurement
  double chosenMs = 0;
  int candidatesMeasured = 0;
  int candidatesSkipped = 0; // knob values that gave an already measured schedule, or did not fit the device
  double searchMs = 0;       // wall time of the whole search: buffers, kernel builds and timing
  bool budgetExhausted = false; // the budget stopped it with schedules left untimed: `chosen` is the best
                                // of those it timed
};

// The tuned shapes of one device, driver and engine version: a text file, one line per transform
// ("key<TAB>batch<TAB>shape<TAB>ms", then "<TAB>partial" for a search its budget cut short), rewritten
// atomically on every store. An unreadable or foreign file is ignored (and replaced on the next store),
// never trusted.
class TuningCache
{
public:
  // `identity` names the device, driver and kernel sources; it is the file's first line and part of its
  // name, so a driver or kernel update starts a fresh file.
  TuningCache(std::filesystem::path directory, std::string identity);

  // The shape stored for this transform; failing that, one stored for the same kind, sizes and placement
  // with the nearest batch (the best shape depends far more on the sizes than on the batch). A file that
  // another backend (the Benchmark window's Tune, spectrascope-bench --tune) rewrote since is read again
  // first, so plans made from then on use what it found.
  std::optional<PlanShape> find(const TransformDescriptor& d) const;
  // `partial`: a budgeted search that did not time every candidate chose it; it is used like any other
  // shape (so the next start plans instantly), and an unbounded search replaces it.
  void store(const TransformDescriptor& d, const PlanShape& shape, double ms, bool partial = false);
  // Whether the shape stored for exactly this transform and batch came from a search cut short.
  bool isPartial(const TransformDescriptor& d) const;
  std::size_t size() const;
  const std::filesystem::path& file() const { return file_; }

  // "c2c 1024x1x1 inplace": the part of the key that must match; the batch is kept apart.
  static std::string transformKey(const TransformDescriptor& d);

private:
  struct Entry
  {
    PlanShape shape;
    double ms = 0;
    bool partial = false;
  };
  void load() const;
  void reloadIfRewritten() const;
  bool save() const;
  std::filesystem::file_time_type fileTime() const;

  std::filesystem::path file_;
  std::string identity_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::map<std::size_t, Entry>> entries_; // transformKey -> batch -> entry
  mutable std::filesystem::file_time_type loadedTime_{};                // of the file as last read or written
};

} // namespace spectrascope
