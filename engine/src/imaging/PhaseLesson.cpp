#include "spectrascope/engine/imaging/PhaseLesson.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace spectrascope::imaging {
namespace {

void requireOnePlane(const PlanarImage& image, const char* what)
{
  if (image.width == 0 || image.height == 0 || image.values.size() != image.planeSize() * image.channels)
    throw invalidArgument(std::string(what) + " is empty");
  if (image.channels != 1)
    throw invalidArgument(std::string(what) + " has " + std::to_string(image.channels) +
                          " planes; the phase lesson takes one (luminance)");
}

std::span<float> floats(std::vector<std::complex<float>>& values)
{
  return {reinterpret_cast<float*>(values.data()), values.size() * 2};
}

} // namespace

PhaseLesson::Spectrum PhaseLesson::spectrum(const PlanarImage& image) const
{
  Spectrum values(image.planeSize());
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = image.values[i];
  const auto plan = engine_.plan(TransformDescriptor::complex2d(image.width, image.height));
  Spectrum out(values.size());
  plan->execute(floats(values), floats(out));
  return out;
}

PlanarImage PhaseLesson::inverse(Spectrum spectrum, std::size_t width, std::size_t height) const
{
  const auto plan =
      engine_.plan(TransformDescriptor::complex2d(width, height, 1, Direction::Inverse)); // with 1/N
  Spectrum out(spectrum.size());
  plan->execute(floats(spectrum), floats(out));
  PlanarImage result{width, height, 1, std::vector<float>(out.size())};
  for (std::size_t i = 0; i < out.size(); ++i)
    result.values[i] = out[i].real();
  return result;
}

PhaseLesson::Spectrum PhaseLesson::magnitudes(const Spectrum& s)
{
  Spectrum m(s.size());
  for (std::size_t i = 0; i < s.size(); ++i)
    m[i] = std::abs(s[i]);
  return m;
}

// A bin of magnitude zero has no phase; it gets angle 0 so that every bin has magnitude one.
PhaseLesson::Spectrum PhaseLesson::unitPhasors(const Spectrum& s)
{
  Spectrum u(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const float m = std::abs(s[i]);
    u[i] = m > 0 ? s[i] / m : std::complex<float>(1, 0);
  }
  return u;
}

PhaseLesson::Spectrum PhaseLesson::combined(const Spectrum& magnitudeFrom, const Spectrum& phaseFrom)
{
  Spectrum c = unitPhasors(phaseFrom);
  for (std::size_t i = 0; i < c.size(); ++i)
    c[i] *= std::abs(magnitudeFrom[i]);
  return c;
}

PlanarImage PhaseLesson::magnitudeOnly(const PlanarImage& image) const
{
  requireOnePlane(image, "the image");
  return inverse(magnitudes(spectrum(image)), image.width, image.height);
}

PlanarImage PhaseLesson::phaseOnly(const PlanarImage& image) const
{
  requireOnePlane(image, "the image");
  return inverse(unitPhasors(spectrum(image)), image.width, image.height);
}

PlanarImage PhaseLesson::swapped(const PlanarImage& magnitudeFrom, const PlanarImage& phaseFrom) const
{
  requireOnePlane(magnitudeFrom, "the magnitude's image");
  requireOnePlane(phaseFrom, "the phase's image");
  if (magnitudeFrom.width != phaseFrom.width || magnitudeFrom.height != phaseFrom.height)
    throw invalidArgument("the two images differ in size (" + std::to_string(magnitudeFrom.width) + " x " +
                          std::to_string(magnitudeFrom.height) + " and " + std::to_string(phaseFrom.width) +
                          " x " + std::to_string(phaseFrom.height) + "); scale one to the other first");
  return inverse(combined(spectrum(magnitudeFrom), spectrum(phaseFrom)), magnitudeFrom.width,
                 magnitudeFrom.height);
}

PhaseLessonResult PhaseLesson::all(const PlanarImage& a, const PlanarImage& b) const
{
  requireOnePlane(a, "the image");
  PhaseLessonResult r;
  const Spectrum sa = spectrum(a);
  r.magnitudeOnly = inverse(magnitudes(sa), a.width, a.height);
  r.phaseOnly = inverse(unitPhasors(sa), a.width, a.height);
  if (b.values.empty()) return r;
  requireOnePlane(b, "the second image");
  if (b.width != a.width || b.height != a.height)
    throw invalidArgument("the second image is " + std::to_string(b.width) + " x " +
                          std::to_string(b.height) + ", the first " + std::to_string(a.width) + " x " +
                          std::to_string(a.height) + "; scale one to the other first");
  const Spectrum sb = spectrum(b);
  r.magnitudeAPhaseB = inverse(combined(sa, sb), a.width, a.height);
  r.magnitudeBPhaseA = inverse(combined(sb, sa), a.width, a.height);
  return r;
}

PlanarBytes forDisplay(const PlanarImage& result, PhaseLessonDisplay display)
{
  PlanarBytes bytes{result.width, result.height, 1, {}};
  const std::size_t count = result.planeSize();
  bytes.values.resize(count);
  if (count == 0) return bytes;
  std::vector<float> sorted(result.values.begin(), result.values.begin() + std::ptrdiff_t(count));
  const auto at = [&](double fraction) {
    auto nth = sorted.begin() + std::ptrdiff_t(fraction * double(count - 1));
    std::nth_element(sorted.begin(), nth, sorted.end());
    return *nth;
  };
  const float low = at(0.01), high = at(0.99);
  const float scale = high > low ? 255.0f / (high - low) : 0.0f;
  const std::size_t w = result.width, h = result.height;
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      // Centred: output pixel (x, y) shows result (x + w/2, y + h/2), so (0, 0) lands in the middle.
      const std::size_t sx = display == PhaseLessonDisplay::Centred ? (x + w / 2) % w : x;
      const std::size_t sy = display == PhaseLessonDisplay::Centred ? (y + h / 2) % h : y;
      const float v = (result.values[sy * w + sx] - low) * scale;
      bytes.values[y * w + x] = std::uint8_t(std::clamp(std::lround(v), 0L, 255L));
    }
  return bytes;
}

} // namespace spectrascope::imaging
