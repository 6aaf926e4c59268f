#pragma once
// What an overview's columns must hold, computed the plain way: every frame's dB at once (adjacent frames
// of fftSize samples), then each column the loudest of the frames it covers, bin by bin.

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/Overview.h"
#include "spectrascope/engine/audio/Stft.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <vector>

namespace spectrascope::audio::test {

constexpr float kRoundingDb = -130; // single-precision rounding of a full-scale transform lies below

inline void expectLoudestFramesPerColumn(const OverviewBuilder& builder, std::span<const float> signal,
                                         std::size_t fftSize)
{
  Engine engine("fftw");
  StftSettings s;
  s.frameLength = fftSize;
  s.hop = fftSize;
  Stft stft(engine, s);
  const std::size_t frames = Stft::frameCount(signal.size(), s), bins = stft.binCount();
  std::vector<float> db(frames * bins);
  stft.decibels(signal, frames, db);
  ASSERT_EQ(builder.bins(), bins);
  const std::size_t framesPerColumn = builder.samplesPerColumn() / fftSize;
  ASSERT_EQ(builder.columns(), (frames + framesPerColumn - 1) / framesPerColumn);
  for (std::size_t c = 0; c < builder.columns(); ++c)
    for (std::size_t k = 0; k < bins; ++k) {
      float loudest = Stft::kFloorDb;
      for (std::size_t f = c * framesPerColumn; f < std::min(frames, (c + 1) * framesPerColumn); ++f)
        loudest = std::max(loudest, db[f * bins + k]);
      // Far below a full-scale signal the level is near float rounding, which differs between FFTW's
      // plans for the two batch sizes on some machines (0.009 dB at -100 dBFS on an AVX-512 machine):
      // exact to 1e-3 dB down to -60 dBFS, to 0.1 dB down to -130, and only low below that.
      const float level = builder.db()[c * bins + k];
      if (loudest > -60)
        ASSERT_NEAR(level, loudest, 1e-3) << "column " << c << ", bin " << k;
      else if (loudest > kRoundingDb)
        ASSERT_NEAR(level, loudest, 0.1) << "column " << c << ", bin " << k;
      else
        ASSERT_LT(level, kRoundingDb + 20) << "column " << c << ", bin " << k;
    }
}

} // namespace spectrascope::audio::test
