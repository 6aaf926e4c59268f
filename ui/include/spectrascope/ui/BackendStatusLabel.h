#pragma once
// The permanent status-bar label that names the active backend and device, e.g.
// "FFTW — CPU (FFTW 3.3.10, 2 threads) · no OpenCL GPU: …". A fallback reason is shortened to fit;
// the tooltip always holds all of it.

#include <QLabel>

namespace spectrascope::ui {

class BackendStatusLabel : public QLabel
{
  Q_OBJECT

public:
  explicit BackendStatusLabel(QWidget* parent = nullptr);

  void showBackend(const QString& name, const QString& device, const QString& fallbackReason);
  // While the backend `requested` ("auto", "fftw", "opencl:1"...) is being opened: what is waited for and
  // roughly how long, in words.
  void showSwitching(const QString& requested = {});

  // The label's text without eliding; also what the About box shows.
  static QString summary(const QString& name, const QString& device);

private:
  QString elided(const QString& text) const;
};

} // namespace spectrascope::ui
