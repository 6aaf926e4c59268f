#include "spectrascope/ui/learn/StepBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace spectrascope::ui {
namespace {

constexpr int kPlayIntervalMs = 900;

QToolButton* stepButton(QStyle::StandardPixmap icon, const QString& tip, const QKeySequence& key,
                        QWidget* parent)
{
  auto* button = new QToolButton(parent);
  button->setIcon(parent->style()->standardIcon(icon));
  button->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
  button->setAutoRaise(true);
  return button;
}

} // namespace

StepBar::StepBar(QWidget* parent) : QWidget(parent)
{
  // Two lines: the controls, then the check. The check does not wrap: a wrapping label makes the page's
  // height depend on its width, and the scroll area around the page would then size it to its preferred
  // height instead of the room there is.
  auto* lines = new QVBoxLayout(this);
  lines->setContentsMargins(0, 0, 0, 0);
  lines->setSpacing(2);
  auto* row = new QHBoxLayout;
  lines->addLayout(row);
  row_ = row;
  firstButton_ = stepButton(QStyle::SP_MediaSkipBackward, tr("First stage"), Qt::Key_Home, this);
  backButton_ = stepButton(QStyle::SP_MediaSeekBackward, tr("Previous stage"), Qt::Key_Left, this);
  playButton_ = stepButton(QStyle::SP_MediaPlay, tr("Play / pause"), Qt::Key_Space, this);
  forwardButton_ = stepButton(QStyle::SP_MediaSeekForward, tr("Next stage"), Qt::Key_Right, this);
  lastButton_ = stepButton(QStyle::SP_MediaSkipForward, tr("Last stage"), Qt::Key_End, this);
  backButton_->setObjectName(QStringLiteral("learnBack"));
  forwardButton_->setObjectName(QStringLiteral("learnForward"));
  playButton_->setObjectName(QStringLiteral("learnPlay"));
  slider_ = new QSlider(Qt::Horizontal, this);
  slider_->setObjectName(QStringLiteral("learnStageSlider"));
  slider_->setPageStep(1);
  slider_->setTickPosition(QSlider::TicksBelow);
  slider_->setMaximumWidth(160);
  stageLabel_ = new QLabel(this);
  stageLabel_->setObjectName(QStringLiteral("learnStageLabel"));
  checkLabel_ = new QLabel(this);
  checkLabel_->setObjectName(QStringLiteral("learnCheck"));
  exportButton_ = new QPushButton(tr("Export diagram…"), this);
  exportButton_->setToolTip(tr("Save the diagram as PNG or SVG (%1)")
                                .arg(QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText)));
  for (QWidget* w : {static_cast<QWidget*>(firstButton_), static_cast<QWidget*>(backButton_),
                     static_cast<QWidget*>(playButton_), static_cast<QWidget*>(forwardButton_),
                     static_cast<QWidget*>(lastButton_)})
    row->addWidget(w);
  row->addWidget(slider_);
  row->addWidget(stageLabel_);
  row->addStretch(1);
  row->addWidget(exportButton_);
  lines->addWidget(checkLabel_);

  playTimer_ = new QTimer(this);
  playTimer_->setInterval(kPlayIntervalMs);
  connect(playTimer_, &QTimer::timeout, this, [this] {
    if (stage_ >= lastStage_)
      togglePlay(); // stop at the end
    else
      emit stageRequested(stage_ + 1);
  });
  connect(firstButton_, &QToolButton::clicked, this, [this] { emit stageRequested(0); });
  connect(backButton_, &QToolButton::clicked, this, [this] { emit stageRequested(stage_ - 1); });
  connect(playButton_, &QToolButton::clicked, this, &StepBar::togglePlay);
  connect(forwardButton_, &QToolButton::clicked, this, [this] { emit stageRequested(stage_ + 1); });
  connect(lastButton_, &QToolButton::clicked, this, [this] { emit stageRequested(lastStage_); });
  connect(slider_, &QSlider::valueChanged, this, &StepBar::stageRequested);
  connect(exportButton_, &QPushButton::clicked, this, &StepBar::exportRequested);
}

void StepBar::showStage(int stage, int lastStage)
{
  stage_ = stage;
  lastStage_ = lastStage;
  {
    const QSignalBlocker block(slider_);
    slider_->setMaximum(lastStage);
    slider_->setValue(stage);
  }
  backButton_->setEnabled(stage > 0);
  firstButton_->setEnabled(stage > 0);
  forwardButton_->setEnabled(stage < lastStage);
  lastButton_->setEnabled(stage < lastStage);
  stageLabel_->setText(tr("Stage %1 of %2").arg(stage).arg(lastStage));
}

void StepBar::showCheck(const QString& text, bool matches)
{
  checkLabel_->setText(text);
  checkLabel_->setStyleSheet(matches ? QStringLiteral("color: #2b8a3e; font-weight: bold;")
                                     : QStringLiteral("color: #c92a2a; font-weight: bold;"));
}

void StepBar::addControl(QWidget* control)
{
  row_->insertWidget(row_->indexOf(exportButton_), control);
}

bool StepBar::isPlaying() const
{
  return playTimer_->isActive();
}

void StepBar::togglePlay()
{
  if (playTimer_->isActive()) {
    playTimer_->stop();
  } else {
    if (stage_ >= lastStage_) emit stageRequested(0); // play from the start again
    playTimer_->start();
  }
  playButton_->setIcon(
      style()->standardIcon(playTimer_->isActive() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

} // namespace spectrascope::ui
