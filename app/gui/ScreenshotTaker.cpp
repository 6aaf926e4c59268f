#include "ScreenshotTaker.h"

#include "spectrascope/ui/EngineService.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QWidget>

#include <cstdio>

namespace spectrascope::gui {
namespace {
// After the engine reports, wait before grabbing: on a first start FFTW measures its plans before the
// Image tab shows its result, and the status bar needs a few frames to repaint.
constexpr int kSettleMs = 2000;
} // namespace

ScreenshotTaker::ScreenshotTaker(QWidget& window, ui::EngineService& engine, QString file, QObject* parent)
    : QObject(parent), window_(window), file_(std::move(file))
{
  deadline_.setSingleShot(true);
  connect(&deadline_, &QTimer::timeout, this, &ScreenshotTaker::onEngineReady);
  connect(&engine, &ui::EngineService::busyChanged, this, [this](bool busy) {
    if (!busy) onEngineReady();
  });
  deadline_.start(kMaxWaitMs);
}

void ScreenshotTaker::onEngineReady()
{
  if (scheduled_) return;
  scheduled_ = true;
  deadline_.stop();
  QTimer::singleShot(kSettleMs, this, &ScreenshotTaker::capture);
}

void ScreenshotTaker::capture()
{
  if (window_.grab().save(file_, "PNG")) {
    QCoreApplication::exit(0);
    return;
  }
  std::fprintf(stderr, "spectrascope: cannot write the screenshot to %s\n", qPrintable(file_));
  QCoreApplication::exit(1);
}

} // namespace spectrascope::gui
