#pragma once
// Compiled OpenCL programs, cached in memory and on disk. A disk entry is keyed by a hash of the kernel
// source hash, the build options, platform, device and driver version, so a driver update or an edited
// kernel never loads a stale binary. Entries are written atomically (temp file + rename) and an unreadable
// or rejected entry is rebuilt from source.

#include "spectrascope/engine/OpenCl.h"

#include <filesystem>
#include <future>
#include <map>
#include <mutex>
#include <string>

namespace spectrascope {

class ProgramCache
{
public:
  // directory empty: $SPECTRASCOPE_CACHE_DIR, else $XDG_CACHE_HOME/spectrascope, else ~/.cache/spectrascope
  // (each + "/kernels"). If no directory can be created, caching on disk is silently skipped.
  ProgramCache(cl::Context context, cl::Device device, std::filesystem::path directory = {});

  // Throws BuildError carrying the build log when the source does not compile. Thread-safe; programs
  // build outside the cache's lock, so different programs build at the same time and a second caller for
  // a program being built waits for that build. A failed build is not kept.
  cl::Program get(const std::string& sourceName, const std::string& options);

  struct Stats
  {
    int memoryHits = 0, diskHits = 0, builds = 0, rejectedEntries = 0;
  };
  Stats stats() const;
  const std::filesystem::path& directory() const { return directory_; }
  // Platform, device and driver version: what a compiled binary (or a tuned shape) is only valid for.
  const std::string& deviceIdentity() const { return deviceIdentity_; }
  // The file a program asked for with these options would be cached in (for tests that corrupt it).
  std::filesystem::path entryPath(const std::string& sourceName, const std::string& options) const;

private:
  std::string key(const std::string& sourceName, const std::string& options) const;
  cl::Program loadFromDisk(const std::filesystem::path& file, const std::string& options);
  cl::Program buildFromSource(const std::string& sourceName, const std::string& options);
  cl::Program withRequestedRegisterCap(const cl::Program& built, const std::string& options);
  void storeOnDisk(const std::filesystem::path& file, const cl::Program& program);

  cl::Context context_;
  cl::Device device_;
  std::string deviceIdentity_;
  std::filesystem::path directory_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_future<cl::Program>> programs_; // built or being built

  Stats stats_;
};

std::filesystem::path defaultCacheDirectory();

} // namespace spectrascope
