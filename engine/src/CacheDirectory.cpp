#include "spectrascope/engine/ProgramCache.h"

#include <cstdlib>

namespace spectrascope {

std::filesystem::path defaultCacheDirectory()
{
  if (const char* own = std::getenv("SPECTRASCOPE_CACHE_DIR"); own && *own) return own;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "spectrascope";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".cache" / "spectrascope";
  return std::filesystem::temp_directory_path() / "spectrascope-cache";
}

} // namespace spectrascope
