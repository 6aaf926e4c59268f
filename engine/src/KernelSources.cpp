#include "spectrascope/engine/KernelSources.h"

#include "spectrascope/engine/Errors.h"

#include <string>

namespace spectrascope::kernels {

const KernelSource& byName(std::string_view name)
{
  for (const KernelSource& s : all())
    if (s.name == name) return s;
  throw unsupported("no embedded OpenCL source named '" + std::string(name) + "'");
}

namespace {

constexpr std::string_view kInclude = "#include \"";

// Calls visit(line) for each line of text, its newline included.
template <typename Visit> void forEachLine(std::string_view text, Visit visit)
{
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end == std::string_view::npos ? text.size() : end + 1);
    visit(line);
    text.remove_prefix(line.size());
  }
}

std::string_view includedName(std::string_view line)
{
  if (line.substr(0, kInclude.size()) != kInclude) return {};
  const std::size_t close = line.find(".cl\"", kInclude.size());
  return close == std::string_view::npos ? std::string_view{} : line.substr(kInclude.size(), close - kInclude.size());
}

} // namespace

std::string expandedSource(std::string_view name)
{
  std::string text;
  forEachLine(byName(name).source, [&](std::string_view line) {
    const std::string_view included = includedName(line);
    text += included.empty() ? std::string(line) : expandedSource(included) + "\n";
  });
  return text;
}

std::string expandedSha256(std::string_view name)
{
  std::string sha(byName(name).sha256);
  forEachLine(byName(name).source, [&](std::string_view line) {
    const std::string_view included = includedName(line);
    if (!included.empty()) sha += "+" + expandedSha256(included);
  });
  return sha;
}

} // namespace spectrascope::kernels
