#include "spectrascope/engine/audio/Window.h"

#include "spectrascope/engine/Errors.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>

namespace spectrascope::audio {
namespace {

constexpr double kDefaultKaiserBeta = 8.6;
// A Gaussian with sigma N/8 is about -72 dB at its edges: narrow enough to be a useful default.
constexpr double kDefaultGaussianSigmaFraction = 1.0 / 8.0;

// scipy.signal.windows.general_cosine evaluated on linspace(-pi, pi, N+1)[:-1], i.e.
// w[n] = sum_k a_k (-1)^k cos(2 pi k n / N).
std::vector<double> generalCosine(std::initializer_list<double> coefficients, std::size_t n)
{
  std::vector<double> w(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const double x = -std::numbers::pi + 2.0 * std::numbers::pi * double(i) / double(n);
    double sum = 0;
    int k = 0;
    for (double a : coefficients)
      sum += a * std::cos(k++ * x);
    w[i] = sum;
  }
  return w;
}

// scipy.signal.windows.kaiser(N+1)[:-1]: I0(beta sqrt(1 - ((n - alpha)/alpha)^2)) / I0(beta), alpha = N/2.
std::vector<double> kaiser(double beta, std::size_t n)
{
  std::vector<double> w(n);
  const double alpha = double(n) / 2.0;
  const double denominator = std::cyl_bessel_i(0.0, beta);
  for (std::size_t i = 0; i < n; ++i) {
    const double r = (double(i) - alpha) / alpha;
    w[i] = std::cyl_bessel_i(0.0, beta * std::sqrt(std::max(0.0, 1.0 - r * r))) / denominator;
  }
  return w;
}

// scipy.signal.windows.gaussian(N+1, std)[:-1]: exp(-(n - N/2)^2 / (2 sigma^2)).
std::vector<double> gaussian(double sigma, std::size_t n)
{
  std::vector<double> w(n);
  const double centre = double(n) / 2.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = double(i) - centre;
    w[i] = std::exp(-d * d / (2.0 * sigma * sigma));
  }
  return w;
}

} // namespace

void checkWindowParameter(const WindowSpec& spec)
{
  const double p = spec.parameter;
  if (p == 0) return;
  char text[160];
  if (spec.type == WindowType::Kaiser && !(p > 0 && p <= kMaxKaiserBeta)) {
    std::snprintf(text, sizeof text, "kaiser needs beta from 0 (exclusive) to %g, got %g", kMaxKaiserBeta, p);
    throw invalidArgument(text);
  }
  if (spec.type == WindowType::Gaussian && !(p >= kMinGaussianSigma && p <= kMaxGaussianSigma)) {
    std::snprintf(text, sizeof text, "gaussian needs sigma from %g to %g samples, got %g", kMinGaussianSigma,
                  kMaxGaussianSigma, p);
    throw invalidArgument(text);
  }
}

std::vector<double> makeWindow(const WindowSpec& spec, std::size_t n)
{
  if (n == 0) throw invalidArgument("a window needs at least one sample");
  checkWindowParameter(spec);
  // Coefficients from scipy.signal.windows (hann/hamming are general_hamming with alpha 0.5 / 0.54).
  switch (spec.type) {
  case WindowType::Rectangular:
    return std::vector<double>(n, 1.0);
  case WindowType::Hann:
    return generalCosine({0.5, 0.5}, n);
  case WindowType::Hamming:
    return generalCosine({0.54, 0.46}, n);
  case WindowType::Blackman:
    return generalCosine({0.42, 0.50, 0.08}, n);
  case WindowType::BlackmanHarris:
    return generalCosine({0.35875, 0.48829, 0.14128, 0.01168}, n);
  case WindowType::FlatTop:
    return generalCosine({0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368}, n);
  case WindowType::Kaiser:
    return kaiser(spec.parameter > 0 ? spec.parameter : kDefaultKaiserBeta, n);
  case WindowType::Gaussian:
    return gaussian(spec.parameter > 0 ? spec.parameter : double(n) * kDefaultGaussianSigmaFraction, n);
  }
  throw invalidArgument("unknown window type");
}

double amplitudeCorrection(const std::vector<double>& window)
{
  return std::accumulate(window.begin(), window.end(), 0.0) / 2.0;
}

namespace {
struct NamedWindow
{
  const char* name;
  WindowType type;
};
constexpr NamedWindow kNames[] = {
    {"rectangular", WindowType::Rectangular},
    {"hann", WindowType::Hann},
    {"hamming", WindowType::Hamming},
    {"blackman", WindowType::Blackman},
    {"blackmanharris", WindowType::BlackmanHarris},
    {"flattop", WindowType::FlatTop},
    {"kaiser", WindowType::Kaiser},
    {"gaussian", WindowType::Gaussian},
};
} // namespace

std::optional<WindowSpec> parseWindow(const std::string& text)
{
  const auto colon = text.find(':');
  std::string name = text.substr(0, colon);
  for (auto& c : name)
    c = char(std::tolower(static_cast<unsigned char>(c)));
  if (name == "boxcar" || name == "rect") name = "rectangular";
  if (name == "hanning") name = "hann";
  for (const auto& entry : kNames) {
    if (name != entry.name) continue;
    WindowSpec spec{entry.type, 0};
    if (colon == std::string::npos) return spec;
    if (entry.type != WindowType::Kaiser && entry.type != WindowType::Gaussian) return std::nullopt;
    try {
      std::size_t used = 0;
      const std::string number = text.substr(colon + 1);
      spec.parameter = std::stod(number, &used);
      if (used != number.size() || !(spec.parameter > 0) || !std::isfinite(spec.parameter))
        return std::nullopt;
    } catch (const std::exception&) {
      return std::nullopt;
    }
    return spec;
  }
  return std::nullopt;
}

std::string windowName(const WindowSpec& spec)
{
  for (const auto& entry : kNames) {
    if (entry.type != spec.type) continue;
    std::string name = entry.name;
    if (spec.parameter > 0) {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, ":%g", spec.parameter);
      name += buffer;
    }
    return name;
  }
  return "unknown";
}

std::vector<std::string> windowNames()
{
  std::vector<std::string> names;
  for (const auto& entry : kNames)
    names.push_back(entry.name);
  return names;
}

} // namespace spectrascope::audio
