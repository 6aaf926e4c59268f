#include "spectrascope/engine/imaging/FrequencyMask.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/imaging/HalfSpectrum.h"

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

// A mask spec over whole rows of the half-plane, for slider steps on the host: per column the squared
// frequency (and the Gaussian's column factor) is tabulated once, so the per-bin work is a multiply
// (the Gaussian is separable: exp(-(fu^2 + fv^2) / 2F^2) = exp(-fu^2 / 2F^2) exp(-fv^2 / 2F^2)), a square
// root and a comparison (ideal), or an integer power (Butterworth), in loops without branches or calls.
// maskValue() stays the definition; the tests hold every row to it.
class MaskRows
{
public:
  // Columns x < `columns` hold u = centredIndex(x, width).
  MaskRows(const MaskSpec& spec, std::size_t width, std::size_t height, std::size_t columns)
      : spec_(spec), height_(double(height)), u_(columns), fu2_(columns)
  {
    for (std::size_t x = 0; x < columns; ++x) {
      u_[x] = double(centredIndex(x, width));
      const double fu = u_[x] / double(width);
      fu2_[x] = fu * fu;
    }
    if (spec.profile == MaskProfile::Gaussian) {
      gauss1_ = gaussColumns(spec.cutoff);
      if (band()) gauss2_ = gaussColumns(spec.cutoff2);
    }
  }

  // The row at v, into out[0 .. columns).
  void fill(double v, float* out)
  {
    const std::size_t n = u_.size();
    const double fv = v / height_, fv2 = fv * fv;
    const bool radial = spec_.kind != MaskKind::Notch && spec_.kind != MaskKind::Custom;
    if (radial) lowPass(spec_.cutoff, gauss1_, fv2, lp1_);
    if (band()) lowPass(spec_.cutoff2, gauss2_, fv2, lp2_);
    for (std::size_t x = 0; x < n; ++x) {
      double m = 1.0;
      switch (spec_.kind) {
      case MaskKind::LowPass:
        m = lp1_[x];
        break;
      case MaskKind::HighPass:
        m = 1.0 - lp1_[x];
        break;
      case MaskKind::BandPass:
        m = lp2_[x] * (1.0 - lp1_[x]);
        break;
      case MaskKind::BandStop:
        m = 1.0 - lp2_[x] * (1.0 - lp1_[x]);
        break;
      case MaskKind::Notch:
      case MaskKind::Custom:
        break;
      }
      out[x] = float(m);
    }
    for (const Notch& notch : spec_.notches) {
      const double reach = notch.radius;
      if (std::fabs(v - notch.v) > reach && std::fabs(v + notch.v) > reach) continue; // row misses both disks
      for (std::size_t x = 0; x < n; ++x)
        if (insideNotch(notch, u_[x], v)) out[x] = 0.0f;
    }
  }

private:
  bool band() const { return isBand(spec_.kind); }

  // exp(-f^2 / 2F^2), but 1 at f = 0 whatever F: a cutoff so small that 2F^2 underflows to 0 would
  // make DC 0/0 = NaN (and NaN a black pixel), where the limit is DC passing alone.
  static double gauss(double f2, double cutoff)
  {
    return f2 == 0 ? 1.0 : std::exp(-f2 / (2 * cutoff * cutoff));
  }

  std::vector<double> gaussColumns(double cutoff) const
  {
    std::vector<double> g(fu2_.size());
    for (std::size_t x = 0; x < g.size(); ++x)
      g[x] = gauss(fu2_[x], cutoff);
    return g;
  }

  // lowPass(profile, sqrt(fu^2 + fv^2), cutoff, order) for every column.
  void lowPass(double cutoff, const std::vector<double>& gaussColumns, double fv2,
               std::vector<double>& out) const
  {
    const std::size_t n = fu2_.size();
    out.resize(n);
    switch (spec_.profile) {
    case MaskProfile::Ideal:
      for (std::size_t x = 0; x < n; ++x)
        out[x] = std::sqrt(fu2_[x] + fv2) <= cutoff ? 1.0 : 0.0;
      return;
    case MaskProfile::Gaussian: {
      const double row = gauss(fv2, cutoff);
      for (std::size_t x = 0; x < n; ++x)
        out[x] = gaussColumns[x] * row;
      return;
    }
    case MaskProfile::Butterworth: {
      const double scale = 1.0 / (cutoff * cutoff);
      for (std::size_t x = 0; x < n; ++x) {
        const double f2 = fu2_[x] + fv2;
        const double t = f2 == 0 ? 0.0 : f2 * scale; // (f / F)^2; 0 at DC even when 1/F^2 overflows
        double power = t;
        for (int k = 1; k < spec_.order; ++k)
          power *= t;
        out[x] = 1.0 / (1.0 + power);
      }
      return;
    }
    }
  }

  const MaskSpec& spec_;
  double height_;
  std::vector<double> u_, fu2_, gauss1_, gauss2_, lp1_, lp2_;
};

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
  // An ideal cutoff beyond the highest frequency would pass or stop everything: a typing slip, not a
  // filter. (Gaussian and Butterworth cutoffs beyond it still shape the spectrum, gently.)
  const double highest = kHighestFrequency + 1e-9;
  if (radial && spec.profile == MaskProfile::Ideal &&
      (spec.cutoff > highest || (band && spec.cutoff2 > highest)))
    throw invalidArgument("ideal cutoffs must be at most 0.707 cycles per pixel, the highest frequency of "
                          "any image (the spectrum's corner: sqrt(0.5^2 + 0.5^2))");
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
  // DC passes a low-pass whole, whatever the cutoff: with a vanishing one, f / F and 2F^2 would make it
  // 0/0 = NaN. (Everything else then tends to 0: the filtered image tends to its flat mean.)
  if (f == 0) return 1.0;
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
  std::vector<float> mask((width / 2 + 1) * height);
  fillHalfPlaneMaskRows(spec, width, height, 0, height, mask.data());
  return mask;
}

void fillHalfPlaneMaskRows(const MaskSpec& spec, std::size_t width, std::size_t height, std::size_t firstRow,
                           std::size_t endRow, float* rows)
{
  const std::size_t row = width / 2 + 1;
  // Column x of the half-plane is u = x, except that for even W the last column is the Nyquist bin, which
  // the centred layout (and so the user's notch coordinates) calls u = -W/2.
  MaskRows evaluator(spec, width, height, row);
  for (std::size_t y = firstRow; y < endRow; ++y)
    evaluator.fill(double(centredIndex(y, height)), rows + (y - firstRow) * row);
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
  // As in halfPlaneMask: the last column of an even W is the Nyquist bin u = -W/2.
  MaskRows rows(spec, width, height, cropRow);
  for (std::size_t y = 0; y < cropHeight; ++y) {
    const long v = centredIndex(y, cropHeight);
    const std::size_t sourceRow = std::size_t((v + long(height)) % long(height));
    float* out = mask.data() + y * cropRow;
    rows.fill(double(v), out);
    for (std::size_t x = 0; x < cropRow; ++x) {
      if (paintedHalf) out[x] *= (*paintedHalf)[sourceRow * row + x];
      if (inverted) out[x] = 1.0f - out[x];
    }
  }
  return mask;
}

std::vector<float> centredFromHalfPlane(const std::vector<float>& half, std::size_t width, std::size_t height)
{
  const std::size_t row = width / 2 + 1;
  if (half.size() != row * height) throw invalidArgument("the mask must have (W/2+1) x H values");
  std::vector<float> centred(width * height);
  for (std::size_t cy = 0; cy < height; ++cy)
    for (std::size_t cx = 0; cx < width; ++cx)
      centred[cy * width + cx] = half[halfSpectrumBinOfCentredPixel(cx, cy, width, height).index];
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
