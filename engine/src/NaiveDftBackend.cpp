#include "ComplexLayout.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/FftwBackend.h"

#include <chrono>
#include <cmath>
#include <numbers>

namespace spectrascope {
namespace {

// Direct DFT along one axis of every batch, in double: O(n^2) per line, the textbook definition, so it
// shares no algorithm with what it checks.
void dftAlongAxis(std::vector<std::complex<double>>& data, const TransformDescriptor& d, int axis)
{
  const std::size_t n = d.extent[axis];
  std::size_t stride = 1;
  for (int a = 0; a < axis; ++a) stride *= d.extent[a];
  const std::size_t block = stride * n;
  const double sign = d.direction == Direction::Forward ? -1.0 : 1.0;
  std::vector<std::complex<double>> roots(n), line(n);
  for (std::size_t k = 0; k < n; ++k)
    roots[k] = std::polar(1.0, sign * 2.0 * std::numbers::pi * double(k) / double(n));
  for (std::size_t start = 0; start < data.size(); start += block) {
    for (std::size_t inner = 0; inner < stride; ++inner) {
      std::complex<double>* base = data.data() + start + inner;
      for (std::size_t k = 0; k < n; ++k) {
        std::complex<double> sum = 0;
        for (std::size_t j = 0; j < n; ++j) sum += base[j * stride] * roots[(j * k) % n];
        line[k] = sum;
      }
      for (std::size_t k = 0; k < n; ++k) base[k * stride] = line[k];
    }
  }
}

class NaiveDftPlan final : public Plan {
public:
  explicit NaiveDftPlan(const TransformDescriptor& d) : Plan(d) {}
  std::string backendName() const override { return "naive-dft"; }
  std::string deviceName() const override { return "CPU (direct DFT, double precision)"; }

protected:
  void executeChecked(const float* input, float* output, ExecutionReport* report) const override
  {
    const TransformDescriptor& d = descriptor();
    const auto start = std::chrono::steady_clock::now();
    auto full = detail::expandInput(d, {input, d.inputFloats()});
    for (int axis = 0; axis < d.rank; ++axis) dftAlongAxis(full, d, axis);
    const std::vector<double> out = detail::extractOutput(d, full);
    for (std::size_t i = 0; i < out.size(); ++i) output[i] = float(out[i]);
    if (report) {
      KernelRecord r;
      r.name = "direct dft " + d.toString();
      r.type = KernelRecord::Type::Host;
      r.startNs = 0;
      r.endNs = std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                  std::chrono::steady_clock::now() - start)
                                  .count());
      report->records.push_back(r);
    }
  }
};

} // namespace

std::optional<std::string> NaiveDftBackend::cannotPlan(const TransformDescriptor& d) const
{
  // O(N * sum of extents) work: keep it to sizes a test can wait for.
  double work = 0;
  for (int a = 0; a < d.rank; ++a) work += double(d.extent[a]);
  work *= double(d.elementsPerTransform()) * double(d.batch);
  if (work > 4e10) return "the direct DFT is too slow for " + d.toString();
  return std::nullopt;
}

std::unique_ptr<Plan> NaiveDftBackend::createPlan(const TransformDescriptor& d)
{
  d.validate();
  if (auto why = cannotPlan(d)) throw unsupported(*why);
  return std::make_unique<NaiveDftPlan>(d);
}

} // namespace spectrascope
