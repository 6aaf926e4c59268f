#include "ScreenshotTaker.h"

#include "StartupFiles.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/LearnTab.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QTabWidget>
#include <QWidget>

#include <cstdio>

namespace spectrascope::gui {
namespace {
// After the files (or the sample) are shown and the engine has reported: a few frames for the last paint.
constexpr int kSettleMs = 300;
} // namespace

ScreenshotTaker::ScreenshotTaker(QWidget& window, ui::EngineService& engine, const StartupFiles& files,
                                 QString file, QObject* parent)
    : QObject(parent), window_(window), files_(files), file_(std::move(file))
{
  engineDeadline_.setSingleShot(true);
  connect(&engineDeadline_, &QTimer::timeout, this, [this] {
    engineReady_ = true;
    update();
  });
  connect(&engine, &ui::EngineService::busyChanged, this, [this](bool busy) {
    if (busy) return;
    engineReady_ = true;
    update();
  });
  connect(&files, &StartupFiles::settled, this, &ScreenshotTaker::update);
  fileDeadline_.setSingleShot(true);
  connect(&fileDeadline_, &QTimer::timeout, this, &ScreenshotTaker::giveUp);
  engineDeadline_.start(kMaxEngineWaitMs);
  if (!files.isSettled()) fileDeadline_.start(kMaxFileWaitMs);
  learnPoll_.setSingleShot(true);
  learnPoll_.setInterval(100);
  connect(&learnPoll_, &QTimer::timeout, this, &ScreenshotTaker::update);
}

bool ScreenshotTaker::learnStagesPending() const
{
  const auto* tabs = window_.findChild<QTabWidget*>(QStringLiteral("tabs"));
  const auto* learn = window_.findChild<ui::LearnTab*>();
  if (!tabs || !learn || tabs->currentWidget() != learn) return false;
  return !learn->result() || learn->isComputing();
}

void ScreenshotTaker::update()
{
  if (scheduled_ || !engineReady_ || !files_.isSettled()) return;
  if (learnStagesPending()) { // a screenshot of "Computing the stages…" shows nothing of the lesson
    if (!fileDeadline_.isActive()) fileDeadline_.start(kMaxFileWaitMs);
    learnPoll_.start();
    return;
  }
  scheduled_ = true;
  fileDeadline_.stop();
  QTimer::singleShot(kSettleMs, this, &ScreenshotTaker::capture);
}

void ScreenshotTaker::giveUp()
{
  if (scheduled_) return;
  const QString pending =
      learnStagesPending() ? QStringLiteral("the Learn tab's stages") : files_.pendingDescription();
  std::fprintf(stderr, "spectrascope: %s not on screen after %d s; saving the window as it is\n",
               qPrintable(pending), kMaxFileWaitMs / 1000);
  timedOut_ = true;
  scheduled_ = true;
  capture();
}

void ScreenshotTaker::capture()
{
  if (!window_.grab().save(file_, "PNG")) {
    std::fprintf(stderr, "spectrascope: cannot write the screenshot to %s\n", qPrintable(file_));
    QCoreApplication::exit(1);
    return;
  }
  // Which tab the picture shows, in the log of an automated run that finds it wrong.
  if (const auto* tabs = window_.findChild<QTabWidget*>(QStringLiteral("tabs")))
    std::fprintf(stderr, "spectrascope: saved the window, on its %s tab, to %s\n",
                 qPrintable(tabs->tabText(tabs->currentIndex())), qPrintable(file_));
  for (const QString& path : files_.failed())
    std::fprintf(stderr, "spectrascope: could not open %s (the screenshot shows the message)\n",
                 qPrintable(path));
  QCoreApplication::exit(timedOut_ || !files_.failed().isEmpty() ? 2 : 0);
}

} // namespace spectrascope::gui
