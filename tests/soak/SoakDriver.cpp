// Keeps one of the GUI's tabs busy and prints its resident memory over time, for scripts/soak-memory.sh.
//
//   spectrascope-soak image IMAGE MINUTES SAMPLE_SECONDS   drags the Image tab's cutoff slider up and down
//                                                          on IMAGE (scaled to 2048 x 2048), every 8 ms
//   spectrascope-soak audio MINUTES SAMPLE_SECONDS         runs the Audio tab on its tone generator
//
// Output: "seconds,rss_mib" lines on stdout, the first at start-up once the tab is ready.

#include "spectrascope/ui/AudioTab.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/ImageTab.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QSlider>
#include <QTimer>

#include <cstdio>
#include <memory>

#include <malloc.h>

using namespace spectrascope::ui;

namespace {

double residentMiB()
{
  QFile status(QStringLiteral("/proc/self/status"));
  if (!status.open(QIODevice::ReadOnly)) return 0;
  for (const QByteArray& line : status.readAll().split('\n'))
    if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
  return 0;
}

int usage()
{
  std::fputs("usage: spectrascope-soak image IMAGE MINUTES SAMPLE_SECONDS | audio MINUTES SAMPLE_SECONDS\n",
             stderr);
  return 2;
}

} // namespace

int main(int argc, char** argv)
{
  // As app/gui/main.cpp does (SPECTRASCOPE_SOAK_DEFAULT_MALLOC=1 leaves glibc's default, to compare).
  if (!qEnvironmentVariableIsSet("SPECTRASCOPE_SOAK_DEFAULT_MALLOC")) mallopt(M_MMAP_THRESHOLD, 1 << 20);
  QApplication app(argc, argv);
  const QStringList args = app.arguments().mid(1);
  const bool image = args.value(0) == QLatin1String("image");
  if ((image && args.size() != 4) ||
      (!image && (args.value(0) != QLatin1String("audio") || args.size() != 3)))
    return usage();
  const double minutes = args.value(image ? 2 : 1).toDouble();
  const int sampleMs = int(args.value(image ? 3 : 2).toDouble() * 1000);

  EngineService service;
  service.start(qEnvironmentVariable("SPECTRASCOPE_BACKEND", QStringLiteral("fftw")));
  std::unique_ptr<QWidget> tab;
  QTimer drag;
  if (image) {
    auto* imageTab = new ImageTab;
    tab.reset(imageTab);
    imageTab->setEngineService(&service);
    const QImage photo = QImage(args[1]).scaled(2048, 2048, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    if (photo.isNull()) return std::fprintf(stderr, "cannot read %s\n", qPrintable(args[1])), 1;
    imageTab->openImage(photo, QStringLiteral("soak"));
    QSlider* slider = imageTab->cutoffSlider();
    // As a hand drags: the slider held down, its value stepping back and forth, released now and then.
    QObject::connect(&drag, &QTimer::timeout, slider, [slider, step = 0]() mutable {
      ++step;
      slider->setSliderDown(step % 500 < 450);
      const int span = slider->maximum() - slider->minimum();
      const int phase = step % 300;
      slider->setValue(slider->minimum() + span / 20 + (phase < 150 ? phase : 300 - phase) * span / 400);
    });
  } else {
    auto* audioTab = new AudioTab;
    tab.reset(audioTab);
    audioTab->setEngineService(&service);
  }
  tab->resize(1200, 700);
  tab->show();

  QElapsedTimer clock;
  clock.start();
  QTimer sample;
  auto print = [&] {
    std::printf("%.0f,%.1f\n", clock.elapsed() / 1000.0, residentMiB());
    std::fflush(stdout);
    if (clock.elapsed() >= minutes * 60000) app.quit();
  };
  QObject::connect(&sample, &QTimer::timeout, &app, print);
  // Let the first load and transform finish before the clock starts.
  QTimer::singleShot(5000, &app, [&] {
    clock.restart();
    print();
    sample.start(sampleMs);
    if (image) drag.start(8);
  });
  return app.exec();
}
