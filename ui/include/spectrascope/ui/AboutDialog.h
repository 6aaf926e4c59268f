#pragma once
// Help > About Spectrascope: what the program is, its version, the backend in use, and the attributions
// that bundled sample data and third-party libraries require.

#include <QDialog>

namespace spectrascope::ui {

class AboutDialog : public QDialog
{
  Q_OBJECT

public:
  // backendSummary: e.g. "FFTW — CPU (FFTW 3.3.10, 2 threads)", as the status bar shows it.
  explicit AboutDialog(const QString& backendSummary, QWidget* parent = nullptr);

  static QString version();

private:
  static QString descriptionHtml(const QString& backendSummary);
  static QString attributionHtml();
};

} // namespace spectrascope::ui
