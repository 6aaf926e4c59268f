#include "spectrascope/ui/learn/ImagePicker.h"

#include <QCoreApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace spectrascope::ui {
namespace {

constexpr int kThumbnailSide = 56;

QString firstLocalFile(const QMimeData* mime)
{
  if (!mime || !mime->hasUrls()) return {};
  for (const QUrl& url : mime->urls())
    if (url.isLocalFile()) return url.toLocalFile();
  return {};
}

} // namespace

ImagePicker::ImagePicker(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnSecondImage"));
  setAcceptDrops(true);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  thumbnail_ = new QLabel(this);
  thumbnail_->setFixedSize(kThumbnailSide, kThumbnailSide);
  thumbnail_->setAlignment(Qt::AlignCenter);
  thumbnail_->setFrameShape(QFrame::StyledPanel);
  auto* texts = new QVBoxLayout;
  nameLabel_ = new QLabel(this);
  nameLabel_->setWordWrap(true);
  errorLabel_ = new QLabel(this);
  errorLabel_->setObjectName(QStringLiteral("learnSecondImageError"));
  errorLabel_->setWordWrap(true);
  errorLabel_->setStyleSheet(QStringLiteral("color: #c92a2a;"));
  errorLabel_->hide();
  openButton_ = new QPushButton(tr("Open…"), this);
  openButton_->setToolTip(tr("Choose the second picture (or drop an image file here)"));
  texts->addWidget(nameLabel_);
  texts->addWidget(errorLabel_);
  row->addWidget(thumbnail_);
  row->addLayout(texts, 1);
  row->addWidget(openButton_);
  connect(openButton_, &QPushButton::clicked, this, &ImagePicker::chooseFile);
  connect(&loading_, &QFutureWatcher<Loaded>::finished, this, &ImagePicker::onLoaded);
}

void ImagePicker::setImage(const QImage& image, const QString& name)
{
  image_ = image;
  name_ = name;
  nameLabel_->setText(tr("Second picture: %1").arg(name));
  errorLabel_->clear();
  errorLabel_->hide();
  showThumbnail();
}

QString ImagePicker::errorText() const
{
  return errorLabel_->text();
}

void ImagePicker::showThumbnail()
{
  thumbnail_->setPixmap(QPixmap::fromImage(
      image_.scaled(kThumbnailSide - 4, kThumbnailSide - 4, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
}

void ImagePicker::chooseFile()
{
  QSettings settings;
  const QString folder = settings
                             .value(QStringLiteral("learn/phaseFolder"),
                                    QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
                             .toString();
  QStringList patterns;
  for (const QByteArray& format : QImageReader::supportedImageFormats())
    patterns << QStringLiteral("*.%1").arg(QString::fromLatin1(format));
  const QString path = QFileDialog::getOpenFileName(this, tr("Second picture"), folder,
                                                    tr("Images (%1)").arg(patterns.join(QLatin1Char(' '))));
  if (path.isEmpty()) return;
  settings.setValue(QStringLiteral("learn/phaseFolder"), QFileInfo(path).absolutePath());
  open(path);
}

void ImagePicker::open(const QString& path)
{
  nameLabel_->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
  loading_.setFuture(QtConcurrent::run([path] {
    QImageReader reader(path);
    reader.setAutoTransform(true);
    Loaded loaded{path, reader.read(), {}};
    if (loaded.image.isNull())
      loaded.error = QCoreApplication::translate("ImagePicker", "Could not open %1: %2")
                         .arg(QFileInfo(path).fileName(), reader.errorString());
    return loaded;
  }));
}

void ImagePicker::onLoaded()
{
  const Loaded loaded = loading_.result();
  if (loaded.image.isNull()) {
    nameLabel_->setText(tr("Second picture: %1").arg(name_)); // the one still in use
    errorLabel_->setText(loaded.error);
    errorLabel_->show();
    return;
  }
  setImage(loaded.image, QFileInfo(loaded.path).fileName());
  emit imageChosen();
}

void ImagePicker::dragEnterEvent(QDragEnterEvent* event)
{
  if (!firstLocalFile(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void ImagePicker::dropEvent(QDropEvent* event)
{
  const QString path = firstLocalFile(event->mimeData());
  if (path.isEmpty()) return;
  event->acceptProposedAction();
  open(path);
}

} // namespace spectrascope::ui
