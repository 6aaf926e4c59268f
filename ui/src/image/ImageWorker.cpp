#include "spectrascope/ui/image/ImageWorker.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/ui/PlanarImageConversion.h"
#include "spectrascope/ui/image/ImageFiles.h"

#include <QtConcurrent>

namespace spectrascope::ui::image {
namespace {
// The tint is drawn stretched over the spectrum; this many pixels are plenty on any screen and keep a
// live update of a 4000 x 3000 image from spending its time on the tint.
constexpr int kTintMaxSide = 1024;
// While dragging, the tint is evaluated from the mask's formulas at this size instead.
constexpr int kPreviewTintMaxSide = 256;

// The displayed copy of a result; its bytes go back to the pipeline for the next full update to write into
// (FilterPipeline::recycle keeps full-resolution buffers only).
QImage shown(imaging::FilterPipeline& pipeline, imaging::PlanarBytes&& bytes)
{
  QImage image = fromPlanar(bytes);
  pipeline.recycle(std::move(bytes));
  return image;
}

// The preview path: the mask on the central crop only, the inverse at about the view's size.
bool runPreview(imaging::FilterPipeline& pipeline, const FilterRequest& request, PaintedHalfPlaneCache& cache,
                FilterResult& filtered)
{
  const std::size_t w = pipeline.width(), h = pipeline.height();
  const auto [cw, ch] = imaging::FilterPipeline::previewExtent(w, h, std::size_t(request.preview.width()),
                                                               std::size_t(request.preview.height()));
  if (cw == w && ch == h) return false; // the view shows every pixel: the full result is the preview
  const std::vector<float> crop = imaging::composeCroppedHalfPlaneMask(
      request.mask.spec, w, h, cw, ch, cache.halfPlane(request.mask, w, h), request.mask.inverted);
  filtered.result = shown(pipeline, pipeline.applyPreview(crop, cw, ch, request.range, &filtered.report));
  filtered.maskTint = maskTint(request.mask, w, h, kPreviewTintMaxSide);
  filtered.preview = true;
  return true;
}
// Parametric masks on a device pipeline: the device evaluates the mask itself, and the tint comes from the
// formulas at its own size, so the host computes no W x H mask at all. Painted masks are uploaded.
bool runOnDevice(imaging::FilterPipeline& pipeline, const FilterRequest& request, FilterResult& filtered)
{
  if (!pipeline.onDevice() || request.mask.paint) return false;
  filtered.result = shown(pipeline, pipeline.applyParametric(request.mask.spec, request.mask.inverted,
                                                             request.range, &filtered.report));
  filtered.maskTint = maskTint(request.mask, pipeline.width(), pipeline.height(), kTintMaxSide);
  filtered.deviceMask = request.mask;
  return true;
}
} // namespace

ImageWorker::ImageWorker(QObject* parent) : QObject(parent)
{
  connect(&loading_, &QFutureWatcher<LoadedImage>::finished, this, &ImageWorker::onLoaded);
  connect(&filtering_, &QFutureWatcher<FilterResult>::finished, this, &ImageWorker::onFiltered);
  connect(&preparing_, &QFutureWatcher<void>::finished, this, [this] {
    busy_ = false;
    schedule();
  });
}

ImageWorker::~ImageWorker()
{
  // Jobs capture no pointer to us; waiting only keeps the pipeline's last user off a dying watcher.
  loading_.waitForFinished();
  filtering_.waitForFinished();
  preparing_.waitForFinished();
}

void ImageWorker::load(LoadRequest request)
{
  pendingLoad_ = std::move(request);
  // A filter update already asked for stays asked for: schedule() runs the load first, and if the load
  // fails the picture still shown gets its update (after a load that works it is the new picture's).
  pendingPrepare_.reset();
  schedule();
}

void ImageWorker::cancelLoad()
{
  pendingLoad_.reset();
  if (loadInFlight_) {
    loadCancelled_ = true;
    *loadCancelFlag_ = true;
  }
}

void ImageWorker::preparePreview(QSize preview)
{
  pendingPrepare_ = preview;
  schedule();
}

void ImageWorker::requestFilter()
{
  pendingFilter_ = true;
  schedule();
}

// One job at a time; a load goes before any filter update (which would be for the old image).
void ImageWorker::schedule()
{
  if (busy_) return;
  if (pendingLoad_) {
    busy_ = true;
    loadCancelled_ = false;
    loadCancelFlag_ = std::make_shared<std::atomic_bool>(false);
    LoadRequest request = std::move(*pendingLoad_);
    pendingLoad_.reset();
    loadInFlight_ = true;
    emit loadStarted();
    loading_.setFuture(
        QtConcurrent::run(&ImageWorker::runLoad, std::move(request), engineSource_(), loadCancelFlag_));
  } else if (pendingFilter_ && pipeline_ && requestSource_) {
    busy_ = true;
    pendingFilter_ = false;
    filtering_.setFuture(
        QtConcurrent::run(&ImageWorker::runFilter, pipeline_, requestSource_(), paintCache_));
  } else if (pendingPrepare_ && pipeline_) {
    busy_ = true;
    const QSize preview = *pendingPrepare_;
    pendingPrepare_.reset();
    preparing_.setFuture(QtConcurrent::run(&ImageWorker::runPrepare, pipeline_, preview));
  }
}

// A transform cannot stop half way, but the steps around it can be skipped once the load is cancelled
// (the result is dropped anyway): the decoded image, the forward transform and each spectrum picture.
LoadedImage ImageWorker::runLoad(LoadRequest request, std::shared_ptr<Engine> engine, CancelFlag cancelled)
{
  LoadedImage loaded;
  loaded.name = request.name;
  loaded.path = request.path;
  loaded.sameImage = request.sameImage;
  loaded.original = request.path.isEmpty() ? request.image : decodeImage(request.path, &loaded.error);
  if (loaded.original.isNull()) {
    if (loaded.error.isEmpty()) loaded.error = tr("The image is empty.");
    return loaded;
  }
  if (*cancelled) return loaded;
  try {
    // The pipeline plans preview transforms on its engine at any time, so every holder of the pipeline
    // (jobs still running after the user switched backends included) keeps that engine alive too.
    auto pipeline = std::shared_ptr<imaging::FilterPipeline>(
        new imaging::FilterPipeline(*engine, toPlanar(loaded.original, request.luminanceOnly), nullptr,
                                    request.padding),
        [engine](imaging::FilterPipeline* p) { delete p; });
    const int w = int(pipeline->width()), h = int(pipeline->height());
    if (*cancelled) return loaded;
    loaded.magnitude = SpectrumPicture(pipeline->centredLogMagnitude(), w, h, false);
    if (*cancelled) return loaded;
    loaded.phase = SpectrumPicture(pipeline->centredPhase(), w, h, true);
    loaded.pipeline = std::move(pipeline);
  } catch (const std::bad_alloc&) {
    loaded.error = tr("%1 is too large for the memory available.").arg(request.name);
  } catch (const std::exception& e) {
    loaded.error = tr("Cannot transform %1: %2").arg(request.name, QString::fromStdString(e.what()));
  }
  return loaded;
}

FilterResult ImageWorker::runFilter(std::shared_ptr<imaging::FilterPipeline> pipeline, FilterRequest request,
                                    std::shared_ptr<PaintedHalfPlaneCache> cache)
{
  FilterResult filtered;
  try {
    if (request.preview.isValid() && runPreview(*pipeline, request, *cache, filtered)) return filtered;
    if (runOnDevice(*pipeline, request, filtered)) return filtered;
    const std::size_t w = pipeline->width(), h = pipeline->height();
    auto mask = std::make_shared<std::vector<float>>(halfPlaneMask(request.mask, w, h, *cache));
    filtered.result = shown(*pipeline, pipeline->apply(*mask, request.range, &filtered.report));
    filtered.maskTint = maskTint(*mask, w, h, kTintMaxSide);
    filtered.halfMask = std::move(mask);
  } catch (const std::exception& e) {
    filtered.error = QString::fromStdString(e.what());
  }
  return filtered;
}

// An all-pass preview whose picture nobody sees: what matters is the plan it leaves in the engine.
void ImageWorker::runPrepare(std::shared_ptr<imaging::FilterPipeline> pipeline, QSize preview)
{
  const std::size_t w = pipeline->width(), h = pipeline->height();
  const auto [cw, ch] = imaging::FilterPipeline::previewExtent(w, h, std::size_t(preview.width()),
                                                               std::size_t(preview.height()));
  if (cw == w && ch == h) return; // the full result is the preview: nothing else to plan
  try {
    pipeline->applyPreview(std::vector<float>((cw / 2 + 1) * ch, 1.0f), cw, ch, imaging::PixelRange::Clamp);
  } catch (const std::exception&) {
    // The drag will plan it again and report what went wrong.
  }
}

void ImageWorker::onLoaded()
{
  busy_ = false;
  loadInFlight_ = false;
  LoadedImage image = loading_.result();
  if (!pendingLoad_) emit loadsFinished();
  if (loadCancelled_) {
    loadCancelled_ = false;
  } else if (!image.error.isEmpty() || !image.pipeline) {
    emit loadFailed(image.error); // the current image stays
  } else {
    pipeline_ = image.pipeline;
    paintCache_ = std::make_shared<PaintedHalfPlaneCache>();
    // The receivers reset the mask for the new picture and ask for a filter update: held until they are
    // done, so that one update follows a load, not one for each of their requests.
    busy_ = true;
    emit loaded(image);
    busy_ = false;
    pendingFilter_ = true;
  }
  schedule();
}

void ImageWorker::onFiltered()
{
  busy_ = false;
  const FilterResult result = filtering_.result();
  if (result.error.isEmpty())
    emit filtered(result);
  else
    emit filterFailed(result.error);
  schedule();
}

} // namespace spectrascope::ui::image
