#pragma once
// A strip above the live views while the microphone is in trouble: what happened, in words, and what is
// being tried now. Hidden while capture runs. The microphone stays the source meanwhile: the banner
// explains the pause in the views instead of another source filling it.

#include <QFrame>

class QLabel;

namespace spectrascope::ui {

class CaptureBanner : public QFrame
{
  Q_OBJECT

public:
  explicit CaptureBanner(QWidget* parent = nullptr);

  // "Microphone stopped: the audio server went away." and, below, "Trying again in 2 s…".
  void showProblem(const QString& heading, const QString& detail);
  void showAttempt(const QString& what);
  void clear();

  QString problemText() const;
  QString attemptText() const;

private:
  QLabel* problem_ = nullptr;
  QLabel* attempt_ = nullptr;
};

} // namespace spectrascope::ui
