#pragma once
// The "Learn" tab: an FFT stage by stage, computed by the real OpenCL kernels of the chosen algorithm
// (radix-2 DIT as in the OpenCL book, radix-2 DIF, Stockham, radix-4, Bainville's register exchange),
// each stage checked against a double-precision CPU reference.
//
// Choose N, the input (impulse, step, sine, two tones, random, draw it, a row of the Image tab's picture
// or the Audio tab's newest samples) and the algorithm; step
// forward and back or play. The butterfly diagram highlights the current stage's butterflies (a heat map
// above N = 64), the unit circle shows its twiddles, the register view shows which work-item holds which
// value, and the last stage is set beside a direct DFT. The diagram exports as PNG and SVG. A second page
// (RowColumnPage) takes a 2D transform of the image apart into its row pass and column pass.
//
// The main window hands in the Image tab's picture (setImage) and a way to read the Audio tab's newest
// samples (setAudioFrameSource), so this tab depends on neither; the records of every engine call go to
// the shared Timings panel (setTimingFeed).
//
// Stages are computed off the GUI thread (StepsComputation, latest request wins); the tab follows the
// Engine menu's backend when given an EngineService. Choices are remembered in QSettings ("learn/...").

#include "spectrascope/engine/learn/StepRunner.h"

#include <QImage>
#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QTimer;
class QToolButton;

namespace spectrascope::ui {

class ButterflyDiagramView;
class DftComparisonView;
class EngineService;
class RegisterExchangeView;
class RowColumnPage;
class SignalInputView;
class TimingFeed;
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
  // The records of each engine call (stages and 2D passes) go to the shared Timings panel.
  void setTimingFeed(TimingFeed* feed);
  // The picture loaded in the Image tab: the 2D page's image and the "Image row" input. A null image
  // means the bundled sample.
  void setImage(const QImage& image, const QString& name);
  // Returns the newest `n` samples the Audio tab analysed (fewer, or none, before it has that many).
  using AudioFrameSource = std::function<std::vector<float>(std::size_t n)>;
  void setAudioFrameSource(AudioFrameSource source) { audioFrames_ = std::move(source); }

  // The 2D page: the image's row pass, then its column pass.
  RowColumnPage* rowColumnPage() const { return rowColumn_; }
  void showRowColumnPage();

  int currentStage() const { return stage_; }
  int lastStage() const;
  std::shared_ptr<const spectrascope::learn::StepsResult> result() const { return result_; }
  bool isComputing() const;
  bool isPlaying() const;

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
  enum class Input { Impulse, Step, Sine, TwoTones, Random, Drawn, ImageRow, AudioFrame };

  QWidget* createStagesPage();
  QWidget* createControls();
  QWidget* createStepBar();
  QWidget* createSidePanel();
  void restoreSettings();
  void saveSettings() const;
  void updateInputControls();
  void fillWorkItems();
  std::vector<spectrascope::learn::Complex> makeInput();
  std::vector<spectrascope::learn::Complex> imageRow();
  std::vector<spectrascope::learn::Complex> audioFrame();
  QString backend() const;
  bool onRowColumnPage() const;
  void recompute();
  void showOutcome(const StepsOutcome& outcome);
  // The timings panel shows the last run of the page in view.
  void publishTimings();
  void showStagesSource(const StepsOutcome& outcome);
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
  QLabel* inputNote_ = nullptr; // where an image row or audio frame came from
  QToolButton* refreshInput_ = nullptr;
  QTabWidget* pages_ = nullptr;
  RowColumnPage* rowColumn_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  ButterflyDiagramView* diagram_ = nullptr;
  TwiddleCircleView* twiddles_ = nullptr;
  RegisterExchangeView* registers_ = nullptr;
  SignalInputView* input_ = nullptr;
  DftComparisonView* comparison_ = nullptr;
  QTimer* playTimer_ = nullptr;
  StepsComputation* computation_ = nullptr;
  QPointer<EngineService> engine_;
  QPointer<TimingFeed> timingFeed_;
  AudioFrameSource audioFrames_;
  QImage image_; // the Image tab's picture, or the bundled sample
  QString imageName_;

  std::shared_ptr<const spectrascope::learn::StepsResult> result_;
  std::vector<spectrascope::learn::Complex> directDft_;
  std::vector<spectrascope::learn::Complex> drawn_; // the drawn signal, kept across N changes
  int stage_ = 1;
  bool restoring_ = false;
};

} // namespace spectrascope::ui
