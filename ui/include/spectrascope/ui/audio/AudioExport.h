#pragma once
// The Audio tab's exports: a spectrogram as a PNG (levels drawn through the colormap, frequency scale,
// dB colour bar, time scale and the settings) and the spectrum as CSV (frequency_hz, db). The PNG is the
// tab's main view: the live spectrogram's history, or with a file the stretch of it in view, zoomed as
// it is and with the same pixels. They read what the views hold and write files; nothing else. False,
// with the reason in words, on failure.

#include "spectrascope/ui/audio/SpectrogramRenderer.h"
#include "spectrascope/ui/audio/SpectrumRenderer.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace spectrascope::ui {

class FileOverviewView;

class AudioExport
{
  Q_DECLARE_TR_FUNCTIONS(AudioExport)

public:
  // Where the plot lies in an exported PNG: this far from the left edge, at the top.
  static constexpr int kPlotLeft = 90;
  // The live history; `fftSize` and `hop` name the analysis in the caption.
  static bool spectrogramPng(const SpectrogramRenderer& renderer, int fftSize, int hop, const QString& path,
                             QString& error);
  // What the file view shows of its file: the visible span at the view's pixels (each the loudest level
  // it covers), time in h:m:s from the start of the file, the file's name and the overview's settings.
  static bool fileSpectrogramPng(const FileOverviewView& view, const QString& path, QString& error);
  // The spectrum as the view shows it: the newest frame, or its average when averaging is on.
  static bool spectrumCsv(const std::vector<float>& shown, const SpectrumParameters& parameters,
                          const QString& path, QString& error);
};

} // namespace spectrascope::ui
