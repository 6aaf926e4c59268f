#include "spectrascope/engine/audio/FrameSummary.h"

#include <algorithm>
#include <cmath>

namespace spectrascope::audio {

void FrameSummary::clear()
{
  frames = 0;
  lastDb.clear();
  peakDb.clear();
  powerSum.clear();
}

void FrameSummary::addFrame(std::span<const float> db, std::span<const float> power)
{
  if (db.size() != lastDb.size() || frames == 0) {
    lastDb.assign(db.begin(), db.end());
    peakDb.assign(db.begin(), db.end());
    powerSum.assign(db.size(), 0.0);
    frames = 0;
  } else {
    std::copy(db.begin(), db.end(), lastDb.begin());
    for (std::size_t k = 0; k < db.size(); ++k)
      peakDb[k] = std::max(peakDb[k], db[k]);
  }
  if (power.size() == db.size())
    for (std::size_t k = 0; k < db.size(); ++k)
      powerSum[k] += double(power[k]);
  else
    for (std::size_t k = 0; k < db.size(); ++k)
      powerSum[k] += std::pow(10.0, double(db[k]) / 10.0);
  ++frames;
}

void FrameSummary::merge(const FrameSummary& later)
{
  if (later.empty()) return;
  if (empty() || later.lastDb.size() != lastDb.size()) {
    *this = later;
    return;
  }
  lastDb = later.lastDb;
  for (std::size_t k = 0; k < peakDb.size(); ++k) {
    peakDb[k] = std::max(peakDb[k], later.peakDb[k]);
    powerSum[k] += later.powerSum[k];
  }
  frames += later.frames;
}

} // namespace spectrascope::audio
