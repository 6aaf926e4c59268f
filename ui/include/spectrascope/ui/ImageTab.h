#pragma once
// The "Image" tab: an image, its centred spectrum with the mask drawn over it (and edited there), and
// the filtered result, side by side; zoom and pan are linked between the three views.
//
// Its parts, each with one job: ImageActions (menus and shortcuts), MaskControls and SpectrumControls
// (the two rows of controls), MaskEditor (the mask and its undo history), ImageWorker (the background
// work, latest request wins; see its threading contract), ImageReadout (the cursor line) and
// LoadProgress (what a load waits for). This class connects them: it turns control changes into mask
// edits, mask edits into filter requests and results into pictures. GUI thread only.
//
// The engine: the one of the EngineService given with setEngineService() once it has one, otherwise an
// FFTW engine of the tab's own (FFTW enumerates no OpenCL devices, so it cannot collide with the service).

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/ui/image/ImageActions.h"
#include "spectrascope/ui/image/ImageReadout.h"
#include "spectrascope/ui/image/ImageWorker.h"
#include "spectrascope/ui/image/MaskControls.h"
#include "spectrascope/ui/image/MaskEditor.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"
#include "spectrascope/ui/image/SpectrumContrastButton.h"
#include "spectrascope/ui/image/SpectrumControls.h"
#include "spectrascope/ui/image/SpectrumPicture.h"

#include <QImage>
#include <QString>
#include <QWidget>

#include <memory>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QMenu;
class QSlider;

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

class EngineService;
class TimingFeed;
namespace image {
class ImageReadout;
class ImageViews;
class ResultSaver;
class LoadProgress;
class RecentFiles;
class UpdatePacing;
class UpdateSummary;
class ZoomableImageView;
} // namespace image

class ImageTab : public QWidget
{
  Q_OBJECT

public:
  explicit ImageTab(QWidget* parent = nullptr);
  ~ImageTab() override;

  void setEngineService(EngineService* service);
  // Each filter update's timings also go to the shared Timings panel.
  void setTimingFeed(TimingFeed* feed) { timingFeed_ = feed; }

  // For the main window's menus: File (open, recent, save, copy), Edit (undo, redo), View (zoom).
  QAction* openAction() const { return actions_->open; }
  QMenu* recentMenu() const;
  QList<QAction*> saveActions() const { return actions_->saveActions(); }
  QAction* copyAction() const { return actions_->copy; }
  QAction* undoAction() const { return actions_->undo; }
  QAction* redoAction() const { return actions_->redo; }
  QList<QAction*> viewActions() const { return actions_->viewActions(); }

  // Loads in the background; a file that cannot be read leaves the current image as it is and emits
  // errorMessage. Notches and paint belong to one picture: a new one starts without them.
  void openFile(const QString& path);
  void openImage(const QImage& image, const QString& name);
  void saveResult(const QString& path);
  void saveSpectrum(const QString& path);
  void saveMask(const QString& path);

  // The images as last shown (for tests and saving).
  QImage originalImage() const { return original_; }
  QImage spectrumImage() const { return spectrum_; }
  QImage resultImage() const { return result_; }
  imaging::MaskSpec maskSpec() const { return editor_->state().spec; }
  // What the filter transforms for the loaded picture: its padded size and the number of planes (one per
  // colour channel, or one when only the luminance is filtered); 0 x 0 before a picture is loaded.
  struct TransformShape
  {
    QSize size;
    int planes = 0;
  };
  TransformShape transformShape() const;
  image::MaskEditor* maskEditor() const { return editor_; }
  image::MaskedSpectrumView* spectrumView() const { return spectrumView_; }
  image::ZoomableImageView* originalView() const { return originalView_; }
  image::ZoomableImageView* resultView() const { return resultView_; }
  QLabel* readout() const { return readout_; }
  QSlider* cutoffSlider() const { return maskControls_->cutoffSlider(); }
  QSlider* cutoff2Slider() const { return maskControls_->cutoff2Slider(); }
  QComboBox* kindBox() const { return maskControls_->kindBox(); }
  QComboBox* spectrumModeBox() const { return spectrumControls_->spectrumModeBox(); }
  QComboBox* colormapBox() const { return spectrumControls_->contrastButton()->colormapBox(); }
  QDoubleSpinBox* gammaBox() const { return spectrumControls_->contrastButton()->gammaBox(); }

  static QString sampleImagePath() { return QStringLiteral(":/samples/coffee.png"); }
  // For EngineService::setWarmUp: builds, on a new engine, what the tab plans first. Any thread.
  static void warmUpEngine(Engine& engine);

signals:
  void imageLoaded(const QString& name);
  void resultUpdated();  // a full-resolution result for the latest mask is shown
  void previewUpdated(); // a display-resolution preview is shown while the mask is dragged
  void saved(const QString& path);
  void errorMessage(const QString& heading, const QString& detail);
  void statusMessage(const QString& text);

private:
  QWidget* createViews();
  void connectActions();
  void connectControls();
  void chooseFile();
  void chooseSaveFile(const QString& what, void (ImageTab::*saveTo)(const QString&));
  void copyResult();
  void load(image::LoadRequest request);
  void reload();
  image::FilterRequest filterRequest();
  std::shared_ptr<Engine> currentEngine();
  void onLoaded(const image::LoadedImage& loaded);
  void onFiltered(const image::FilterResult& result);
  void onMaskChanged();
  void showMask();
  void showSelectedNotch();
  void renderSpectrum();

  EngineService* service_ = nullptr;
  TimingFeed* timingFeed_ = nullptr;
  std::shared_ptr<Engine> ownEngine_;
  image::ImageWorker* worker_ = nullptr;
  image::MaskEditor* editor_ = nullptr;
  image::RecentFiles* recent_ = nullptr;
  image::ResultSaver* saver_ = nullptr;
  image::ImageActions* actions_ = nullptr;
  image::MaskControls* maskControls_ = nullptr;
  image::SpectrumControls* spectrumControls_ = nullptr;
  QImage original_, spectrum_, result_;
  image::SpectrumPicture magnitude_, phase_;
  std::shared_ptr<const std::vector<float>> appliedMask_;
  std::optional<image::MaskState> appliedState_; // the applied mask when the device evaluated it
  QString currentName_;
  QImage currentSource_;
  std::optional<image::LoadRequest> lastLoad_; // the latest image asked for, loaded or not
  image::UpdatePacing* pacing_ = nullptr;      // previews while the mask moves, then the full result

  image::ZoomableImageView* originalView_ = nullptr;
  image::MaskedSpectrumView* spectrumView_ = nullptr;
  image::ZoomableImageView* resultView_ = nullptr;
  image::ImageViews* views_ = nullptr;
  image::ImageReadout* readout_ = nullptr;
  image::UpdateSummary* timings_ = nullptr;
  image::LoadProgress* progress_ = nullptr;
};

} // namespace spectrascope::ui
