#pragma once
// The "Learn" tab: pages that teach what an FFT does, each with a plain-language guide.
//  - StagesPage: a 1D FFT stage by stage, on the real OpenCL kernels of the chosen algorithm.
//  - RowColumnPage: a picture's 2D transform as a row pass and a column pass.
//  - PhaseLessonPage: what the magnitude and the phase of a spectrum each carry.
//  - AccuracyPage: how exact the app's transforms are on the selected engine.
//
// This class only holds the pages and connects them to the rest of the window: the Engine menu's engine
// (setEngineService), the Image tab's picture (setImage), the Audio tab's samples (setAudioFrameSource)
// and the shared Timings panel (setTimingFeed). The arrow keys, Home/End, Space and Save act on the
// page in view. The 1D and 2D pages share one StepsComputation: one device, one thread.

#include "spectrascope/engine/learn/StepRunner.h"
#include "spectrascope/ui/learn/StagesInput.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QTabWidget;

namespace spectrascope::ui {

class AccuracyPage;
class EngineService;
class PhaseLessonPage;
class RowColumnPage;
class StagesPage;
class StepsComputation;
class TimingFeed;

class LearnTab : public QWidget
{
  Q_OBJECT

public:
  explicit LearnTab(QWidget* parent = nullptr);
  ~LearnTab() override;

  // Follow the Engine menu: the stages' device (by learn::stagesBackend's rule), the phase lesson's and
  // the accuracy panel's engine.
  void setEngineService(EngineService* service);
  // The records of each engine call (stages and 2D passes) go to the shared Timings panel.
  void setTimingFeed(TimingFeed* feed);
  // The picture loaded in the Image tab; a null image means the bundled sample.
  void setImage(const QImage& image, const QString& name);
  using AudioFrameSource = StagesInput::AudioFrameSource;
  void setAudioFrameSource(AudioFrameSource source);

  StagesPage* stagesPage() const { return stages_; }
  RowColumnPage* rowColumnPage() const { return rowColumn_; }
  PhaseLessonPage* phaseLessonPage() const { return phase_; }
  AccuracyPage* accuracyPage() const { return accuracy_; }
  void showRowColumnPage();
  void showPage(QWidget* page);

  // The 1D page's state, as before the pages were split out.
  int currentStage() const;
  int lastStage() const;
  std::shared_ptr<const spectrascope::learn::StepsResult> result() const;
  bool isComputing() const;
  bool isPlaying() const;

public slots:
  void stepForward();
  void stepBack();
  void setStage(int stage);
  void togglePlay();
  void exportDiagram();

signals:
  // A new 1D result is on screen (tests wait for it).
  void resultShown();

private:
  QWidget* pageInView() const;
  void addShortcuts();
  void followEngine();
  void publishTimings();

  QTabWidget* pages_ = nullptr;
  StepsComputation* computation_ = nullptr;
  StagesPage* stages_ = nullptr;
  RowColumnPage* rowColumn_ = nullptr;
  PhaseLessonPage* phase_ = nullptr;
  AccuracyPage* accuracy_ = nullptr;
  QPointer<EngineService> engine_;
  QPointer<TimingFeed> timingFeed_;
};

} // namespace spectrascope::ui
