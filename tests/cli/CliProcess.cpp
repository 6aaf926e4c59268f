#include "CliProcess.h"

#include <QFile>
#include <QProcess>

#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace spectrascope::test {

// Generous: a first OpenCL plan on PoCL compiles kernels with LLVM on a 2-core machine.
constexpr int kTimeoutMs = 240000;

CliResult runCli(const QStringList& arguments, const QProcessEnvironment& environment)
{
  return runProgram(QStringLiteral(SPECTRASCOPE_CLI), arguments, environment);
}

namespace {
CliResult runProcess(QProcess& process, const QString& program, const QStringList& arguments);
}

CliResult runProgram(const QString& program, const QStringList& arguments,
                     const QProcessEnvironment& environment)
{
  QProcess process;
  process.setProcessEnvironment(environment);
  return runProcess(process, program, arguments);
}

CliResult runCliWithFileSizeLimit(const QStringList& arguments, long maxFileBytes)
{
  QProcess process;
  process.setChildProcessModifier([maxFileBytes] {
    // Runs in the child between fork and exec: only async-signal-safe calls.
    std::signal(SIGXFSZ, SIG_IGN); // an ignored signal stays ignored across exec
    const rlimit limit{rlim_t(maxFileBytes), rlim_t(maxFileBytes)};
    setrlimit(RLIMIT_FSIZE, &limit);
  });
  return runProcess(process, QStringLiteral(SPECTRASCOPE_CLI), arguments);
}

PeakMemoryResult runCliMeasuringMemory(const QStringList& arguments)
{
  std::vector<std::string> strings{SPECTRASCOPE_CLI};
  for (const QString& a : arguments)
    strings.push_back(a.toStdString());
  std::vector<char*> argv;
  for (std::string& s : strings)
    argv.push_back(s.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  PeakMemoryResult result;
  const int spawned = posix_spawn(&pid, SPECTRASCOPE_CLI, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return result;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return result;
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.peakResidentKiB = usage.ru_maxrss;
  return result;
}

namespace {
CliResult runProcess(QProcess& process, const QString& program, const QStringList& arguments)
{
  process.start(program, arguments);
  CliResult result;
  if (!process.waitForStarted() || !process.waitForFinished(kTimeoutMs)) {
    process.kill();
    process.waitForFinished();
    result.crashed = true;
  }
  result.crashed = result.crashed || process.exitStatus() == QProcess::CrashExit;
  result.exitCode = process.exitCode();
  result.out = process.readAllStandardOutput().toStdString();
  result.err = process.readAllStandardError().toStdString();
  return result;
}
} // namespace

void writeFloatFile(const QString& path, std::span<const float> values)
{
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly)) << path.toStdString();
  ASSERT_EQ(file.write(reinterpret_cast<const char*>(values.data()), qint64(values.size_bytes())),
            qint64(values.size_bytes()));
}

std::vector<float> readFloatFile(const QString& path)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  const QByteArray bytes = file.readAll();
  std::vector<float> values(std::size_t(bytes.size()) / sizeof(float));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
  return values;
}

} // namespace spectrascope::test
