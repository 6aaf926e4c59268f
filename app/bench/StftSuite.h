#pragma once
// `spectrascope-bench --suite stft`: the Audio tab's analysis costs.
//  - live: the cost of analysing one second of 48 kHz audio with FFT 8192 and hop 64 (750 columns/s)
//    through the spectrogram pipeline (window, R2C, dB, colormap to 512 display rows, the spectrum
//    view's dB column), both as the GUI calls it (a few frames every 5 ms) and in one-second batches;
//  - overview: a one-hour 48 kHz stereo recording's whole-file overview (the file loader's
//    OverviewBuilder), from synthetic chunks, or from a real file with --file when libsndfile is there.
// Figures are reported, never judged.

#include "Measure.h"

#include <string>

namespace spectrascope::bench {

// `file`: a sound file to build the overview of instead of the synthetic hour (empty: synthetic).
int runStftSuite(const std::string& backend, const std::string& file, const MeasureOptions& o, bool json);

} // namespace spectrascope::bench
