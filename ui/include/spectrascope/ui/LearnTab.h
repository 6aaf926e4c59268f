#pragma once
// The "Learn" tab: an FFT stage by stage, computed by the real OpenCL kernels of the chosen algorithm
// (radix-2 DIT as in the OpenCL book, radix-2 DIF, Stockham, radix-4, Bainville's register exchange),
// each stage checked against a double-precision CPU reference.
//
// Choose N, the input (impulse, step, sine, two tones, random, or draw it) and the algorithm; step
// forward and back or play. The butterfly diagram highlights the current stage's butterflies (a heat map
// above N = 64), the unit circle shows its twiddles, the register view shows which work-item holds which
// value, and the last stage is set beside a direct DFT. The diagram exports as PNG and SVG.
//
// Stages are computed off the GUI thread (StepsComputation, latest request wins); the tab follows the
// Engine menu's backend when given an EngineService. Choices are remembered in QSettings ("learn/...").

#include "spectrascope/engine/learn/StepRunner.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;
class QToolButton;

namespace spectrascope::ui {

class ButterflyDiagramView;
class DftComparisonView;
class EngineService;
class RegisterExchangeView;
class SignalInputView;
class StepsComputation;
class TwiddleCircleView;
struct StepsOutcome;

class LearnTab : public QWidget
{
  Q_OBJECT

public:
  explicit LearnTab(QWidget* parent = nullptr);
  ~LearnTab() override;

  // Follow the backend chosen in the Engine menu (without one: "auto").
  void setEngineService(EngineService* service);

  int currentStage() const { return stage_; }
  int lastStage() const;
  std::shared_ptr<const spectrascope::learn::StepsResult> result() const { return result_; }
  bool isComputing() const;

public slots:
  void stepForward();
  void stepBack();
  void setStage(int stage);
  void togglePlay();
  void exportDiagram();

signals:
  // A new result is on screen (tests wait for it).
  void resultShown();

private:
  enum class Input { Impulse, Step, Sine, TwoTones, Random, Drawn };

  QWidget* createControls();
  QWidget* createStepBar();
  QWidget* createSidePanel();
  void restoreSettings();
  void saveSettings() const;
  void updateInputControls();
  void fillWorkItems();
  std::vector<spectrascope::learn::Complex> makeInput();
  void recompute();
  void showOutcome(const StepsOutcome& outcome);
  void showStage();
  void updateCheck();
  spectrascope::learn::Algorithm algorithm() const;
  std::size_t n() const;

  QComboBox* sizeBox_ = nullptr;
  QComboBox* inputBox_ = nullptr;
  QSpinBox* frequencyBox_ = nullptr;
  QSpinBox* secondFrequencyBox_ = nullptr;
  QComboBox* algorithmBox_ = nullptr;
  QComboBox* workItemsBox_ = nullptr;
  QLabel* workItemsLabel_ = nullptr;
  QComboBox* styleBox_ = nullptr;
  QToolButton* firstButton_ = nullptr;
  QToolButton* backButton_ = nullptr;
  QToolButton* playButton_ = nullptr;
  QToolButton* forwardButton_ = nullptr;
  QToolButton* lastButton_ = nullptr;
  QSlider* stageSlider_ = nullptr;
  QLabel* stageLabel_ = nullptr;
  QLabel* checkLabel_ = nullptr;
  QLabel* definitionLabel_ = nullptr;
  QLabel* deviceLabel_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  ButterflyDiagramView* diagram_ = nullptr;
  TwiddleCircleView* twiddles_ = nullptr;
  RegisterExchangeView* registers_ = nullptr;
  SignalInputView* input_ = nullptr;
  DftComparisonView* comparison_ = nullptr;
  QTimer* playTimer_ = nullptr;
  StepsComputation* computation_ = nullptr;
  QPointer<EngineService> engine_;

  std::shared_ptr<const spectrascope::learn::StepsResult> result_;
  std::vector<spectrascope::learn::Complex> directDft_;
  std::vector<spectrascope::learn::Complex> drawn_; // the drawn signal, kept across N changes
  int stage_ = 1;
  bool restoring_ = false;
};

} // namespace spectrascope::ui
