#pragma once
// The step-by-step FFT algorithms of the Learn tab and `spectrascope-cli steps`, their names and the
// exact definition of their stages (shown by --help, the README and the GUI).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spectrascope::learn {

enum class Algorithm {
  Radix2Dit,        // bit reversal, then one butterfly launch per stage (the OpenCL book)
  Radix2Dif,        // Gentleman-Sande: natural order in, bit-reversed out
  Stockham,         // radix 2, out of place, no reordering at all
  Radix4,           // digit reversal, then DFT4 stages (one radix-2 stage when log2 N is odd)
  RegisterExchange, // T work-items with R values in registers, exchanges through local memory (Bainville)
};

std::vector<Algorithm> allAlgorithms();
// "radix2-dit", "radix2-dif", "stockham", "radix4", "register-exchange".
std::string_view algorithmName(Algorithm a);
// A few words for menus: "Radix-2 DIT (bit reversal, the book)".
std::string_view algorithmTitle(Algorithm a);
std::optional<Algorithm> algorithmFromName(std::string_view name);
// What stage 0 and stage s hold, in one paragraph of plain text.
std::string_view stageDefinition(Algorithm a);

// Sizes the step-by-step views accept: powers of two from 2 to this.
constexpr std::size_t kMaxLearnSize = 4096;
// Register exchange: registers per work-item are a private array; more than this would spill.
constexpr std::size_t kMaxValuesPerWorkItem = 64;
// Register exchange default: Bainville's one DFT2 per work-item (T = N/2), at most this many work-items.
constexpr std::size_t kDefaultMaxWorkItems = 256;
std::size_t defaultWorkItems(std::size_t n);

} // namespace spectrascope::learn
