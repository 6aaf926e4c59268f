#pragma once
// How the planner shapes one launch of the pass kernels, and how it splits an axis into launches: the
// radix and work-items of a line, the lines a work-group takes and how they are mapped, the rounds of an
// exchange through local memory, and what fits in it. StockhamPlanner.cpp plans axes from these;
// ConvolutionRoutes.cpp costs convolution stages with them. Why each choice is what it is (the
// measurements) is said in LaunchShapes.cpp. Internal to the planner: pure arithmetic, no OpenCL calls.

#include "StockhamPlanner.h"

#include <cstddef>
#include <vector>

namespace spectrascope::detail {

// Lanes of a warp (NVIDIA's 32; a wavefront of 64 holds two).
constexpr std::size_t kWarpLanes = 32;
// The least output pairs a work-item of a team pass computes where planAxis takes one (teamSpanFor says
// why).
constexpr std::size_t kLeastTeamSpan = 5;
// A team pass's convolution form runs on lines of this many butterflies (teamProductItems).
constexpr std::size_t kLeastTeamProductItems = 24;
constexpr std::size_t kMostTeamProductItems = 32;
// Sectors of adjacent lines a column launch takes: two, where its exchange holds them in up to four rounds
// (shapePass); four for the last launch of complex rows split in two, which applies the first launch's
// twiddles as it loads (H100, 16 lines of 1024 in four rounds against 8 in two: 2^20 0.431 -> 0.418 ms,
// 2^21 0.463 -> 0.453; but not for a 2D transform's 1024-long columns, 1024 x 1024 0.401 -> 0.424).
// Shorter lines already take 16 (256 work-items a group) and 2048-long ones fit no more than 8.
constexpr std::size_t kColumnSectors = 2;
constexpr std::size_t kLastRowLaunchSectors = 4;

// One launch of the power-of-two kernel (cl/fft_stockham.cl) over `totalLines` lines of `length`: its
// radices, lines a group and exchange rounds. Loads or stores that walk adjacent lines (a strided axis)
// take `columnSectors` 32-byte sectors of them a row where local memory allows; `twiddled`: a later launch
// of a split row, which applies the earlier launch's twiddles.
StockhamPass shapePass(std::size_t length, bool loadAdjacent, bool storeAdjacent, std::size_t totalLines,
                       const DeviceLimits& limits, std::size_t columnSectors, bool twiddled);
// One launch of the mixed-radix kernel (cl/fft_mixed.cl): its local passes (`radices` where the caller
// orders them, as a plane launch does; else the length's own), work-items a line, register values, lines
// a group and exchange rounds. `restRows`: Rader's one-launch convolution that also does the rest of its
// rows (holdWholeRows shapes it further).
StockhamPass shapeMixedPass(std::size_t length, bool loadAdjacent, bool storeAdjacent, std::size_t totalLines,
                            const DeviceLimits& limits, std::vector<int> radices = {}, bool restRows = false);
// Work-items per line of a mixed launch: one per butterfly of its largest radix.
std::size_t mixedThreads(std::size_t length, const DeviceLimits& limits);

// Launch lengths of a power-of-two axis (contiguous rows, or columns) and of a smooth axis on the
// mixed-radix kernel, longest first; the longest launch a mixed length split over several may have.
std::vector<std::size_t> powerOfTwoLaunchLengths(std::size_t n, bool columns, bool realRows,
                                                 const DeviceLimits& limits);
std::vector<std::size_t> mixedLaunchLengths(std::size_t n, bool columns, const DeviceLimits& limits);
std::size_t splitLaunchMaxLength(std::size_t n, const DeviceLimits& limits);
// What a convolution of `length` costs, in values read and written per line: each launch of its two FFTs
// reads and writes the whole line once.
double convolutionCost(std::size_t length, const DeviceLimits& limits);

// Columns too long for a sector of lines in one exchange take that sector in two rounds.
void takeTwoSectors(StockhamPass& p, const DeviceLimits& limits);
// The first launch of Rader's forward FFT in two launches on odd real rows in pairs: one group a whole
// convolution line of nOverL sub-lines, so that its gather reads the rows in order (wholeLineGather).
void holdWholeLinesToGather(StockhamPass& p, std::size_t nOverL, const DeviceLimits& limits);
// Rader's one-launch convolution launch `conv` shaped to hold whole rows of rest.m lines and do the rest's
// passes on them; false where that does not pay or fit. restRegisterValues: the values per work-item of
// its busiest pass then.
bool holdWholeRows(StockhamPass& conv, const RaderRest& rest, const DeviceLimits& limits);
std::size_t restRegisterValues(const StockhamPass& conv, const RaderRest& rest);
// Whether `lines` lines of a team pass on `prime` fit local memory with its scratch.
bool teamFitsLocalMemory(std::size_t length, std::size_t lines, std::size_t prime,
                         const DeviceLimits& limits);

} // namespace spectrascope::detail
