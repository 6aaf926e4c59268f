#pragma once
// The data flow of one step-by-step FFT: for every stage, which positions each butterfly reads and
// writes and with which twiddle factors, and for register exchange which work-item holds which value.
// The CPU reference, the float CPU path and the diagrams are all driven by this one description; the
// OpenCL kernels (cl/learn_*.cl) implement the same stages independently and are checked against it.

#include "spectrascope/engine/learn/Algorithm.h"

#include <array>
#include <complex>
#include <cstdint>
#include <vector>

namespace spectrascope::learn {

// exp(-2 pi i k / m): kept as a fraction so it can be labelled "W_m^k" and drawn on the unit circle.
struct Twiddle
{
  std::uint32_t k = 0, m = 1;
  std::complex<double> value() const;
  bool operator==(const Twiddle&) const = default;
};

// One DFT_r (r = 2 or 4): reads inputs[0..r), multiplies them by twiddles (or, with twiddleAfter, the
// DFT's outputs), and writes outputs[0..r): out[q] = sum_j in[j] exp(-2 pi i q j / r).
struct Butterfly
{
  std::uint8_t radix = 2;
  bool twiddleAfter = false; // decimation in frequency: the outputs are multiplied
  std::array<std::uint32_t, 4> inputs{};
  std::array<std::uint32_t, 4> outputs{};
  std::array<Twiddle, 4> twiddles{};
};

// Register exchange: value at a position sits in register `slot` of work-item `workItem`.
struct Holder
{
  std::uint32_t workItem = 0, slot = 0;
  bool operator==(const Holder&) const = default;
};

struct Stage
{
  std::vector<Butterfly> butterflies; // empty for stage 0 (the load)
  bool outOfPlace = false;            // Stockham: reads one buffer, writes the other
  // Register exchange only: who holds each position after this stage, and which positions changed
  // work-item (through local memory) just before it.
  std::vector<Holder> holders;
  std::vector<std::uint32_t> viaLocalMemory;
};

struct Schedule
{
  Algorithm algorithm = Algorithm::Radix2Dit;
  std::size_t n = 0;
  std::size_t workItems = 0;              // register exchange: T
  std::size_t valuesPerItem = 0;          // register exchange: R = N / T
  std::vector<std::uint32_t> loadOrder;   // stage 0 position p holds input[loadOrder[p]]
  std::vector<std::uint32_t> outputOrder; // X[k] is at position outputOrder[k] of the last stage
  std::vector<Stage> stages;              // stages[0] is the load; then one per butterfly stage

  std::size_t lastStage() const { return stages.size() - 1; }
  // The distinct twiddle factors stage s uses, by increasing angle.
  std::vector<Twiddle> twiddlesOf(std::size_t s) const;
};

// Throws EngineError(InvalidArgument) with a message a person can act on when n is not a power of two
// in 2..kMaxLearnSize, or workItems does not fit n (0 = defaultWorkItems(n); ignored but for register
// exchange).
Schedule makeSchedule(Algorithm algorithm, std::size_t n, std::size_t workItems = 0);

} // namespace spectrascope::learn
