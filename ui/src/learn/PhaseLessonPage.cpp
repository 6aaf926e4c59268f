#include "spectrascope/ui/learn/PhaseLessonPage.h"

#include "spectrascope/ui/learn/ImagePicker.h"
#include "spectrascope/ui/learn/LessonGuide.h"
#include "spectrascope/ui/learn/LessonTexts.h"
#include "spectrascope/ui/learn/PhaseLessonComputation.h"
#include "spectrascope/ui/learn/PictureTile.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QPainter>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace spectrascope::ui {
namespace {

const char* kSampleImage = ":/samples/coffee.png";

} // namespace

PhaseLessonPage::PhaseLessonPage(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnPhasePage"));
  setAcceptDrops(true);
  computation_ = new PhaseLessonComputation(this);
  auto* layout = new QHBoxLayout(this);
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->setChildrenCollapsible(false);
  guide_ = new LessonGuide(splitter);
  guide_->setLesson(phaseLesson());

  auto* content = new QWidget(splitter);
  auto* column = new QVBoxLayout(content);
  column->setContentsMargins(0, 0, 0, 0);
  picker_ = new ImagePicker(content);
  statusLabel_ = new QLabel(content);
  statusLabel_->setObjectName(QStringLiteral("learnPhaseStatus"));
  statusLabel_->setWordWrap(true);
  statusLabel_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
  auto* grid = new QGridLayout;
  pictureA_ = new PictureTile(tr("Picture A"), content);
  magnitudeOnly_ = new PictureTile(tr("A's magnitude only (phase set to 0)"), content);
  phaseOnly_ = new PictureTile(tr("A's phase only (magnitude set to 1)"), content);
  pictureB_ = new PictureTile(tr("Picture B"), content);
  magnitudeAPhaseB_ = new PictureTile(tr("A's magnitude with B's phase"), content);
  magnitudeBPhaseA_ = new PictureTile(tr("B's magnitude with A's phase"), content);
  grid->addWidget(pictureA_, 0, 0);
  grid->addWidget(magnitudeOnly_, 0, 1);
  grid->addWidget(phaseOnly_, 0, 2);
  grid->addWidget(pictureB_, 1, 0);
  grid->addWidget(magnitudeAPhaseB_, 1, 1);
  grid->addWidget(magnitudeBPhaseA_, 1, 2);
  column->addWidget(picker_);
  column->addLayout(grid, 1);
  column->addWidget(statusLabel_);
  splitter->addWidget(guide_);
  splitter->addWidget(content);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({280, 800});
  layout->addWidget(splitter);

  for (PictureTile* tile : tiles())
    tile->setPlaceholder(tr("computing…"));
  setImage({}, {});
  connect(picker_, &ImagePicker::imageChosen, this, [this] {
    letteringIsB_ = false;
    dirty_ = true;
    recompute();
  });
  connect(computation_, &PhaseLessonComputation::finished, this, &PhaseLessonPage::showOutcome);
}

QList<PictureTile*> PhaseLessonPage::tiles() const
{
  return {pictureA_, magnitudeOnly_, phaseOnly_, pictureB_, magnitudeAPhaseB_, magnitudeBPhaseA_};
}

bool PhaseLessonPage::isComputing() const
{
  return computation_->isBusy();
}

QImage PhaseLessonPage::lettering(QSize size)
{
  QImage image(size, QImage::Format_Grayscale8);
  image.fill(230);
  QPainter painter(&image);
  QFont font = painter.font();
  font.setBold(true);
  // Three bold capitals are about twice the font's size wide: a tall picture keeps them whole.
  font.setPixelSize(std::max(1, std::min(size.height() * 2 / 5, size.width() * 3 / 10)));
  painter.setFont(font);
  painter.setPen(QColor(20, 20, 20));
  painter.drawText(image.rect(), Qt::AlignCenter, QStringLiteral("FFT"));
  // The frame keeps its proportions on a small picture A: 8 pixels in and 4 wide from 160 pixels up,
  // thinner below, so a picture a few dozen pixels across is not half frame.
  const int side = std::min(size.width(), size.height());
  const int inset = std::clamp(side / 20, 1, 8);
  const int pen = std::clamp(side / 40, 1, 4);
  painter.setPen(
      QPen(QColor(20, 20, 20), pen, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin)); // square corners
  // Centred on the stroke, so each side covers the same pixels [inset, inset + pen) from its edge.
  const qreal half = pen / 2.0;
  painter.drawRect(
      QRectF(inset + half, inset + half, size.width() - 2 * inset - pen, size.height() - 2 * inset - pen));
  return image;
}

void PhaseLessonPage::setImage(const QImage& image, const QString& name)
{
  image_ = image.isNull() ? QImage(QString::fromLatin1(kSampleImage)) : image;
  imageName_ = image.isNull() ? tr("the bundled sample") : name;
  pictureA_->setCaption(tr("Picture A: %1").arg(imageName_));
  // The lettering is drawn in picture A's shape, so that fitting it to A cuts none of its frame away
  // (drawn 4:3, a 3:2 picture kept only the frame's sides: two black bars).
  if (letteringIsB_)
    picker_->setImage(lettering(PhaseLessonComputation::workingSize(image_.size())),
                      tr("lettering (drawn here)"));
  dirty_ = true;
  if (isVisible()) recompute();
}

void PhaseLessonPage::setEngine(std::shared_ptr<Engine> engine)
{
  engine_ = std::move(engine);
  dirty_ = true;
  if (isVisible()) recompute();
}

void PhaseLessonPage::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (dirty_) recompute();
}

void PhaseLessonPage::recompute()
{
  dirty_ = false;
  statusLabel_->setText(tr("Transforming both pictures and back (six 2D FFTs)…"));
  computation_->request(image_, picker_->image(), engine_);
}

void PhaseLessonPage::showOutcome(const PhaseLessonOutcome& outcome)
{
  if (!outcome.error.isEmpty()) {
    statusLabel_->setText(tr("Could not compute the lesson: %1").arg(outcome.error));
    for (PictureTile* tile : tiles())
      tile->setPlaceholder(tr("not computed"));
    emit resultShown();
    return;
  }
  pictureA_->setImage(outcome.pictureA);
  magnitudeOnly_->setImage(outcome.magnitudeOnly);
  phaseOnly_->setImage(outcome.phaseOnly);
  pictureB_->setImage(outcome.pictureB);
  magnitudeAPhaseB_->setImage(outcome.magnitudeAPhaseB);
  magnitudeBPhaseA_->setImage(outcome.magnitudeBPhaseA);
  pictureB_->setCaption(tr("Picture B: %1").arg(picker_->name()));
  statusLabel_->setText(tr("Computed by %1 at %2 × %3 pixels (brightness only).")
                            .arg(outcome.computedBy)
                            .arg(outcome.pictureA.width())
                            .arg(outcome.pictureA.height()));
  emit resultShown();
}

// Drops anywhere on the page choose the second picture.
void PhaseLessonPage::dragEnterEvent(QDragEnterEvent* event)
{
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void PhaseLessonPage::dropEvent(QDropEvent* event)
{
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile()) {
      event->acceptProposedAction();
      picker_->open(url.toLocalFile());
      return;
    }
}

} // namespace spectrascope::ui
