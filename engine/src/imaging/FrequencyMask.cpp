#include "spectrascope/engine/imaging/FrequencyMask.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::imaging {
namespace {

bool insideNotch(const Notch& n, double u, double v)
{
  const double r2 = n.radius * n.radius;
  const double a = (u - n.u) * (u - n.u) + (v - n.v) * (v - n.v);
  const double b = (u + n.u) * (u + n.u) + (v + n.v) * (v + n.v);
  return a <= r2 || b <= r2;
}

bool insideAnyNotch(const std::vector<Notch>& notches, double u, double v)
{
  for (const Notch& n : notches)
    if (insideNotch(n, u, v)) return true;
  return false;
}

} // namespace

void validate(const MaskSpec& spec)
{
  const bool band = spec.kind == MaskKind::BandPass || spec.kind == MaskKind::BandStop;
  const bool radial = spec.kind != MaskKind::Notch && spec.kind != MaskKind::Custom;
  if (radial && !(spec.cutoff > 0 && std::isfinite(spec.cutoff)))
    throw invalidArgument("the cutoff must be a positive number of cycles per pixel (0.5 is the Nyquist "
                          "frequency along an axis)");
  if (band && !(spec.cutoff2 > spec.cutoff && std::isfinite(spec.cutoff2)))
    throw invalidArgument("band masks need cutoff2 > cutoff (both in cycles per pixel)");
  if (spec.profile == MaskProfile::Butterworth && (spec.order < 1 || spec.order > 10))
    throw invalidArgument("the Butterworth order must be between 1 and 10");
  for (const Notch& n : spec.notches)
    if (!(n.radius >= 0) || !std::isfinite(n.u) || !std::isfinite(n.v))
      throw invalidArgument("a notch needs finite u, v and a radius of at least 0 bins");
}

void validate(const MaskSpec& spec, std::size_t width, std::size_t height)
{
  validate(spec);
  // Centred bins run over [-W/2, W/2) (even W) or [-(W-1)/2, (W-1)/2] (odd W); +W/2 is the Nyquist bin's
  // twin, where a notch pair is still meaningful.
  const double maxU = double(width / 2), maxV = double(height / 2);
  const double maxRadius = double(std::max(width, height));
  auto number = [](double x) {
    std::string text = std::to_string(x);
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
    return text;
  };
  const std::string size = std::to_string(width) + " x " + std::to_string(height);
  for (const Notch& n : spec.notches) {
    const std::string where = "the notch at (" + number(n.u) + ", " + number(n.v) + ")";
    if (std::abs(n.u) > maxU || std::abs(n.v) > maxV)
      throw invalidArgument(where + " lies outside the " + size + " spectrum: u must be within -" +
                            number(maxU) + ".." + number(maxU) + " and v within -" + number(maxV) + ".." +
                            number(maxV) + " bins (centred: DC at 0, 0)");
    if (n.radius > maxRadius)
      throw invalidArgument(where + " has a radius of " + number(n.radius) + " bins, wider than the " + size +
                            " spectrum (at most " + number(maxRadius) + ")");
  }
}

double lowPass(MaskProfile profile, double f, double cutoff, int order)
{
  switch (profile) {
  case MaskProfile::Ideal:
    return f <= cutoff ? 1.0 : 0.0;
  case MaskProfile::Gaussian:
    return std::exp(-(f * f) / (2 * cutoff * cutoff));
  case MaskProfile::Butterworth:
    return 1.0 / (1.0 + std::pow(f / cutoff, 2 * order));
  }
  return 1.0;
}

double maskValue(const MaskSpec& spec, double u, double v, std::size_t width, std::size_t height)
{
  if (insideAnyNotch(spec.notches, u, v)) return 0.0;
  const double fu = u / double(width), fv = v / double(height);
  const double f = std::sqrt(fu * fu + fv * fv);
  switch (spec.kind) {
  case MaskKind::LowPass:
    return lowPass(spec.profile, f, spec.cutoff, spec.order);
  case MaskKind::HighPass:
    return 1.0 - lowPass(spec.profile, f, spec.cutoff, spec.order);
  case MaskKind::BandPass:
    return lowPass(spec.profile, f, spec.cutoff2, spec.order) *
           (1.0 - lowPass(spec.profile, f, spec.cutoff, spec.order));
  case MaskKind::BandStop:
    return 1.0 - lowPass(spec.profile, f, spec.cutoff2, spec.order) *
                     (1.0 - lowPass(spec.profile, f, spec.cutoff, spec.order));
  case MaskKind::Notch:
  case MaskKind::Custom:
    return 1.0;
  }
  return 1.0;
}

std::vector<float> halfPlaneMask(const MaskSpec& spec, std::size_t width, std::size_t height)
{
  validate(spec);
  const std::size_t row = width / 2 + 1;
  std::vector<float> mask(row * height);
  for (std::size_t y = 0; y < height; ++y) {
    const double v = double(centredIndex(y, height));
    // Column x of the half-plane is u = x, except that for even W the last column is the Nyquist bin, which
    // the centred layout (and so the user's notch coordinates) calls u = -W/2.
    for (std::size_t x = 0; x < row; ++x)
      mask[y * row + x] = float(maskValue(spec, double(centredIndex(x, width)), v, width, height));
  }
  return mask;
}

std::vector<float> centredMask(const MaskSpec& spec, std::size_t width, std::size_t height)
{
  validate(spec);
  std::vector<float> mask(width * height);
  const long cx = long(width / 2), cy = long(height / 2);
  for (std::size_t y = 0; y < height; ++y)
    for (std::size_t x = 0; x < width; ++x)
      mask[y * width + x] = float(maskValue(spec, double(long(x) - cx), double(long(y) - cy), width, height));
  return mask;
}

std::vector<float> halfPlaneFromCentred(const std::vector<float>& centred, std::size_t width,
                                        std::size_t height, const std::vector<Notch>& notches)
{
  if (centred.size() != width * height)
    throw invalidArgument("the mask must have as many values as the image");
  const std::size_t row = width / 2 + 1;
  const long cx = long(width / 2), cy = long(height / 2);
  // Value at centred coordinates (u, v), wrapping, so that -u of the Nyquist bin u = -W/2 is itself.
  auto at = [&](long u, long v) {
    const long x = ((u + cx) % long(width) + long(width)) % long(width);
    const long y = ((v + cy) % long(height) + long(height)) % long(height);
    return centred[std::size_t(y) * width + std::size_t(x)];
  };
  std::vector<float> mask(row * height);
  for (std::size_t y = 0; y < height; ++y) {
    const long v = centredIndex(y, height);
    for (std::size_t x = 0; x < row; ++x) {
      const long u = centredIndex(x, width);
      const float value = 0.5f * (at(u, v) + at(-u, -v));
      mask[y * row + x] = insideAnyNotch(notches, double(u), double(v)) ? 0.0f : value;
    }
  }
  return mask;
}

std::vector<float> composeHalfPlaneMask(const MaskSpec& spec, std::size_t width, std::size_t height,
                                        const std::vector<float>* paintedHalf, bool inverted)
{
  std::vector<float> mask = halfPlaneMask(spec, width, height);
  if (paintedHalf) {
    if (paintedHalf->size() != mask.size())
      throw invalidArgument("the painted mask layer does not match the image size");
    for (std::size_t i = 0; i < mask.size(); ++i)
      mask[i] *= (*paintedHalf)[i];
  }
  if (inverted)
    for (float& m : mask)
      m = 1.0f - m;
  return mask;
}

std::vector<float> composeCroppedHalfPlaneMask(const MaskSpec& spec, std::size_t width, std::size_t height,
                                               std::size_t cropWidth, std::size_t cropHeight,
                                               const std::vector<float>* paintedHalf, bool inverted)
{
  validate(spec);
  if (cropWidth > width || cropHeight > height)
    throw invalidArgument("the crop must lie inside the spectrum");
  const std::size_t row = width / 2 + 1, cropRow = cropWidth / 2 + 1;
  if (paintedHalf && paintedHalf->size() != row * height)
    throw invalidArgument("the painted mask layer does not match the image size");
  std::vector<float> mask(cropRow * cropHeight);
  for (std::size_t y = 0; y < cropHeight; ++y) {
    const long v = centredIndex(y, cropHeight);
    const std::size_t sourceRow = std::size_t((v + long(height)) % long(height));
    for (std::size_t x = 0; x < cropRow; ++x) {
      // As in halfPlaneMask: the last column of an even W is the Nyquist bin u = -W/2.
      float m = float(maskValue(spec, double(centredIndex(x, width)), double(v), width, height));
      if (paintedHalf) m *= (*paintedHalf)[sourceRow * row + x];
      mask[y * cropRow + x] = inverted ? 1.0f - m : m;
    }
  }
  return mask;
}

std::vector<float> centredFromHalfPlane(const std::vector<float>& half, std::size_t width, std::size_t height)
{
  const std::size_t row = width / 2 + 1;
  if (half.size() != row * height) throw invalidArgument("the mask must have (W/2+1) x H values");
  std::vector<float> centred(width * height);
  for (std::size_t cy = 0; cy < height; ++cy) {
    const std::size_t l = (cy + height - height / 2) % height; // unshifted row of centred row cy
    for (std::size_t cx = 0; cx < width; ++cx) {
      const std::size_t k = (cx + width - width / 2) % width;
      const bool direct = k < row;
      const std::size_t hk = direct ? k : width - k, hl = direct ? l : (height - l) % height;
      centred[cy * width + cx] = half[hl * row + hk];
    }
  }
  return centred;
}

std::string toString(MaskKind kind)
{
  switch (kind) {
  case MaskKind::LowPass:
    return "lowpass";
  case MaskKind::HighPass:
    return "highpass";
  case MaskKind::BandPass:
    return "bandpass";
  case MaskKind::BandStop:
    return "bandstop";
  case MaskKind::Notch:
    return "notch";
  case MaskKind::Custom:
    return "mask-image";
  }
  return "?";
}

std::string toString(MaskProfile profile)
{
  switch (profile) {
  case MaskProfile::Ideal:
    return "ideal";
  case MaskProfile::Gaussian:
    return "gaussian";
  case MaskProfile::Butterworth:
    return "butterworth";
  }
  return "?";
}

} // namespace spectrascope::imaging
