#include "BenchCase.h"

#include <sstream>
#include <stdexcept>

namespace spectrascope::bench {
namespace {

BenchCase makeCase(std::vector<std::size_t> extents, TransformKind kind, std::size_t elements)
{
  TransformDescriptor d;
  d.rank = int(extents.size());
  for (std::size_t i = 0; i < extents.size(); ++i)
    d.extent[i] = extents[i];
  d.kind = kind;
  d.direction = kind == TransformKind::ComplexToReal ? Direction::Inverse : Direction::Forward;
  d.placement = kind == TransformKind::ComplexToComplex ? Placement::InPlace : Placement::OutOfPlace;
  d.batch = std::max<std::size_t>(1, elements / d.elementsPerTransform());
  std::string label = std::to_string(d.rank) + "D " + toString(kind) + " ";
  if (d.rank == 1)
    label += "N=" + std::to_string(extents[0]);
  else {
    label += std::to_string(extents[0]);
    for (std::size_t i = 1; i < extents.size(); ++i)
      label += "x" + std::to_string(extents[i]);
  }
  return {label, d};
}

std::size_t parseExtent(const std::string& text)
{
  std::size_t used = 0;
  unsigned long long v = 0;
  try {
    v = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0; // not a number at all
  }
  if (text.empty() || used != text.size() || v == 0 || v > (1ull << 31))
    throw std::invalid_argument("bad size '" + text +
                                "': sizes are whole numbers from 1 to 2^31, e.g. 1024 or 4096x4096");
  return std::size_t(v);
}

} // namespace

std::vector<BenchCase> anchorSuite()
{
  using K = TransformKind;
  const std::size_t e = kAnchorElements;
  std::vector<BenchCase> cases;
  for (std::size_t n : {64u, 256u, 1024u, 4096u, 8192u, 16384u, 65536u, 1u << 20, 1u << 24})
    cases.push_back(makeCase({n}, K::ComplexToComplex, e));
  for (std::size_t n : {256u, 1024u, 4096u, 8192u})
    cases.push_back(makeCase({n, n}, K::ComplexToComplex, e));
  for (std::size_t n : {1024u, 4096u})
    cases.push_back(makeCase({n, n}, K::RealToComplex, e));
  cases.push_back(makeCase({1920, 1080}, K::ComplexToComplex, e));
  cases.push_back(makeCase({4000, 3000}, K::ComplexToComplex, e));
  cases.push_back(makeCase({44100}, K::ComplexToComplex, e));
  cases.push_back(makeCase({1000}, K::ComplexToComplex, e));
  // Beyond TARGETS.md: 3D, 1D real and prime lengths (cuFFT timed on the same cases in the same run).
  for (K kind : {K::ComplexToComplex, K::RealToComplex})
    for (std::size_t n : {64u, 128u, 256u})
      cases.push_back(makeCase({n, n, n}, kind, e));
  for (std::size_t n : {1u << 10, 1u << 16, 1u << 20})
    cases.push_back(makeCase({n}, K::RealToComplex, e));
  for (std::size_t n : {1009u, 65537u})
    cases.push_back(makeCase({n}, K::ComplexToComplex, e));
  return cases;
}

std::vector<BenchCase> parseSizes(const std::string& text, TransformKind kind, std::size_t elements)
{
  std::vector<BenchCase> cases;
  std::stringstream list(text);
  std::string item;
  while (std::getline(list, item, ',')) {
    std::vector<std::size_t> extents;
    std::stringstream dims(item);
    std::string dim;
    while (std::getline(dims, dim, 'x'))
      extents.push_back(parseExtent(dim));
    if (extents.empty() || extents.size() > 3) throw std::invalid_argument("bad size '" + item + "'");
    cases.push_back(makeCase(extents, kind, elements));
  }
  if (cases.empty()) throw std::invalid_argument("no sizes given");
  return cases;
}

} // namespace spectrascope::bench
