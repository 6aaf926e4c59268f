#include "spectrascope/engine/FftwBackend.h"

#include "AtomicFile.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/ProgramCache.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fftw3.h>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace spectrascope {
namespace {

// FFTW's planner and wisdom functions are not thread-safe; only fftwf_execute_* is. Every planner call
// in the process goes through this lock.
std::mutex& plannerMutex()
{
  static std::mutex m;
  return m;
}

std::filesystem::path wisdomFileFor(const FftwOptions& o)
{
  return o.wisdomFile.empty() ? defaultCacheDirectory() / "fftw-wisdom-float" : o.wisdomFile;
}

// Called with the planner lock held.
void initialiseOnce(const FftwOptions& options)
{
  static bool initialised = false;
  if (initialised) return;
  initialised = true;
  fftwf_init_threads();
  fftwf_import_wisdom_from_filename(wisdomFileFor(options).c_str()); // a missing file is fine
}

void saveWisdom(const FftwOptions& options)
{
  char* text = fftwf_export_wisdom_to_string();
  if (!text) return;
  writeFileAtomically(wisdomFileFor(options),
                      text); // best effort: a read-only cache only costs planning time
  std::free(text);
}

struct FftwBuffer
{
  explicit FftwBuffer(std::size_t floats) : data(fftwf_alloc_real(std::max<std::size_t>(floats, 1)))
  {
    if (!data) throw outOfResources("cannot allocate " + std::to_string(floats * 4) + " bytes for FFTW");
  }
  ~FftwBuffer() { fftwf_free(data); }
  FftwBuffer(const FftwBuffer&) = delete;
  FftwBuffer& operator=(const FftwBuffer&) = delete;
  float* data;
};

class FftwPlan final : public Plan
{
public:
  FftwPlan(const TransformDescriptor& d, const FftwOptions& options) : Plan(d), threads_(options.threads)
  {
    if (threads_ <= 0) threads_ = int(std::max(1u, std::thread::hardware_concurrency()));
    const unsigned flags = options.rigor == FftwOptions::Rigor::Measure ? FFTW_MEASURE : FFTW_ESTIMATE;
    // FFTW_MEASURE overwrites the arrays while planning, so plan on buffers of our own and execute on
    // the caller's with the new-array interface.
    FftwBuffer in(d.inputFloats());
    FftwBuffer out(d.placement == Placement::InPlace ? 0 : d.outputFloats());
    float* outPtr = d.placement == Placement::InPlace ? in.data : out.data;
    {
      std::lock_guard lock(plannerMutex());
      initialiseOnce(options);
      fftwf_plan_with_nthreads(threads_);
      plan_ = makePlan(in.data, outPtr, flags);
      if (plan_ && flags == FFTW_MEASURE) saveWisdom(options);
    }
    if (!plan_) throw unsupported("FFTW could not plan " + d.toString());
    inputAlignment_ = fftwf_alignment_of(in.data);
    outputAlignment_ = fftwf_alignment_of(outPtr);
  }

  ~FftwPlan() override
  {
    std::lock_guard lock(plannerMutex());
    fftwf_destroy_plan(plan_);
  }

  std::string backendName() const override { return "fftw"; }
  std::string deviceName() const override { return fftwDeviceName(threads_); }

  static std::string fftwDeviceName(int threads)
  {
    return "CPU (FFTW " + std::string(fftwf_version).substr(5) + ", " + std::to_string(threads) + " threads)";
  }

protected:
  void executeChecked(const float* input, float* output, ExecutionReport* report) const override
  {
    timed(report, [&] {
      // FFTW's multi-dimensional c2r overwrites its input; our input is const, so it works on a copy,
      // which also carries the inverse's 1/N (scaling a linear transform's input scales its output) so no
      // pass over the output is needed. A pointer whose SIMD alignment differs from the planned one also
      // goes through a copy.
      const TransformDescriptor& d = descriptor();
      const bool destroysInput = d.kind == TransformKind::ComplexToReal && input != output;
      if (destroysInput && outputAligned(output)) {
        executeOnScaledCopy(input, output);
      } else if (destroysInput || !inputAligned(input) || !outputAligned(output)) {
        executeThroughCopies(input, output);
        scaleInverse(output);
      } else {
        run(const_cast<float*>(input), output);
        scaleInverse(output);
      }
    });
  }

  // The caller's scratch may be overwritten: aligned buffers run as they are, C2R included.
  void executeConsumingChecked(float* input, float* output, ExecutionReport* report) const override
  {
    if (!inputAligned(input) || !outputAligned(output)) return executeChecked(input, output, report);
    timed(report, [&] {
      run(input, output);
      scaleInverse(output);
    });
  }

private:
  fftwf_plan makePlan(float* in, float* out, unsigned flags) const
  {
    const TransformDescriptor& d = descriptor();
    int n[3];
    for (int i = 0; i < d.rank; ++i)
      n[i] = int(d.extent[d.rank - 1 - i]); // FFTW wants slowest first
    const int howMany = int(d.batch);
    const int rows = int(d.elementsPerTransform() / d.extent[0]);
    int complexEmbed[3], realEmbed[3];
    std::memcpy(complexEmbed, n, sizeof n);
    std::memcpy(realEmbed, n, sizeof n);
    complexEmbed[d.rank - 1] = int(d.complexRowLength());
    realEmbed[d.rank - 1] = int(d.realRowLength());
    const int complexDist = rows * int(d.complexRowLength());
    const int realDist = rows * int(d.realRowLength());
    auto* cin = reinterpret_cast<fftwf_complex*>(in);
    auto* cout = reinterpret_cast<fftwf_complex*>(out);
    switch (d.kind) {
    case TransformKind::ComplexToComplex: {
      const int sign = d.direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD;
      return fftwf_plan_many_dft(d.rank, n, howMany, cin, nullptr, 1, complexDist, cout, nullptr, 1,
                                 complexDist, sign, flags);
    }
    case TransformKind::RealToComplex:
      return fftwf_plan_many_dft_r2c(d.rank, n, howMany, in, realEmbed, 1, realDist, cout, complexEmbed, 1,
                                     complexDist, flags);
    case TransformKind::ComplexToReal:
      return fftwf_plan_many_dft_c2r(d.rank, n, howMany, cin, complexEmbed, 1, complexDist, out, realEmbed, 1,
                                     realDist, flags);
    }
    return nullptr;
  }

  void run(float* in, float* out) const
  {
    switch (descriptor().kind) {
    case TransformKind::ComplexToComplex:
      fftwf_execute_dft(plan_, reinterpret_cast<fftwf_complex*>(in), reinterpret_cast<fftwf_complex*>(out));
      break;
    case TransformKind::RealToComplex:
      fftwf_execute_dft_r2c(plan_, in, reinterpret_cast<fftwf_complex*>(out));
      break;
    case TransformKind::ComplexToReal:
      fftwf_execute_dft_c2r(plan_, reinterpret_cast<fftwf_complex*>(in), out);
      break;
    }
  }

  void executeThroughCopies(const float* input, float* output) const
  {
    const TransformDescriptor& d = descriptor();
    FftwBuffer in(d.inputFloats());
    std::memcpy(in.data, input, d.inputFloats() * sizeof(float));
    if (d.placement == Placement::InPlace) {
      run(in.data, in.data);
      std::memcpy(output, in.data, d.outputFloats() * sizeof(float));
      return;
    }
    FftwBuffer out(d.outputFloats());
    run(in.data, out.data);
    std::memcpy(output, out.data, d.outputFloats() * sizeof(float));
  }

  // SIMD alignment as planned (FFTW's new-array execute needs the planned one).
  bool inputAligned(const float* p) const
  {
    return fftwf_alignment_of(const_cast<float*>(p)) == inputAlignment_;
  }
  bool outputAligned(float* p) const { return fftwf_alignment_of(p) == outputAlignment_; }

  // Runs `work` and, with a report, records it as one host step.
  template <typename Work> void timed(ExecutionReport* report, Work&& work) const
  {
    const TransformDescriptor& d = descriptor();
    const auto start = std::chrono::steady_clock::now();
    work();
    if (!report) return;
    const auto end = std::chrono::steady_clock::now();
    KernelRecord r;
    r.name = "fftw " + d.toString();
    r.type = KernelRecord::Type::Host;
    r.startNs =
        std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(start.time_since_epoch()).count());
    r.endNs =
        std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(end.time_since_epoch()).count());
    r.queuedNs = r.startNs;
    r.bytes = (d.inputFloats() + d.outputFloats()) * sizeof(float);
    report->records.push_back(r);
  }

  // The input copied (and scaled, for a normalised inverse) into a scratch buffer the plan keeps, so
  // repeated calls (a slider's updates) neither allocate nor fault in fresh pages.
  void executeOnScaledCopy(const float* input, float* output) const
  {
    const TransformDescriptor& d = descriptor();
    std::lock_guard lock(scratchMutex_);
    if (!scratch_) scratch_ = std::make_unique<FftwBuffer>(d.inputFloats());
    const float scale = inverseScale();
    const std::size_t count = d.inputFloats();
    float* copy = scratch_->data;
    if (scale == 1.0f)
      std::memcpy(copy, input, count * sizeof(float));
    else
      for (std::size_t i = 0; i < count; ++i)
        copy[i] = input[i] * scale;
    run(copy, output);
  }

  float inverseScale() const
  {
    const TransformDescriptor& d = descriptor();
    if (d.direction != Direction::Inverse || d.normalization == Normalization::Unscaled) return 1.0f;
    return float(1.0 / double(d.elementsPerTransform()));
  }

  void scaleInverse(float* output) const
  {
    const float scale = inverseScale();
    if (scale == 1.0f) return;
    const std::size_t count = descriptor().outputFloats();
    for (std::size_t i = 0; i < count; ++i)
      output[i] *= scale;
  }

  fftwf_plan plan_ = nullptr;
  mutable std::mutex scratchMutex_;
  mutable std::unique_ptr<FftwBuffer> scratch_;
  int threads_;
  int inputAlignment_ = 0;
  int outputAlignment_ = 0;
};

} // namespace

FftwOptions FftwOptions::fromEnvironment()
{
  FftwOptions o;
  if (const char* rigor = std::getenv("SPECTRASCOPE_FFTW_RIGOR");
      rigor && std::strcmp(rigor, "estimate") == 0)
    o.rigor = Rigor::Estimate;
  if (const char* threads = std::getenv("SPECTRASCOPE_FFTW_THREADS"); threads && *threads)
    o.threads = std::max(0, std::atoi(threads));
  return o;
}

FftwBackend::FftwBackend(FftwOptions options) : options_(std::move(options)) {}

std::string FftwBackend::deviceName() const
{
  const int threads =
      options_.threads > 0 ? options_.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  return FftwPlan::fftwDeviceName(threads);
}

std::optional<std::string> FftwBackend::cannotPlan(const TransformDescriptor& d) const
{
  // FFTW's interface counts in int.
  if (d.extent[0] + 2 > std::size_t(1) << 30 || d.inputFloats() > (std::size_t(1) << 31) - 1 ||
      d.outputFloats() > (std::size_t(1) << 31) - 1)
    return "FFTW's interface is limited to 2^31 values per call";
  return std::nullopt;
}

std::unique_ptr<Plan> FftwBackend::createPlan(const TransformDescriptor& d)
{
  d.validate();
  if (auto why = cannotPlan(d)) throw unsupported(*why);
  return std::make_unique<FftwPlan>(d, options_);
}

} // namespace spectrascope
