#include "spectrascope/ui/image/LoadProgress.h"

#include "spectrascope/ui/BackendOption.h"
#include "spectrascope/ui/ElidedLabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>

namespace spectrascope::ui::image {
namespace {
// Loads quicker than this show no progress at all: a flash of a bar is noise.
constexpr int kProgressDelayMs = 500;
} // namespace

LoadProgress::LoadProgress(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("loadProgressRow"));
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  label_ = new ElidedLabel(this);
  label_->setObjectName(QStringLiteral("loadProgressText"));
  // The sentence may be long; it gives way to the window's width rather than widening it, shortened
  // with "…" (its whole text in the tooltip), not cut off mid-word.
  label_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  label_->setMinimumWidth(120);
  bar_ = new QProgressBar(this);
  bar_->setRange(0, 0); // busy: a transform reports no progress of its own
  bar_->setTextVisible(false);
  bar_->setMaximumWidth(100);
  bar_->setObjectName(QStringLiteral("loadProgress"));
  cancel_ = new QPushButton(tr("Cancel"), this);
  cancel_->setObjectName(QStringLiteral("cancelLoad"));
  cancel_->setToolTip(tr("Keep the current image"));
  row->addWidget(label_, 1);
  row->addWidget(bar_);
  row->addWidget(cancel_);
  connect(cancel_, &QPushButton::clicked, this, &LoadProgress::cancelRequested);
  delay_ = new QTimer(this);
  delay_->setSingleShot(true);
  delay_->setInterval(kProgressDelayMs);
  connect(delay_, &QTimer::timeout, this, &QWidget::show);
  hide();
}

void LoadProgress::start(const QString& what)
{
  label_->setFullText(what);
  label_->setToolTip(what);
  if (!isVisible()) delay_->start();
}

void LoadProgress::startLoading(const QString& name, const QString& backend, bool again)
{
  const QString where = backendDisplayName(backend);
  QString what = again ? tr("Transforming %1 again on %2…").arg(name, where)
                       : tr("Opening %1: decoding and transforming on %2…").arg(name, where);
  if (backend.startsWith(QLatin1String("opencl")))
    what += tr(" A new size on a device first builds its OpenCL kernels (up to a minute, once; they are "
               "cached).");
  start(what);
}

void LoadProgress::finish()
{
  delay_->stop();
  hide();
}

bool LoadProgress::isActive() const
{
  return delay_->isActive() || !isHidden();
}

QString LoadProgress::text() const
{
  return label_->fullText();
}

} // namespace spectrascope::ui::image
