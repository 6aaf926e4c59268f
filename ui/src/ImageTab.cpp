#include "spectrascope/ui/ImageTab.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/ui/Colormap.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/image/CursorReadout.h"
#include "spectrascope/ui/image/ElidedLabel.h"
#include "spectrascope/ui/image/ImageFiles.h"
#include "spectrascope/ui/image/ImageFormats.h"
#include "spectrascope/ui/image/MaskRendering.h"
#include "spectrascope/ui/timing/TimingFeed.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWidgetAction>
#include <QtConcurrent>

#include <cmath>

namespace spectrascope::ui {
namespace {

using image::MaskedSpectrumView;
using imaging::MaskKind;
using imaging::MaskProfile;

// Slider steps per cycle/pixel: 1..500 covers 0.001..0.5 (the Nyquist frequency of an axis).
constexpr double kSliderScale = 1000.0;
const char* const kPaddingKey = "image/padding";
// A load that takes longer than this shows a progress bar with Cancel.
constexpr int kProgressDelayMs = 500;
// Peaks are searched this many bins around a click, so a notch lands on the interference, not beside it.
constexpr long kPeakSnapBins = 3;
// Mask changes closer together than this are a drag: they get previews, and the full result follows
// once the input has been still this long.
constexpr int kIdleMs = 150;
// Previews are never coarser than this many pixels on the longer side, however small the view.
constexpr int kMinPreviewSide = 256;
enum ReadoutView { OriginalView, SpectrumView, ResultView };

QLabel* heading(const QString& text, QWidget* parent)
{
  auto* label = new QLabel(text, parent);
  QFont font = label->font();
  font.setBold(true);
  label->setFont(font);
  return label;
}

bool isBand(MaskKind kind)
{
  return kind == MaskKind::BandPass || kind == MaskKind::BandStop;
}

} // namespace

ImageTab::ImageTab(QWidget* parent)
    : QWidget(parent), worker_(new image::ImageWorker(this)), editor_(new image::MaskEditor(this)),
      recent_(new image::RecentFiles(QStringLiteral("image/recentFiles"), this))
{
  setObjectName(QStringLiteral("imageTab"));
  setAcceptDrops(true);
  editor_->updateGesture([](image::MaskState& s) { s.spec.cutoff = 0.05, s.spec.cutoff2 = 0.15; });
  createActions();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(createMaskControls());
  layout->addWidget(createSpectrumControls());
  layout->addWidget(createViews(), 1);
  // One line below the views: the cursor readout on the left, the last update's time on the right (its
  // steps are in the Timings panel); both give way rather than widen the tab.
  auto* status = new QHBoxLayout;
  status->addWidget(readout_, 1);
  status->addWidget(progress_);
  status->addWidget(cancelLoad_);
  status->addWidget(timings_);
  layout->addLayout(status);

  worker_->setEngineSource([this] { return currentEngine(); });
  worker_->setRequestSource([this] { return filterRequest(); });
  connect(worker_, &image::ImageWorker::loaded, this, &ImageTab::onLoaded);
  connect(worker_, &image::ImageWorker::filtered, this, &ImageTab::onFiltered);
  connect(worker_, &image::ImageWorker::loadFailed, this,
          [this](const QString& detail) { emit errorMessage(tr("Cannot open the image"), detail); });
  connect(worker_, &image::ImageWorker::filterFailed, this,
          [this](const QString& detail) { emit errorMessage(tr("Cannot filter the image"), detail); });
  connect(worker_, &image::ImageWorker::loadStarted, this,
          [this] { QTimer::singleShot(kProgressDelayMs, this, &ImageTab::updateLoadProgress); });
  connect(recent_, &image::RecentFiles::fileChosen, this, [this](const QString& path) {
    if (!QFileInfo::exists(path)) recent_->remove(path); // moved or deleted: the open reports it
    openFile(path);
  });
  connect(&saving_, &QFutureWatcher<QString>::finished, this, &ImageTab::onSaved);
  idle_ = new QTimer(this);
  idle_->setSingleShot(true);
  idle_->setInterval(kIdleMs);
  connect(idle_, &QTimer::timeout, this, &ImageTab::onInputIdle);
  connectMaskEditing();
  syncControls();
  showSelectedNotch();
  openFile(sampleImagePath());
}

ImageTab::~ImageTab()
{
  saving_.waitForFinished(); // a file half written is worse than a short wait
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

void ImageTab::createActions()
{
  auto action = [this](const QString& text, const QString& name, QKeySequence key, auto slot) {
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
    return a;
  };
  openAction_ = action(tr("&Open Image…"), QStringLiteral("openImageAction"), QKeySequence::Open,
                       &ImageTab::chooseFile);
  saveResultAction_ =
      action(tr("&Save Filtered Image…"), QStringLiteral("saveResultAction"), QKeySequence::Save,
             [this] { chooseSaveFile(tr("filtered"), QStringLiteral("png"), &ImageTab::saveResult); });
  saveSpectrumAction_ =
      action(tr("Save Spectrum &Picture…"), QStringLiteral("saveSpectrumAction"), {},
             [this] { chooseSaveFile(tr("spectrum"), QStringLiteral("png"), &ImageTab::saveSpectrum); });
  saveMaskAction_ = action(tr("Save &Mask…"), QStringLiteral("saveMaskAction"), {}, [this] {
    chooseSaveFile(tr("mask"), QStringLiteral("png"), &ImageTab::saveMask);
  });
  copyAction_ = action(tr("&Copy Filtered Image"), QStringLiteral("copyResultAction"), QKeySequence::Copy,
                       &ImageTab::copyResult);
  undoAction_ = editor_->undoStack()->createUndoAction(this, tr("&Undo"));
  undoAction_->setShortcut(QKeySequence::Undo); // Ctrl+Z
  redoAction_ = editor_->undoStack()->createRedoAction(this, tr("&Redo"));
  redoAction_->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
  for (QAction* a : {undoAction_, redoAction_}) {
    a->setShortcutContext(Qt::WindowShortcut);
    addAction(a);
  }
  zoomInAction_ = action(tr("Zoom &In"), QStringLiteral("zoomInAction"), QKeySequence::ZoomIn,
                         [this] { spectrumView_->zoomIn(); });
  zoomOutAction_ = action(tr("Zoom &Out"), QStringLiteral("zoomOutAction"), QKeySequence::ZoomOut,
                          [this] { spectrumView_->zoomOut(); });
  fitAction_ = action(tr("&Fit to Window"), QStringLiteral("fitAction"), QKeySequence(Qt::CTRL | Qt::Key_0),
                      [this] { spectrumView_->fitToWindow(); });
  actualSizeAction_ = action(tr("&Actual Pixels (100 %)"), QStringLiteral("actualSizeAction"),
                             QKeySequence(Qt::CTRL | Qt::Key_1), [this] { spectrumView_->showActualSize(); });
  // The toolbars show these shorter names (the menus the full ones).
  openAction_->setIconText(tr("Open…"));
  fitAction_->setIconText(tr("Fit"));
  actualSizeAction_->setIconText(tr("100 %"));
}

// The first row: the image (open, padding, luminance) and the mask's formula (kind, profile, order,
// cutoffs). Labels are short so that both rows fit a 1100-pixel window without overflow menus; the
// tooltips say the rest.
QToolBar* ImageTab::createMaskControls()
{
  auto* bar = new QToolBar(this);
  bar->setObjectName(QStringLiteral("imageMaskBar"));
  bar->addAction(openAction_);
  padding_ = createPaddingChoice(bar);
  luminance_ = new QCheckBox(tr("Luminance only"), bar);
  luminance_->setObjectName(QStringLiteral("luminanceOnly"));
  luminance_->setToolTip(tr("Filter the luminance Y = 0.299 R + 0.587 G + 0.114 B instead of R, G and B "
                            "separately"));
  kind_ = new QComboBox(bar);
  kind_->setObjectName(QStringLiteral("maskKind"));
  kind_->addItem(tr("Low-pass"), int(MaskKind::LowPass));
  kind_->addItem(tr("High-pass"), int(MaskKind::HighPass));
  kind_->addItem(tr("Band-pass"), int(MaskKind::BandPass));
  kind_->addItem(tr("Band-stop"), int(MaskKind::BandStop));
  kind_->addItem(tr("All-pass"), int(MaskKind::Notch));
  kind_->setItemData(kind_->count() - 1, tr("Everything passes but the notches and the painted mask"),
                     Qt::ToolTipRole);
  kind_->setToolTip(tr("Mask kind (notches and painting apply on top of any)"));
  profile_ = new QComboBox(bar);
  profile_->setObjectName(QStringLiteral("maskProfile"));
  profile_->setToolTip(tr("Mask profile: ideal edge, Gaussian or Butterworth"));
  profile_->addItem(tr("Ideal"), int(MaskProfile::Ideal));
  profile_->addItem(tr("Gaussian"), int(MaskProfile::Gaussian));
  profile_->addItem(tr("Butterworth"), int(MaskProfile::Butterworth));
  order_ = new QSpinBox(bar);
  order_->setObjectName(QStringLiteral("butterworthOrder"));
  order_->setRange(1, 10);
  order_->setPrefix(tr("order "));
  order_->setToolTip(tr("Butterworth order n"));
  cutoff_ = new QSlider(Qt::Horizontal, bar);
  cutoff_->setObjectName(QStringLiteral("cutoffSlider"));
  cutoff2_ = new QSlider(Qt::Horizontal, bar);
  cutoff2_->setObjectName(QStringLiteral("cutoff2Slider"));
  for (QSlider* s : {cutoff_, cutoff2_}) {
    s->setRange(1, 500);
    s->setMinimumWidth(80);
    s->setMaximumWidth(400); // on a wide window the row's spare room stays at its end
    s->setToolTip(tr("Cutoff in cycles per pixel; or drag the ring on the spectrum"));
  }
  cutoffLabel_ = new QLabel(bar);
  cutoffLabel_->setObjectName(QStringLiteral("cutoffLabel"));
  // As wide as its widest text, so that the row does not move while a slider is dragged.
  imaging::MaskSpec widest;
  widest.cutoff = 0.001; // "0.001 c/px · 1000.0 px"
  int width = cutoffLabel_->fontMetrics().horizontalAdvance(cutoffText(widest));
  widest.kind = MaskKind::BandPass, widest.cutoff = 0.499, widest.cutoff2 = 0.5;
  width = std::max(width, cutoffLabel_->fontMetrics().horizontalAdvance(cutoffText(widest)));
  cutoffLabel_->setMinimumWidth(width + cutoffLabel_->fontMetrics().averageCharWidth());
  bar->addWidget(padding_);
  bar->addWidget(luminance_);
  bar->addSeparator();
  for (QWidget* w : std::initializer_list<QWidget*>{kind_, profile_, order_})
    bar->addWidget(w);
  bar->addWidget(new QLabel(tr(" F "), bar));
  bar->addWidget(cutoff_);
  bar->addWidget(new QLabel(tr(" F2 "), bar));
  bar->addWidget(cutoff2_);
  bar->addWidget(cutoffLabel_);
  connect(luminance_, &QCheckBox::toggled, this, &ImageTab::reload);
  return bar;
}

// "0.050 c/px · 20.0 px" (the cutoff and its period) or, for bands, "0.050–0.150 c/px".
QString ImageTab::cutoffText(const imaging::MaskSpec& spec)
{
  return isBand(spec.kind)
             ? tr("%1–%2 c/px").arg(spec.cutoff, 0, 'f', 3).arg(spec.cutoff2, 0, 'f', 3)
             : tr("%1 c/px · %2 px").arg(spec.cutoff, 0, 'f', 3).arg(1 / spec.cutoff, 0, 'f', 1);
}

// The choice of padding is the user's: it changes which artefacts show (the wrap-around cross without,
// the image's border against black with zeros), so it stays from one session to the next.
QComboBox* ImageTab::createPaddingChoice(QWidget* parent)
{
  auto* box = new QComboBox(parent);
  box->setObjectName(QStringLiteral("paddingMode"));
  box->setToolTip(tr("Padding before the transform, to the next 2-3-5-smooth size at least twice as large; "
                     "the result is cropped back. Without it the image's edges wrap around (a bright cross "
                     "in the spectrum); mirror padding keeps the edges continuous"));
  box->addItem(tr("No padding"), int(imaging::PadMode::None));
  box->addItem(tr("Zero pad"), int(imaging::PadMode::Zero));
  box->addItem(tr("Mirror pad"), int(imaging::PadMode::Mirror));
  box->setCurrentIndex(std::max(0, box->findData(QSettings().value(kPaddingKey, 0).toInt())));
  connect(box, &QComboBox::currentIndexChanged, this, [this] {
    QSettings().setValue(kPaddingKey, padding_->currentData().toInt());
    reload();
  });
  return box;
}

ImageTab::TransformShape ImageTab::transformShape() const
{
  // What the loaded pipeline transforms: the controls may already ask for a reload that has not finished.
  const auto pipeline = worker_->pipeline();
  if (!pipeline) return {};
  return {QSize(int(pipeline->width()), int(pipeline->height())), int(pipeline->channels())};
}

imaging::PadMode ImageTab::paddingMode() const
{
  return imaging::PadMode(padding_->currentData().toInt());
}

// Radius of the selected notch, numerically; each change is one undo step (a drag of the ring is another
// way to the same edit). With no notch selected it is disabled and shows a dash, not a radius.
QDoubleSpinBox* ImageTab::createNotchRadiusBox(QWidget* parent)
{
  auto* box = new QDoubleSpinBox(parent);
  box->setObjectName(QStringLiteral("notchRadius"));
  box->setDecimals(1);
  box->setSingleStep(0.5);
  box->setPrefix(tr("notch r "));
  box->setToolTip(tr("Radius in bins of the selected notch (click a notch to select it, or drag its ring)"));
  connect(box, &QDoubleSpinBox::valueChanged, this, [this](double radius) {
    const int index = spectrumView_->selectedNotch();
    if (index < 0 || editor_->inGesture()) return;
    editor_->edit(tr("Change notch radius"),
                  [&](image::MaskState& s) { s.spec.notches[std::size_t(index)].radius = radius; });
  });
  return box;
}

// The box follows the selection and every change of the mask (ring drags, undo) without editing back.
void ImageTab::showSelectedNotch()
{
  const int index = spectrumView_->selectedNotch();
  const auto& notches = editor_->state().spec.notches;
  const bool valid = index >= 0 && index < int(notches.size());
  const QSignalBlocker quiet(notchRadius_);
  notchRadius_->setEnabled(valid);
  if (!valid) {
    // The special text shows at the minimum, which no real radius reaches while nothing is selected.
    notchRadius_->setSpecialValueText(tr("notch r –"));
    notchRadius_->setRange(0, 0);
    return;
  }
  notchRadius_->setSpecialValueText({});
  notchRadius_->setRange(0.5, 4096);
  notchRadius_->setValue(notches[std::size_t(index)].radius);
}

QToolBar* ImageTab::createSpectrumControls()
{
  auto* bar = new QToolBar(this);
  bar->setObjectName(QStringLiteral("spectrumBar"));
  auto* tools = new QActionGroup(bar);
  const std::pair<QString, MaskedSpectrumView::Tool> toolList[] = {
      {tr("Edit"), MaskedSpectrumView::Tool::Edit},
      {tr("Block"), MaskedSpectrumView::Tool::BlockBrush},
      {tr("Pass"), MaskedSpectrumView::Tool::PassBrush},
      {tr("Pan"), MaskedSpectrumView::Tool::Pan}};
  const QString tips[] = {tr("Click a peak to add a notch pair; drag notches and rings; right-click removes"),
                          tr("Block brush: paint frequencies out (soft brush, mirrored at -u, -v)"),
                          tr("Pass brush: paint frequencies back in"),
                          tr("Drag to pan (the middle button pans always)")};
  int i = 0;
  for (const auto& [text, tool] : toolList) {
    QAction* a = bar->addAction(text, this, [this, tool = tool] { spectrumView_->setTool(tool); });
    a->setCheckable(true);
    a->setChecked(tool == MaskedSpectrumView::Tool::Edit);
    a->setToolTip(tips[i++]);
    a->setObjectName(QStringLiteral("tool%1").arg(i));
    tools->addAction(a);
  }
  brushSize_ = new QSpinBox(bar);
  brushSize_->setObjectName(QStringLiteral("brushSize"));
  brushSize_->setRange(1, 200);
  brushSize_->setValue(8);
  brushSize_->setPrefix(tr("brush "));
  brushSize_->setToolTip(tr("Brush radius in bins"));
  bar->addWidget(brushSize_);
  notchRadius_ = createNotchRadiusBox(bar);
  bar->addWidget(notchRadius_);
  bar->addSeparator();
  bar->addAction(tr("Invert"), editor_, &image::MaskEditor::invert)
      ->setObjectName(QStringLiteral("invertAction"));
  bar->addAction(tr("Reset"), editor_, &image::MaskEditor::reset)
      ->setObjectName(QStringLiteral("resetAction"));
  addUndoButtons(bar);
  bar->addSeparator();
  range_ = new QComboBox(bar);
  range_->setObjectName(QStringLiteral("pixelRange"));
  range_->setToolTip(tr("How the filtered values become 8-bit pixels (Auto: normalize for high-pass and "
                        "band-pass, clamp otherwise)"));
  range_->addItem(tr("Auto range"), -1);
  range_->addItem(tr("Clamp"), int(imaging::PixelRange::Clamp));
  range_->addItem(tr("Normalize"), int(imaging::PixelRange::Normalize));
  range_->addItem(tr("Abs"), int(imaging::PixelRange::Abs));
  bar->addWidget(range_);
  connect(range_, &QComboBox::currentIndexChanged, worker_, &image::ImageWorker::requestFilter);
  bar->addSeparator();
  spectrumMode_ = new QComboBox(bar);
  spectrumMode_->setObjectName(QStringLiteral("spectrumMode"));
  spectrumMode_->setToolTip(tr("Show the spectrum's magnitude or its phase"));
  spectrumMode_->addItem(tr("log(1+|F|)"));
  spectrumMode_->addItem(tr("Phase"));
  bar->addWidget(spectrumMode_);
  bar->addWidget(createContrastButton(bar));
  bar->addSeparator();
  bar->addAction(fitAction_);
  bar->addAction(actualSizeAction_);
  connect(brushSize_, &QSpinBox::valueChanged, this, [this](int v) { spectrumView_->setBrushRadius(v); });
  for (QComboBox* box : {spectrumMode_, colormap_})
    connect(box, &QComboBox::currentIndexChanged, this, &ImageTab::renderSpectrum);
  for (QDoubleSpinBox* box : {gamma_, clip_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &ImageTab::renderSpectrum);
  return bar;
}

// Undo and Redo with fixed labels (the Edit menu's actions name the step, which would make the row change
// width with every edit); the tooltips name it.
void ImageTab::addUndoButtons(QToolBar* bar)
{
  QUndoStack* stack = editor_->undoStack();
  QAction* undo = bar->addAction(tr("Undo"), stack, &QUndoStack::undo);
  QAction* redo = bar->addAction(tr("Redo"), stack, &QUndoStack::redo);
  undo->setObjectName(QStringLiteral("undoButtonAction"));
  redo->setObjectName(QStringLiteral("redoButtonAction"));
  const auto follow = [stack, undo, redo] {
    undo->setEnabled(stack->canUndo());
    redo->setEnabled(stack->canRedo());
    undo->setToolTip(stack->canUndo() ? tr("Undo %1 (Ctrl+Z)").arg(stack->undoText())
                                      : tr("Nothing to undo"));
    redo->setToolTip(stack->canRedo() ? tr("Redo %1 (Ctrl+Shift+Z)").arg(stack->redoText())
                                      : tr("Nothing to redo"));
  };
  connect(stack, &QUndoStack::indexChanged, this, follow);
  connect(stack, &QUndoStack::cleanChanged, this, follow);
  follow();
}

// Colormap, gamma and percentile clipping of the spectrum picture: set now and then, so they sit in a
// menu behind one button rather than taking a third of the row.
QToolButton* ImageTab::createContrastButton(QWidget* parent)
{
  auto* button = new QToolButton(parent);
  button->setObjectName(QStringLiteral("contrastButton"));
  button->setText(tr("Contrast"));
  button->setToolTip(tr("Colormap, gamma and clipping of the spectrum picture"));
  button->setPopupMode(QToolButton::InstantPopup);
  auto* panel = new QWidget(button);
  auto* form = new QFormLayout(panel);
  colormap_ = new QComboBox(panel);
  colormap_->setObjectName(QStringLiteral("colormap"));
  for (const std::string& name : ui::Colormap::names())
    colormap_->addItem(QString::fromStdString(name));
  colormap_->setCurrentText(QStringLiteral("grayscale"));
  gamma_ = new QDoubleSpinBox(panel);
  gamma_->setObjectName(QStringLiteral("gamma"));
  gamma_->setRange(0.2, 5.0);
  gamma_->setSingleStep(0.1);
  gamma_->setValue(1.0);
  clip_ = new QDoubleSpinBox(panel);
  clip_->setObjectName(QStringLiteral("clip"));
  clip_->setRange(0.0, 20.0);
  clip_->setSingleStep(0.5);
  clip_->setValue(0.5);
  clip_->setSuffix(tr(" %"));
  clip_->setToolTip(tr("Percent of the darkest bins shown black (and a tenth of it of the brightest white)"));
  form->addRow(tr("Colormap"), colormap_);
  form->addRow(tr("Gamma"), gamma_);
  form->addRow(tr("Clip"), clip_);
  auto* menu = new QMenu(button);
  auto* holder = new QWidgetAction(menu);
  holder->setDefaultWidget(panel);
  menu->addAction(holder);
  button->setMenu(menu);
  return button;
}

QWidget* ImageTab::createViews()
{
  auto* views = new QWidget(this);
  originalView_ = new image::ZoomableImageView(views);
  originalView_->setObjectName(QStringLiteral("originalView"));
  spectrumView_ = new MaskedSpectrumView(views);
  spectrumView_->setObjectName(QStringLiteral("spectrumView"));
  spectrumView_->setBrushRadius(brushSize_->value());
  resultView_ = new image::ZoomableImageView(views);
  resultView_->setObjectName(QStringLiteral("resultView"));
  nameLabel_ = new QLabel(views);
  nameLabel_->setObjectName(QStringLiteral("imageName"));
  nameLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  nameLabel_->setWordWrap(true); // a long file name takes a second line, not a wider tab
  readout_ = new QLabel(this);
  readout_->setObjectName(QStringLiteral("cursorReadout"));
  readout_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  readout_->setMinimumWidth(100);
  readout_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  timings_ = new image::ElidedLabel(this);
  timings_->setObjectName(QStringLiteral("imageTimings"));
  timings_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  // Room for the usual summary; the readout beside it takes what is left.
  timings_->setMinimumWidth(
      timings_->fontMetrics().horizontalAdvance(tr("Last update %1 ms on %2").arg(9999.9).arg("opencl:00")));
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 0); // busy: an FFT reports no progress of its own
  progress_->setMaximumWidth(160);
  progress_->setFormat(tr("Loading…"));
  progress_->setObjectName(QStringLiteral("loadProgress"));
  progress_->hide();
  cancelLoad_ = new QPushButton(tr("Cancel"), this);
  cancelLoad_->hide();
  cancelLoad_->setObjectName(QStringLiteral("cancelLoad"));
  connect(cancelLoad_, &QPushButton::clicked, this, [this] {
    worker_->cancelLoad();
    updateLoadProgress();
    emit statusMessage(tr("Loading cancelled; the current image stays."));
  });

  auto* grid = new QGridLayout(views);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(nameLabel_, 0, 0, 1, 3);
  grid->addWidget(heading(tr("Original"), views), 1, 0, Qt::AlignHCenter);
  grid->addWidget(heading(tr("Spectrum (DC centred) and mask"), views), 1, 1, Qt::AlignHCenter);
  grid->addWidget(heading(tr("Filtered"), views), 1, 2, Qt::AlignHCenter);
  const std::array<image::ZoomableImageView*, 3> all = {originalView_, spectrumView_, resultView_};
  for (int column = 0; column < 3; ++column) {
    grid->addWidget(all[column], 2, column);
    grid->setColumnStretch(column, 1);
    connect(all[column], &image::ZoomableImageView::hovered, this,
            [this, column](QPointF p) { showReadout(column, p); });
    // Linked zoom and pan: every view follows the one the user moves.
    for (image::ZoomableImageView* other : all)
      if (other != all[column])
        connect(all[column], &image::ZoomableImageView::viewChanged, other,
                &image::ZoomableImageView::setView);
  }
  return views;
}

void ImageTab::connectMaskEditing()
{
  connect(editor_, &image::MaskEditor::changed, this, &ImageTab::onMaskChanged);
  auto kindEdit = [this](const QString& text, auto change) {
    return [this, text, change] {
      if (!syncing_) editSpec(text, change);
    };
  };
  connect(kind_, &QComboBox::currentIndexChanged, this,
          kindEdit(tr("Change mask kind"),
                   [this](imaging::MaskSpec& s) { s.kind = MaskKind(kind_->currentData().toInt()); }));
  connect(profile_, &QComboBox::currentIndexChanged, this,
          kindEdit(tr("Change mask profile"), [this](imaging::MaskSpec& s) {
            s.profile = MaskProfile(profile_->currentData().toInt());
          }));
  connect(order_, &QSpinBox::valueChanged, this,
          kindEdit(tr("Change order"), [this](imaging::MaskSpec& s) { s.order = order_->value(); }));
  // valueChanged fires continuously while dragging (tracking is on): the result follows the slider, and
  // the whole drag (between press and release) is one undo step.
  connect(cutoff_, &QSlider::valueChanged, this, kindEdit(tr("Change cutoff"), [this](imaging::MaskSpec& s) {
            s.cutoff = cutoff_->value() / kSliderScale;
            s.cutoff2 = std::max(s.cutoff2, s.cutoff + 1 / kSliderScale);
          }));
  connect(cutoff2_, &QSlider::valueChanged, this, kindEdit(tr("Change cutoff"), [this](imaging::MaskSpec& s) {
            s.cutoff2 = cutoff2_->value() / kSliderScale;
            s.cutoff = std::min(s.cutoff, s.cutoff2 - 1 / kSliderScale);
          }));
  for (QSlider* slider : {cutoff_, cutoff2_}) {
    connect(slider, &QSlider::sliderPressed, editor_, &image::MaskEditor::beginGesture);
    connect(slider, &QSlider::sliderReleased, editor_, [this] { editor_->endGesture(tr("Change cutoff")); });
  }
  connect(spectrumView_, &MaskedSpectrumView::gestureStarted, editor_, &image::MaskEditor::beginGesture);
  connect(spectrumView_, &MaskedSpectrumView::gestureFinished, editor_, &image::MaskEditor::endGesture);
  connect(spectrumView_, &MaskedSpectrumView::notchRequested, this, &ImageTab::addNotchAt);
  connect(spectrumView_, &MaskedSpectrumView::notchSelected, this, &ImageTab::showSelectedNotch);
  connect(spectrumView_, &MaskedSpectrumView::notchRemovalRequested, editor_,
          &image::MaskEditor::removeNotch);
  connect(spectrumView_, &MaskedSpectrumView::notchDragged, this, [this](int index, const imaging::Notch& n) {
    editor_->updateGesture([&](image::MaskState& s) { s.spec.notches[std::size_t(index)] = n; });
  });
  connect(spectrumView_, &MaskedSpectrumView::cutoffDragged, this, [this](int ring, double f) {
    editor_->updateGesture([&](image::MaskState& s) {
      const double step = 1 / kSliderScale;
      if (ring == 0)
        s.spec.cutoff =
            std::clamp(f, step, isBand(s.spec.kind) ? s.spec.cutoff2 - step : imaging::kHighestFrequency);
      else
        s.spec.cutoff2 = std::clamp(f, s.spec.cutoff + step, imaging::kHighestFrequency);
    });
  });
  connect(spectrumView_, &MaskedSpectrumView::brushStroke, this, [this](QPointF bin) {
    imaging::Brush brush;
    brush.radius = brushSize_->value();
    brush.mode = spectrumView_->tool() == MaskedSpectrumView::Tool::PassBrush ? imaging::BrushMode::Pass
                                                                              : imaging::BrushMode::Block;
    editor_->paintAt(bin.x(), bin.y(), brush);
  });
}

void ImageTab::editSpec(const QString& undoText, const std::function<void(imaging::MaskSpec&)>& change)
{
  editor_->edit(undoText, [&](image::MaskState& s) { change(s.spec); });
}

// A click adds a notch on the strongest bin near it (away from DC, which a notch must not remove).
void ImageTab::addNotchAt(QPointF bin)
{
  const auto pipeline = worker_->pipeline();
  if (!pipeline) return;
  long bestU = std::lround(bin.x()), bestV = std::lround(bin.y());
  float best = -1;
  for (long dv = -kPeakSnapBins; dv <= kPeakSnapBins; ++dv)
    for (long du = -kPeakSnapBins; du <= kPeakSnapBins; ++du) {
      const long u = std::lround(bin.x()) + du, v = std::lround(bin.y()) + dv;
      if (std::abs(u) + std::abs(v) <= 1) continue;
      const float magnitude = std::abs(pipeline->binValue(u, v));
      if (magnitude > best) best = magnitude, bestU = u, bestV = v;
    }
  const double radius = std::max(3.0, std::round(std::min(pipeline->width(), pipeline->height()) / 128.0));
  editor_->addNotch({double(bestU), double(bestV), radius});
  spectrumView_->setSelectedNotch(int(editor_->state().spec.notches.size()) - 1);
  if (kind_->currentData().toInt() != int(MaskKind::Notch) && editor_->state().spec.notches.size() == 1)
    emit statusMessage(
        tr("Notch added (with its twin at −u, −v). Tip: choose All-pass to keep everything else."));
}

void ImageTab::onMaskChanged()
{
  const bool rapid = lastChange_.isValid() && lastChange_.elapsed() < kIdleMs;
  lastChange_.restart();
  previewing_ = editor_->inGesture() || rapid;
  if (previewing_) idle_->start();
  syncControls();
  spectrumView_->setMaskState(editor_->state());
  showSelectedNotch();
  worker_->requestFilter();
}

// The drag has ended or paused: the next update (queued behind any preview in flight) is full size.
void ImageTab::onInputIdle()
{
  previewing_ = false;
  worker_->requestFilter();
}

// Shows the mask's settings on the controls without turning them into edits again.
void ImageTab::syncControls()
{
  const imaging::MaskSpec& spec = editor_->state().spec;
  syncing_ = true;
  kind_->setCurrentIndex(kind_->findData(int(spec.kind)));
  profile_->setCurrentIndex(profile_->findData(int(spec.profile)));
  order_->setValue(spec.order);
  cutoff_->setValue(int(std::lround(spec.cutoff * kSliderScale)));
  cutoff2_->setValue(int(std::lround(spec.cutoff2 * kSliderScale)));
  syncing_ = false;
  const bool radial = spec.kind != MaskKind::Notch && spec.kind != MaskKind::Custom;
  cutoff_->setEnabled(radial);
  cutoff2_->setEnabled(isBand(spec.kind));
  profile_->setEnabled(radial);
  order_->setEnabled(radial && spec.profile == MaskProfile::Butterworth);
  spectrumView_->setCutoffRings(radial ? (isBand(spec.kind) ? 2 : 1) : 0);
  cutoffLabel_->setText(radial ? cutoffText(spec) : QString());
}

image::FilterRequest ImageTab::filterRequest()
{
  image::FilterRequest request;
  request.mask = editor_->workerSnapshot();
  const int rangeChoice = range_->currentData().toInt();
  const MaskKind kind = request.mask.spec.kind;
  // High-pass and band-pass outputs are centred on 0 (unless inverted): they need stretching to be seen.
  const bool zeroMean = (kind == MaskKind::HighPass || kind == MaskKind::BandPass) != request.mask.inverted;
  request.range = rangeChoice >= 0 ? imaging::PixelRange(rangeChoice)
                  : zeroMean       ? imaging::PixelRange::Normalize
                                   : imaging::PixelRange::Clamp;
  if (previewing_) {
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
  request.luminanceOnly = luminance_->isChecked();
  request.padding = paddingMode();
  lastLoad_ = request;
  worker_->load(std::move(request));
}

// The same image again: on another backend, or with the luminance switch or the padding changed. An image
// still being loaded (the sample at start, while the engine service opens its device) is the one to load
// again, or it would arrive on the old engine and stay there.
void ImageTab::reload()
{
  if (worker_->hasLoadWork() && lastLoad_)
    load(*lastLoad_);
  else if (!currentSource_.isNull())
    openImage(currentSource_, currentName_);
}

void ImageTab::updateLoadProgress()
{
  const bool loading = worker_->isLoading();
  progress_->setVisible(loading);
  cancelLoad_->setVisible(loading);
}

// Says that the spectrum shown is the padded one, whose bins the mask and the notches use.
QString ImageTab::paddingNote(const imaging::FilterPipeline& pipeline)
{
  if (pipeline.padding() == imaging::PadMode::None) return {};
  return tr("; spectrum %1 × %2, %3-padded")
      .arg(pipeline.width())
      .arg(pipeline.height())
      .arg(QString::fromStdString(toString(pipeline.padding())));
}

void ImageTab::onLoaded(const image::LoadedImage& loaded)
{
  updateLoadProgress();
  const auto& pipeline = *loaded.pipeline;
  const QSize size(int(pipeline.width()), int(pipeline.height()));
  if (size != QSize(magnitude_.size())) editor_->setSize(size);
  original_ = loaded.original;
  currentSource_ = loaded.original;
  currentName_ = loaded.name;
  magnitude_ = loaded.magnitude;
  phase_ = loaded.phase;
  appliedMask_.reset();
  appliedState_.reset();
  originalView_->setImage(original_);
  renderSpectrum();
  if (!loaded.path.isEmpty() && !loaded.path.startsWith(QLatin1Char(':'))) recent_->add(loaded.path);
  nameLabel_->setText(tr("<b>%1</b> — %2 × %3, %4 on %5")
                          .arg(loaded.name.toHtmlEscaped())
                          .arg(original_.width())
                          .arg(original_.height())
                          .arg(pipeline.channels() == 3  ? tr("R, G, B filtered separately")
                               : original_.isGrayscale() ? tr("grey")
                                                         : tr("its luminance filtered"))
                          .arg(QString::fromStdString(pipeline.backendName())) +
                      paddingNote(pipeline));
  // E.g. an image beyond the device's largest buffer: the engine planned it on FFTW instead.
  if (const std::string why = pipeline.fallbackReason(); !why.empty())
    emit statusMessage(tr("%1: %2").arg(loaded.name, QString::fromStdString(why.substr(0, why.find('\n')))));
  emit imageLoaded(loaded.name);
}

void ImageTab::onFiltered(const image::FilterResult& result)
{
  if (result.preview) {
    resultView_->setPreview(result.result);
    spectrumView_->setMaskTint(result.maskTint);
    showTimings(result.report, true);
    emit previewUpdated();
    return;
  }
  result_ = result.result;
  appliedMask_ = result.halfMask;
  appliedState_ = result.deviceMask;
  resultView_->setImage(result_);
  spectrumView_->setMaskTint(result.maskTint);
  showTimings(result.report, false);
  emit resultUpdated();
}

void ImageTab::renderSpectrum()
{
  const bool phase = spectrumMode_->currentIndex() == 1;
  const image::SpectrumPicture& picture = phase ? phase_ : magnitude_;
  if (picture.isNull()) return;
  image::SpectrumContrast contrast;
  contrast.colormap = colormap_->currentText();
  contrast.gamma = gamma_->value();
  contrast.clipLowPercent = clip_->value();
  contrast.clipHighPercent = clip_->value() / 10;
  spectrum_ = picture.render(contrast);
  spectrumView_->setImage(spectrum_);
  gamma_->setEnabled(!phase);
  clip_->setEnabled(!phase);
}

void ImageTab::showReadout(int view, QPointF imagePos)
{
  if (std::isnan(imagePos.x())) return readout_->clear();
  if (view != SpectrumView)
    return readout_->setText(image::pixelReadout(view == OriginalView ? original_ : result_, imagePos));
  const auto pipeline = worker_->pipeline();
  if (!pipeline) return;
  image::SpectrumBin bin;
  const QPointF b = spectrumView_->binAt(imagePos);
  bin.u = std::lround(b.x()), bin.v = std::lround(b.y());
  bin.width = long(pipeline->width()), bin.height = long(pipeline->height());
  bin.value = pipeline->binValue(bin.u, bin.v);
  if (appliedMask_) {
    const long row = bin.width / 2 + 1;
    const long k = ((bin.u % bin.width) + bin.width) % bin.width,
               l = ((bin.v % bin.height) + bin.height) % bin.height;
    const bool direct = k < row;
    bin.maskValue = (*appliedMask_)[std::size_t((direct ? l : (bin.height - l) % bin.height) * row +
                                                (direct ? k : bin.width - k))];
  } else if (appliedState_) {
    const double m = imaging::maskValue(appliedState_->spec, double(bin.u), double(bin.v),
                                        std::size_t(bin.width), std::size_t(bin.height));
    bin.maskValue = float(appliedState_->inverted ? 1 - m : m);
  }
  readout_->setText(image::spectrumReadout(bin));
}

// A one-line summary (the Timings panel has the table): total, backend, whether it was a preview; the
// steps in the tooltip.
void ImageTab::showTimings(const ExecutionReport& report, bool preview)
{
  if (timingFeed_) timingFeed_->publish(tr("Image"), report);
  const QString backend = QString::fromStdString(report.backend.empty() ? "host" : report.backend);
  timings_->setFullText((preview ? tr("Preview %1 ms on %2") : tr("Last update %1 ms on %2"))
                            .arg(report.wallMs, 0, 'f', 1)
                            .arg(backend));
  QStringList steps;
  for (const KernelRecord& r : report.records)
    steps << QStringLiteral("%1: %2 ms").arg(QString::fromStdString(r.name)).arg(r.milliseconds(), 0, 'f', 2);
  timings_->setToolTip(steps.join(QLatin1Char('\n')));
}

void ImageTab::chooseSaveFile(const QString& what, const QString& suffix,
                              void (ImageTab::*saveTo)(const QString&))
{
  const QString base = QFileInfo(currentName_).completeBaseName();
  const QString suggested =
      QDir(image::lastDirectory()).filePath(base + QLatin1Char('-') + what + QLatin1Char('.') + suffix);
  const QString path =
      QFileDialog::getSaveFileName(this, tr("Save %1").arg(what), suggested, image::saveDialogFilter());
  if (path.isEmpty()) return;
  image::rememberDirectory(path);
  (this->*saveTo)(path);
}

// Writing a large PNG takes a while: it runs in the background; the tab reports the outcome.
void ImageTab::save(const QImage& picture, const QString& path)
{
  saving_.waitForFinished(); // one save at a time, in order
  savingPath_ = path;
  saving_.setFuture(QtConcurrent::run([picture, path] { return image::writeImage(picture, path); }));
}

void ImageTab::onSaved()
{
  if (const QString error = saving_.result(); !error.isEmpty())
    return emit errorMessage(tr("Cannot save %1").arg(QFileInfo(savingPath_).fileName()), error);
  emit saved(savingPath_);
  emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(savingPath_)));
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
    appliedMask_ = std::make_shared<const std::vector<float>>(
        imaging::composeHalfPlaneMask(state.spec, w, h, nullptr, state.inverted));
  }
  save(image::maskPicture(*appliedMask_, w, h), path);
}

void ImageTab::copyResult()
{
  if (result_.isNull()) return;
  QGuiApplication::clipboard()->setImage(result_);
  emit statusMessage(tr("Filtered image copied to the clipboard."));
}

// A local file (whatever its format: one that cannot be read gets a message) or image data; links to
// remote files are not taken, as nothing would open.
static bool isDroppableImage(const QMimeData* data)
{
  return (data->hasUrls() && !data->urls().isEmpty() && data->urls().first().isLocalFile()) ||
         data->hasImage();
}

void ImageTab::dragEnterEvent(QDragEnterEvent* event)
{
  if (isDroppableImage(event->mimeData())) event->acceptProposedAction();
}

void ImageTab::dropEvent(QDropEvent* event)
{
  const QMimeData* data = event->mimeData();
  if (!isDroppableImage(data)) return event->ignore();
  if (data->hasUrls() && data->urls().first().isLocalFile())
    openFile(data->urls().first().toLocalFile());
  else
    openImage(qvariant_cast<QImage>(data->imageData()), tr("dropped image"));
  event->acceptProposedAction();
}

} // namespace spectrascope::ui
