#pragma once
// What the analysis worker hands the views: a few consecutive STFT frames as spectrogram display columns
// (pixels, made by the engine's SpectrogramPipeline, on the device when there is one) and the last
// frame's dB for the spectrum view, as a value type sent by queued signal. Frame 0 carries the index of
// its first sample so the display can place it in time.

#include "spectrascope/engine/Timing.h"

#include <QMetaType>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace spectrascope::ui {

struct SpectrumColumns
{
  int bins = 0;
  int frames = 0;
  int fftSize = 0;
  int hop = 0;
  double sampleRate = 0;
  std::int64_t firstSample = 0;      // index, in the source's stream, of frame 0's first sample
  int rows = 0;                      // display rows per column
  std::uint64_t mappingId = 0;       // the ColumnMapping the pixels were made with (see setMapping)
  std::vector<std::uint32_t> pixels; // frames * rows ARGB, column after column, top row first
  std::vector<float> lastDb;         // bins amplitude-corrected dBFS values of the newest frame
  // The engine call's per-kernel records, about once a second (null otherwise), for the Timings panel.
  std::shared_ptr<const ExecutionReport> report;
  double analysisMs = 0; // host wall time of the analysis that produced these frames
  QString backend;       // the engine backend that ran the transform ("fftw", "opencl:0")
  // steady_clock ns when the block that completed the newest frame entered the ring buffer: where the
  // sample-to-screen latency is measured from.
  std::int64_t arrivalNs = 0;
  // Input level of the samples consumed since the previous result (dBFS; -inf for silence).
  float rmsDbfs = -200, peakDbfs = -200;
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::SpectrumColumns)
