#include "spectrascope/ui/ImageTab.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/engine/imaging/NotchPlacement.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/PlanarImageConversion.h"
#include "spectrascope/ui/image/ImageFiles.h"
#include "spectrascope/ui/image/ImageFormats.h"
#include "spectrascope/ui/image/ImageReadout.h"
#include "spectrascope/ui/image/ImageViews.h"
#include "spectrascope/ui/image/LoadProgress.h"
#include "spectrascope/ui/image/MaskControls.h"
#include "spectrascope/ui/image/MaskInput.h"
#include "spectrascope/ui/image/MaskRendering.h"
#include "spectrascope/ui/image/PictureDrops.h"
#include "spectrascope/ui/image/ResultSaver.h"
#include "spectrascope/ui/image/SpectrumContrastButton.h"
#include "spectrascope/ui/image/SpectrumControls.h"
#include "spectrascope/ui/image/UpdatePacing.h"
#include "spectrascope/ui/image/UpdateSummary.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace spectrascope::ui {
namespace {

using image::MaskedSpectrumView;
using imaging::MaskKind;

// The mask a picture starts with: a low-pass at 0.05 cycles per pixel (details of 20 pixels and up).
constexpr double kStartCutoff = 0.05;
// Previews are never coarser than this many pixels on the longer side, however small the view.
constexpr int kMinPreviewSide = 256;

using imaging::isBand;

} // namespace

ImageTab::ImageTab(QWidget* parent)
    : QWidget(parent), worker_(new image::ImageWorker(this)), editor_(new image::MaskEditor(this)),
      recent_(new image::RecentFiles(QStringLiteral("image/recentFiles"), this)),
      saver_(new image::ResultSaver(this))
{
  setObjectName(QStringLiteral("imageTab"));
  auto* drops = new image::PictureDrops(this);
  connect(drops, &image::PictureDrops::fileDropped, this, &ImageTab::openFile);
  connect(drops, &image::PictureDrops::imageDropped, this,
          [this](const QImage& image) { openImage(image, tr("dropped image")); });
  editor_->updateGesture([](image::MaskState& s) { s.spec.cutoff = kStartCutoff, s.spec.cutoff2 = 0.15; });
  actions_ = new image::ImageActions(this, editor_->undoStack());
  maskControls_ = new image::MaskControls(actions_->open, this);
  spectrumControls_ =
      new image::SpectrumControls(editor_->undoStack(), {actions_->fit, actions_->actualSize}, this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(maskControls_);
  layout->addWidget(spectrumControls_);
  layout->addWidget(createViews(), 1);
  // One line below the views: the cursor readout on the left, a load's progress, and the last update's
  // time on the right (its steps are in the Timings panel); all give way rather than widen the tab. The
  // readout is as wide as its text and a load's sentence takes the rest: sharing the line equally, the
  // sentence was shortened beside an empty readout.
  auto* status = new QHBoxLayout;
  status->addWidget(readout_);
  status->addWidget(progress_, 1);
  status->addWidget(timings_);
  layout->addLayout(status);

  worker_->setEngineSource([this] { return currentEngine(); });
  worker_->setRequestSource([this] { return filterRequest(); });
  connect(worker_, &image::ImageWorker::loaded, this, &ImageTab::onLoaded);
  connect(worker_, &image::ImageWorker::filtered, this, &ImageTab::onFiltered);
  connect(worker_, &image::ImageWorker::loadsFinished, progress_, &image::LoadProgress::finish);
  connect(worker_, &image::ImageWorker::loadFailed, this, [this](const QString& detail) {
    views_->showLoadFailure(detail, currentName_);
    emit errorMessage(tr("Cannot open the image"), detail);
  });
  connect(worker_, &image::ImageWorker::filterFailed, this,
          [this](const QString& detail) { emit errorMessage(tr("Cannot filter the image"), detail); });
  connect(recent_, &image::RecentFiles::fileChosen, this, [this](const QString& path) {
    if (!QFileInfo::exists(path)) recent_->remove(path); // moved or deleted: the open reports it
    openFile(path);
  });
  connect(saver_, &image::ResultSaver::failed, this, &ImageTab::errorMessage);
  connect(saver_, &image::ResultSaver::saved, this, [this](const QString& path) {
    emit saved(path);
    emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
  });
  pacing_ = new image::UpdatePacing(editor_, this);
  connect(pacing_, &image::UpdatePacing::fullUpdateDue, worker_, &image::ImageWorker::requestFilter);
  connectActions();
  connectControls();
  showMask();
  openFile(sampleImagePath());
}

ImageTab::~ImageTab() = default;

// What the tab plans first on a new engine: the sample picture, with the padding it will use, and its
// filter with the starting mask. On a device that builds the kernels the tab would otherwise wait for.
void ImageTab::warmUpEngine(Engine& engine)
{
  if (engine.backendName() == "fftw" || engine.backendName() == "naive-dft") return; // nothing to build
  imaging::FilterPipeline pipeline(engine, toPlanar(QImage(sampleImagePath()), false), nullptr,
                                   image::MaskControls::rememberedPadding());
  if (!pipeline.onDevice()) return;
  imaging::MaskSpec start;
  start.cutoff = kStartCutoff;
  pipeline.applyParametric(start, false, imaging::PixelRange::Clamp);
}

void ImageTab::chooseSaveFile(const QString& what, void (ImageTab::*saveTo)(const QString&))
{
  if (const QString path = saver_->chooseFile(what, currentName_); !path.isEmpty()) (this->*saveTo)(path);
}

QMenu* ImageTab::recentMenu() const
{
  return recent_->menu();
}

void ImageTab::setEngineService(EngineService* service)
{
  service_ = service;
  if (service_) connect(service_, &EngineService::backendChanged, this, &ImageTab::reload);
}

void ImageTab::connectActions()
{
  connect(actions_->open, &QAction::triggered, this, &ImageTab::chooseFile);
  connect(actions_->saveResult, &QAction::triggered, this,
          [this] { chooseSaveFile(tr("filtered"), &ImageTab::saveResult); });
  connect(actions_->saveSpectrum, &QAction::triggered, this,
          [this] { chooseSaveFile(tr("spectrum"), &ImageTab::saveSpectrum); });
  connect(actions_->saveMask, &QAction::triggered, this,
          [this] { chooseSaveFile(tr("mask"), &ImageTab::saveMask); });
  connect(actions_->copy, &QAction::triggered, this, &ImageTab::copyResult);
  connect(actions_->zoomIn, &QAction::triggered, this, [this] { spectrumView_->zoomIn(); });
  connect(actions_->zoomOut, &QAction::triggered, this, [this] { spectrumView_->zoomOut(); });
  connect(actions_->fit, &QAction::triggered, this, [this] { spectrumView_->fitToWindow(); });
  connect(actions_->actualSize, &QAction::triggered, this, [this] { spectrumView_->showActualSize(); });
}

// Picture settings reload; display settings redraw; mask edits come through MaskInput and the editor.
void ImageTab::connectControls()
{
  auto* input = new image::MaskInput(editor_, maskControls_, spectrumControls_, spectrumView_,
                                     [this] { return worker_->pipeline(); });
  connect(input, &image::MaskInput::firstNotchAdded, this, [this] {
    emit statusMessage(
        tr("Notch added (with its twin at −u, −v). Tip: choose All-pass to keep everything else."));
  });
  connect(editor_, &image::MaskEditor::changed, this, &ImageTab::onMaskChanged);
  connect(spectrumView_, &image::MaskedSpectrumView::notchSelected, this, &ImageTab::showSelectedNotch);
  connect(maskControls_, &image::MaskControls::pictureSettingsChanged, this, &ImageTab::reload);
  connect(spectrumControls_, &image::SpectrumControls::toolChosen, spectrumView_,
          &MaskedSpectrumView::setTool);
  connect(spectrumControls_, &image::SpectrumControls::brushRadiusChanged, spectrumView_,
          &MaskedSpectrumView::setBrushRadius);
  connect(spectrumControls_, &image::SpectrumControls::rangeChanged, worker_,
          &image::ImageWorker::requestFilter);
  connect(spectrumControls_, &image::SpectrumControls::pictureOptionsChanged, this,
          &ImageTab::renderSpectrum);
}

void ImageTab::onMaskChanged()
{
  pacing_->maskChanged();
  showMask();
  worker_->requestFilter();
}

// Shows the mask on the controls, the spectrum view and the readout, without turning it into edits.
void ImageTab::showMask()
{
  const image::MaskState& state = editor_->state();
  maskControls_->showSpec(state.spec);
  const bool radial = state.spec.kind != MaskKind::Notch && state.spec.kind != MaskKind::Custom;
  spectrumView_->setCutoffRings(radial ? (isBand(state.spec.kind) ? 2 : 1) : 0);
  spectrumView_->setMaskState(state);
  readout_->setMask(state);
  showSelectedNotch();
}

// The radius box follows the selection and every change of the mask (ring drags, undo).
void ImageTab::showSelectedNotch()
{
  const int index = spectrumView_->selectedNotch();
  const auto& notches = editor_->state().spec.notches;
  if (index < 0 || index >= int(notches.size())) return spectrumControls_->showNotch(nullptr, 0);
  const imaging::Notch& notch = notches[std::size_t(index)];
  const QSize size = editor_->size();
  spectrumControls_->showNotch(
      &notch,
      imaging::largestNotchRadius(notch.u, notch.v, std::size_t(size.width()), std::size_t(size.height())));
}

image::FilterRequest ImageTab::filterRequest()
{
  image::FilterRequest request;
  request.mask = editor_->workerSnapshot();
  const MaskKind kind = request.mask.spec.kind;
  // High-pass and band-pass outputs are centred on 0 (unless inverted): they need stretching to be seen.
  const bool zeroMean = (kind == MaskKind::HighPass || kind == MaskKind::BandPass) != request.mask.inverted;
  request.range = spectrumControls_->rangeChoice().value_or(zeroMean ? imaging::PixelRange::Normalize
                                                                     : imaging::PixelRange::Clamp);
  if (pacing_->previewing()) {
    const QSize view = resultView_->size() * resultView_->devicePixelRatioF();
    request.preview = view.expandedTo(QSize(kMinPreviewSide, kMinPreviewSide));
  }
  return request;
}

// The service's engine as soon as it has one, also while it is busy: it announces a new engine
// (backendChanged, which reloads the image) before it stops being busy, and the reload must run on it.
// Using an engine during the creation of the next is safe; only creating two at once is not.
std::shared_ptr<Engine> ImageTab::currentEngine()
{
  if (service_ && service_->engine()) return service_->engine();
  if (!ownEngine_) ownEngine_ = std::make_shared<Engine>("fftw");
  return ownEngine_;
}

void ImageTab::chooseFile()
{
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open image"), image::lastDirectory(), image::openDialogFilter());
  if (path.isEmpty()) return;
  image::rememberDirectory(path);
  openFile(path);
}

void ImageTab::openFile(const QString& path)
{
  load({path, QImage(), QFileInfo(path).fileName()});
}

void ImageTab::openImage(const QImage& image, const QString& name)
{
  load({QString(), image, name});
}

void ImageTab::load(image::LoadRequest request)
{
  request.luminanceOnly = maskControls_->luminanceOnly();
  request.padding = maskControls_->padding();
  lastLoad_ = request;
  const QString backend = service_ && service_->engine() ? service_->backendName() : QStringLiteral("fftw");
  progress_->startLoading(request.name, backend, request.sameImage);
  worker_->load(std::move(request));
}

// The same image again: on another backend, or with the luminance switch or the padding changed. An image
// still being loaded (the sample at start, while the engine service opens its device) is the one to load
// again, or it would arrive on the old engine and stay there. Its notches stay, as the picture does.
void ImageTab::reload()
{
  std::optional<image::LoadRequest> again;
  if (worker_->hasLoadWork() && lastLoad_)
    again = *lastLoad_;
  else if (!currentSource_.isNull())
    again = image::LoadRequest{QString(), currentSource_, currentName_};
  if (!again) return;
  again->sameImage = again->sameImage || !worker_->hasLoadWork();
  load(std::move(*again));
}

void ImageTab::onLoaded(const image::LoadedImage& loaded)
{
  const auto& pipeline = *loaded.pipeline;
  const QSize size(int(pipeline.width()), int(pipeline.height()));
  // Notches and paint sit on the old picture's peaks: another picture starts with a clean mask.
  if (!loaded.sameImage || size != editor_->size()) editor_->setSize(size);
  original_ = loaded.original;
  currentSource_ = loaded.original;
  currentName_ = loaded.name;
  magnitude_ = loaded.magnitude;
  phase_ = loaded.phase;
  appliedMask_.reset();
  appliedState_.reset();
  originalView_->setImage(original_);
  readout_->setOriginal(original_);
  readout_->setPipeline(loaded.pipeline);
  renderSpectrum();
  if (!loaded.path.isEmpty() && !loaded.path.startsWith(QLatin1Char(':'))) recent_->add(loaded.path);
  views_->showCaption(loaded);
  // On a device the first drag would wait for its preview kernels: they are built now, in the background.
  if (pipeline.onDevice())
    worker_->preparePreview((resultView_->size() * resultView_->devicePixelRatioF())
                                .expandedTo(QSize(kMinPreviewSide, kMinPreviewSide)));
  // E.g. an image beyond the device's largest buffer: the engine planned it on FFTW instead.
  if (const std::string why = pipeline.fallbackReason(); !why.empty())
    emit statusMessage(tr("%1: %2").arg(loaded.name, QString::fromStdString(why.substr(0, why.find('\n')))));
  emit imageLoaded(loaded.name);
}

void ImageTab::onFiltered(const image::FilterResult& result)
{
  spectrumView_->setMaskTint(result.maskTint);
  if (timingFeed_) timingFeed_->publish(tr("Image"), result.report);
  timings_->showReport(result.report, result.preview);
  if (result.preview) {
    resultView_->setPreview(result.result);
    emit previewUpdated();
    return;
  }
  result_ = result.result;
  appliedMask_ = result.halfMask;
  appliedState_ = result.deviceMask;
  resultView_->setImage(result_);
  readout_->setResult(result_);
  emit resultUpdated();
}

void ImageTab::renderSpectrum()
{
  const image::SpectrumPicture& picture = spectrumControls_->showsPhase() ? phase_ : magnitude_;
  if (picture.isNull()) return;
  spectrum_ = picture.render(spectrumControls_->contrast());
  spectrumView_->setImage(spectrum_);
}

QWidget* ImageTab::createViews()
{
  views_ = new image::ImageViews(this);
  originalView_ = views_->original();
  spectrumView_ = views_->spectrum();
  resultView_ = views_->result();
  spectrumView_->setBrushRadius(spectrumControls_->brushRadius());
  readout_ = new image::ImageReadout(spectrumView_, this);
  connect(views_, &image::ImageViews::hovered, readout_, &image::ImageReadout::hover);
  timings_ = new image::UpdateSummary(this);
  progress_ = new image::LoadProgress(this);
  connect(progress_, &image::LoadProgress::cancelRequested, this, [this] {
    worker_->cancelLoad();
    progress_->finish();
    emit statusMessage(tr("Loading cancelled; the current image stays."));
  });
  return views_;
}

ImageTab::TransformShape ImageTab::transformShape() const
{
  // What the loaded pipeline transforms: the controls may already ask for a reload that has not finished.
  const auto pipeline = worker_->pipeline();
  if (!pipeline) return {};
  return {QSize(int(pipeline->width()), int(pipeline->height())), int(pipeline->channels())};
}

void ImageTab::saveResult(const QString& path)
{
  saver_->save(result_, path);
}

void ImageTab::saveSpectrum(const QString& path)
{
  saver_->save(spectrum_, path);
}

void ImageTab::saveMask(const QString& path)
{
  if (!appliedMask_ && !appliedState_)
    return emit errorMessage(tr("Cannot save the mask"), tr("No mask has been applied yet."));
  const QSize size = editor_->size();
  const auto w = std::size_t(size.width()), h = std::size_t(size.height());
  if (!appliedMask_) {
    // The device evaluated this mask; the host composes it once, now, for the file.
    const image::MaskState state = *appliedState_;
    image::PaintedHalfPlaneCache cache;
    appliedMask_ = std::make_shared<const std::vector<float>>(image::halfPlaneMask(state, w, h, cache));
  }
  saver_->save(image::maskPicture(*appliedMask_, w, h), path);
}

void ImageTab::copyResult()
{
  if (result_.isNull()) return;
  QGuiApplication::clipboard()->setImage(result_);
  emit statusMessage(tr("Filtered image copied to the clipboard."));
}

} // namespace spectrascope::ui
