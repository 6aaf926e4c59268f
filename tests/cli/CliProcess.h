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

void writeFloatFile(const QString& path, std::span<const float> values);
std::vector<float> readFloatFile(const QString& path);

} // namespace spectrascope::test
