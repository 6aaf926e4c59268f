#pragma once
// What the analysis worker hands the views: a few consecutive STFT frames in dB, as a value type sent by
// queued signal. Each frame carries the index of its first sample so the display can place it in time.

#include <QMetaType>
#include <QString>

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
  QString backend;              // the engine backend that ran the transform ("fftw", "opencl:0")
  // steady_clock ns when the block that completed the newest frame entered the ring buffer: where the
  // sample-to-screen latency is measured from.
  std::int64_t arrivalNs = 0;
  // Input level of the samples consumed since the previous result (dBFS; -inf for silence).
  float rmsDbfs = -200, peakDbfs = -200;
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::SpectrumColumns)
