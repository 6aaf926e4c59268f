#pragma once
// The "Image" tab: an image, its centred spectrum with the mask drawn over it (and edited there), and
// the filtered result, side by side; zoom and pan are linked between the three views.
//
// The mask lives in a MaskEditor (undo history), the background work in an ImageWorker (latest request
// wins; see its threading contract); this class builds the controls and connects the parts.
// GUI thread only.
//
// The engine: the one of the EngineService given with setEngineService() once it has one, otherwise an
// FFTW engine of the tab's own (FFTW enumerates no OpenCL devices, so it cannot collide with the service).

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/ui/image/ImageWorker.h"
#include "spectrascope/ui/image/MaskEditor.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"
#include "spectrascope/ui/image/SpectrumPicture.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QImage>
#include <QString>
#include <QWidget>

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;
class QToolBar;
class QToolButton;

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

class EngineService;
class TimingFeed;
namespace image {
class ElidedLabel;
class RecentFiles;
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
  QAction* openAction() const { return openAction_; }
  QMenu* recentMenu() const;
  QList<QAction*> saveActions() const { return {saveResultAction_, saveSpectrumAction_, saveMaskAction_}; }
  QAction* copyAction() const { return copyAction_; }
  QAction* undoAction() const { return undoAction_; }
  QAction* redoAction() const { return redoAction_; }
  QList<QAction*> viewActions() const
  {
    return {zoomInAction_, zoomOutAction_, fitAction_, actualSizeAction_};
  }

  // Loads in the background; a file that cannot be read leaves the current image as it is and emits
  // errorMessage.
  void openFile(const QString& path);
  void openImage(const QImage& image, const QString& name);
  void saveResult(const QString& path) { save(result_, path); }
  void saveSpectrum(const QString& path) { save(spectrum_, path); }
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
  QSlider* cutoffSlider() const { return cutoff_; }
  QSlider* cutoff2Slider() const { return cutoff2_; }
  QComboBox* kindBox() const { return kind_; }
  QComboBox* spectrumModeBox() const { return spectrumMode_; }
  QComboBox* colormapBox() const { return colormap_; }
  QDoubleSpinBox* gammaBox() const { return gamma_; }

  static QString sampleImagePath() { return QStringLiteral(":/samples/coffee.png"); }

signals:
  void imageLoaded(const QString& name);
  void resultUpdated();  // a full-resolution result for the latest mask is shown
  void previewUpdated(); // a display-resolution preview is shown while the mask is dragged
  void saved(const QString& path);
  void errorMessage(const QString& heading, const QString& detail);
  void statusMessage(const QString& text);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

private:
  QToolBar* createMaskControls();
  static QString cutoffText(const imaging::MaskSpec& spec);
  QToolBar* createSpectrumControls();
  void addUndoButtons(QToolBar* bar);
  QToolButton* createContrastButton(QWidget* parent);
  QComboBox* createPaddingChoice(QWidget* parent);
  QDoubleSpinBox* createNotchRadiusBox(QWidget* parent);
  void showSelectedNotch();
  imaging::PadMode paddingMode() const;
  static QString paddingNote(const imaging::FilterPipeline& pipeline);
  QWidget* createViews();
  void createActions();
  void connectMaskEditing();
  void chooseFile();
  void chooseSaveFile(const QString& what, const QString& suffix, void (ImageTab::*saveTo)(const QString&));
  void save(const QImage& image, const QString& path);
  void onSaved();
  void copyResult();
  void load(image::LoadRequest request);
  void reload();
  image::FilterRequest filterRequest();
  std::shared_ptr<Engine> currentEngine();
  void onLoaded(const image::LoadedImage& loaded);
  void onFiltered(const image::FilterResult& result);
  void onMaskChanged();
  void onInputIdle();
  void syncControls();
  void editSpec(const QString& undoText, const std::function<void(imaging::MaskSpec&)>& change);
  void addNotchAt(QPointF bin);
  void renderSpectrum();
  void showReadout(int view, QPointF imagePos);
  void showTimings(const ExecutionReport& report, bool preview);
  void updateLoadProgress();

  EngineService* service_ = nullptr;
  TimingFeed* timingFeed_ = nullptr;
  std::shared_ptr<Engine> ownEngine_;
  image::ImageWorker* worker_ = nullptr;
  image::MaskEditor* editor_ = nullptr;
  image::RecentFiles* recent_ = nullptr;
  QImage original_, spectrum_, result_;
  image::SpectrumPicture magnitude_, phase_;
  std::shared_ptr<const std::vector<float>> appliedMask_;
  QString currentPath_, currentName_;
  QImage currentSource_;
  std::optional<image::LoadRequest> lastLoad_; // the latest image asked for, loaded or not
  // Previews while the mask is dragged (or changes faster than kIdleMs apart); the full result once the
  // input has been idle that long, which includes the end of every drag.
  bool previewing_ = false;
  QElapsedTimer lastChange_;
  QTimer* idle_ = nullptr;
  bool syncing_ = false;           // controls being set from the mask: no edits of their own
  QFutureWatcher<QString> saving_; // the error, empty on success
  QString savingPath_;

  image::ZoomableImageView* originalView_ = nullptr;
  image::MaskedSpectrumView* spectrumView_ = nullptr;
  image::ZoomableImageView* resultView_ = nullptr;
  QLabel* nameLabel_ = nullptr;
  QLabel* readout_ = nullptr;
  image::ElidedLabel* timings_ = nullptr; // the last update's total; the steps in its tooltip
  QLabel* cutoffLabel_ = nullptr;
  QComboBox* kind_ = nullptr;
  QComboBox* profile_ = nullptr;
  QComboBox* range_ = nullptr;
  QComboBox* padding_ = nullptr;                 // remembered in QSettings
  std::optional<image::MaskState> appliedState_; // the applied mask when the device evaluated it
  QSpinBox* order_ = nullptr;
  QSlider* cutoff_ = nullptr;
  QSlider* cutoff2_ = nullptr;
  QCheckBox* luminance_ = nullptr;
  QComboBox* spectrumMode_ = nullptr;
  QComboBox* colormap_ = nullptr;
  QDoubleSpinBox* gamma_ = nullptr;
  QDoubleSpinBox* clip_ = nullptr;
  QSpinBox* brushSize_ = nullptr;
  QDoubleSpinBox* notchRadius_ = nullptr; // the selected notch's radius
  QProgressBar* progress_ = nullptr;
  QPushButton* cancelLoad_ = nullptr;
  QAction* openAction_ = nullptr;
  QAction* saveResultAction_ = nullptr;
  QAction* saveSpectrumAction_ = nullptr;
  QAction* saveMaskAction_ = nullptr;
  QAction* copyAction_ = nullptr;
  QAction* undoAction_ = nullptr;
  QAction* redoAction_ = nullptr;
  QAction* zoomInAction_ = nullptr;
  QAction* zoomOutAction_ = nullptr;
  QAction* fitAction_ = nullptr;
  QAction* actualSizeAction_ = nullptr;
};

} // namespace spectrascope::ui
