#include "spectrascope/engine/learn/Algorithm.h"

#include <algorithm>

namespace spectrascope::learn {

std::vector<Algorithm> allAlgorithms()
{
  return {Algorithm::Radix2Dit, Algorithm::Radix2Dif, Algorithm::Stockham, Algorithm::Radix4,
          Algorithm::RegisterExchange};
}

std::string_view algorithmName(Algorithm a)
{
  switch (a) {
  case Algorithm::Radix2Dit:
    return "radix2-dit";
  case Algorithm::Radix2Dif:
    return "radix2-dif";
  case Algorithm::Stockham:
    return "stockham";
  case Algorithm::Radix4:
    return "radix4";
  case Algorithm::RegisterExchange:
    return "register-exchange";
  }
  return "?";
}

std::string_view algorithmTitle(Algorithm a)
{
  switch (a) {
  case Algorithm::Radix2Dit:
    return "Radix-2 DIT, bit reversal (the OpenCL book)";
  case Algorithm::Radix2Dif:
    return "Radix-2 DIF (bit-reversed output)";
  case Algorithm::Stockham:
    return "Stockham (no reordering)";
  case Algorithm::Radix4:
    return "Radix-4 DIT, digit reversal";
  case Algorithm::RegisterExchange:
    return "Register exchange (Bainville)";
  }
  return "?";
}

std::optional<Algorithm> algorithmFromName(std::string_view name)
{
  for (Algorithm a : allAlgorithms())
    if (algorithmName(a) == name) return a;
  return std::nullopt;
}

std::string_view stageDefinition(Algorithm a)
{
  switch (a) {
  case Algorithm::Radix2Dit:
    return "Stage 0 is the bit-reversed input. Stage s (1..log2 N) is the array after the butterflies of "
           "span 2^(s-1): inside blocks of 2^s, element i is paired with i + 2^(s-1), and with "
           "w = exp(-2 pi i k / 2^s), k = i mod 2^(s-1), (a, b) becomes (a + w b, a - w b). The last stage "
           "is X in natural order.";
  case Algorithm::Radix2Dif:
    return "Stage 0 is the input. Stage s (1..log2 N) pairs element i with i + h, h = N / 2^s, inside "
           "blocks of 2h: with w = exp(-2 pi i k / 2h), k = i mod h, (a, b) becomes (a + b, (a - b) w). "
           "The last stage is X in bit-reversed order; output is X in natural order.";
  case Algorithm::Stockham:
    return "Stage 0 is the input. Stage s (1..log2 N), with m = 2^(s-1), reads one buffer and writes the "
           "other: for j = 0..N/2-1, k = j mod m, a = x[j], b = w x[j + N/2] with w = exp(-2 pi i k / 2m), "
           "y[2j - k] = a + b and y[2j - k + m] = a - b. No reordering anywhere: the last stage is X in "
           "natural order.";
  case Algorithm::Radix4:
    return "Stage 0 is the input in base-4 digit-reversed order (radices 4, ..., 4, 2 when log2 N is "
           "odd). Stage s (1..ceil(log2 N / 2)), with L = 4^(s-1), works inside blocks of 4L: for "
           "k = 0..L-1 the four elements k + qL (q = 0..3) are multiplied by exp(-2 pi i k q / 4L) and "
           "replaced by their DFT4. When log2 N is odd the last stage is radix 2 over the whole array: "
           "i is paired with i + N/2, w = exp(-2 pi i i / N). The last stage is X in natural order.";
  case Algorithm::RegisterExchange:
    return "One work-group of T work-items (--threads, default min(N/2, 256)), each holding R = N/T "
           "values in registers. The stages are those of radix2-dif (stage s pairs i with i + N/2^s), "
           "each butterfly done by the work-item that holds both values. Stage 0 is the input as loaded: "
           "work-item t holds positions t + T m, m = 0..R-1. Every log2 R stages, before the next, the "
           "work-items trade register bits for work-item bits of the position: values that change "
           "work-item pass through local memory, the others stay in registers (for R = 2, one value per "
           "work-item, as in Bainville's kernel). The last stage is X in bit-reversed order; output is X "
           "in natural order.";
  }
  return "";
}

std::size_t defaultWorkItems(std::size_t n)
{
  return std::max<std::size_t>(1, std::min(n / 2, kDefaultMaxWorkItems));
}

} // namespace spectrascope::learn
