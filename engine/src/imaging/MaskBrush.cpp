#include "spectrascope/engine/imaging/MaskBrush.h"

#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace spectrascope::imaging {
namespace {

long wrap(long i, long n)
{
  return ((i % n) + n) % n;
}

// Shortest distance between two coordinates on a ring of n bins.
double ringDistance(double a, double b, long n)
{
  const double d = std::fmod(std::fabs(a - b), double(n));
  return std::min(d, double(n) - d);
}

} // namespace

double brushWeight(const Brush& brush, double d)
{
  if (d >= brush.radius) return 0.0;
  const double hard = std::clamp(brush.hardness, 0.0, 1.0) * brush.radius;
  if (d <= hard) return brush.strength;
  const double t = (d - hard) / (brush.radius - hard);
  return brush.strength * 0.5 * (1 + std::cos(std::numbers::pi * t));
}

void stamp(std::vector<float>& layer, std::size_t width, std::size_t height, double u, double v,
           const Brush& brush)
{
  if (layer.size() != width * height) throw invalidArgument("the mask layer does not match the image size");
  if (!(brush.radius > 0) || !std::isfinite(u) || !std::isfinite(v)) return;
  const long w = long(width), h = long(height), cx = w / 2, cy = h / 2;
  // One bin more than the radius: the centre is rounded to a bin, the disk is not.
  const long reach = long(std::ceil(brush.radius)) + 1;
  // Weight at centred bin (bu, bv): the larger of the two stamps', so bins that both disks cover (near
  // DC) are painted once.
  auto weightAt = [&](long bu, long bv) {
    const double a = std::hypot(ringDistance(bu, u, w), ringDistance(bv, v, h));
    const double b = std::hypot(ringDistance(bu, -u, w), ringDistance(bv, -v, h));
    return brushWeight(brush, std::min(a, b));
  };
  auto paint = [&](long bu, long bv) {
    float& m = layer[std::size_t(wrap(bv + cy, h)) * width + std::size_t(wrap(bu + cx, w))];
    const double weight = weightAt(bu, bv);
    m = float(brush.mode == BrushMode::Block ? m * (1 - weight) : m + (1 - m) * weight);
  };
  const long u0 = std::lround(u), v0 = std::lround(v);
  // Disk A around (u, v), then disk B around (-u, -v) minus what A's box already covered (on the ring).
  const long spanX = std::min(reach, (w - 1) / 2), spanY = std::min(reach, (h - 1) / 2);
  auto inBoxA = [&](long bu, long bv) {
    return ringDistance(bu, u0, w) <= spanX && ringDistance(bv, v0, h) <= spanY;
  };
  for (long dv = -spanY; dv <= spanY; ++dv)
    for (long du = -spanX; du <= spanX; ++du)
      paint(u0 + du, v0 + dv);
  for (long dv = -spanY; dv <= spanY; ++dv)
    for (long du = -spanX; du <= spanX; ++du)
      if (!inBoxA(-u0 + du, -v0 + dv)) paint(-u0 + du, -v0 + dv);
}

} // namespace spectrascope::imaging
