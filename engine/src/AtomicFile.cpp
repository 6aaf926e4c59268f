#include "AtomicFile.h"

#include <atomic>
#include <fstream>
#include <system_error>
#include <unistd.h>

namespace spectrascope {

bool writeFileAtomically(const std::filesystem::path& target, std::string_view bytes)
{
  static std::atomic<unsigned> counter{0};
  std::error_code ec;
  std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) return false;
  const std::filesystem::path temp = target.string() + ".tmp." + std::to_string(::getpid()) + "." +
                                     std::to_string(counter.fetch_add(1));
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out.flush()) {
      std::filesystem::remove(temp, ec);
      return false;
    }
  }
  std::filesystem::rename(temp, target, ec);
  if (ec) std::filesystem::remove(temp, ec);
  return !ec;
}

} // namespace spectrascope
