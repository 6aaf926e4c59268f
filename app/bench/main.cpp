// spectrascope-bench: measures the engine's transforms. Qt-free, so it builds on the GPU machine.
// A benchmark reports; it never fails because something is slow.

#include "BenchCase.h"
#include "Measure.h"
#include "PipelineSuite.h"
#include "StftSuite.h"
#include "Tune.h"
#include "Variants.h"
#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace spectrascope;
using namespace spectrascope::bench;

namespace {

const char* kUsage = R"(Usage: spectrascope-bench [options]

Times the engine's FFTs. On an OpenCL backend the data stays on the device (no transfers timed); the
device copy bandwidth is measured in the same run and every case is reported as a fraction of it.
Each case is checked against FFTW in double precision (relative L2 error).

Options:
  --suite anchors        the cases of shared/design/TARGETS.md (2^25 complex values per call)
  --suite pipeline       one Image-tab mask update (mask + C2R + 8-bit pixels) of a colour image beside
                         the bare C2R; --sizes WxH,... (default 1024x1024,2048x2048,4096x4096,4000x3000)
  --suite stft           the Audio tab's analysis: cost per second of 48 kHz audio at FFT 8192, hop 64
                         (750 columns/s, to display-row levels), and a one-hour stereo file's overview
                         (synthetic, or --file PATH with libsndfile)
  --sizes LIST           comma-separated sizes, fastest dimension first: 1024,4096x4096,64x64x64
  --kind c2c|r2c|c2r     transform kind for --sizes (default c2c)
  --elements N           complex values per call; the batch fills it (default 33554432 = 2^25)
  --backend NAME         auto (default: the first OpenCL GPU, else FFTW; or $SPECTRASCOPE_BACKEND), fftw,
                         opencl, opencl:<index|name>, naive-dft
  --reps N               repetitions, the median is reported (default 7)
  --calls N              back-to-back calls per repetition (default 10)
  --twiddles table|onthefly   OpenCL twiddles from double tables (default) or computed on the fly
  --max-pass-length N    OpenCL: longest sub-transform per launch (forces multi-pass plans)
  --group-size N         OpenCL: work-items per group the planner aims for (tuning)
  --strided-group-size N OpenCL: the same for passes over adjacent lines (tuning)
  --lines N              OpenCL: least adjacent lines per group in strided passes (tuning)
  --radix N              OpenCL: largest radix a work-item computes in registers, 2 to 32 (tuning)
  --bluestein-only       OpenCL: prime lengths by Bluestein's algorithm, not Rader's (comparison)
  --rader-two-launches   OpenCL: Rader's stage as its two convolution FFTs, never one launch (comparison)
  --rader-rest-apart     OpenCL: a prime factor's one-launch stage without the rest of its rows (comparison)
  --rader-gather-direct  OpenCL: Rader's two-launch gather from odd real rows in pairs straight from global
                         memory, not whole lines in chunks (comparison)
  --filter-launch-apart  OpenCL: a convolution's filter and its inverse FFT's first launch apart (comparison)
  --uncapped-registers   OpenCL: Rader's one-launch stage whose radices are all 22 or more without its
                         register cap on NVIDIA (comparison)
  --prime-radices        OpenCL: one prime per local pass, no composite radices 9..27, 22, 26, 33, 39
                         (comparison)
  --usual-radices        OpenCL: lengths with a factor 2 and odd primes up to 7 without the radices 6, 10, 12,
                         14, 20 and 24 that put them in fewer local passes (comparison)
  --no-team-passes       OpenCL: a prime factor from 67 to 89 by Rader's stage, not a team pass (comparison)
  --planes-apart         OpenCL: a 2D or 3D transform's planes as row and column launches, not one launch
                         a plane where it fits (comparison)
  --tune                 OpenCL: first search the planner's shapes for each case (no time limit; the table
                         gives each search's wall time), keep the fastest in the device's tuning cache
                         (later plans everywhere use it), then measure as usual
  --measure-plans[=MS]   OpenCL: plan each case as FFTW_MEASURE would, but within MS ms per search (default
                         200; 0 times the heuristic shape alone): a case with no stored shape is searched
                         for and the winner kept in the tuning cache. Prints each case's plan and search
                         time, shapes timed and whether the time limit cut the search short; then measures
  --no-tuning            OpenCL: ignore the tuning cache (the planner's heuristic shapes)
  --no-check             skip the accuracy check
  --json                 one JSON object per line per case instead of the table
  --variants             the kernel gallery against FFTW over N (see --variants --help)
  --help                 this text
)";

struct Options
{
  std::string suite, sizes, backend, file; // backend empty: SPECTRASCOPE_BACKEND, else auto
  TransformKind kind = TransformKind::ComplexToComplex;
  std::size_t elements = kAnchorElements;
  MeasureOptions measure;
  OpenClOptions opencl;
  bool json = false;
  bool tune = false;
  bool measurePlans = false;
};

[[noreturn]] void usageError(const std::string& message)
{
  std::cerr << "spectrascope-bench: " << message << "\n(see spectrascope-bench --help)\n";
  std::exit(2);
}

long long parseCount(const std::string& flag, const std::string& value, long long max, long long min = 1)
{
  try {
    std::size_t used = 0;
    const long long v = std::stoll(value, &used);
    if (used == value.size() && v >= min && v <= max) return v;
  } catch (const std::exception&) {
  }
  usageError(flag + " needs a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
             ", got '" + value + "'");
}

Options parseArguments(int argc, char** argv)
{
  Options o;
  bool noTuning = false;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) usageError(a + " needs a value");
      return args[++i];
    };
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (a == "--suite") {
      o.suite = value();
      if (o.suite != "anchors" && o.suite != "pipeline" && o.suite != "stft")
        usageError("unknown suite '" + o.suite + "' (known: anchors, pipeline, stft)");
    } else if (a == "--sizes")
      o.sizes = value();
    else if (a == "--file")
      o.file = value();
    else if (a == "--kind") {
      const std::string k = value();
      if (k == "c2c")
        o.kind = TransformKind::ComplexToComplex;
      else if (k == "r2c")
        o.kind = TransformKind::RealToComplex;
      else if (k == "c2r")
        o.kind = TransformKind::ComplexToReal;
      else
        usageError("--kind must be c2c, r2c or c2r");
    } else if (a == "--elements")
      o.elements = std::size_t(parseCount(a, value(), 1ll << 31));
    else if (a == "--backend")
      o.backend = value();
    else if (a == "--reps")
      o.measure.repetitions = int(parseCount(a, value(), 1000));
    else if (a == "--calls")
      o.measure.callsPerRepetition = int(parseCount(a, value(), 100000));
    else if (a == "--twiddles") {
      const std::string t = value();
      if (t == "table")
        o.opencl.twiddles = OpenClOptions::Twiddles::Table;
      else if (t == "onthefly")
        o.opencl.twiddles = OpenClOptions::Twiddles::OnTheFly;
      else
        usageError("--twiddles must be table or onthefly");
    } else if (a == "--max-pass-length")
      o.opencl.maxPassLength = std::size_t(parseCount(a, value(), 1 << 20));
    else if (a == "--group-size")
      o.opencl.targetGroupSize = std::size_t(parseCount(a, value(), 4096));
    else if (a == "--strided-group-size")
      o.opencl.stridedGroupSize = std::size_t(parseCount(a, value(), 4096));
    else if (a == "--lines")
      o.opencl.minAdjacentLines = std::size_t(parseCount(a, value(), 256));
    else if (a == "--radix")
      o.opencl.maxRadix = std::size_t(parseCount(a, value(), 32));
    else if (a == "--bluestein-only")
      o.opencl.bluesteinOnly = true;
    else if (a == "--rader-two-launches")
      o.opencl.raderTwoLaunches = true;
    else if (a == "--rader-rest-apart")
      o.opencl.raderRestApart = true;
    else if (a == "--rader-gather-direct")
      o.opencl.raderGatherDirect = true;
    else if (a == "--uncapped-registers")
      o.opencl.uncappedRegisters = true;
    else if (a == "--filter-launch-apart")
      o.opencl.filterLaunchApart = true;
    else if (a == "--prime-radices")
      o.opencl.primeRadicesOnly = true;
    else if (a == "--usual-radices")
      o.opencl.usualRadices = true;
    else if (a == "--planes-apart")
      o.opencl.planesApart = true;
    else if (a == "--no-team-passes")
      o.opencl.noTeamPasses = true;
    else if (a == "--tune")
      o.tune = true;
    else if (a == "--measure-plans" || a.starts_with("--measure-plans=")) {
      o.measurePlans = true;
      o.opencl.tuning = OpenClOptions::Tuning::Measure;
      if (a != "--measure-plans")
        o.opencl.measureBudget =
            std::chrono::milliseconds(parseCount("--measure-plans", a.substr(a.find('=') + 1), 600000, 0));
    } else if (a == "--no-tuning") {
      o.opencl.tuning = OpenClOptions::Tuning::Heuristic;
      noTuning = true;
    } else if (a == "--no-check")
      o.measure.checkAccuracy = false;
    else if (a == "--json")
      o.json = true;
    else
      usageError("unknown option '" + a + "'");
  }
  if (o.measurePlans && noTuning) usageError("--measure-plans and --no-tuning contradict each other");
  if (o.suite.empty() && o.sizes.empty()) o.sizes = "1024";
  return o;
}

// "auto" (the default, or SPECTRASCOPE_BACKEND) falls back to FFTW where there is no OpenCL GPU, as
// everywhere in the product, and says so; a backend named explicitly that cannot open is an error.
std::unique_ptr<Backend> openBackend(const std::string& name)
{
  if (requestedBackendName(name) != "auto") return createBackend(requestedBackendName(name));
  SelectedBackend selected = selectBackend(name);
  if (!selected.fallbackReason.empty()) std::fprintf(stderr, "# %s\n", selected.fallbackReason.c_str());
  return std::move(selected.backend);
}

std::unique_ptr<Backend> makeBackend(const Options& o)
{
  std::unique_ptr<Backend> backend = openBackend(o.backend);
  const OpenClOptions defaults;
  const bool tuned = o.opencl.maxPassLength || o.opencl.targetGroupSize || o.opencl.stridedGroupSize ||
                     o.opencl.minAdjacentLines || o.opencl.maxRadix || o.opencl.bluesteinOnly ||
                     o.opencl.raderTwoLaunches || o.opencl.raderRestApart || o.opencl.filterLaunchApart ||
                     o.opencl.raderGatherDirect || o.opencl.primeRadicesOnly || o.opencl.usualRadices ||
                     o.opencl.noTeamPasses || o.opencl.planesApart || o.opencl.uncappedRegisters ||
                     o.opencl.twiddles != defaults.twiddles || o.opencl.tuning != defaults.tuning;
  if (auto* cl = dynamic_cast<OpenClBackend*>(backend.get()); cl && tuned)
    return std::make_unique<OpenClBackend>(cl->info().index, o.opencl);
  return backend;
}

std::string jsonEscape(const std::string& s)
{
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out;
}

void printJson(const Measurement& m, double copyGbps)
{
  const TransformDescriptor& d = m.benchCase.descriptor;
  std::ostringstream s;
  s.precision(6);
  s << "{\"lib\":\"spectrascope\",\"case\":\"" << m.benchCase.label << "\",\"backend\":\""
    << jsonEscape(m.backend) << "\",\"device\":\"" << jsonEscape(m.device) << "\",\"kind\":\""
    << toString(d.kind) << "\",\"nx\":" << d.extent[0] << ",\"ny\":" << d.extent[1]
    << ",\"nz\":" << d.extent[2] << ",\"batch\":" << d.batch;
  if (!m.skipped.empty()) {
    s << ",\"skipped\":\"" << jsonEscape(m.skipped) << "\"}";
  } else {
    s << ",\"ms\":" << m.ms << ",\"gflops\":" << m.gigaflops() << ",\"gbps\":" << m.gigabytesPerSecond()
      << ",\"copy_gbps\":" << copyGbps << ",\"copy_fraction\":" << m.gigabytesPerSecond() / copyGbps
      << ",\"rel_err\":" << m.relErr << ",\"kernels\":[";
    for (std::size_t i = 0; i < m.kernels.size(); ++i)
      s << (i ? "," : "") << "{\"name\":\"" << jsonEscape(m.kernels[i].name)
        << "\",\"ms\":" << m.kernels[i].milliseconds() << ",\"local\":" << m.kernels[i].localSize[0] << "}";
    s << "]}";
  }
  std::cout << s.str() << std::endl;
}

void printRow(const Measurement& m, double copyGbps)
{
  if (!m.skipped.empty()) {
    std::printf("%-22s %s\n", m.benchCase.label.c_str(), ("not on this backend: " + m.skipped).c_str());
    return;
  }
  std::string kernels;
  for (const KernelRecord& k : m.kernels) {
    char part[96];
    std::snprintf(part, sizeof part, "%s%.3f", kernels.empty() ? "" : "+", k.milliseconds());
    kernels += part;
  }
  std::printf("%-22s %6zu %9.4f %8.1f %6.1f%% %9.1f %9.2e  %s\n", m.benchCase.label.c_str(),
              m.benchCase.descriptor.batch, m.ms, m.gigabytesPerSecond(),
              100 * m.gigabytesPerSecond() / copyGbps, m.gigaflops(), m.relErr, kernels.c_str());
  std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
  if (wantsVariants(argc, argv)) return runVariants(argc, argv);
  const Options o = parseArguments(argc, argv);
  try {
    if (o.suite == "pipeline") return runPipelineSuite(o.backend, o.sizes, o.measure, o.json);
    if (o.suite == "stft") return runStftSuite(o.backend, o.file, o.measure, o.json);
    std::vector<BenchCase> cases =
        o.suite == "anchors" ? anchorSuite() : parseSizes(o.sizes, o.kind, o.elements);
    std::unique_ptr<Backend> backend = makeBackend(o);
    auto* device = dynamic_cast<OpenClBackend*>(backend.get());
    const std::size_t copyBytes = std::size_t(256) << 20;
    const double copyGbps = device ? deviceCopyBandwidth(*device, copyBytes, o.measure.repetitions)
                                   : hostCopyBandwidth(copyBytes, o.measure.repetitions);
    if (o.tune && !device)
      std::fprintf(stderr, "spectrascope-bench: --tune applies to OpenCL backends only\n");
    if (o.tune && device) tuneCases(*device, cases, o.json);
    if (o.measurePlans && !device)
      std::fprintf(stderr, "spectrascope-bench: --measure-plans applies to OpenCL backends only\n");
    if (o.measurePlans && device) measurePlans(*device, cases, o.json);
    if (!o.json) {
      std::printf(
          "# backend %s, device %s\n# copy bandwidth %.1f GB/s (read+write), median of %d x %d calls\n",
          backend->name().c_str(), backend->deviceName().c_str(), copyGbps, o.measure.repetitions,
          o.measure.callsPerRepetition);
      std::printf("%-22s %6s %9s %8s %7s %9s %9s  %s\n", "case", "batch", "ms", "GB/s", "copy", "GFLOP/s",
                  "rel_err", "kernels ms");
    }
    for (const BenchCase& c : cases) {
      const Measurement m =
          device ? measureOnDevice(*device, c, o.measure) : measureOnHost(*backend, c, o.measure);
      o.json ? printJson(m, copyGbps) : printRow(m, copyGbps);
    }
  } catch (const std::invalid_argument& e) {
    usageError(e.what());
  } catch (const EngineError& e) {
    if (e.kind() == EngineError::Kind::InvalidArgument) usageError(e.what());
    std::cerr << "spectrascope-bench: " << e.what() << "\n";
    return 1;
  } catch (const cl::Error& e) {
    std::cerr << "spectrascope-bench: OpenCL error " << e.what() << " (" << e.err() << ")\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "spectrascope-bench: not enough host memory for these sizes; try a smaller --elements\n";
    return 1;
  }
  return 0;
}
