#include "BluesteinStage.h"

#include "DeviceCalls.h"
#include "OpenClFftPlan.h"
#include "spectrascope/engine/Reference.h"

#include <cmath>
#include <complex>
#include <numbers>

namespace spectrascope::detail {
namespace {

// c[e] = exp(sign i pi e^2 / n), with e^2 reduced mod 2n in integers so the angle stays exact.
std::vector<std::complex<double>> chirp(std::size_t n, int sign)
{
  std::vector<std::complex<double>> c(n);
  for (std::size_t e = 0; e < n; ++e) {
    const std::size_t phase = (e * e) % (2 * n);
    c[e] = std::polar(1.0, sign * std::numbers::pi * double(phase) / double(n));
  }
  return c;
}

// FFT_m of conj(c) laid out circularly (b[j] = b[m - j] = conj(c[j]) for j < n), divided by m so the
// unscaled inverse FFT of the product is the convolution itself.
std::vector<std::complex<double>> convolutionFilter(const std::vector<std::complex<double>>& c, std::size_t m)
{
  std::vector<std::complex<double>> b(m);
  for (std::size_t j = 0; j < c.size(); ++j) {
    b[j] = std::conj(c[j]);
    if (j > 0) b[m - j] = std::conj(c[j]);
  }
  std::vector<std::complex<double>> filter = reference::transform1d(std::move(b), Direction::Forward);
  for (auto& value : filter) value /= double(m);
  return filter;
}

cl::Buffer upload(cl::Context& context, const std::vector<std::complex<double>>& values)
{
  std::vector<float> rounded(2 * values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    rounded[2 * i] = float(values[i].real());
    rounded[2 * i + 1] = float(values[i].imag());
  }
  return cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rounded.size() * sizeof(float),
                    rounded.data());
}

} // namespace

BluesteinStage::BluesteinStage(OpenClBackend& backend, const StockhamPass& pass, Direction direction)
    : backend_(backend), pass_(pass), m_(nextSmoothLength(2 * pass.length - 1))
{
  const int sign = direction == Direction::Forward ? -1 : 1;
  const std::vector<std::complex<double>> c = chirp(pass.length, sign);
  chirp_ = upload(backend.context(), c);
  filter_ = upload(backend.context(), convolutionFilter(c, m_));
  work_ = cl::Buffer(backend.context(), CL_MEM_READ_WRITE, pass.totalLines * m_ * 2 * sizeof(float));

  TransformDescriptor inner = TransformDescriptor::complex1d(m_, pass.totalLines);
  inner.placement = Placement::InPlace;
  forward_ = std::make_unique<OpenClFftPlan>(backend, inner, limitsOf(backend));
  inner.direction = Direction::Inverse;
  inner.normalization = Normalization::Unscaled;
  inverse_ = std::make_unique<OpenClFftPlan>(backend, inner, limitsOf(backend));

  cl::Program program = backend.programs().get("bluestein", "-cl-std=CL1.2");
  gather_ = cl::Kernel(program, "bluestein_gather");
  multiply_ = cl::Kernel(program, "bluestein_multiply");
  scatter_ = cl::Kernel(program, "bluestein_scatter");
}

BluesteinStage::~BluesteinStage() = default;

void BluesteinStage::enqueueKernel(cl::Kernel& kernel, std::size_t width, const std::string& name,
                                   std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const
{
  constexpr std::size_t kGroup = 64;
  const std::size_t padded = (width + kGroup - 1) / kGroup * kGroup;
  cl::Event event;
  backend_.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(padded, pass_.totalLines),
                                        cl::NDRange(kGroup, 1), nullptr, &event);
  KernelRecord r;
  r.name = name;
  r.type = KernelRecord::Type::Kernel;
  r.globalSize = {padded, pass_.totalLines, 1};
  r.localSize = {kGroup, 1, 1};
  r.bytes = 2.0 * double(width) * double(pass_.totalLines) * 2 * sizeof(float);
  events.push_back(event);
  records.push_back(r);
}

void BluesteinStage::enqueue(const cl::Buffer& input, const cl::Buffer& output, float scale,
                             std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const
{
  const auto n = cl_uint(pass_.length), m = cl_uint(m_), lines = cl_uint(pass_.totalLines);
  const auto stride = cl_uint(pass_.stride), inner = cl_uint(pass_.inner);
  gather_.setArg(0, input);
  gather_.setArg(1, work_);
  gather_.setArg(2, chirp_);
  gather_.setArg(3, n);
  gather_.setArg(4, m);
  gather_.setArg(5, stride);
  gather_.setArg(6, inner);
  gather_.setArg(7, cl_uint(pass_.dist));
  gather_.setArg(8, lines);
  enqueueKernel(gather_, m_, "bluestein_gather n" + std::to_string(n), events, records);
  forward_->enqueueInto(work_, work_, events, records);
  multiply_.setArg(0, work_);
  multiply_.setArg(1, filter_);
  multiply_.setArg(2, m);
  multiply_.setArg(3, lines);
  enqueueKernel(multiply_, m_, "bluestein_multiply m" + std::to_string(m), events, records);
  inverse_->enqueueInto(work_, work_, events, records);
  scatter_.setArg(0, work_);
  scatter_.setArg(1, output);
  scatter_.setArg(2, chirp_);
  scatter_.setArg(3, n);
  scatter_.setArg(4, m);
  scatter_.setArg(5, stride);
  scatter_.setArg(6, inner);
  scatter_.setArg(7, cl_uint(pass_.distOut));
  scatter_.setArg(8, lines);
  scatter_.setArg(9, scale);
  enqueueKernel(scatter_, n, "bluestein_scatter n" + std::to_string(n), events, records);
}

} // namespace spectrascope::detail
