#pragma once
// Test signals for the step-by-step FFT: impulse, step, sine:K, two tones, random:SEED.

#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spectrascope::learn {

struct SignalSpec
{
  enum class Kind { Impulse, Step, Sine, TwoTones, Random } kind = Kind::Impulse;
  int frequency = 1;       // sine: cycles per N samples; two tones: the first tone
  int secondFrequency = 5; // two tones: the second tone, at half the amplitude
  std::uint64_t seed = 1;  // random
};

// impulse: x[0] = 1. step: 0 before N/2, 1 from N/2 on. sine:K: sin(2 pi K n / N).
// two-tones:K1,K2: cos(2 pi K1 n / N) + 0.5 cos(2 pi K2 n / N). random:SEED: re and im uniform in
// [-0.5, 0.5), reproducible.
std::vector<std::complex<double>> generateSignal(const SignalSpec& spec, std::size_t n);

// Parses "impulse", "step", "sine:K", "two-tones:K1,K2", "random:SEED". Returns nothing when the text
// names none of them (it may be a file name); throws EngineError(InvalidArgument) when it starts like
// one but is malformed ("sine:x").
std::optional<SignalSpec> parseSignalSpec(const std::string& text);

std::string signalSpecText(const SignalSpec& spec);

} // namespace spectrascope::learn
