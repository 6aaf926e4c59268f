#pragma once
// What the user chose for the live analysis; sent to the worker by value.

#include "spectrascope/engine/audio/Window.h"

#include <QMetaType>

namespace spectrascope::ui {

struct AnalysisSettings
{
  int fftSize = 4096;
  int hop = 512;
  int zeroPadding = 1; // FFT size = fftSize * zeroPadding (fftSize is the window's length)
  audio::WindowSpec window{audio::WindowType::Hann, 0};
  bool operator==(const AnalysisSettings&) const = default;
};

} // namespace spectrascope::ui

Q_DECLARE_METATYPE(spectrascope::ui::AnalysisSettings)
