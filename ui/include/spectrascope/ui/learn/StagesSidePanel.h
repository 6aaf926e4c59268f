#pragma once
// The column beside the butterfly diagram: the current stage's twiddles on the unit circle, register
// exchange's registers, the input signal (drawn there for "Draw…"), the last stage beside a direct DFT,
// and which device computed the stages.

#include "spectrascope/engine/learn/StepRunner.h"

#include <QWidget>

class QLabel;

namespace spectrascope::ui {

class DftComparisonView;
class RegisterExchangeView;
class SignalInputView;
class TwiddleCircleView;

class StagesSidePanel : public QWidget
{
  Q_OBJECT

public:
  explicit StagesSidePanel(QWidget* parent = nullptr);

  SignalInputView* signalView() const { return input_; }
  void setInputNote(const QString& note); // hidden when empty
  void setRegistersVisible(bool visible);
  void showStage(const spectrascope::learn::StepsResult& result, int stage,
                 const std::vector<spectrascope::learn::Complex>& directDft);
  // Where the stages were computed, and the rule that chose it (the tool tip says why, on fallback).
  void setDeviceText(const QString& text, const QString& tip = {});

private:
  TwiddleCircleView* twiddles_ = nullptr;
  RegisterExchangeView* registers_ = nullptr;
  SignalInputView* input_ = nullptr;
  DftComparisonView* comparison_ = nullptr;
  QLabel* inputNote_ = nullptr;
  QLabel* deviceLabel_ = nullptr;
};

} // namespace spectrascope::ui
