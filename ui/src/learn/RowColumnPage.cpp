#include "spectrascope/ui/learn/RowColumnPage.h"

#include "spectrascope/ui/ElidedLabel.h"
#include "spectrascope/ui/learn/ReadableNumbers.h"
#include "spectrascope/ui/learn/RowColumnView.h"
#include "spectrascope/ui/learn/StepsComputation.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace spectrascope::ui {
namespace {

namespace steps = spectrascope::learn;

// The Image tab's bundled sample, for when no image has been loaded there.
const char* kSampleImage = ":/samples/coffee.png";
constexpr int kDefaultSide = 128;

QToolButton* passButton(QStyle::StandardPixmap icon, const QString& tip, QWidget* parent)
{
  auto* button = new QToolButton(parent);
  button->setIcon(parent->style()->standardIcon(icon));
  button->setToolTip(tip);
  button->setAutoRaise(true);
  return button;
}

void showCheck(QLabel* label, bool ok, const QString& what, double error)
{
  label->setText(QStringLiteral("%1 %2 (relative error %3)")
                     .arg(ok ? QStringLiteral("✓") : QStringLiteral("✗"), what, scientific(error)));
  label->setStyleSheet(ok ? QStringLiteral("color: #2b8a3e; font-weight: bold;")
                          : QStringLiteral("color: #c92a2a; font-weight: bold;"));
}

} // namespace

RowColumnPage::RowColumnPage(StepsComputation* computation, QWidget* parent)
    : QWidget(parent), computation_(computation)
{
  setObjectName(QStringLiteral("learnRowColumnPage"));
  auto* layout = new QVBoxLayout(this);
  // Two lines, the picture and its export, then the size and the stepping: on one line they needed about
  // 800 pixels, and at an 800-pixel window the page has about 500.
  auto* bar = new QHBoxLayout;
  auto* stepping = new QHBoxLayout;
  sizeBox_ = new QComboBox(this);
  sizeBox_->setObjectName(QStringLiteral("learnImageSize"));
  for (int side = 32; side <= 512; side *= 2)
    sizeBox_->addItem(QStringLiteral("%1 × %1").arg(side), side);
  sizeBox_->setCurrentIndex(sizeBox_->findData(kDefaultSide));
  sizeBox_->setToolTip(tr("The image's centred square, scaled to S × S: every row and column is one "
                          "radix-2 transform of length S"));
  // A photo's long file name is shortened with "…" (whole in the tooltip): it pushed the third picture
  // off the page.
  imageLabel_ = new ElidedLabel(this);
  backButton_ = passButton(QStyle::SP_MediaSeekBackward, tr("Previous pass (←)"), this);
  forwardButton_ = passButton(QStyle::SP_MediaSeekForward, tr("Next pass (→)"), this);
  backButton_->setObjectName(QStringLiteral("learnPassBack"));
  forwardButton_->setObjectName(QStringLiteral("learnPassForward"));
  passLabel_ = new ElidedLabel(this);
  checkLabel_ = new QLabel(this);
  checkLabel_->setObjectName(QStringLiteral("learnPassCheck"));
  bar->addWidget(new QLabel(tr("Image"), this));
  bar->addWidget(imageLabel_, 1);
  stepping->addWidget(new QLabel(tr("Size"), this));
  stepping->addWidget(sizeBox_);
  stepping->addSpacing(12);
  stepping->addWidget(backButton_);
  stepping->addWidget(forwardButton_);
  stepping->addWidget(passLabel_, 1);
  exportButton_ = new QPushButton(tr("Export pictures…"), this);
  exportButton_->setToolTip(tr("Save the three pictures as a PNG image"));
  bar->addWidget(exportButton_);
  layout->addLayout(bar);
  layout->addLayout(stepping);
  view_ = new RowColumnView(this);
  layout->addWidget(view_, 1000); // all the height it can use first, the rest under the text
  checkLabel_->setWordWrap(true);
  layout->addWidget(checkLabel_);
  explanation_ = new QLabel(this);
  explanation_->setWordWrap(true);
  explanation_->setObjectName(QStringLiteral("learnPassExplanation"));
  deviceLabel_ = new QLabel(this);
  deviceLabel_->setObjectName(QStringLiteral("learnPassDevice"));
  deviceLabel_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
  deviceLabel_->setWordWrap(true);
  layout->addWidget(explanation_);
  layout->addWidget(deviceLabel_);
  layout->addStretch(1); // what height the pictures cannot use goes under the text, not between

  connect(sizeBox_, &QComboBox::currentIndexChanged, this, &RowColumnPage::recompute);
  connect(backButton_, &QToolButton::clicked, this, &RowColumnPage::stepBack);
  connect(forwardButton_, &QToolButton::clicked, this, &RowColumnPage::stepForward);
  connect(computation_, &StepsComputation::imageFinished, this, &RowColumnPage::showOutcome);
  connect(exportButton_, &QPushButton::clicked, this, &RowColumnPage::chooseExportFile);
  setImage({}, {});
}

std::size_t RowColumnPage::side() const
{
  return std::size_t(sizeBox_->currentData().toInt());
}

bool RowColumnPage::isComputing() const
{
  return computation_->isImageBusy();
}

void RowColumnPage::setImage(const QImage& image, const QString& name)
{
  image_ = image.isNull() ? QImage(QString::fromLatin1(kSampleImage)) : image;
  name_ = image.isNull() ? tr("the bundled sample") : name;
  imageLabel_->setFullText(tr("%1 (%2 × %3)").arg(name_).arg(image_.width()).arg(image_.height()));
  imageLabel_->setToolTip(imageLabel_->fullText());
  recompute();
}

void RowColumnPage::setBackend(const QString& backend)
{
  if (backend == backend_ && result_) return;
  backend_ = backend;
  recompute();
}

bool RowColumnPage::exportPng(const QString& path) const
{
  const QSize size = view_->contentSize();
  QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(2);
  image.fill(view_->palette().color(QPalette::Window));
  QPainter painter(&image);
  view_->render(&painter, {}, QRegion(QRect(QPoint(0, 0), size)));
  painter.end();
  return image.save(path, "PNG");
}

void RowColumnPage::chooseExportFile()
{
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export pictures"), QStringLiteral("fft-2d-pass%1.png").arg(pass_), tr("PNG image (*.png)"));
  if (!path.isEmpty() && !exportPng(path)) deviceLabel_->setText(tr("Could not write %1").arg(path));
}

void RowColumnPage::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (stale_) recompute();
}

void RowColumnPage::recompute()
{
  stale_ = !isVisible();
  if (stale_) return;
  StepsComputation::ImageRequest request;
  request.image = image_; // scaled on the worker: a large photo takes a while to resample
  request.side = side();
  request.backend = backend_;
  deviceLabel_->setText(tr("Running the row and column passes…"));
  computation_->requestImage(std::move(request));
}

void RowColumnPage::showOutcome(const RowColumnOutcome& outcome)
{
  if (!outcome.error.isEmpty()) {
    deviceLabel_->setText(
        tr("Could not run the passes: %1").arg(outcome.error.section(QLatin1Char('\n'), 0, 0)));
    checkLabel_->clear();
    return;
  }
  result_ = outcome.result;
  view_->setPasses(result_);
  // Said as what happened before the user steps through them: both passes are computed at once.
  deviceLabel_->setText(tr("Computed on %1, rows then columns; the ✓ compares with FFTW's 2D transform in "
                           "double precision.")
                            .arg(QString::fromStdString(result_->computedOn)));
  showPass();
  emit resultShown();
}

void RowColumnPage::setPass(int pass)
{
  pass_ = std::clamp(pass, 0, 2);
  showPass();
}

void RowColumnPage::showPass()
{
  backButton_->setEnabled(pass_ > 0);
  forwardButton_->setEnabled(pass_ < 2);
  view_->setPass(pass_);
  const QString texts[3] = {
      tr("Pass 0 — the input"),
      tr("Pass 1 — the rows"),
      tr("Pass 2 — the columns"),
  };
  passLabel_->setFullText(texts[pass_]);
  const QString s = QString::number(side());
  const QString explanations[3] = {
      tr("A 2D DFT is separable: transforming every row and then every column gives the same result as "
         "the 2D sum. The picture is %1 × %1 luminance values.")
          .arg(s),
      tr("Row pass: one batched engine call, %1 transforms of length %1 along x (one per row). Each row now "
         "holds its own spectrum, shown centred (DC in the middle column); the columns are still space.")
          .arg(s),
      tr("Column pass: the columns gathered into rows (a transpose on the host), then the same batched call "
         "of %1 transforms of length %1. The result is the image's 2D spectrum, shown centred.")
          .arg(s),
  };
  explanation_->setText(explanations[pass_]);
  if (!result_ || pass_ == 0) {
    checkLabel_->clear();
    return;
  }
  if (pass_ == 1)
    showCheck(checkLabel_, result_->rowsMatch(), tr("the rows equal their 1D DFTs"), result_->rowError);
  else
    showCheck(checkLabel_, result_->columnsMatch(), tr("equals the full 2D DFT"), result_->fullError);
}

} // namespace spectrascope::ui
