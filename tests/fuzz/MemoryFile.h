#pragma once
// The fuzzers' input as a file: the readers under test take a path, so each input is written to an
// anonymous in-memory file (memfd) and opened again through /proc/self/fd, as any file would be.

#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace spectrascope::fuzz {

class MemoryFile
{
public:
  MemoryFile() : fd_(memfd_create("fuzz-input", 0)), path_("/proc/self/fd/" + std::to_string(fd_)) {}
  ~MemoryFile() { close(fd_); }
  const std::string& path() const { return path_; }
  // Replaces the content; false if the memory file could not take it.
  bool assign(const unsigned char* data, std::size_t size)
  {
    if (ftruncate(fd_, 0) != 0) return false;
    return size == 0 || pwrite(fd_, data, size, 0) == ssize_t(size);
  }

private:
  int fd_;
  std::string path_;
};

} // namespace spectrascope::fuzz
