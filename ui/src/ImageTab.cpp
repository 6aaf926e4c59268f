#include "spectrascope/ui/ImageTab.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/PlanarImageConversion.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace spectrascope::ui {
namespace {

using imaging::MaskKind;
using imaging::MaskProfile;

// Slider steps per cycle/pixel: 1..500 covers 0.001..0.5 (the Nyquist frequency of an axis).
constexpr double kSliderScale = 1000.0;
constexpr int kViewSize = 360;
// The largest image the tab takes: 2^28 pixels (the CLI's limit too); Qt refuses to decode beyond it.
constexpr qint64 kMaxPixels = qint64(1) << 28;

QImage decode(const QString& path, QString* error)
{
  const QFileInfo info(path);
  if (info.isDir()) return *error = QObject::tr("%1 is a folder, not an image.").arg(path), QImage();
  QImageReader::setAllocationLimit(int((kMaxPixels * 4) >> 20));
  QImageReader reader(path);
  reader.setAutoTransform(true);
  const QSize claimed = reader.size();
  if (claimed.isValid() && qint64(claimed.width()) * claimed.height() > kMaxPixels)
    return *error = QObject::tr("%1 claims %2x%3 pixels, more than this program accepts.")
                        .arg(path)
                        .arg(claimed.width())
                        .arg(claimed.height()),
           QImage();
  QImage image = reader.read();
  if (image.isNull()) *error = QObject::tr("Cannot read %1: %2.").arg(path, reader.errorString());
  return image;
}

QLabel* makeView(const QString& objectName, QWidget* parent)
{
  auto* view = new QLabel(parent);
  view->setObjectName(objectName);
  view->setAlignment(Qt::AlignCenter);
  view->setMinimumSize(160, 120);
  view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  return view;
}

void showScaled(QLabel* view, const QImage& image)
{
  view->setPixmap(
      QPixmap::fromImage(image).scaled(kViewSize, kViewSize, Qt::KeepAspectRatio, Qt::SmoothTransformation));
}

} // namespace

ImageTab::ImageTab(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("imageTab"));
  setAcceptDrops(true);
  createControls();
  connect(&loading_, &QFutureWatcher<Loaded>::finished, this, &ImageTab::onLoaded);
  connect(&filtering_, &QFutureWatcher<Filtered>::finished, this, &ImageTab::onFiltered);
  openFile(sampleImagePath());
}

ImageTab::~ImageTab()
{
  // Jobs capture no pointer to the tab; waiting here only keeps the pipeline's last user off a dying
  // watcher. Each job is one image update, short.
  loading_.waitForFinished();
  filtering_.waitForFinished();
}

void ImageTab::setEngineService(EngineService* service)
{
  service_ = service;
  if (service_)
    connect(service_, &EngineService::backendChanged, this, [this] {
      // Re-plan the current image on the new backend.
      if (!currentPath_.isEmpty() || !currentSource_.isNull())
        openImage(currentSource_.isNull() ? QImage() : currentSource_, currentName_);
    });
}

void ImageTab::createControls()
{
  auto* open = new QPushButton(tr("&Open image…"), this);
  open->setObjectName(QStringLiteral("openButton"));
  connect(open, &QPushButton::clicked, this, &ImageTab::chooseFile);
  openAction_ = new QAction(tr("&Open Image…"), this);
  openAction_->setObjectName(QStringLiteral("openImageAction"));
  openAction_->setShortcut(QKeySequence::Open);
  openAction_->setShortcutContext(Qt::WindowShortcut);
  connect(openAction_, &QAction::triggered, this, &ImageTab::chooseFile);
  addAction(openAction_);

  kind_ = new QComboBox(this);
  kind_->setObjectName(QStringLiteral("maskKind"));
  kind_->addItem(tr("Low-pass"), int(MaskKind::LowPass));
  kind_->addItem(tr("High-pass"), int(MaskKind::HighPass));
  kind_->addItem(tr("Band-pass"), int(MaskKind::BandPass));
  kind_->addItem(tr("Band-stop"), int(MaskKind::BandStop));
  profile_ = new QComboBox(this);
  profile_->setObjectName(QStringLiteral("maskProfile"));
  profile_->addItem(tr("Ideal"), int(MaskProfile::Ideal));
  profile_->addItem(tr("Gaussian"), int(MaskProfile::Gaussian));
  profile_->addItem(tr("Butterworth"), int(MaskProfile::Butterworth));
  order_ = new QSpinBox(this);
  order_->setRange(1, 10);
  order_->setValue(2);
  order_->setPrefix(tr("order "));
  range_ = new QComboBox(this);
  range_->addItem(tr("Auto range"), -1);
  range_->addItem(tr("Clamp"), int(imaging::PixelRange::Clamp));
  range_->addItem(tr("Normalize"), int(imaging::PixelRange::Normalize));
  range_->addItem(tr("Abs"), int(imaging::PixelRange::Abs));
  cutoff_ = new QSlider(Qt::Horizontal, this);
  cutoff_->setObjectName(QStringLiteral("cutoffSlider"));
  cutoff_->setRange(1, 500);
  cutoff_->setValue(50);
  cutoff2_ = new QSlider(Qt::Horizontal, this);
  cutoff2_->setObjectName(QStringLiteral("cutoff2Slider"));
  cutoff2_->setRange(1, 500);
  cutoff2_->setValue(150);
  cutoffLabel_ = new QLabel(this);
  luminance_ = new QCheckBox(tr("Luminance only"), this);
  luminance_->setObjectName(QStringLiteral("luminanceOnly"));

  originalView_ = makeView(QStringLiteral("originalView"), this);
  spectrumView_ = makeView(QStringLiteral("spectrumView"), this);
  resultView_ = makeView(QStringLiteral("resultView"), this);
  nameLabel_ = new QLabel(this);
  timings_ = new QLabel(this);
  timings_->setObjectName(QStringLiteral("imageTimings"));
  timings_->setTextFormat(Qt::PlainText);
  timings_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

  auto* controls = new QHBoxLayout;
  for (QWidget* w : std::initializer_list<QWidget*>{open, kind_, profile_, order_, range_, luminance_})
    controls->addWidget(w);
  controls->addStretch();
  auto* sliders = new QGridLayout;
  sliders->addWidget(new QLabel(tr("Cutoff F"), this), 0, 0);
  sliders->addWidget(cutoff_, 0, 1);
  sliders->addWidget(new QLabel(tr("Cutoff F2"), this), 1, 0);
  sliders->addWidget(cutoff2_, 1, 1);
  sliders->addWidget(cutoffLabel_, 0, 2, 2, 1);
  auto* views = new QGridLayout;
  views->addWidget(new QLabel(tr("Original"), this), 0, 0, Qt::AlignHCenter);
  views->addWidget(new QLabel(tr("Spectrum log(1+|F|), centred, with the mask"), this), 0, 1,
                   Qt::AlignHCenter);
  views->addWidget(new QLabel(tr("Filtered"), this), 0, 2, Qt::AlignHCenter);
  views->addWidget(originalView_, 1, 0);
  views->addWidget(spectrumView_, 1, 1);
  views->addWidget(resultView_, 1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addLayout(sliders);
  layout->addWidget(nameLabel_);
  layout->addLayout(views, 1);
  layout->addWidget(timings_);

  for (QComboBox* box : {kind_, profile_, range_})
    connect(box, &QComboBox::currentIndexChanged, this, &ImageTab::requestFilter);
  connect(order_, &QSpinBox::valueChanged, this, &ImageTab::requestFilter);
  // valueChanged fires continuously while dragging (tracking is on): the result follows the slider.
  connect(cutoff_, &QSlider::valueChanged, this, [this](int v) {
    if (cutoff2_->value() <= v) cutoff2_->setValue(std::min(v + 1, cutoff2_->maximum()));
    requestFilter();
  });
  connect(cutoff2_, &QSlider::valueChanged, this, [this](int v) {
    if (cutoff_->value() >= v) cutoff_->setValue(std::max(v - 1, cutoff_->minimum()));
    requestFilter();
  });
  connect(luminance_, &QCheckBox::toggled, this,
          [this] { openImage(currentSource_.isNull() ? QImage() : currentSource_, currentName_); });
  updateControlState();
}

imaging::MaskSpec ImageTab::maskSpec() const
{
  imaging::MaskSpec spec;
  spec.kind = MaskKind(kind_->currentData().toInt());
  spec.profile = MaskProfile(profile_->currentData().toInt());
  spec.order = order_->value();
  spec.cutoff = cutoff_->value() / kSliderScale;
  spec.cutoff2 = std::max(cutoff2_->value() / kSliderScale, spec.cutoff + 1 / kSliderScale);
  return spec;
}

void ImageTab::updateControlState()
{
  const imaging::MaskSpec spec = maskSpec();
  const bool band = spec.kind == MaskKind::BandPass || spec.kind == MaskKind::BandStop;
  cutoff2_->setEnabled(band);
  order_->setEnabled(spec.profile == MaskProfile::Butterworth);
  cutoffLabel_->setText(
      band ? tr("F = %1, F2 = %2 cycles/pixel").arg(spec.cutoff, 0, 'f', 3).arg(spec.cutoff2, 0, 'f', 3)
           : tr("F = %1 cycles/pixel (period %2 px)")
                 .arg(spec.cutoff, 0, 'f', 3)
                 .arg(1 / spec.cutoff, 0, 'f', 1));
}

void ImageTab::chooseFile()
{
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open image"), QString(),
      tr("Images (*.png *.jpg *.jpeg *.bmp *.tif *.tiff *.pgm *.ppm *.pbm *.webp *.gif);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

void ImageTab::openFile(const QString& path)
{
  pendingLoad_ = LoadRequest{path, QImage(), QFileInfo(path).fileName(), luminance_->isChecked()};
  pendingFilter_.reset();
  schedule();
}

void ImageTab::openImage(const QImage& image, const QString& name)
{
  if (image.isNull() && currentPath_.isEmpty()) return;
  pendingLoad_ = LoadRequest{image.isNull() ? currentPath_ : QString(), image, name, luminance_->isChecked()};
  pendingFilter_.reset();
  schedule();
}

void ImageTab::requestFilter()
{
  updateControlState();
  const imaging::MaskSpec spec = maskSpec();
  const int rangeChoice = range_->currentData().toInt();
  const auto range = rangeChoice >= 0 ? imaging::PixelRange(rangeChoice)
                     : (spec.kind == MaskKind::HighPass || spec.kind == MaskKind::BandPass)
                         ? imaging::PixelRange::Normalize
                         : imaging::PixelRange::Clamp;
  pendingFilter_ = FilterRequest{spec, range};
  showSpectrum();
  schedule();
}

std::shared_ptr<Engine> ImageTab::currentEngine()
{
  if (service_ && service_->isReady()) return service_->engine();
  if (!ownEngine_) ownEngine_ = std::make_shared<Engine>("fftw");
  return ownEngine_;
}

// One job at a time; a load goes before any filter update (which would be for the old image).
void ImageTab::schedule()
{
  if (busy_) return;
  if (pendingLoad_) {
    busy_ = true;
    LoadRequest request = std::move(*pendingLoad_);
    pendingLoad_.reset();
    loading_.setFuture(QtConcurrent::run(&ImageTab::load, std::move(request), currentEngine()));
  } else if (pendingFilter_ && pipeline_) {
    busy_ = true;
    const FilterRequest request = *pendingFilter_;
    pendingFilter_.reset();
    filtering_.setFuture(QtConcurrent::run(&ImageTab::filter, pipeline_, request));
  }
}

ImageTab::Loaded ImageTab::load(LoadRequest request, std::shared_ptr<Engine> engine)
{
  Loaded loaded;
  loaded.name = request.name;
  loaded.original = request.path.isEmpty() ? request.image : decode(request.path, &loaded.error);
  if (loaded.original.isNull()) {
    if (loaded.error.isEmpty()) loaded.error = tr("The image is empty.");
    return loaded;
  }
  try {
    loaded.engine = engine;
    loaded.pipeline =
        std::make_shared<imaging::FilterPipeline>(*engine, toPlanar(loaded.original, request.luminanceOnly));
    loaded.spectrum =
        greyImage(loaded.pipeline->logMagnitudeImage(), loaded.original.width(), loaded.original.height());
  } catch (const std::exception& e) {
    loaded.pipeline.reset();
    loaded.error = tr("Cannot transform %1: %2").arg(request.name, QString::fromStdString(e.what()));
  }
  return loaded;
}

ImageTab::Filtered ImageTab::filter(std::shared_ptr<imaging::FilterPipeline> pipeline, FilterRequest request)
{
  Filtered filtered;
  try {
    const auto mask = imaging::halfPlaneMask(request.mask, pipeline->width(), pipeline->height());
    filtered.result = fromPlanar(pipeline->apply(mask, request.range, &filtered.report));
  } catch (const std::exception& e) {
    filtered.error = QString::fromStdString(e.what());
  }
  return filtered;
}

void ImageTab::onLoaded()
{
  busy_ = false;
  Loaded loaded = loading_.result();
  if (!loaded.error.isEmpty() || !loaded.pipeline) {
    emit errorMessage(tr("Cannot open the image"), loaded.error); // the current image stays
  } else {
    pipeline_ = std::move(loaded.pipeline);
    original_ = loaded.original;
    spectrum_ = loaded.spectrum;
    currentSource_ = loaded.original;
    currentName_ = loaded.name;
    currentPath_.clear();
    showScaled(originalView_, original_);
    nameLabel_->setText(tr("%1 — %2 x %3, %4 on %5")
                            .arg(loaded.name)
                            .arg(original_.width())
                            .arg(original_.height())
                            .arg(pipeline_->channels() == 3 ? tr("R, G, B filtered separately") : tr("grey"))
                            .arg(QString::fromStdString(pipeline_->backendName())));
    emit imageLoaded(loaded.name);
    requestFilter();
    return;
  }
  schedule();
}

void ImageTab::onFiltered()
{
  busy_ = false;
  const Filtered filtered = filtering_.result();
  if (filtered.error.isEmpty()) {
    result_ = filtered.result;
    showScaled(resultView_, result_);
    showTimings(filtered.report);
    emit resultUpdated();
  } else {
    emit errorMessage(tr("Cannot filter the image"), filtered.error);
  }
  schedule();
}

// The spectrum with the mask's outline: ellipses where f = F (and F2), as f is isotropic in cycles/pixel
// but the centred layout has W columns and H rows.
void ImageTab::showSpectrum()
{
  if (spectrum_.isNull()) return;
  QImage canvas = spectrum_.convertToFormat(QImage::Format_RGB32);
  QPainter painter(&canvas);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QPen(QColor(255, 200, 0), std::max(1.0, canvas.width() / 300.0)));
  const imaging::MaskSpec spec = maskSpec();
  const QPointF centre(canvas.width() / 2, canvas.height() / 2);
  auto ellipse = [&](double f) { painter.drawEllipse(centre, f * canvas.width(), f * canvas.height()); };
  ellipse(spec.cutoff);
  if (spec.kind == MaskKind::BandPass || spec.kind == MaskKind::BandStop) ellipse(spec.cutoff2);
  painter.end();
  showScaled(spectrumView_, canvas);
}

void ImageTab::showTimings(const ExecutionReport& report)
{
  QString text =
      tr("Last update on %1:").arg(QString::fromStdString(report.backend.empty() ? "host" : report.backend));
  for (const KernelRecord& r : report.records)
    text +=
        QStringLiteral("  %1 %2 ms;").arg(QString::fromStdString(r.name)).arg(r.milliseconds(), 0, 'f', 2);
  text += tr("  total %1 ms").arg(report.wallMs, 0, 'f', 2);
  timings_->setText(text);
}

void ImageTab::dragEnterEvent(QDragEnterEvent* event)
{
  if (event->mimeData()->hasUrls() || event->mimeData()->hasImage()) event->acceptProposedAction();
}

void ImageTab::dropEvent(QDropEvent* event)
{
  const QMimeData* data = event->mimeData();
  if (data->hasUrls() && data->urls().first().isLocalFile())
    openFile(data->urls().first().toLocalFile());
  else if (data->hasImage())
    openImage(qvariant_cast<QImage>(data->imageData()), tr("dropped image"));
  event->acceptProposedAction();
}

} // namespace spectrascope::ui
