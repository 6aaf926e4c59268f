#include "spectrascope/ui/learn/StagesSidePanel.h"

#include "spectrascope/ui/learn/DftComparisonView.h"
#include "spectrascope/ui/learn/RegisterExchangeView.h"
#include "spectrascope/ui/learn/SignalInputView.h"
#include "spectrascope/ui/learn/TwiddleCircleView.h"

#include <QLabel>
#include <QVBoxLayout>

namespace spectrascope::ui {
namespace {

QLabel* caption(QWidget* parent, const char* name)
{
  auto* label = new QLabel(parent);
  label->setObjectName(QLatin1String(name));
  label->setWordWrap(true);
  label->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
  return label;
}

} // namespace

StagesSidePanel::StagesSidePanel(QWidget* parent) : QWidget(parent)
{
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(0, 0, 0, 0);
  twiddles_ = new TwiddleCircleView(this);
  registers_ = new RegisterExchangeView(this);
  input_ = new SignalInputView(this);
  comparison_ = new DftComparisonView(this);
  inputNote_ = caption(this, "learnInputNote");
  deviceLabel_ = caption(this, "learnDevice");
  // The input first: it is where one draws, and below the twiddle circle and the register grid it began
  // under the panel's bottom edge in the window's first size. Then the stage's twiddles and registers,
  // then the output beside a direct DFT.
  column->addWidget(inputNote_);
  column->addWidget(input_, 2);
  column->addWidget(twiddles_, 3);
  column->addWidget(registers_, 3);
  column->addWidget(comparison_, 2);
  column->addWidget(deviceLabel_);
}

void StagesSidePanel::setInputNote(const QString& note)
{
  inputNote_->setText(note);
  inputNote_->setVisible(!note.isEmpty());
}

void StagesSidePanel::setRegistersVisible(bool visible)
{
  registers_->setVisible(visible);
}

void StagesSidePanel::showStage(const spectrascope::learn::StepsResult& result, int stage,
                                const std::vector<spectrascope::learn::Complex>& directDft)
{
  const auto& schedule = result.schedule;
  twiddles_->setTwiddles(schedule.twiddlesOf(std::size_t(stage)),
                         stage == 0 ? tr("twiddles: none at stage 0")
                                    : tr("twiddles of stage %1").arg(stage));
  if (schedule.algorithm == spectrascope::learn::Algorithm::RegisterExchange)
    registers_->setStage(schedule, stage);
  const bool last = stage == int(schedule.lastStage()) && !result.output.empty();
  comparison_->setSpectra(last ? result.output : std::vector<spectrascope::learn::Complex>{}, directDft);
}

void StagesSidePanel::setDeviceText(const QString& text, const QString& tip)
{
  deviceLabel_->setText(text);
  deviceLabel_->setToolTip(tip);
}

} // namespace spectrascope::ui
