#include "spectrascope/engine/learn/Signals.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"

#include <charconv>
#include <cmath>
#include <numbers>

namespace spectrascope::learn {
namespace {

template <typename Number> Number parseNumber(std::string_view text, const std::string& what)
{
  Number value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty())
    throw invalidArgument(what + " needs a whole number, got '" + std::string(text) + "'");
  return value;
}

} // namespace

std::vector<std::complex<double>> generateSignal(const SignalSpec& spec, std::size_t n)
{
  std::vector<std::complex<double>> x(n);
  const double step = 2.0 * std::numbers::pi / double(n);
  for (std::size_t i = 0; i < n; ++i) {
    switch (spec.kind) {
    case SignalSpec::Kind::Impulse:
      x[i] = i == 0 ? 1.0 : 0.0;
      break;
    case SignalSpec::Kind::Step:
      x[i] = i >= n / 2 ? 1.0 : 0.0;
      break;
    case SignalSpec::Kind::Sine:
      x[i] = std::sin(step * double(spec.frequency) * double(i));
      break;
    case SignalSpec::Kind::TwoTones:
      x[i] = std::cos(step * double(spec.frequency) * double(i)) +
             0.5 * std::cos(step * double(spec.secondFrequency) * double(i));
      break;
    case SignalSpec::Kind::Random:
      break;
    }
  }
  if (spec.kind == SignalSpec::Kind::Random) {
    const std::vector<float> values = reference::randomSignal(2 * n, spec.seed);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = {values[2 * i], values[2 * i + 1]};
  }
  return x;
}

std::optional<SignalSpec> parseSignalSpec(const std::string& text)
{
  SignalSpec spec;
  if (text == "impulse") return spec;
  if (text == "step") {
    spec.kind = SignalSpec::Kind::Step;
    return spec;
  }
  const std::string_view view(text);
  if (view.starts_with("sine:")) {
    spec.kind = SignalSpec::Kind::Sine;
    spec.frequency = parseNumber<int>(view.substr(5), "sine:K");
    return spec;
  }
  if (view.starts_with("random:")) {
    spec.kind = SignalSpec::Kind::Random;
    spec.seed = parseNumber<std::uint64_t>(view.substr(7), "random:SEED");
    return spec;
  }
  if (view.starts_with("two-tones:")) {
    const std::string_view rest = view.substr(10);
    const std::size_t comma = rest.find(',');
    if (comma == std::string_view::npos)
      throw invalidArgument("two-tones:K1,K2 needs two frequencies, got '" + std::string(rest) + "'");
    spec.kind = SignalSpec::Kind::TwoTones;
    spec.frequency = parseNumber<int>(rest.substr(0, comma), "two-tones:K1,K2");
    spec.secondFrequency = parseNumber<int>(rest.substr(comma + 1), "two-tones:K1,K2");
    return spec;
  }
  return std::nullopt;
}

std::string signalSpecText(const SignalSpec& spec)
{
  switch (spec.kind) {
  case SignalSpec::Kind::Impulse:
    return "impulse";
  case SignalSpec::Kind::Step:
    return "step";
  case SignalSpec::Kind::Sine:
    return "sine:" + std::to_string(spec.frequency);
  case SignalSpec::Kind::TwoTones:
    return "two-tones:" + std::to_string(spec.frequency) + "," + std::to_string(spec.secondFrequency);
  case SignalSpec::Kind::Random:
    return "random:" + std::to_string(spec.seed);
  }
  return "";
}

} // namespace spectrascope::learn
