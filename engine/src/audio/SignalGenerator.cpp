#include "spectrascope/engine/audio/SignalGenerator.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace spectrascope::audio {
namespace {
constexpr double kTwoPi = 2 * std::numbers::pi;
// Gaussian noise scaled so that peaks (about 3 sigma) sit near the requested peak level.
constexpr double kNoiseScale = 1.0 / 3.0;
// A level change is spread over this long: short enough to follow a dragged slider, long enough that
// the gain's step is not heard as a click (a 0 -> -40 dB jump on a sine's peak is a full-scale step).
constexpr double kLevelRampSeconds = 0.02;

double gainOf(const GeneratorSettings& s)
{
  return std::pow(10.0, s.levelDbfs / 20.0);
}
} // namespace

void SignalGenerator::setSettings(const GeneratorSettings& settings)
{
  settings_ = settings;
  settings_.sampleRate = std::max(1.0, settings_.sampleRate);
  settings_.chirpSeconds = std::max(0.01, settings_.chirpSeconds);
  const double target = gainOf(settings_);
  if (!started_) gain_ = target;
  gainStep_ = (target - gain_) / std::max(1.0, kLevelRampSeconds * settings_.sampleRate);
}

double SignalGenerator::nextPinkSample()
{
  // Paul Kellet's refined pink noise filter (-3 dB/octave within 0.05 dB above 9 Hz at 44.1 kHz).
  const double white = normal_(random_);
  double* b = pink_;
  b[0] = 0.99886 * b[0] + white * 0.0555179;
  b[1] = 0.99332 * b[1] + white * 0.0750759;
  b[2] = 0.96900 * b[2] + white * 0.1538520;
  b[3] = 0.86650 * b[3] + white * 0.3104856;
  b[4] = 0.55000 * b[4] + white * 0.5329522;
  b[5] = -0.7616 * b[5] - white * 0.0168980;
  const double pink = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + white * 0.5362;
  b[6] = white * 0.115926;
  return pink * 0.11; // the filter's gain is about 9
}

void SignalGenerator::generate(std::span<float> out)
{
  const GeneratorSettings& s = settings_;
  const double targetGain = gainOf(s);
  started_ = true;
  const double dt = 1.0 / s.sampleRate;
  const double nyquist = s.sampleRate / 2;
  const double f1 = std::clamp(s.frequencyHz, 1.0, nyquist),
               f2 = std::clamp(s.secondFrequencyHz, 1.0, nyquist);
  for (float& sample : out) {
    double value = 0;
    switch (s.waveform) {
    case Waveform::Sine:
      value = std::sin(phase_);
      phase_ += kTwoPi * f1 * dt;
      break;
    case Waveform::Square:
      value = std::sin(phase_) >= 0 ? 1.0 : -1.0;
      phase_ += kTwoPi * f1 * dt;
      break;
    case Waveform::TwoTone:
      value = 0.5 * (std::sin(phase_) + std::sin(phase2_));
      phase_ += kTwoPi * f1 * dt;
      phase2_ += kTwoPi * f2 * dt;
      break;
    case Waveform::LinearChirp:
    case Waveform::LogChirp: {
      const double u = std::fmod(time_, s.chirpSeconds) / s.chirpSeconds;
      const double f = s.waveform == Waveform::LinearChirp ? f1 + (f2 - f1) * u : f1 * std::pow(f2 / f1, u);
      value = std::sin(phase_);
      phase_ += kTwoPi * f * dt; // integrating the instantaneous frequency keeps the phase continuous
      break;
    }
    case Waveform::WhiteNoise:
      value = std::clamp(normal_(random_) * kNoiseScale, -1.0, 1.0);
      break;
    case Waveform::PinkNoise:
      value = std::clamp(nextPinkSample() * kNoiseScale, -1.0, 1.0);
      break;
    }
    phase_ = std::fmod(phase_, kTwoPi);
    phase2_ = std::fmod(phase2_, kTwoPi);
    time_ += dt;
    if (gain_ != targetGain) {
      gain_ += gainStep_;
      if (gainStep_ == 0 || (gainStep_ > 0) == (gain_ > targetGain)) gain_ = targetGain; // arrived
    }
    sample = float(gain_ * value);
  }
}

} // namespace spectrascope::audio
