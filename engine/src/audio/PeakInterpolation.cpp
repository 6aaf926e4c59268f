#include "spectrascope/engine/audio/PeakInterpolation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace spectrascope::audio {

InterpolatedPeak interpolatePeak(std::span<const float> values, std::size_t index)
{
  if (index >= values.size()) return {};
  const double b = values[index];
  if (index == 0 || index + 1 >= values.size()) return {double(index), b};
  const double a = values[index - 1], c = values[index + 1];
  const double curvature = a - 2 * b + c;
  if (!(std::abs(curvature) > 1e-12)) return {double(index), b};
  const double offset = std::clamp(0.5 * (a - c) / curvature, -0.5, 0.5);
  return {double(index) + offset, b - 0.25 * (a - c) * offset};
}

std::size_t strongestBin(std::span<const float> values, std::size_t first)
{
  if (first >= values.size()) return 0;
  return std::size_t(std::max_element(values.begin() + std::ptrdiff_t(first), values.end()) - values.begin());
}

NoteName noteFor(double frequencyHz)
{
  static const char* kNames[] = {"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"};
  NoteName note;
  if (!(frequencyHz > 0)) {
    std::snprintf(note.name, sizeof note.name, "-");
    return note;
  }
  // MIDI note number: 69 is A4 = 440 Hz, 12 semitones per octave.
  const double midi = 69.0 + 12.0 * std::log2(frequencyHz / 440.0);
  // Octaves -9..99 (below 0.02 Hz to far beyond any sample rate) are the names that fit; outside them
  // a frequency names no note, and rounding it to an integer could overflow.
  if (!(midi >= -96.5 && midi < 1211.5)) {
    std::snprintf(note.name, sizeof note.name, "-");
    return note;
  }
  const int nearest = int(std::lround(midi));
  note.cents = (midi - double(nearest)) * 100.0;
  const int octave = std::clamp(nearest / 12 - 1 - (nearest < 0 && nearest % 12 ? 1 : 0), -9, 99);
  const int pitch = ((nearest % 12) + 12) % 12;
  std::snprintf(note.name, sizeof note.name, "%s%d", kNames[pitch], octave);
  return note;
}

} // namespace spectrascope::audio
