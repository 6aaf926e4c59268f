#include "spectrascope/engine/learn/Schedule.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>
#include <numeric>

namespace spectrascope::learn {
namespace {

using Index = std::uint32_t;

void checkSize(std::size_t n)
{
  if (n < 2 || n > kMaxLearnSize || !std::has_single_bit(n))
    throw invalidArgument("N must be a power of two from 2 to " + std::to_string(kMaxLearnSize) + ", got " +
                          std::to_string(n));
}

int log2Of(std::size_t n)
{
  return std::countr_zero(n);
}

Index reverseBits(Index i, int bits)
{
  Index r = 0;
  for (int b = 0; b < bits; ++b)
    r |= ((i >> b) & 1u) << (bits - 1 - b);
  return r;
}

std::vector<Index> identityOrder(std::size_t n)
{
  std::vector<Index> order(n);
  std::iota(order.begin(), order.end(), Index(0));
  return order;
}

std::vector<Index> bitReversedOrder(std::size_t n)
{
  std::vector<Index> order(n);
  for (Index p = 0; p < n; ++p)
    order[p] = reverseBits(p, log2Of(n));
  return order;
}

// Iterative decimation in time with radices r_1..r_S: position p of the loaded array holds the input
// whose mixed-radix digits are p's read in reverse (bit reversal when every radix is 2).
std::vector<Index> digitReversedOrder(std::size_t n, const std::vector<Index>& radices)
{
  std::vector<Index> lengths{1}; // L_s = r_1 ... r_s
  for (Index r : radices)
    lengths.push_back(lengths.back() * r);
  std::vector<Index> order(n);
  for (Index p = 0; p < n; ++p) {
    Index rest = p, index = 0, weight = 1;
    for (std::size_t s = radices.size(); s >= 1; --s) {
      index += rest / lengths[s - 1] * weight;
      rest %= lengths[s - 1];
      weight *= radices[s - 1];
    }
    order[p] = index;
  }
  return order;
}

// Stage s of decimation in time: sub-transforms of length L/r are combined into blocks of length L.
Stage ditStage(std::size_t n, Index radix, Index blockLength)
{
  Stage stage;
  const Index part = blockLength / radix;
  for (Index base = 0; base < n; base += blockLength)
    for (Index k = 0; k < part; ++k) {
      Butterfly b;
      b.radix = std::uint8_t(radix);
      for (Index q = 0; q < radix; ++q) {
        b.inputs[q] = b.outputs[q] = base + q * part + k;
        b.twiddles[q] = {k * q, blockLength};
      }
      stage.butterflies.push_back(b);
    }
  return stage;
}

Schedule decimationInTime(Algorithm algorithm, std::size_t n, const std::vector<Index>& radices)
{
  Schedule s;
  s.algorithm = algorithm;
  s.n = n;
  s.loadOrder = digitReversedOrder(n, radices);
  s.outputOrder = identityOrder(n);
  s.stages.emplace_back();
  Index length = 1;
  for (Index r : radices)
    s.stages.push_back(ditStage(n, r, length *= r));
  return s;
}

Stage difStage(std::size_t n, Index half)
{
  Stage stage;
  for (Index base = 0; base < n; base += 2 * half)
    for (Index k = 0; k < half; ++k) {
      Butterfly b;
      b.twiddleAfter = true;
      b.inputs[0] = b.outputs[0] = base + k;
      b.inputs[1] = b.outputs[1] = base + k + half;
      b.twiddles[0] = {0, 2 * half};
      b.twiddles[1] = {k, 2 * half};
      stage.butterflies.push_back(b);
    }
  return stage;
}

Schedule decimationInFrequency(Algorithm algorithm, std::size_t n)
{
  Schedule s;
  s.algorithm = algorithm;
  s.n = n;
  s.loadOrder = identityOrder(n);
  s.outputOrder = bitReversedOrder(n);
  s.stages.emplace_back();
  for (Index half = Index(n / 2); half >= 1; half /= 2)
    s.stages.push_back(difStage(n, half));
  return s;
}

Schedule stockham(std::size_t n)
{
  Schedule s;
  s.algorithm = Algorithm::Stockham;
  s.n = n;
  s.loadOrder = identityOrder(n);
  s.outputOrder = identityOrder(n);
  s.stages.emplace_back();
  for (Index m = 1; m < n; m *= 2) {
    Stage stage;
    stage.outOfPlace = true;
    for (Index j = 0; j < n / 2; ++j) {
      const Index k = j % m;
      Butterfly b;
      b.inputs[0] = j;
      b.inputs[1] = j + Index(n / 2);
      b.outputs[0] = 2 * j - k;
      b.outputs[1] = 2 * j - k + m;
      b.twiddles[0] = {0, 2 * m};
      b.twiddles[1] = {k, 2 * m};
      stage.butterflies.push_back(b);
    }
    s.stages.push_back(std::move(stage));
  }
  return s;
}

// Which bit of a position each register slot and each work-item bit stands for. Work-item t, register m
// holds the position whose bit registerBits[j] is bit j of m and whose bit itemBits[i] is bit i of t.
// cl/learn_register_exchange.cl keeps the same layout.
struct BitLayout
{
  std::vector<int> registerBits, itemBits;

  Holder holderOf(Index p) const
  {
    Holder h;
    for (std::size_t j = 0; j < registerBits.size(); ++j)
      h.slot |= ((p >> registerBits[j]) & 1u) << j;
    for (std::size_t i = 0; i < itemBits.size(); ++i)
      h.workItem |= ((p >> itemBits[i]) & 1u) << i;
    return h;
  }
};

// The stages of group g are done in registers; before them, register slot j takes over the j-th lowest
// bit the group works on, trading places with the work-item bit that held it.
void bringIntoRegisters(BitLayout& layout, int lowestBit, int count)
{
  for (int j = 0; j < count; ++j) {
    const int wanted = lowestBit + j;
    if (layout.registerBits[j] == wanted) continue;
    auto it = std::find(layout.itemBits.begin(), layout.itemBits.end(), wanted);
    *it = layout.registerBits[j];
    layout.registerBits[j] = wanted;
  }
}

std::vector<Holder> holdersOf(const BitLayout& layout, std::size_t n)
{
  std::vector<Holder> holders(n);
  for (Index p = 0; p < n; ++p)
    holders[p] = layout.holderOf(p);
  return holders;
}

void checkWorkItems(std::size_t n, std::size_t workItems)
{
  const std::size_t perItem = n / std::max<std::size_t>(workItems, 1);
  if (workItems < 1 || !std::has_single_bit(workItems) || workItems > n / 2 ||
      perItem > kMaxValuesPerWorkItem)
    throw invalidArgument("for N = " + std::to_string(n) +
                          " the number of work-items T must be a power of two from " +
                          std::to_string(std::max<std::size_t>(1, n / kMaxValuesPerWorkItem)) + " to " +
                          std::to_string(n / 2) + " (each holds R = N/T values, 2 to " +
                          std::to_string(kMaxValuesPerWorkItem) + "), got " + std::to_string(workItems));
}

Schedule registerExchange(std::size_t n, std::size_t workItems)
{
  checkWorkItems(n, workItems);
  Schedule s = decimationInFrequency(Algorithm::RegisterExchange, n);
  s.workItems = workItems;
  s.valuesPerItem = n / workItems;
  const int bits = log2Of(n), registerBits = log2Of(s.valuesPerItem);
  BitLayout layout;
  for (int j = 0; j < registerBits; ++j)
    layout.registerBits.push_back(bits - registerBits + j);
  for (int i = 0; i < bits - registerBits; ++i)
    layout.itemBits.push_back(i);
  s.stages[0].holders = holdersOf(layout, n);
  for (int stage = 1; stage <= bits; ++stage) {
    if ((stage - 1) % registerBits == 0 && stage > 1) {
      // Stage `stage` starts a group: it and the next ones work on bits bits-stage down to `lowest`.
      const int lowest = std::max(0, bits - stage - registerBits + 1);
      bringIntoRegisters(layout, lowest, bits - stage - lowest + 1);
      const std::vector<Holder>& before = s.stages[stage - 1].holders;
      for (Index p = 0; p < n; ++p)
        if (layout.holderOf(p).workItem != before[p].workItem) s.stages[stage].viaLocalMemory.push_back(p);
    }
    s.stages[stage].holders = holdersOf(layout, n);
  }
  return s;
}

} // namespace

std::complex<double> Twiddle::value() const
{
  // Reduced to the first turn so that k/m = 1/4, 1/2, ... give exact 0 and +-1 components.
  const double turn = double(k % m) / double(m);
  if (turn == 0.0) return {1.0, 0.0};
  if (turn == 0.25) return {0.0, -1.0};
  if (turn == 0.5) return {-1.0, 0.0};
  if (turn == 0.75) return {0.0, 1.0};
  return std::polar(1.0, -2.0 * std::numbers::pi * turn);
}

std::vector<Twiddle> Schedule::twiddlesOf(std::size_t s) const
{
  std::vector<Twiddle> used;
  if (s >= stages.size()) return used;
  auto angle = [](const Twiddle& t) { return double(t.k % t.m) / double(t.m); };
  for (const Butterfly& b : stages[s].butterflies)
    for (int q = 0; q < b.radix; ++q) {
      const Twiddle& t = b.twiddles[q];
      if (std::none_of(used.begin(), used.end(), [&](const Twiddle& u) { return angle(u) == angle(t); }))
        used.push_back(t);
    }
  std::sort(used.begin(), used.end(),
            [&](const Twiddle& a, const Twiddle& b) { return angle(a) < angle(b); });
  return used;
}

Schedule makeSchedule(Algorithm algorithm, std::size_t n, std::size_t workItems)
{
  checkSize(n);
  switch (algorithm) {
  case Algorithm::Radix2Dit:
    return decimationInTime(algorithm, n, std::vector<Index>(log2Of(n), 2));
  case Algorithm::Radix2Dif:
    return decimationInFrequency(algorithm, n);
  case Algorithm::Stockham:
    return stockham(n);
  case Algorithm::Radix4: {
    std::vector<Index> radices(log2Of(n) / 2, 4);
    if (log2Of(n) % 2) radices.push_back(2);
    return decimationInTime(algorithm, n, radices);
  }
  case Algorithm::RegisterExchange:
    return registerExchange(n, workItems ? workItems : defaultWorkItems(n));
  }
  throw invalidArgument("unknown algorithm");
}

} // namespace spectrascope::learn
