#pragma once
// A disk that fills up, for the length of a scope: the process may write files of at most `bytes`
// (RLIMIT_FSIZE), and a write past it fails with EFBIG ("File too large") instead of raising SIGXFSZ.
// What a full disk does to a save, without needing one.

#include <csignal>

#include <sys/resource.h>

namespace spectrascope::test {

class FileSizeLimit
{
public:
  explicit FileSizeLimit(rlim_t bytes)
  {
    getrlimit(RLIMIT_FSIZE, &previous_);
    previousHandler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = previous_;
    limited.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limited);
  }
  ~FileSizeLimit()
  {
    setrlimit(RLIMIT_FSIZE, &previous_);
    std::signal(SIGXFSZ, previousHandler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
  rlimit previous_{};
  void (*previousHandler_)(int) = SIG_DFL;
};

} // namespace spectrascope::test
