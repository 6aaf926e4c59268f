#include "PtxRegisterCap.h"

#include <charconv>

namespace spectrascope::detail {

int requestedRegisterCap(std::string_view options)
{
  constexpr std::string_view flag = "-DPTX_MAX_REGISTERS=";
  const std::size_t at = options.find(flag);
  if (at == std::string_view::npos) return 0;
  const char* first = options.data() + at + flag.size();
  int registers = 0;
  const auto [end, error] = std::from_chars(first, options.data() + options.size(), registers);
  return error == std::errc() && registers > 0 ? registers : 0;
}

std::string withRegisterCap(std::string_view binary, int registers)
{
  // Drivers end the text with a NUL; the rebuilt program does not need it.
  while (!binary.empty() && binary.back() == '\0')
    binary.remove_suffix(1);
  if (binary.find(".entry ") == std::string_view::npos) return {};
  // An entry is `.entry name(` ... `)`, then performance directives (`.reqntid`), then its body on a line
  // of its own, `{`: the cap goes just before that line.
  std::string out;
  out.reserve(binary.size() + 64);
  bool inEntryHead = false;
  std::size_t start = 0;
  while (start < binary.size()) {
    std::size_t end = binary.find('\n', start);
    if (end == std::string_view::npos) end = binary.size();
    const std::string_view line = binary.substr(start, end - start);
    if (line.find(".entry ") != std::string_view::npos) inEntryHead = true;
    if (inEntryHead && line == "{") {
      out += ".maxnreg " + std::to_string(registers) + "\n";
      inEntryHead = false;
    }
    out.append(line);
    out += '\n';
    start = end + 1;
  }
  return out;
}

} // namespace spectrascope::detail
