#pragma once
// Runs spectrascope-cli (or another executable of the build) as a child process and collects what it said,
// plus helpers for raw float files.

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <span>
#include <string>
#include <vector>

namespace spectrascope::test {

struct CliResult
{
  int exitCode = -1;
  bool crashed = false; // killed by a signal (bad_alloc abort, segfault) or timed out
  std::string out;
  std::string err;
};

// Runs `program` (an executable of the build). The test's own environment is the one ctest sets up
// (FFTW rigor, cache directory).
CliResult runProgram(const QString& program, const QStringList& arguments,
                     const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());

// spectrascope-cli.
CliResult runCli(const QStringList& arguments,
                 const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());

// spectrascope-cli with RLIMIT_FSIZE set to `maxFileBytes` (and SIGXFSZ ignored): a write past it fails
// with EFBIG, as a write to a full disk fails with ENOSPC, without privileges or a special file system.
CliResult runCliWithFileSizeLimit(const QStringList& arguments, long maxFileBytes);

// spectrascope-cli's exit code and its peak resident memory in KiB (from wait4's rusage).
struct PeakMemoryResult
{
  int exitCode = -1;
  long peakResidentKiB = 0;
};
PeakMemoryResult runCliMeasuringMemory(const QStringList& arguments);

void writeFloatFile(const QString& path, std::span<const float> values);
std::vector<float> readFloatFile(const QString& path);

} // namespace spectrascope::test
