#pragma once
// The Learn tab's first page: a 1D FFT stage by stage, computed by the real OpenCL kernels of the chosen
// algorithm and checked stage by stage against a double-precision CPU reference. The guide on the left
// says what to try; the butterfly diagram is in the middle; the side panel shows twiddles, registers,
// the input, the last stage beside a direct DFT and which device computed the stages.
//
// Stages are computed off the GUI thread (StepsComputation, latest request wins), on the device chosen
// by the fixed rule of learn::stagesBackend (setEngineBackend).

#include "spectrascope/engine/learn/StepRunner.h"
#include "spectrascope/ui/learn/StagesInput.h"

#include <QWidget>

#include <memory>

namespace spectrascope::ui {

class ButterflyDiagramView;
class LessonGuide;
class StagesControls;
class StagesSidePanel;
class StepBar;
class StepsComputation;
struct StepsOutcome;

class StagesPage : public QWidget
{
  Q_OBJECT

public:
  StagesPage(StepsComputation* computation, QWidget* parent = nullptr);
  ~StagesPage() override;

  // The backend the engine uses now ("fftw", "opencl:0", ...; empty while it is being created). The
  // stages go where learn::stagesBackend says; a change of device computes them again.
  void setEngineBackend(const QString& engineBackend);
  QString stagesBackend() const { return stagesBackend_; }
  void setImage(const QImage& image, const QString& name);
  void setAudioFrameSource(StagesInput::AudioFrameSource source);

  int currentStage() const { return stage_; }
  int lastStage() const;
  std::shared_ptr<const spectrascope::learn::StepsResult> result() const { return result_; }
  bool isComputing() const;
  bool isPlaying() const;

public slots:
  void stepForward() { setStage(stage_ + 1); }
  void stepBack() { setStage(stage_ - 1); }
  void setStage(int stage);
  void togglePlay();
  void exportDiagram();

signals:
  // A new result is on screen (tests and the Timings panel wait for it).
  void resultShown();

private:
  void recompute();
  void showOutcome(const StepsOutcome& outcome);
  void showStagesSource(const StepsOutcome& outcome);
  void showStage();

  StepsComputation* computation_;
  StagesControls* controls_ = nullptr;
  StepBar* stepBar_ = nullptr;
  LessonGuide* guide_ = nullptr;
  ButterflyDiagramView* diagram_ = nullptr;
  StagesSidePanel* side_ = nullptr;
  StagesInput input_;
  QString engineBackend_;
  QString stagesBackend_ = QStringLiteral("auto");

  std::shared_ptr<const spectrascope::learn::StepsResult> result_;
  std::vector<spectrascope::learn::Complex> directDft_;
  int stage_ = 1;
};

} // namespace spectrascope::ui
