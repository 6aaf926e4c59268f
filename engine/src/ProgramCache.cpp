#include "spectrascope/engine/ProgramCache.h"

#include "AtomicFile.h"
#include "PtxRegisterCap.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/KernelSources.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

namespace spectrascope {
namespace {

// FNV-1a, 64 bit: the key only has to separate entries, not resist attackers.
std::uint64_t fnv1a(std::string_view text)
{
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string hex(std::uint64_t v)
{
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Build options added to every program from SPECTRASCOPE_CL_OPTIONS, for diagnosis and tuning on one
// driver (e.g. "-cl-nv-verbose -cl-nv-maxrregcount=64" on NVIDIA). They are part of the cache key.
std::string extraOptions()
{
  const char* extra = std::getenv("SPECTRASCOPE_CL_OPTIONS");
  return extra && *extra ? std::string(" ") + extra : std::string();
}

// With SPECTRASCOPE_CL_BUILD_LOG naming a directory, every build from source leaves its options and log
// there (NVIDIA's -cl-nv-verbose puts registers, spills and local memory per kernel in the log).
const char* buildLogDirectory()
{
  const char* directory = std::getenv("SPECTRASCOPE_CL_BUILD_LOG");
  return directory && *directory ? directory : nullptr;
}

// Builds are quiet (-w) unless their logs are asked for: PoCL's compiler prints its warnings (loops of
// the mixed-radix programs it did not fully unroll) to the process' stderr, where a command-line user
// read "10 warnings generated." after the first transform of each new shape.
std::string warningOptions()
{
  return buildLogDirectory() ? std::string() : std::string(" -w");
}

// The options a program asked for with `requested` is built with.
std::string builtWith(const std::string& requested)
{
  return requested + warningOptions() + extraOptions();
}

void keepBuildLog(const std::filesystem::path& entry, const std::string& options, const cl::Program& program,
                  const cl::Device& device)
{
  const char* directory = buildLogDirectory();
  if (!directory) return;
  try {
    std::ofstream out(std::filesystem::path(directory) / entry.filename().replace_extension(".log"));
    out << options << "\n" << program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device) << "\n";
  } catch (const cl::Error&) {
  }
}

} // namespace

ProgramCache::ProgramCache(cl::Context context, cl::Device device, std::filesystem::path directory)
    : context_(std::move(context)), device_(std::move(device)),
      directory_((directory.empty() ? defaultCacheDirectory() : directory) / "kernels")
{
  const cl::Platform platform(device_.getInfo<CL_DEVICE_PLATFORM>());
  deviceIdentity_ = platform.getInfo<CL_PLATFORM_NAME>() + "|" + platform.getInfo<CL_PLATFORM_VERSION>() +
                    "|" + device_.getInfo<CL_DEVICE_NAME>() + "|" + device_.getInfo<CL_DEVICE_VERSION>() +
                    "|" + device_.getInfo<CL_DRIVER_VERSION>();
}

std::string ProgramCache::key(const std::string& sourceName, const std::string& options) const
{
  return kernels::expandedSha256(sourceName) + "|" + options + "|" + deviceIdentity_;
}

std::filesystem::path ProgramCache::entryPath(const std::string& sourceName, const std::string& options) const
{
  return directory_ / (sourceName + "-" + hex(fnv1a(key(sourceName, builtWith(options)))) + ".bin");
}

cl::Program ProgramCache::get(const std::string& sourceName, const std::string& requestedOptions)
{
  const std::string options = builtWith(requestedOptions);
  const std::string k = key(sourceName, options);
  std::promise<cl::Program> promise;
  std::shared_future<cl::Program> pending;
  {
    std::lock_guard lock(mutex_);
    if (auto it = programs_.find(k); it != programs_.end()) {
      ++stats_.memoryHits;
      pending = it->second;
    } else {
      programs_.emplace(k, promise.get_future().share());
    }
  }
  // Built, or being built by another caller: wait for that build (its error, if it fails, is ours too).
  if (pending.valid()) return pending.get();

  const std::filesystem::path file = entryPath(sourceName, requestedOptions);
  cl::Program program;
  bool fromDisk = false;
  try {
    program = loadFromDisk(file, options);
    fromDisk = program();
    if (!fromDisk) program = buildFromSource(sourceName, options);
  } catch (...) {
    promise.set_exception(std::current_exception());
    std::lock_guard lock(mutex_);
    programs_.erase(k); // not kept: the next call builds again
    throw;
  }
  if (!fromDisk) {
    keepBuildLog(file, options, program, device_);
    storeOnDisk(file, program);
  }
  promise.set_value(program);
  std::lock_guard lock(mutex_);
  ++(fromDisk ? stats_.diskHits : stats_.builds);
  return program;
}

ProgramCache::Stats ProgramCache::stats() const
{
  std::lock_guard lock(mutex_);
  return stats_;
}

cl::Program ProgramCache::loadFromDisk(const std::filesystem::path& file, const std::string& options)
{
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) {
    std::lock_guard lock(mutex_);
    ++stats_.rejectedEntries;
    return {};
  }
  // Anything the driver refuses (truncated file, other driver's binary) is rebuilt from source.
  try {
    cl::Program::Binaries binaries{bytes};
    cl::Program program(context_, {device_}, binaries);
    program.build({device_}, options.c_str());
    return program;
  } catch (const cl::Error&) {
    std::lock_guard lock(mutex_);
    ++stats_.rejectedEntries;
    return {};
  }
}

cl::Program ProgramCache::buildFromSource(const std::string& sourceName, const std::string& options)
{
  cl::Program program(context_, kernels::expandedSource(sourceName));
  try {
    program.build({device_}, options.c_str());
  } catch (const cl::Error& e) {
    std::string log;
    try {
      log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
    } catch (const cl::Error&) {
      log = "(no build log)";
    }
    throw BuildError("building OpenCL kernel '" + sourceName + "' with options '" + options +
                         "' failed: " + e.what() + " (" + std::to_string(e.err()) + ")",
                     log);
  }
  return withRequestedRegisterCap(program, options);
}

// PtxRegisterCap.h: the program built again from its PTX with `.maxnreg`, where its options ask for a cap
// and the driver's binary is PTX; otherwise (or if the driver refuses the rewritten PTX) as built.
cl::Program ProgramCache::withRequestedRegisterCap(const cl::Program& built, const std::string& options)
{
  const int registers = detail::requestedRegisterCap(options);
  if (registers <= 0) return built;
  try {
    const auto binaries = built.getInfo<CL_PROGRAM_BINARIES>();
    if (binaries.empty()) return built;
    const std::string ptx = detail::withRegisterCap(
        std::string_view(reinterpret_cast<const char*>(binaries.front().data()), binaries.front().size()),
        registers);
    if (ptx.empty()) return built;
    cl::Program::Binaries rewritten{std::vector<unsigned char>(ptx.begin(), ptx.end())};
    cl::Program capped(context_, {device_}, rewritten);
    capped.build({device_}, options.c_str());
    return capped;
  } catch (const cl::Error&) {
    return built; // the cap is a speed-up, never a condition for running
  }
}

void ProgramCache::storeOnDisk(const std::filesystem::path& file, const cl::Program& program)
{
  try {
    const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
    if (binaries.empty() || binaries.front().empty()) return;
    const auto& b = binaries.front();
    writeFileAtomically(file, std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
  } catch (const cl::Error&) {
    // Some drivers cannot return binaries; the program still works, only the next start rebuilds it.
  }
}

} // namespace spectrascope
