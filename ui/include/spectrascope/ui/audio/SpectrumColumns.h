#pragma once
// What the analysis worker hands the views: a few consecutive STFT frames as spectrogram levels (dB per
// stored row, made by the engine's SpectrogramPipeline, on the device when there is one) and a summary of
// every frame analysed since the previous result that reached the views (newest frame, peaks, power), as
// a value type sent by queued signal. Frame 0 carries the index of its first sample so the display can
// place it in time.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/audio/FrameSummary.h"

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
  std::int64_t firstSample = 0; // index, in the source's stream, of frame 0's first sample
  int rows = 0;                 // stored rows per frame (SpectrogramRenderer::storedRowsFor(bins))
  std::vector<float> levels;    // frames * rows dBFS, frame after frame, bin order (the loudest bin of a row)
  // Every frame analysed since the last result the views took, including those of dropped results.
  audio::FrameSummary summary;
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
