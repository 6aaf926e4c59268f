#pragma once
// Writes a file so that readers see either the old content or the whole new content, never a torn one:
// write to a unique temporary name in the same directory, then rename over the target.

#include <filesystem>
#include <string_view>

namespace spectrascope {

// Returns false (and leaves no temporary behind) if the directory cannot be created or written.
bool writeFileAtomically(const std::filesystem::path& target, std::string_view bytes);

} // namespace spectrascope
