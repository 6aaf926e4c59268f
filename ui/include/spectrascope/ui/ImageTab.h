#pragma once
// The "Image" tab: an image, its centred log-magnitude spectrum with the mask drawn over it, and the
// filtered result, side by side; mask kind, profile and cutoff sliders update the result live.
//
// Threading contract
//  - Create, call and destroy it on the GUI thread; its signals are emitted there.
//  - Decoding, planning and the forward spectrum (load jobs) and every mask update (filter jobs) run through
//    QtConcurrent, one job at a time, so the pipeline is only ever used by one thread. Requests that arrive
//    while a job runs collapse into one pending slot per kind: only the latest runs next (latest wins; a
//    slider drag never queues more than one update). The GUI thread never waits for a job.
//  - Jobs hold the engine and the pipeline by shared_ptr and no pointer to the tab; a job that finishes
//    after the tab is gone is discarded with its watcher.
//
// The engine: the one of the EngineService given with setEngineService() once it is ready, otherwise an
// FFTW engine of the tab's own (FFTW enumerates no OpenCL devices, so it cannot collide with the service).

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/PixelRange.h"

#include <QFutureWatcher>
#include <QImage>
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace spectrascope {
class Engine;
namespace imaging {
class FilterPipeline;
}
} // namespace spectrascope

namespace spectrascope::ui {

class EngineService;

class ImageTab : public QWidget
{
  Q_OBJECT

public:
  explicit ImageTab(QWidget* parent = nullptr);
  ~ImageTab() override;

  void setEngineService(EngineService* service);
  // File > Open Image… (standard Open shortcut); the main window puts it in its File menu.
  QAction* openAction() const { return openAction_; }

  // Loads in the background; a file that cannot be read leaves the current image as it is and emits
  // errorMessage.
  void openFile(const QString& path);
  void openImage(const QImage& image, const QString& name);

  // The images as last shown (for tests and saving).
  QImage originalImage() const { return original_; }
  QImage spectrumImage() const { return spectrum_; }
  QImage resultImage() const { return result_; }
  imaging::MaskSpec maskSpec() const;
  QSlider* cutoffSlider() const { return cutoff_; }
  QSlider* cutoff2Slider() const { return cutoff2_; }
  QComboBox* kindBox() const { return kind_; }

  static QString sampleImagePath() { return QStringLiteral(":/samples/coffee.png"); }

signals:
  void imageLoaded(const QString& name);
  void resultUpdated();
  void errorMessage(const QString& heading, const QString& detail);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

private:
  struct LoadRequest
  {
    QString path; // empty: use image
    QImage image;
    QString name;
    bool luminanceOnly = false;
  };
  struct Loaded
  {
    std::shared_ptr<Engine> engine;
    std::shared_ptr<imaging::FilterPipeline> pipeline;
    QImage original, spectrum;
    QString name, error;
  };
  struct FilterRequest
  {
    imaging::MaskSpec mask;
    imaging::PixelRange range;
  };
  struct Filtered
  {
    QImage result;
    ExecutionReport report;
    QString error;
  };

  void createControls();
  void chooseFile();
  void requestFilter();
  void schedule();
  std::shared_ptr<Engine> currentEngine();
  static Loaded load(LoadRequest request, std::shared_ptr<Engine> engine);
  static Filtered filter(std::shared_ptr<imaging::FilterPipeline> pipeline, FilterRequest request);
  void onLoaded();
  void onFiltered();
  void showSpectrum();
  void showTimings(const ExecutionReport& report);
  void updateControlState();

  EngineService* service_ = nullptr;
  std::shared_ptr<Engine> ownEngine_;
  std::shared_ptr<imaging::FilterPipeline> pipeline_;
  QImage original_, spectrum_, result_;
  QString currentPath_;
  QImage currentSource_;
  QString currentName_;

  std::optional<LoadRequest> pendingLoad_;
  std::optional<FilterRequest> pendingFilter_;
  bool busy_ = false;
  QFutureWatcher<Loaded> loading_;
  QFutureWatcher<Filtered> filtering_;

  QLabel* originalView_ = nullptr;
  QLabel* spectrumView_ = nullptr;
  QLabel* resultView_ = nullptr;
  QLabel* nameLabel_ = nullptr;
  QLabel* timings_ = nullptr;
  QLabel* cutoffLabel_ = nullptr;
  QComboBox* kind_ = nullptr;
  QComboBox* profile_ = nullptr;
  QComboBox* range_ = nullptr;
  QSpinBox* order_ = nullptr;
  QSlider* cutoff_ = nullptr;
  QSlider* cutoff2_ = nullptr;
  QCheckBox* luminance_ = nullptr;
  QAction* openAction_ = nullptr;
};

} // namespace spectrascope::ui
