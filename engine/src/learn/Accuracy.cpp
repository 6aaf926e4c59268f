#include "spectrascope/engine/learn/Accuracy.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Reference.h"

namespace spectrascope::learn {

std::vector<AccuracyCase> appTransforms()
{
  std::vector<AccuracyCase> cases;
  for (std::size_t n : {64u, 256u, 1024u, 4096u, 16384u, 65536u, 1u << 20})
    cases.push_back({"1D complex, N = " + std::to_string(n), n <= 4096 ? "Learn tab, benchmark" : "benchmark",
                     TransformDescriptor::complex1d(n)});
  for (std::size_t n : {1024u, 4096u}) {
    TransformDescriptor d = TransformDescriptor::complex1d(n);
    d.kind = TransformKind::RealToComplex;
    cases.push_back({"1D real, N = " + std::to_string(n), "Audio tab (spectrogram frames)", d});
  }
  for (std::size_t side : {512u, 1024u}) {
    TransformDescriptor d = TransformDescriptor::complex2d(side, side);
    d.kind = TransformKind::RealToComplex;
    cases.push_back({"2D real, " + std::to_string(side) + " × " + std::to_string(side), "Image tab", d});
  }
  return cases;
}

AccuracyMeasurement measureAccuracy(Engine& engine, const AccuracyCase& c, std::uint64_t seed)
{
  const auto plan = engine.plan(c.descriptor);
  const std::vector<float> input = reference::randomSignal(c.descriptor.inputFloats(), seed);
  std::vector<float> output(c.descriptor.outputFloats());
  plan->execute(input, output);
  const std::vector<double> expected = reference::transform(c.descriptor, input);
  AccuracyMeasurement m;
  m.which = c;
  m.relativeError = reference::relativeL2Error(output, expected);
  m.backend = plan->backendName();
  m.device = plan->deviceName();
  m.fallbackReason = plan->fallbackReason();
  return m;
}

const std::vector<PeerAccuracy>& peerAccuracy()
{
  // Measured 2026-11-21 on the lent H200 (relative L2 error against FFTW double, uniform random input).
  static const std::vector<PeerAccuracy> figures = {
      {"cuFFT", 64, 1.4e-7}, {"cuFFT", std::size_t(1) << 24, 3.1e-7},
      {"VkFFT", 64, 1.5e-7}, {"VkFFT", std::size_t(1) << 24, 7.2e-7},
      {"clFFT", 64, 0.8e-7}, {"clFFT", std::size_t(1) << 24, 2.0e-7},
  };
  return figures;
}

std::vector<PeerAccuracy> peerAccuracy(const std::string& library)
{
  std::vector<PeerAccuracy> figures;
  for (const PeerAccuracy& p : peerAccuracy())
    if (p.library == library) figures.push_back(p);
  return figures;
}

std::vector<std::string> peerLibraries()
{
  return {"cuFFT", "VkFFT", "clFFT"};
}

} // namespace spectrascope::learn
