// spectrascope-capture: the capture process that the GUI's Audio tab and `spectrascope-cli listen` start
// through their CaptureSupervisor (not meant to be run by hand). It captures one input through Qt
// Multimedia and streams it on standard output (CaptureProtocol); it ends when standard input closes
// (its supervisor has gone), when the stream fails, or when it is killed, and is then started afresh.
// With --play it works the other way round for the Audio tab's file playback (AudioOutput): it plays
// the samples that arrive on standard input, and reports on standard output (PlaybackService).
//   spectrascope-capture [--device ID] [--rate HZ] [--channel N]
//   spectrascope-capture --list        (the input devices, then exit)
//   spectrascope-capture --play --rate HZ

#include "CaptureService.h"
#include "PlaybackService.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QMediaDevices>
#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

using spectrascope::capture::CaptureService;
using spectrascope::capture::PlaybackService;

int main(int argc, char** argv)
{
  std::signal(SIGPIPE, SIG_IGN); // a vanished reader shows as a failed write, handled there
  // About 5 s of 48 kHz audio fit in the pipe, so a supervisor whose thread is held up for a while (a
  // loaded machine) loses nothing; the default 64 KiB hold a third of a second.
  ::fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);
  QCoreApplication app(argc, argv);
  QCommandLineParser parser;
  parser.addOptions({{QStringLiteral("device"),
                      QStringLiteral("Input device id (default: the default input)."), QStringLiteral("ID")},
                     {QStringLiteral("rate"), QStringLiteral("Sample rate (default: the device's)."),
                      QStringLiteral("HZ"), QStringLiteral("0")},
                     {QStringLiteral("channel"), QStringLiteral("Channel, 0 = left (default: the mix)."),
                      QStringLiteral("N"), QStringLiteral("-1")},
                     {QStringLiteral("list"), QStringLiteral("Send the input devices and exit.")},
                     {QStringLiteral("play"), QStringLiteral("Play standard input's float samples.")}});
  parser.process(app);
  if (parser.isSet(QStringLiteral("list"))) {
    CaptureService::sendInputs();
    std::_Exit(0);
  }
  if (parser.isSet(QStringLiteral("play"))) {
    // Standard input carries the sound; its end (the GUI stopped, or has gone) ends the process.
    PlaybackService playback(parser.value(QStringLiteral("rate")).toInt());
    QTimer::singleShot(0, &playback, &PlaybackService::start);
    app.exec();
    std::_Exit(0); // never the application's teardown: see CaptureService.h
  }
  // The supervisor holds our standard input open while it wants audio: end of file means it has gone
  // (even if it crashed), and an orphaned capture would keep the microphone busy.
  QSocketNotifier stdinWatch(STDIN_FILENO, QSocketNotifier::Read);
  QObject::connect(&stdinWatch, &QSocketNotifier::activated, [] {
    char byte;
    if (::read(STDIN_FILENO, &byte, 1) <= 0) std::_Exit(0);
  });
  CaptureService service(parser.value(QStringLiteral("device")), parser.value(QStringLiteral("rate")).toInt(),
                         parser.value(QStringLiteral("channel")).toInt());
  QTimer::singleShot(0, &service, &CaptureService::start);
  // Inputs appearing and leaving are reported while capturing (the GUI's list may not see the server).
  QMediaDevices devices;
  QObject::connect(&devices, &QMediaDevices::audioInputsChanged, &service, &CaptureService::sendInputs);
  app.exec();
  std::_Exit(0); // never the application's teardown: see CaptureService.h
}
