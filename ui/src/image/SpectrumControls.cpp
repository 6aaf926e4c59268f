#include "spectrascope/ui/image/SpectrumControls.h"

#include "spectrascope/ui/image/FlowLayout.h"
#include "spectrascope/ui/image/SpectrumContrastButton.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QSpinBox>
#include <QToolButton>
#include <QUndoStack>

namespace spectrascope::ui::image {
namespace {

QFrame* separator(QWidget* parent)
{
  auto* line = new QFrame(parent);
  line->setFrameShape(QFrame::VLine);
  line->setFrameShadow(QFrame::Sunken);
  return line;
}

} // namespace

SpectrumControls::SpectrumControls(QUndoStack* history, const QList<QAction*>& zoomActions, QWidget* parent)
    : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrumBar"));
  auto* flow = new FlowLayout(this);
  addTools();
  brushSize_ = new QSpinBox(this);
  brushSize_->setObjectName(QStringLiteral("brushSize"));
  brushSize_->setRange(1, 200);
  brushSize_->setValue(8);
  brushSize_->setPrefix(tr("brush "));
  brushSize_->setToolTip(tr("Brush radius in bins"));
  flow->addWidget(brushSize_);
  connect(brushSize_, &QSpinBox::valueChanged, this, &SpectrumControls::brushRadiusChanged);
  notchRadius_ = createNotchRadiusBox();
  flow->addWidget(notchRadius_);
  flow->addWidget(separator(this));
  auto* invert = new QAction(tr("Invert"), this);
  invert->setObjectName(QStringLiteral("invertAction"));
  invert->setToolTip(tr("Pass what the mask stops and stop what it passes"));
  connect(invert, &QAction::triggered, this, &SpectrumControls::invertRequested);
  auto* reset = new QAction(tr("Reset"), this);
  reset->setObjectName(QStringLiteral("resetAction"));
  reset->setToolTip(tr("Back to a mask that passes everything: no notches, no paint"));
  connect(reset, &QAction::triggered, this, &SpectrumControls::resetRequested);
  addButton(invert);
  addButton(reset);
  addUndoButtons(history);
  flow->addWidget(separator(this));
  range_ = new QComboBox(this);
  range_->setObjectName(QStringLiteral("pixelRange"));
  range_->setToolTip(tr("How the filtered values become 8-bit pixels (Auto: normalize for high-pass and "
                        "band-pass, clamp otherwise)"));
  range_->addItem(tr("Auto range"), -1);
  range_->addItem(tr("Clamp"), int(imaging::PixelRange::Clamp));
  range_->addItem(tr("Normalize"), int(imaging::PixelRange::Normalize));
  range_->addItem(tr("Abs"), int(imaging::PixelRange::Abs));
  flow->addWidget(range_);
  connect(range_, &QComboBox::currentIndexChanged, this, &SpectrumControls::rangeChanged);
  flow->addWidget(separator(this));
  spectrumMode_ = new QComboBox(this);
  spectrumMode_->setObjectName(QStringLiteral("spectrumMode"));
  spectrumMode_->setToolTip(tr("Show the spectrum's magnitude or its phase"));
  spectrumMode_->addItem(tr("log(1+|F|)"));
  spectrumMode_->addItem(tr("Phase"));
  flow->addWidget(spectrumMode_);
  contrast_ = new SpectrumContrastButton(this);
  flow->addWidget(contrast_);
  connect(spectrumMode_, &QComboBox::currentIndexChanged, this, [this] {
    contrast_->setMagnitudeOptionsEnabled(!showsPhase());
    emit pictureOptionsChanged();
  });
  connect(contrast_, &SpectrumContrastButton::changed, this, &SpectrumControls::pictureOptionsChanged);
  flow->addWidget(separator(this));
  for (QAction* action : zoomActions)
    addButton(action);
}

void SpectrumControls::addButton(QAction* action)
{
  auto* button = new QToolButton(this);
  button->setDefaultAction(action);
  button->setAutoRaise(true);
  layout()->addWidget(button);
}

void SpectrumControls::addTools()
{
  using Tool = MaskedSpectrumView::Tool;
  auto* tools = new QActionGroup(this);
  const struct
  {
    QString text;
    Tool tool;
    QString tip;
  } list[] = {{tr("Edit"), Tool::Edit,
               tr("Click a peak to add a notch pair; drag notches and rings; right-click removes")},
              {tr("Block"), Tool::BlockBrush,
               tr("Block brush: paint frequencies out (soft brush, mirrored at -u, -v)")},
              {tr("Pass"), Tool::PassBrush, tr("Pass brush: paint frequencies back in")},
              {tr("Pan"), Tool::Pan, tr("Drag to pan (the middle button pans always)")}};
  int i = 0;
  for (const auto& [text, tool, tip] : list) {
    auto* action = new QAction(text, tools);
    action->setCheckable(true);
    action->setChecked(tool == Tool::Edit);
    action->setToolTip(tip);
    action->setObjectName(QStringLiteral("tool%1").arg(++i));
    connect(action, &QAction::triggered, this, [this, tool = tool] { emit toolChosen(tool); });
    addButton(action);
  }
}

// Radius of the selected notch, numerically (a drag of its ring is another way to the same edit).
QDoubleSpinBox* SpectrumControls::createNotchRadiusBox()
{
  auto* box = new QDoubleSpinBox(this);
  box->setObjectName(QStringLiteral("notchRadius"));
  box->setDecimals(1);
  box->setSingleStep(0.5);
  box->setPrefix(tr("notch r "));
  // As wide as its widest text, whatever it shows: sized by its range, it widened when a notch was
  // selected ("notch r –" to "notch r 3.0") and shifted the rest of the row.
  box->setRange(0, 9999.9);
  box->setFixedWidth(box->sizeHint().width());
  connect(box, &QDoubleSpinBox::valueChanged, this, &SpectrumControls::notchRadiusEdited);
  return box;
}

void SpectrumControls::showNotch(const imaging::Notch* selected, double largestRadius)
{
  const QSignalBlocker quiet(notchRadius_);
  notchRadius_->setEnabled(selected != nullptr);
  if (!selected) {
    // The special text shows at the minimum, which no real radius reaches while nothing is selected.
    notchRadius_->setSpecialValueText(tr("notch r –"));
    notchRadius_->setRange(0, 0);
    notchRadius_->setToolTip(tr("Radius in bins of the selected notch (click a notch to select it)"));
    return;
  }
  notchRadius_->setSpecialValueText({});
  notchRadius_->setRange(0.5, largestRadius);
  notchRadius_->setValue(selected->radius);
  notchRadius_->setToolTip(tr("Radius in bins of the selected notch, or drag its ring; at most %1 here, so "
                              "that it stops short of the centre (DC, the picture's mean brightness)")
                               .arg(largestRadius, 0, 'f', 1));
}

// Undo and Redo with fixed labels (the Edit menu's actions name the step, which would make the row change
// width with every edit); the tooltips name it.
void SpectrumControls::addUndoButtons(QUndoStack* history)
{
  auto* undo = new QAction(tr("Undo"), this);
  auto* redo = new QAction(tr("Redo"), this);
  undo->setObjectName(QStringLiteral("undoButtonAction"));
  redo->setObjectName(QStringLiteral("redoButtonAction"));
  connect(undo, &QAction::triggered, history, &QUndoStack::undo);
  connect(redo, &QAction::triggered, history, &QUndoStack::redo);
  const auto follow = [history, undo, redo] {
    undo->setEnabled(history->canUndo());
    redo->setEnabled(history->canRedo());
    undo->setToolTip(history->canUndo()
                         ? tr("Undo %1 (%2)")
                               .arg(history->undoText(),
                                    QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText))
                         : tr("Nothing to undo"));
    redo->setToolTip(history->canRedo()
                         ? tr("Redo %1 (%2)")
                               .arg(history->redoText(),
                                    QKeySequence(QKeySequence::Redo).toString(QKeySequence::NativeText))
                         : tr("Nothing to redo"));
  };
  connect(history, &QUndoStack::indexChanged, this, follow);
  connect(history, &QUndoStack::cleanChanged, this, follow);
  follow();
  addButton(undo);
  addButton(redo);
}

int SpectrumControls::brushRadius() const
{
  return brushSize_->value();
}

std::optional<imaging::PixelRange> SpectrumControls::rangeChoice() const
{
  const int choice = range_->currentData().toInt();
  return choice < 0 ? std::nullopt : std::optional(imaging::PixelRange(choice));
}

bool SpectrumControls::showsPhase() const
{
  return spectrumMode_->currentIndex() == 1;
}

SpectrumContrast SpectrumControls::contrast() const
{
  return contrast_->contrast();
}

} // namespace spectrascope::ui::image
