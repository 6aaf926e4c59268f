#pragma once
// ImageWorker: the Image tab's background work, latest request wins.
//
// Threading contract
//  - Call it on the GUI thread; its signals come on the GUI thread.
//  - Load jobs (decode, plan, forward spectrum, spectrum pictures) and filter jobs (mask, inverse,
//    8-bit conversion, mask tint) run through QtConcurrent one at a time, so the pipeline is only used by
//    one thread. Requests arriving meanwhile collapse into one pending slot per kind; a filter request
//    is only a flag: the filter job's input is asked for (requestSource) when it starts, so it is always
//    the latest mask. The GUI thread never waits for a job.
//  - Jobs hold the engine and pipeline by shared_ptr and no pointer to the worker; one that finishes
//    after the worker is gone is discarded.
//  - cancelLoad() drops the load in flight: the FFT cannot be interrupted, but its result is discarded
//    and the current image stays.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/imaging/Padding.h"
#include "spectrascope/engine/imaging/PixelRange.h"
#include "spectrascope/ui/image/MaskEditor.h"
#include "spectrascope/ui/image/MaskRendering.h"
#include "spectrascope/ui/image/SpectrumPicture.h"

#include <QFutureWatcher>
#include <QImage>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace spectrascope {
class Engine;
namespace imaging {
class FilterPipeline;
}
} // namespace spectrascope

namespace spectrascope::ui::image {

struct LoadRequest
{
  QString path; // empty: use image
  QImage image;
  QString name;
  bool luminanceOnly = false;
  imaging::PadMode padding = imaging::PadMode::None;
  // The picture already shown, transformed again (another backend, padding or luminance setting): the
  // mask drawn on it stays. A new picture starts with a clean one.
  bool sameImage = false;
};

struct LoadedImage
{
  std::shared_ptr<imaging::FilterPipeline> pipeline;
  QImage original;
  SpectrumPicture magnitude, phase;
  QString name, path, error;
  bool sameImage = false; // as asked for in the LoadRequest
};

struct FilterRequest
{
  MaskState mask;
  imaging::PixelRange range = imaging::PixelRange::Clamp;
  // Non-empty while the mask is being dragged: a preview for a view of about this many device pixels
  // (FilterPipeline::applyPreview) instead of the full-resolution result.
  QSize preview;
};

struct FilterResult
{
  QImage result;
  QImage maskTint;
  std::shared_ptr<const std::vector<float>>
      halfMask; // what was applied, for saving the mask; null for previews
  // ... or, when the device evaluated a parametric mask itself (no half mask on the host), its state.
  std::optional<MaskState> deviceMask;
  bool preview = false; // `result` is smaller than the image: the band-limited preview, to be drawn stretched
  ExecutionReport report;
  QString error;
};

class ImageWorker : public QObject
{
  Q_OBJECT

public:
  explicit ImageWorker(QObject* parent = nullptr);
  ~ImageWorker() override;

  void setEngineSource(std::function<std::shared_ptr<Engine>()> source) { engineSource_ = std::move(source); }
  void setRequestSource(std::function<FilterRequest()> source) { requestSource_ = std::move(source); }

  void load(LoadRequest request);
  void cancelLoad();
  // Asks for one more filter update with the request source's state at the time it starts.
  void requestFilter();
  // Plans, when nothing else waits, the preview transform for a view of about `preview` device pixels, so
  // that the first drag finds its kernels built (a device builds them once per size, seconds on PoCL).
  void preparePreview(QSize preview);
  // Until its result is taken, not only while its thread runs: a reload asked for in between must
  // reload this load's picture, not the one it is about to replace.
  bool isLoading() const { return loadInFlight_ && !loadCancelled_; }
  // A load is running or waiting to run (and not cancelled).
  bool hasLoadWork() const { return isLoading() || pendingLoad_.has_value(); }
  std::shared_ptr<imaging::FilterPipeline> pipeline() const { return pipeline_; }

signals:
  void loadStarted();
  // The load that ended left none queued behind it (a file named on the command line queues behind the
  // sample): emitted before its loaded() or loadFailed(), so a progress shown for the queue ends with it.
  void loadsFinished();
  void loaded(const spectrascope::ui::image::LoadedImage& image);
  void loadFailed(const QString& detail);
  void filtered(const spectrascope::ui::image::FilterResult& result);
  void filterFailed(const QString& detail);

private:
  using CancelFlag = std::shared_ptr<std::atomic_bool>;
  static LoadedImage runLoad(LoadRequest request, std::shared_ptr<Engine> engine, CancelFlag cancelled);
  static FilterResult runFilter(std::shared_ptr<imaging::FilterPipeline> pipeline, FilterRequest request,
                                std::shared_ptr<PaintedHalfPlaneCache> cache);
  void schedule();
  void onLoaded();
  void onFiltered();
  static void runPrepare(std::shared_ptr<imaging::FilterPipeline> pipeline, QSize preview);

  std::function<std::shared_ptr<Engine>()> engineSource_;
  std::function<FilterRequest()> requestSource_;
  std::shared_ptr<imaging::FilterPipeline> pipeline_;
  std::shared_ptr<PaintedHalfPlaneCache> paintCache_;
  std::optional<LoadRequest> pendingLoad_;
  bool pendingFilter_ = false;
  std::optional<QSize> pendingPrepare_;
  bool busy_ = false;
  bool loadCancelled_ = false;
  bool loadInFlight_ = false; // started, its result not yet taken by onLoaded()
  // Read by the running load between its steps, so a cancelled one stops early and frees the worker.
  CancelFlag loadCancelFlag_;
  QFutureWatcher<LoadedImage> loading_;
  QFutureWatcher<FilterResult> filtering_;
  QFutureWatcher<void> preparing_;
};

} // namespace spectrascope::ui::image
