#pragma once
// How the real-valued filter output becomes 8-bit pixels.
//  - Clamp: round, then clamp to 0..255 (natural for low-pass, band-stop, notch: values stay near 0..255).
//  - Normalize: min-max scale to 0..255 (natural for high-pass and band-pass, whose output is centred on 0).
//  - Abs: |value|, rounded and clamped to 0..255.

#include <cstddef>
#include <cstdint>
#include <string>

namespace spectrascope::imaging {

enum class PixelRange { Clamp, Normalize, Abs };

void toBytes(const float* values, std::size_t count, PixelRange range, std::uint8_t* out);
// Min-max scaling of any values to 0..255 (a constant plane becomes 0).
void normalizeToBytes(const float* values, std::size_t count, std::uint8_t* out);

std::string toString(PixelRange range);

} // namespace spectrascope::imaging
