#pragma once
// Peak finding on one spectrum row, with parabolic interpolation through the peak bin and its two
// neighbours (on dB values a Gaussian-like main lobe is close to a parabola, so the vertex estimates the
// true frequency to a small fraction of a bin).

#include <cstddef>
#include <span>

namespace spectrascope::audio {

struct InterpolatedPeak
{
  double bin = 0;   // fractional bin index of the vertex
  double value = 0; // the parabola's value there (same unit as the input)
};

// The vertex of the parabola through values[index-1..index+1]; at the edges, or when the three points
// are collinear, the bin itself.
InterpolatedPeak interpolatePeak(std::span<const float> values, std::size_t index);
// Index of the largest value in [first, values.size()); first lets a caller skip DC.
std::size_t strongestBin(std::span<const float> values, std::size_t first = 0);

// Note name of a frequency with A4 = 440 Hz, e.g. "A4", "C#5"; cents is the offset from it (-50..50].
struct NoteName
{
  char name[8] = {};
  double cents = 0;
};
NoteName noteFor(double frequencyHz);

} // namespace spectrascope::audio
