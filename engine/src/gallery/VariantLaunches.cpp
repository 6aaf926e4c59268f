#include "VariantLaunches.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <complex>
#include <numbers>

namespace spectrascope::gallery::detail {
namespace {

const std::string kOptions = "-cl-std=CL1.2";

cl::Kernel kernel(LaunchSetup& s, const std::string& source, const char* name,
                  const std::string& options = kOptions)
{
  return cl::Kernel(s.backend.programs().get(source, options), name);
}

std::uint64_t passBytes(const LaunchSetup& s)
{
  return 2 * s.n * s.batch * 2 * sizeof(float);
}

// One radix-2 stage does 5 N flops (the 5 N log2 N convention spread over log2 N stages).
double radix2StageFlops(const LaunchSetup& s)
{
  return 5.0 * double(s.n) * double(s.batch);
}

// A launch over `itemsPerTransform` work-items per transform and one row per batch.
Launch launch(const LaunchSetup& s, std::string name, cl::Kernel k, std::size_t itemsPerTransform)
{
  Launch l;
  l.name = std::move(name);
  l.kernel = std::move(k);
  l.global = {itemsPerTransform, s.batch};
  l.local = {std::min(s.workGroupSize, itemsPerTransform), 1};
  l.bytes = passBytes(s);
  return l;
}

// A stage kernel with arguments (src, dst, log2n, stage).
Launch stage(LaunchSetup& s, const std::string& source, const char* kernelName, const std::string& label,
             unsigned stageNumber, std::pair<Slot, Slot> slots)
{
  cl::Kernel k = kernel(s, source, kernelName);
  k.setArg(2, cl_uint(s.log2n));
  k.setArg(3, cl_uint(stageNumber));
  Launch l = launch(s, label + " s" + std::to_string(stageNumber), k, s.n / 2);
  l.buffers = {{0, slots.first}, {1, slots.second}};
  l.flops = radix2StageFlops(s);
  return l;
}

Launch bitReversal(LaunchSetup& s, const std::string& source, const char* kernelName,
                   std::pair<Slot, Slot> slots)
{
  cl::Kernel k = kernel(s, source, kernelName);
  k.setArg(2, cl_uint(s.log2n));
  Launch l = launch(s, "bit reversal", k, s.n);
  l.buffers = {{0, slots.first}, {1, slots.second}};
  return l;
}

// w[l] = exp(-2 pi i l / N), l < N/2, rounded once from double.
cl::Buffer uploadTwiddleTable(LaunchSetup& s)
{
  std::vector<float> table(s.n); // N/2 complex values
  for (std::size_t l = 0; l < s.n / 2; ++l) {
    const std::complex<double> w = std::polar(1.0, -2.0 * std::numbers::pi * double(l) / double(s.n));
    table[2 * l] = float(w.real());
    table[2 * l + 1] = float(w.imag());
  }
  return cl::Buffer(s.backend.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                    table.size() * sizeof(float), table.data());
}

} // namespace

std::vector<Launch> bookRadix2Launches(LaunchSetup& s)
{
  const cl::Buffer twiddles = uploadTwiddleTable(s);
  s.tables.push_back(twiddles);
  std::vector<Launch> launches{
      bitReversal(s, "gallery_book", "book_bit_reverse", {Slot::Input, Slot::Output})};
  for (unsigned st = 1; st <= s.log2n; ++st) {
    cl::Kernel k = kernel(s, "gallery_book", "book_butterfly");
    k.setArg(1, twiddles);
    k.setArg(2, cl_uint(s.log2n));
    k.setArg(3, cl_uint(st));
    Launch l = launch(s, "butterfly s" + std::to_string(st), k, s.n / 2);
    l.buffers = {{0, Slot::Output}}; // in place, as in the book
    l.flops = radix2StageFlops(s);
    launches.push_back(std::move(l));
  }
  return launches;
}

std::vector<Launch> fft1Launches(LaunchSetup& s)
{
  const auto slots = pingPong(s.log2n);
  std::vector<Launch> launches;
  for (unsigned st = 1; st <= s.log2n; ++st)
    launches.push_back(stage(s, "gallery_scarpaci", "fft1_stage", "fft1", st, slots[st - 1]));
  return launches;
}

std::vector<Launch> fft3Launches(LaunchSetup& s)
{
  const auto slots = pingPong(s.log2n + 1);
  std::vector<Launch> launches{bitReversal(s, "gallery_scarpaci", "scarpaci_bit_reverse", slots[0])};
  for (unsigned st = 1; st <= s.log2n; ++st)
    launches.push_back(stage(s, "gallery_scarpaci", "fft3_stage", "fft3", st, slots[st]));
  return launches;
}

std::vector<Launch> compactLaunches(LaunchSetup& s)
{
  cl::Kernel k = kernel(s, "gallery_scarpaci", "compact_fft");
  k.setArg(2, cl_uint(s.log2n));
  k.setArg(3, cl::Local(s.n * 2 * sizeof(float)));
  Launch l = launch(s, "compact fft", k, s.n / 2);
  l.local = {s.n / 2, 1}; // one work-group per transform, whatever the requested size
  l.buffers = {{0, Slot::Input}, {1, Slot::Output}};
  l.flops = radix2StageFlops(s) * s.log2n;
  return {l};
}

std::vector<Launch> fft4Launches(LaunchSetup& s)
{
  const auto slots = pingPong(2 * s.log2n + 1);
  std::vector<Launch> launches{bitReversal(s, "gallery_scarpaci", "scarpaci_bit_reverse", slots[0])};
  for (unsigned st = 1; st <= s.log2n; ++st) {
    Launch permute = stage(s, "gallery_scarpaci", "fft4_permute", "reorder", st, slots[2 * st - 1]);
    permute.flops = 0;
    launches.push_back(std::move(permute));
    launches.push_back(stage(s, "gallery_scarpaci", "fft4_stage", "fft4", st, slots[2 * st]));
  }
  return launches;
}

std::vector<std::size_t> registerExchangeRadices(std::size_t n, std::size_t maxHalf)
{
  std::vector<std::size_t> radices;
  for (std::size_t remaining = n; remaining > 1;) {
    const std::size_t radix = std::min(2 * maxHalf, remaining);
    radices.push_back(radix);
    remaining /= radix;
  }
  return radices;
}

std::vector<Launch> registerExchangeLaunches(LaunchSetup& s)
{
  const std::vector<std::size_t> radices = registerExchangeRadices(s.n, s.workGroupSize);
  const auto slots = pingPong(radices.size());
  std::vector<Launch> launches;
  std::size_t p = 1;
  for (std::size_t i = 0; i < radices.size(); ++i) {
    const std::size_t half = radices[i] / 2;
    const std::string options = kOptions + " -DHALF=" + std::to_string(half) +
                                " -DLOG2_HALF=" + std::to_string(std::countr_zero(half));
    cl::Kernel k = kernel(s, "gallery_register_exchange", "register_exchange_pass", options);
    k.setArg(2, cl_uint(s.n));
    k.setArg(3, cl_uint(p));
    Launch l = launch(s, "exchange dft" + std::to_string(radices[i]) + " p" + std::to_string(p), k, s.n / 2);
    l.local = {half, 1}; // fixed by the kernel's reqd_work_group_size
    l.buffers = {{0, slots[i].first}, {1, slots[i].second}};
    l.flops = 5.0 * double(s.n) * double(s.batch) * std::log2(double(radices[i]));
    launches.push_back(std::move(l));
    p *= radices[i];
  }
  return launches;
}

} // namespace spectrascope::gallery::detail
