#pragma once
// The built-in test signals: sine, two-tone, linear and logarithmic chirps, white and pink noise, square.
// Plain C++ so it is testable without Qt's event loop; phase is continuous across blocks and across
// parameter changes, and a new level is reached by a short ramp (a step in gain is heard as a click).

#include <cstdint>
#include <random>
#include <span>

namespace spectrascope::audio {

enum class Waveform { Sine, TwoTone, LinearChirp, LogChirp, WhiteNoise, PinkNoise, Square };

struct GeneratorSettings
{
  Waveform waveform = Waveform::Sine;
  double frequencyHz = 1000;       // sine, square, first tone, chirp start
  double secondFrequencyHz = 5000; // second tone, chirp end
  double levelDbfs = -6;           // peak level of the whole signal
  double chirpSeconds = 4;         // one sweep, then it starts again
  double sampleRate = 48000;
};

class SignalGenerator
{
public:
  explicit SignalGenerator(const GeneratorSettings& settings = {}) { setSettings(settings); }
  void setSettings(const GeneratorSettings& settings);
  const GeneratorSettings& settings() const { return settings_; }
  void generate(std::span<float> out);

private:
  double nextPinkSample();

  GeneratorSettings settings_;
  double gain_ = 0, gainStep_ = 0; // the level ramps to settings_.levelDbfs by gainStep_ a sample
  bool started_ = false;
  double phase_ = 0, phase2_ = 0, time_ = 0;
  std::mt19937 random_{12345};
  std::normal_distribution<double> normal_{0.0, 1.0};
  double pink_[7] = {}; // Paul Kellet's pink filter state
};

} // namespace spectrascope::audio
