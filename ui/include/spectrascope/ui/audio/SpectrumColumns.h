#pragma once
// What the analysis worker hands the views: a few consecutive STFT frames in dB, as a value type sent by
// queued signal. Each frame carries the index of its first sample so the display can place it in time.

#include <QMetaType>

#include <cstdint>
#include <vector>

namespace spectrascope::ui {

struct SpectrumColumns
{
  int bins = 0;
  int frames = 0;
  int fftSize = 0;
  int hop = 0;
  double sampleRate = 0;
  std::int64_t firstSample = 0; // index, in the source's stream, of frame 0's first sample
  std::vector<float> db;        // frames * bins, amplitude-corrected dBFS
  double analysisMs = 0;        // host wall time of the analysis that produced these frames
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::SpectrumColumns)
