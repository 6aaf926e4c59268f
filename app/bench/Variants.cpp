#include "Variants.h"

#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/gallery/GallerySweep.h"

#include <bit>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace spectrascope::bench {
namespace {

const char* kUsage = R"(Usage: spectrascope-bench --variants [options]

Times every kernel-gallery variant (the OpenCL book's radix-2, Scarpaci's FFT1/FFT3/compact/FFT4,
Bainville's register exchange) and the engine's production kernels against FFTW, one transform of N
complex values per call, N = 2^4..2^24. Device time is the sum of the kernels of one call from OpenCL
profiling events (data stays on the device); FFTW is timed on the host. Effective bandwidth counts one
read and one write of the data (16 bytes per complex value); GFLOP/s use 5 N log2 N. Each result is
checked against FFTW in double precision (largest relative L2 error per column at the end).

Options:
  --backend NAME       OpenCL device for the variants: opencl (default), opencl:<index|name>
  --only LIST          comma-separated variants: book,fft1,fft3,compact,fft4,regex,production
  --min-n N            smallest N (default 16)
  --max-n N            largest N (default 16777216 = 2^24)
  --sizes LIST         comma-separated powers of two instead of --min-n/--max-n
  --batch B            transforms per call (default 1)
  --work-group N       work-items per group for the variants that take one
  --min-time S         seconds of calls per point, the median is reported (default 0.05)
  --no-fftw            leave FFTW out
  --no-check           skip the accuracy check
  --json               one JSON object per line per measurement instead of the tables
  --help               this text
)";

struct VariantOptions
{
  std::string backend = "opencl";
  std::vector<gallery::Variant> variants;
  std::vector<std::size_t> sizes;
  std::size_t minN = 16, maxN = gallery::kGalleryMaxLength, batch = 1;
  gallery::GalleryOptions gallery;
  gallery::SweepSettings sweep;
  bool fftw = true, json = false;
};

[[noreturn]] void usageError(const std::string& message)
{
  std::cerr << "spectrascope-bench: " << message << "\n(see spectrascope-bench --variants --help)\n";
  std::exit(2);
}

std::size_t parsePowerOfTwo(const std::string& flag, const std::string& text)
{
  try {
    std::size_t used = 0;
    const unsigned long long v = std::stoull(text, &used);
    if (used == text.size() && v >= 2 && v <= (1ull << 30) && std::has_single_bit(v)) return std::size_t(v);
  } catch (const std::exception&) {
  }
  usageError(flag + " needs a power of two from 2 to 2^30, got '" + text + "'");
}

std::vector<std::string> splitList(const std::string& text)
{
  std::vector<std::string> items;
  std::stringstream s(text);
  for (std::string item; std::getline(s, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

std::vector<gallery::Variant> parseVariants(const std::string& text)
{
  std::vector<gallery::Variant> variants;
  for (const std::string& key : splitList(text)) {
    const auto v = gallery::variantFromKey(key);
    if (!v) usageError("unknown variant '" + key + "' (book, fft1, fft3, compact, fft4, regex, production)");
    variants.push_back(*v);
  }
  return variants;
}

VariantOptions parseVariantArguments(int argc, char** argv)
{
  VariantOptions o;
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
    } else if (a == "--variants")
      continue;
    else if (a == "--backend")
      o.backend = value();
    else if (a == "--only")
      o.variants = parseVariants(value());
    else if (a == "--min-n")
      o.minN = parsePowerOfTwo(a, value());
    else if (a == "--max-n")
      o.maxN = parsePowerOfTwo(a, value());
    else if (a == "--sizes")
      for (const std::string& s : splitList(value()))
        o.sizes.push_back(parsePowerOfTwo(a, s));
    else if (a == "--batch")
      o.batch = parsePowerOfTwo(a, value());
    else if (a == "--work-group")
      o.gallery.workGroupSize = parsePowerOfTwo(a, value());
    else if (a == "--min-time") {
      try {
        o.sweep.minSeconds = std::stod(value());
      } catch (const std::exception&) {
        usageError("--min-time needs seconds, e.g. 0.05");
      }
    } else if (a == "--no-fftw")
      o.fftw = false;
    else if (a == "--no-check")
      o.sweep.checkAccuracy = false;
    else if (a == "--json")
      o.json = true;
    else
      usageError("unknown option '" + a + "' for --variants");
  }
  if (o.variants.empty())
    for (const gallery::VariantInfo& v : gallery::allVariants())
      o.variants.push_back(v.variant);
  if (o.sizes.empty())
    for (std::size_t n = o.minN; n <= o.maxN; n *= 2)
      o.sizes.push_back(n);
  if (o.sizes.empty()) usageError("--min-n is larger than --max-n");
  return o;
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

void printJson(const gallery::SweepPoint& p)
{
  std::ostringstream s;
  s.precision(6);
  s << "{\"suite\":\"variants\",\"subject\":\"" << jsonEscape(p.subject) << "\",\"device\":\""
    << jsonEscape(p.device) << "\",\"n\":" << p.n << ",\"batch\":" << p.batch;
  if (!p.skipped.empty())
    s << ",\"skipped\":\"" << jsonEscape(p.skipped) << "\"}";
  else
    s << ",\"work_group\":" << p.workGroupSize << ",\"ms\":" << p.timeMs() << ",\"wall_ms\":" << p.wallMs
      << ",\"device_ms\":" << p.deviceMs << ",\"gbps\":" << p.gigabytesPerSecond()
      << ",\"gflops\":" << p.gigaflops() << ",\"rel_err\":" << p.relErr
      << ",\"launches\":" << p.kernels.size() << "}";
  std::cout << s.str() << std::endl;
}

// Rows of N, one column per subject, filled as the sweep goes and printed at the end as two tables.
class VariantTables
{
public:
  explicit VariantTables(std::vector<std::string> subjects) : subjects_(std::move(subjects)) {}

  void add(const gallery::SweepPoint& p) { points_[p.n][p.subject] = p; }

  void print() const
  {
    printTable("time per transform, ms (device kernels; FFTW host)", "%10.4f",
               [](const gallery::SweepPoint& p) { return p.timeMs(); });
    printTable("effective bandwidth, GB/s (16 bytes per complex value / time)", "%10.2f",
               [](const gallery::SweepPoint& p) { return p.gigabytesPerSecond(); });
    printTable("GFLOP/s (5 N log2 N / time)", "%10.2f",
               [](const gallery::SweepPoint& p) { return p.gigaflops(); });
    printSummary();
  }

private:
  template <typename Value> void printTable(const char* title, const char* format, Value&& value) const
  {
    std::printf("\n# %s\n%10s", title, "N");
    for (const std::string& s : subjects_)
      std::printf(" %10s", s.c_str());
    std::printf("\n");
    for (const auto& [n, row] : points_) {
      std::printf("%10zu", n);
      for (const std::string& s : subjects_) {
        const auto it = row.find(s);
        if (it == row.end() || !it->second.skipped.empty())
          std::printf(" %10s", "-");
        else {
          std::printf(" ");
          std::printf(format, value(it->second));
        }
      }
      std::printf("\n");
    }
  }

  // The largest error of each subject, and the first N from which each variant stays faster than FFTW.
  void printSummary() const
  {
    std::printf("\n# largest relative L2 error vs FFTW double, and the first N from which it beats FFTW\n");
    for (const std::string& s : subjects_) {
      double worst = -1;
      std::size_t crossover = 0;
      for (const auto& [n, row] : points_) {
        const auto it = row.find(s);
        if (it == row.end() || !it->second.skipped.empty()) continue;
        worst = std::max(worst, it->second.relErr);
        const auto fftw = row.find("fftw");
        const bool faster =
            fftw != row.end() && fftw->second.skipped.empty() && it->second.timeMs() < fftw->second.timeMs();
        if (!faster)
          crossover = 0;
        else if (!crossover)
          crossover = n;
      }
      std::printf("%-12s rel_err %9.2e   beats FFTW from N = %s\n", s.c_str(), worst,
                  s == "fftw" ? "-"
                  : crossover ? std::to_string(crossover).c_str()
                              : "never");
    }
  }

  std::vector<std::string> subjects_;
  std::map<std::size_t, std::map<std::string, gallery::SweepPoint>> points_;
};

std::unique_ptr<OpenClBackend> openDevice(const std::string& name)
{
  std::unique_ptr<Backend> backend = createBackend(name);
  if (!dynamic_cast<OpenClBackend*>(backend.get()))
    throw invalidArgument("--variants needs an OpenCL device (--backend opencl or opencl:<device>), not '" +
                          name + "'");
  return std::unique_ptr<OpenClBackend>(static_cast<OpenClBackend*>(backend.release()));
}

void runSweep(const VariantOptions& o, OpenClBackend& device, Backend* fftw, VariantTables& tables)
{
  for (std::size_t n : o.sizes) {
    if (fftw) {
      const gallery::SweepPoint p = gallery::measureHost(*fftw, n, o.batch, o.sweep);
      o.json ? printJson(p) : tables.add(p);
    }
    for (gallery::Variant v : o.variants) {
      const gallery::SweepPoint p = gallery::measureVariant(v, device, n, o.batch, o.gallery, o.sweep);
      o.json ? printJson(p) : tables.add(p);
    }
    if (!o.json) std::fprintf(stderr, "\rmeasured N = %zu   ", n);
  }
  if (!o.json) std::fprintf(stderr, "\n");
}

} // namespace

bool wantsVariants(int argc, char** argv)
{
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--variants") return true;
  return false;
}

int runVariants(int argc, char** argv)
{
  const VariantOptions o = parseVariantArguments(argc, argv);
  try {
    std::unique_ptr<OpenClBackend> device = openDevice(o.backend);
    std::unique_ptr<Backend> fftw = o.fftw ? createBackend("fftw") : nullptr;
    std::vector<std::string> subjects;
    if (fftw) subjects.push_back(fftw->name());
    for (gallery::Variant v : o.variants)
      subjects.emplace_back(gallery::info(v).key);
    VariantTables tables(subjects);
    if (!o.json) {
      std::printf("# kernel gallery on %s; FFTW: %s; batch %zu; median over >= %.2f s per point\n",
                  device->deviceName().c_str(), fftw ? fftw->deviceName().c_str() : "off", o.batch,
                  o.sweep.minSeconds);
      for (gallery::Variant v : o.variants)
        std::printf("#  %-10s %-28s %s; %s\n", std::string(gallery::info(v).key).c_str(),
                    std::string(gallery::info(v).title).c_str(),
                    std::string(gallery::info(v).launches).c_str(),
                    gallery::limitDescription(v, device->info()).c_str());
    }
    runSweep(o, *device, fftw.get(), tables);
    if (!o.json) tables.print();
  } catch (const EngineError& e) {
    std::cerr << "spectrascope-bench: " << e.what() << "\n";
    return e.kind() == EngineError::Kind::InvalidArgument ? 2 : 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "spectrascope-bench: not enough host memory for these sizes; try a smaller --max-n\n";
    return 1;
  }
  return 0;
}

} // namespace spectrascope::bench
