#pragma once
// What the Audio tab's tests (tests/ui/audio/Audio*Test.cpp) share: their timeout, the test data folder,
// and a reading compared with several values it may take.

#include <QString>

#include <cmath>
#include <initializer_list>

namespace spectrascope::test::audio_tab {

// The generator runs in real time; on a loaded 2-core machine the first columns can take a while.
inline constexpr int kTimeoutMs = 20000;
inline const QString kData = QStringLiteral(SPECTRASCOPE_TEST_DATA);

inline bool near(double value, std::initializer_list<double> targets, double tolerance)
{
  for (double t : targets)
    if (std::abs(value - t) <= tolerance) return true;
  return false;
}

} // namespace spectrascope::test::audio_tab
