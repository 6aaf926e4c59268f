#pragma once
// The stepping controls of the stage-by-stage page: first, back, play/pause, forward, last, a stage
// slider, "Stage s of S", the check against the reference and the export button. It shows a stage and
// asks for another (stageRequested); the page decides. Play advances one stage every 0.9 s and stops at
// the last.

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;
class QToolButton;

namespace spectrascope::ui {

class StepBar : public QWidget
{
  Q_OBJECT

public:
  explicit StepBar(QWidget* parent = nullptr);

  void showStage(int stage, int lastStage);
  // "✓ …" in green or "✗ …" in red; empty text clears it.
  void showCheck(const QString& text, bool matches);
  bool isPlaying() const;
  // A control of the page's own, placed before the export button.
  void addControl(QWidget* control);
  void togglePlay();

signals:
  void stageRequested(int stage);
  void exportRequested();

private:
  QHBoxLayout* row_ = nullptr; // the controls' line
  QToolButton* firstButton_ = nullptr;
  QToolButton* backButton_ = nullptr;
  QToolButton* playButton_ = nullptr;
  QToolButton* forwardButton_ = nullptr;
  QToolButton* lastButton_ = nullptr;
  QSlider* slider_ = nullptr;
  QLabel* stageLabel_ = nullptr;
  QLabel* checkLabel_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  QTimer* playTimer_ = nullptr;
  int stage_ = 0;
  int lastStage_ = 0;
};

} // namespace spectrascope::ui
