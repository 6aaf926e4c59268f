#include "StartupFiles.h"

#include "FileKind.h"
#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/ImageTab.h"
#include "spectrascope/ui/LearnTab.h"
#include "spectrascope/ui/MainWindow.h"

#include <QFileInfo>
#include <QTabWidget>

#include <cstdio>

namespace spectrascope::gui {
namespace {

constexpr int kSoundPollMs = 50;

// The same file, however it was named (relative, through links).
bool sameFile(const QString& a, const QString& b)
{
  return QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath() ||
         (!QFileInfo(a).canonicalFilePath().isEmpty() &&
          QFileInfo(a).canonicalFilePath() == QFileInfo(b).canonicalFilePath());
}

// "Not opened: a.png, b.png (one picture at a time; the last is shown)." Short, for the status bar.
QString notOpenedSentence(const QStringList& earlier, const QString& oneAtATime)
{
  QStringList names;
  for (const QString& path : earlier)
    names << QFileInfo(path).fileName();
  return StartupFiles::tr("Not opened: %1 (%2; the last is shown).")
      .arg(names.join(QStringLiteral(", ")), oneAtATime);
}

} // namespace

StartupFiles::StartupFiles(ui::MainWindow& window, QObject* parent)
    : QObject(parent), window_(window), imageTab_(window.findChild<ui::ImageTab*>()),
      audioTab_(window.findChild<ui::AudioTab*>())
{
  soundPoll_.setInterval(kSoundPollMs);
  connect(&soundPoll_, &QTimer::timeout, this, &StartupFiles::checkSound);
  // The tab announces the image it loaded, then its filtered result; an error while one is awaited is
  // that file's (the tab shows the message).
  connect(imageTab_, &ui::ImageTab::imageLoaded, this, [this](const QString& name) {
    if (imagePending_ && name == QFileInfo(imagePath_).fileName()) imageLoaded_ = true;
  });
  connect(imageTab_, &ui::ImageTab::resultUpdated, this, [this] {
    if (imagePending_ && imageLoaded_) finishImage(true);
  });
  connect(imageTab_, &ui::ImageTab::errorMessage, this, [this] {
    if (imagePending_) finishImage(false);
  });
  connect(audioTab_, &ui::AudioTab::errorMessage, this, [this] {
    // While the file is read, an error is another source's (the microphone); once it is read, the
    // file was refused, unless the tab shows it (playback failing for want of an audio output).
    if (!soundPending_ || audioTab_->isLoading()) return;
    finishSound(sameFile(audioTab_->loadedFile(), soundPath_));
  });
}

void StartupFiles::open(const QStringList& paths, const QString& tab)
{
  QString lastTab;
  QStringList earlierImages, earlierSounds;
  for (const QString& path : paths) {
    if (fileKindOf(path) == FileKind::Image) {
      if (!imagePath_.isEmpty()) earlierImages << imagePath_;
      imagePath_ = path;
      lastTab = QStringLiteral("image");
    } else {
      if (!soundPath_.isEmpty()) earlierSounds << soundPath_;
      soundPath_ = path;
      lastTab = QStringLiteral("audio");
    }
  }
  // Only the last of each kind: a tab shows one image and plays one sound, and an earlier one's load
  // would only be cancelled by the next. The user is told which were left, so none goes unnoticed.
  QStringList notOpened;
  if (!earlierImages.isEmpty()) notOpened << notOpenedSentence(earlierImages, tr("one picture at a time"));
  if (!earlierSounds.isEmpty()) notOpened << notOpenedSentence(earlierSounds, tr("one sound at a time"));
  if (!notOpened.isEmpty()) {
    const QString message = notOpened.join(QLatin1Char(' '));
    window_.showStatusMessage(message);
    std::fprintf(stderr, "spectrascope: %s\n", qPrintable(message));
  }
  if (!imagePath_.isEmpty()) {
    imagePending_ = true;
    imageTab_->openFile(imagePath_);
  } else if (imageTab_->resultImage().isNull()) {
    // Without an image the tab shows the sample it is loading: awaited as a file would be, since a first
    // start's FFTW measures its plans for seconds before the sample is filtered.
    imagePath_ = ui::ImageTab::sampleImagePath();
    imagePending_ = true;
  }
  if (!soundPath_.isEmpty()) {
    soundPending_ = true;
    audioTab_->openFile(soundPath_);
    soundPoll_.start();
  }
  showTab(tab.isEmpty() ? lastTab : tab);
}

QString StartupFiles::pendingDescription() const
{
  QStringList pending;
  if (imagePending_) pending << QFileInfo(imagePath_).fileName();
  if (soundPending_) pending << QFileInfo(soundPath_).fileName();
  return pending.join(QStringLiteral(", "));
}

void StartupFiles::showTab(const QString& tab)
{
  QWidget* page = tab == QLatin1String("image")   ? static_cast<QWidget*>(imageTab_)
                  : tab == QLatin1String("audio") ? static_cast<QWidget*>(audioTab_)
                  : tab == QLatin1String("learn") ? static_cast<QWidget*>(window_.learnTab())
                                                  : nullptr;
  if (!page) return;
  QTabWidget* tabs = window_.tabs();
  // A tab's page may be a scroll area holding it.
  for (int i = 0; i < tabs->count(); ++i)
    if (tabs->widget(i) == page || tabs->widget(i)->isAncestorOf(page)) tabs->setCurrentIndex(i);
}

void StartupFiles::checkSound()
{
  if (soundPending_ && !audioTab_->isLoading() && sameFile(audioTab_->loadedFile(), soundPath_))
    finishSound(true);
}

void StartupFiles::finishImage(bool shown)
{
  imagePending_ = false;
  if (!shown) failed_ << imagePath_;
  if (isSettled()) emit settled();
}

void StartupFiles::finishSound(bool shown)
{
  soundPending_ = false;
  soundPoll_.stop();
  if (!shown) failed_ << soundPath_;
  if (isSettled()) emit settled();
}

} // namespace spectrascope::gui
