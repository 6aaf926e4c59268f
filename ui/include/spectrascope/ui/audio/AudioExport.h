#pragma once
// The Audio tab's exports: the live spectrogram as a PNG (levels drawn through the colormap, frequency
// scale, dB colour bar, time scale and the settings) and the spectrum as CSV (frequency_hz, db). They
// read what the views hold and write files; nothing else. False, with the reason in words, on failure.

#include "spectrascope/ui/audio/SpectrogramRenderer.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace spectrascope::ui {

class AudioExport
{
  Q_DECLARE_TR_FUNCTIONS(AudioExport)

public:
  // Where the plot lies in an exported PNG: this far from the left edge, at the top.
  static constexpr int kPlotLeft = 90;
  // The live history; `fftSize` and `hop` name the analysis in the caption.
  static bool spectrogramPng(const SpectrogramRenderer& renderer, int fftSize, int hop, const QString& path,
                             QString& error);
  // The spectrum as the view shows it: the newest frame, or its average when averaging is on.
  static bool spectrumCsv(const std::vector<float>& shown, const SpectrumParameters& parameters,
                          const QString& path, QString& error);
};

} // namespace spectrascope::ui
