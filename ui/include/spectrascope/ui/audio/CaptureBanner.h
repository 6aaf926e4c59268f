#pragma once
// A strip above the live views while the microphone is in trouble: what happened, in words, and what is
// being tried now. Hidden while capture runs. The microphone stays the source meanwhile: the banner
// explains the pause in the views instead of another source filling it.

#include <QDeadlineTimer>
#include <QFrame>

class QLabel;
class QTimer;

namespace spectrascope::ui {

class CaptureBanner : public QFrame
{
  Q_OBJECT

public:
  explicit CaptureBanner(QWidget* parent = nullptr);

  // "Microphone stopped: the audio server went away." and, below, what is tried now.
  void showProblem(const QString& heading, const QString& detail);
  void showAttempt(const QString& what);
  // "Trying again in 1.2 s…", counting down to the try in `ms`; then "Trying again…" until the try
  // says what it does (showAttempt). A number that stood still while time passed told of nothing.
  void countDownToRetry(int ms);
  void clear();

  QString problemText() const;
  QString attemptText() const;

private:
  void showCountdown();

  QLabel* problem_ = nullptr;
  QLabel* attempt_ = nullptr;
  QTimer* countdown_ = nullptr;
  QDeadlineTimer retryDue_;
};

} // namespace spectrascope::ui
