#include "spectrascope/ui/image/MaskControls.h"

#include "spectrascope/ui/image/FlowLayout.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>

#include <QToolButton>
#include <cmath>

namespace spectrascope::ui::image {
namespace {

using imaging::MaskKind;
using imaging::MaskProfile;

const char* const kPaddingKey = "image/padding";
// Long enough to set a cutoff to a thousandth of a cycle per pixel by hand, short enough for two on a line
// of a 960-pixel (scaled) window.
constexpr int kSliderWidth = 170;

using imaging::isBand;

} // namespace

MaskControls::MaskControls(QAction* open, QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("imageMaskBar"));
  auto* flow = new FlowLayout(this);
  auto* openButton = new QToolButton(this);
  openButton->setDefaultAction(open);
  openButton->setAutoRaise(true);
  flow->addWidget(openButton);
  padding_ = createPaddingChoice();
  flow->addWidget(padding_);
  luminance_ = new QCheckBox(tr("Luminance only"), this);
  luminance_->setObjectName(QStringLiteral("luminanceOnly"));
  luminance_->setToolTip(tr("Filter the luminance Y = 0.299 R + 0.587 G + 0.114 B instead of R, G and B "
                            "separately"));
  flow->addWidget(luminance_);
  connect(luminance_, &QCheckBox::toggled, this, &MaskControls::pictureSettingsChanged);

  kind_ = new QComboBox(this);
  kind_->setObjectName(QStringLiteral("maskKind"));
  kind_->addItem(tr("Low-pass"), int(MaskKind::LowPass));
  kind_->addItem(tr("High-pass"), int(MaskKind::HighPass));
  kind_->addItem(tr("Band-pass"), int(MaskKind::BandPass));
  kind_->addItem(tr("Band-stop"), int(MaskKind::BandStop));
  kind_->addItem(tr("All-pass"), int(MaskKind::Notch));
  kind_->setItemData(kind_->count() - 1, tr("Everything passes but the notches and the painted mask"),
                     Qt::ToolTipRole);
  kind_->setToolTip(tr("Mask kind (notches and painting apply on top of any)"));
  profile_ = new QComboBox(this);
  profile_->setObjectName(QStringLiteral("maskProfile"));
  profile_->setToolTip(tr("Mask profile: ideal edge, Gaussian or Butterworth"));
  profile_->addItem(tr("Ideal"), int(MaskProfile::Ideal));
  profile_->addItem(tr("Gaussian"), int(MaskProfile::Gaussian));
  profile_->addItem(tr("Butterworth"), int(MaskProfile::Butterworth));
  order_ = new QSpinBox(this);
  order_->setObjectName(QStringLiteral("butterworthOrder"));
  order_->setRange(1, 10);
  order_->setPrefix(tr("order "));
  order_->setToolTip(tr("Butterworth order n"));
  for (QWidget* w : std::initializer_list<QWidget*>{kind_, profile_, order_})
    flow->addWidget(w);

  cutoff_ = new QSlider(Qt::Horizontal, this);
  cutoff_->setObjectName(QStringLiteral("cutoffSlider"));
  cutoff2_ = new QSlider(Qt::Horizontal, this);
  cutoff2_->setObjectName(QStringLiteral("cutoff2Slider"));
  for (QSlider* s : {cutoff_, cutoff2_}) {
    // Up to the spectrum's corner, where the ring drag reaches too: at 0.5 an ideal low-pass still
    // blocked the corners' diagonal frequencies.
    s->setRange(s == cutoff_ ? 1 : 2, s == cutoff_ ? kTopCutoffStep - 1 : kTopCutoffStep);
    s->setMinimumWidth(kSliderWidth);
    s->setToolTip(tr("Cutoff in cycles per pixel; or drag the ring on the spectrum"));
    connect(s, &QSlider::sliderPressed, this, &MaskControls::cutoffDragStarted);
    connect(s, &QSlider::sliderReleased, this, &MaskControls::cutoffDragFinished);
  }
  cutoff2_->setToolTip(tr("Upper cutoff F2 of band-pass and band-stop masks"));
  cutoffValue_ = new QLabel(this);
  cutoffValue_->setObjectName(QStringLiteral("cutoffLabel"));
  // As wide as its widest text, so that the row does not move while a slider is dragged.
  imaging::MaskSpec widest;
  widest.cutoff = 0.001; // "0.001 c/px · 1000.0 px"
  int width = cutoffValue_->fontMetrics().horizontalAdvance(cutoffText(widest));
  widest.kind = MaskKind::BandPass, widest.cutoff = (kTopCutoffStep - 1) / kSliderScale,
  widest.cutoff2 = kTopCutoffStep / kSliderScale;
  width = std::max(width, cutoffValue_->fontMetrics().horizontalAdvance(cutoffText(widest)));
  cutoffValue_->setMinimumWidth(width + cutoffValue_->fontMetrics().averageCharWidth());
  // The value follows F's slider on its line: as an item of its own, a wrapping row left it alone at
  // the start of the next line, or beside F2 as if it were F2's.
  addLabelled(tr("F"), cutoff_, &cutoffLabel_, cutoffValue_);
  addLabelled(tr("F2"), cutoff2_, &cutoff2Label_);

  const auto edit = [this](auto signal, auto value) {
    return [this, signal, value] {
      if (!syncing_) emit(this->*signal)(value());
    };
  };
  connect(kind_, &QComboBox::currentIndexChanged, this,
          edit(&MaskControls::kindChosen, [this] { return MaskKind(kind_->currentData().toInt()); }));
  connect(profile_, &QComboBox::currentIndexChanged, this, edit(&MaskControls::profileChosen, [this] {
            return MaskProfile(profile_->currentData().toInt());
          }));
  connect(order_, &QSpinBox::valueChanged, this,
          edit(&MaskControls::orderChosen, [this] { return order_->value(); }));
  // valueChanged fires continuously while dragging (tracking is on): the result follows the slider.
  connect(cutoff_, &QSlider::valueChanged, this,
          edit(&MaskControls::cutoffMoved, [this] { return cutoff_->value() / kSliderScale; }));
  connect(cutoff2_, &QSlider::valueChanged, this,
          edit(&MaskControls::cutoff2Moved, [this] { return cutoff2_->value() / kSliderScale; }));
}

// A label, its slider and the value after it stay together on one line when the row wraps.
void MaskControls::addLabelled(const QString& text, QWidget* widget, QLabel** label, QWidget* after)
{
  auto* pair = new QWidget(this);
  auto* box = new QHBoxLayout(pair);
  box->setContentsMargins(0, 0, 0, 0);
  auto* name = new QLabel(text, pair);
  box->addWidget(name);
  for (QWidget* part : {widget, after}) {
    if (!part) continue;
    part->setParent(pair);
    box->addWidget(part);
  }
  layout()->addWidget(pair);
  if (label) *label = name;
}

QString MaskControls::cutoffText(const imaging::MaskSpec& spec)
{
  return isBand(spec.kind)
             ? tr("%1–%2 c/px").arg(spec.cutoff, 0, 'f', 3).arg(spec.cutoff2, 0, 'f', 3)
             : tr("%1 c/px · %2 px").arg(spec.cutoff, 0, 'f', 3).arg(1 / spec.cutoff, 0, 'f', 1);
}

// The choice of padding is the user's: it changes which artefacts show (the wrap-around cross without,
// the image's border against black with zeros), so it stays from one session to the next.
QComboBox* MaskControls::createPaddingChoice()
{
  auto* box = new QComboBox(this);
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
    emit pictureSettingsChanged();
  });
  return box;
}

imaging::PadMode MaskControls::rememberedPadding()
{
  const int mode = QSettings().value(kPaddingKey, int(imaging::PadMode::None)).toInt();
  return mode >= 0 && mode <= int(imaging::PadMode::Mirror) ? imaging::PadMode(mode) : imaging::PadMode::None;
}

imaging::PadMode MaskControls::padding() const
{
  return imaging::PadMode(padding_->currentData().toInt());
}

bool MaskControls::luminanceOnly() const
{
  return luminance_->isChecked();
}

void MaskControls::showSpec(const imaging::MaskSpec& spec)
{
  syncing_ = true;
  kind_->setCurrentIndex(kind_->findData(int(spec.kind)));
  profile_->setCurrentIndex(profile_->findData(int(spec.profile)));
  order_->setValue(spec.order);
  cutoff_->setValue(int(std::lround(spec.cutoff * kSliderScale)));
  cutoff2_->setValue(int(std::lround(spec.cutoff2 * kSliderScale)));
  syncing_ = false;
  const bool radial = spec.kind != MaskKind::Notch && spec.kind != MaskKind::Custom;
  // A disabled slider's name greys out with it, so the pair reads as off, not as stuck (F off for
  // All-pass and painted masks, F2 outside the bands).
  cutoff_->setEnabled(radial);
  cutoffLabel_->setEnabled(radial);
  cutoff2_->setEnabled(isBand(spec.kind));
  cutoff2Label_->setEnabled(isBand(spec.kind));
  profile_->setEnabled(radial);
  order_->setEnabled(radial && spec.profile == MaskProfile::Butterworth);
  cutoffValue_->setText(radial ? cutoffText(spec) : QString());
}

} // namespace spectrascope::ui::image
