#pragma once
// Frequency-domain masks for image filtering, with the semantics of `spectrascope-cli filter`:
//
//  - Bin (u, v) of a W x H spectrum, after centring (DC in the middle, as `spectrum` draws it), has
//    u in [-W/2, W/2) growing to the right and v in [-H/2, H/2) growing downward. Its frequency is
//    f = sqrt((u/W)^2 + (v/H)^2) cycles per pixel, isotropic for square pixels whatever W and H are.
//  - Low-pass profiles with cutoff F: ideal passes f <= F; Gaussian exp(-f^2 / (2 F^2)); Butterworth of
//    order n 1 / (1 + (f/F)^(2n)). High-pass = 1 - low-pass; band-pass = low-pass(F2) x high-pass(F);
//    band-stop = 1 - band-pass.
//  - A notch (u, v, r) zeroes the disks of radius r bins around (u, v) and (-u, -v).
//
// Every mask is conjugate-symmetric, m(u, v) = m(-u, -v), so the filtered image is real; that lets the
// pipeline evaluate and apply it on the R2C half-plane only.

#include <cstddef>
#include <string>
#include <vector>

namespace spectrascope::imaging {

enum class MaskKind { LowPass, HighPass, BandPass, BandStop, Notch, Custom };
// The kinds that use both cutoffs (F below F2).
constexpr bool isBand(MaskKind kind)
{
  return kind == MaskKind::BandPass || kind == MaskKind::BandStop;
}
enum class MaskProfile { Ideal, Gaussian, Butterworth };

struct Notch
{
  double u = 0, v = 0; // bins, centred coordinates
  double radius = 3;   // bins
  bool operator==(const Notch&) const = default;
};

// The highest frequency of any image, at the spectrum's corner: sqrt(0.5^2 + 0.5^2) cycles per pixel.
// Ideal cutoffs above it would pass or stop everything, and are refused; the cutoff rings stop there.
constexpr double kHighestFrequency = 0.70710678118654752;

struct MaskSpec
{
  MaskKind kind = MaskKind::LowPass;
  MaskProfile profile = MaskProfile::Ideal;
  double cutoff = 0.1;        // F, cycles per pixel
  double cutoff2 = 0.2;       // F2 > F, band kinds only
  int order = 2;              // Butterworth order n, 1..10
  std::vector<Notch> notches; // applied on top of any kind (the only effect for Notch)
  bool operator==(const MaskSpec&) const = default;
};

// Throws EngineError (InvalidArgument) with a message a person can act on.
void validate(const MaskSpec& spec);
// The same, and every notch must lie on the W x H spectrum (|u| <= W/2, |v| <= H/2 bins, centred) with a
// radius of at most max(W, H) bins.
void validate(const MaskSpec& spec, std::size_t width, std::size_t height);

// The low-pass profile value at frequency f (cycles per pixel) with cutoff F.
double lowPass(MaskProfile profile, double f, double cutoff, int order);
// The mask value at centred bin (u, v) of a W x H spectrum (Custom kinds give 1 before notches).
double maskValue(const MaskSpec& spec, double u, double v, std::size_t width, std::size_t height);

// Centred coordinate of unshifted FFT index k along an axis of n bins: k for k < ceil(n/2), else k - n.
inline long centredIndex(std::size_t k, std::size_t n)
{
  return k < (n + 1) / 2 ? long(k) : long(k) - long(n);
}

// The mask on the R2C half-plane, unshifted FFT order: (W/2+1) x H values, row y holds v = centred(y).
std::vector<float> halfPlaneMask(const MaskSpec& spec, std::size_t width, std::size_t height);
// Rows [firstRow, endRow) of that mask into `rows` (a validated spec; for filling parts in parallel).
void fillHalfPlaneMaskRows(const MaskSpec& spec, std::size_t width, std::size_t height, std::size_t firstRow,
                           std::size_t endRow, float* rows);
// The mask in the centred layout of the `spectrum` image: W x H values, DC at (W/2, H/2).
std::vector<float> centredMask(const MaskSpec& spec, std::size_t width, std::size_t height);

// A user-given mask (centred layout, W x H values in 0..1, e.g. a mask image divided by 255) turned into the
// half-plane form. m(u,v) and m(-u,-v) are averaged so that the result stays real even when the drawing
// is not symmetric. Notches of `spec` (if any) are applied on top.
std::vector<float> halfPlaneFromCentred(const std::vector<float>& centred, std::size_t width,
                                        std::size_t height, const std::vector<Notch>& notches = {});

// The mask the Image tab edits: the spec's mask times a painted layer (half-plane form, or none), then
// inverted (1 - m) if asked. Invert after painting is the "paint what to keep, then invert" workflow.
std::vector<float> composeHalfPlaneMask(const MaskSpec& spec, std::size_t width, std::size_t height,
                                        const std::vector<float>* paintedHalf, bool inverted);
// The same mask on the central crop of the spectrum that a preview inverts (FilterPipeline::applyPreview):
// (cw/2+1) x ch values, row y' holding v = centredIndex(y', ch), column x' holding u = x', each the value
// composeHalfPlaneMask gives that bin of the W x H spectrum. Costs cw x ch / 2 evaluations, not W x H / 2.
std::vector<float> composeCroppedHalfPlaneMask(const MaskSpec& spec, std::size_t width, std::size_t height,
                                               std::size_t cropWidth, std::size_t cropHeight,
                                               const std::vector<float>* paintedHalf, bool inverted);
// The inverse of the half-plane layout: W x H values in the centred layout, the missing half filled from
// m(u, v) = m(-u, -v). For drawing and saving a mask.
std::vector<float> centredFromHalfPlane(const std::vector<float>& half, std::size_t width,
                                        std::size_t height);

std::string toString(MaskKind kind);
std::string toString(MaskProfile profile);

} // namespace spectrascope::imaging
