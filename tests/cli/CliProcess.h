#pragma once
// Runs spectrascope-cli as a child process and collects what it said, plus helpers for raw float files.

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

// The test's own environment, which ctest sets up (FFTW rigor, cache directory).
CliResult runCli(const QStringList& arguments,
                 const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());

void writeFloatFile(const QString& path, std::span<const float> values);
std::vector<float> readFloatFile(const QString& path);

} // namespace spectrascope::test
