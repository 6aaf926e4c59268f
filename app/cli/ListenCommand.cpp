#include "ListenCommand.h"

#include "CliError.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/PeakInterpolation.h"
#include "spectrascope/engine/audio/Stft.h"

#include "spectrascope/ui/capture/CaptureSupervisor.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cmath>
#include <cstdio>
#include <optional>

namespace spectrascope::cli {
namespace {

using ui::CaptureInput;
using ui::CaptureSupervisor;

// The inputs as a fresh capture process sees them (this process's own Qt Multimedia would not see a
// server that started after it).
QList<CaptureInput> listInputs(CaptureSupervisor& supervisor)
{
  QEventLoop loop;
  QObject::connect(&supervisor, &CaptureSupervisor::inputsListed, &loop, &QEventLoop::quit);
  supervisor.refreshInputs();
  loop.exec();
  return supervisor.inputs();
}

// The id of the input `name` names (description or id, whole or in part); empty: the default input.
QString findDevice(CaptureSupervisor& supervisor, const QString& name)
{
  if (name.isEmpty()) return {};
  const QList<CaptureInput> inputs = listInputs(supervisor);
  // No server answers yet: the name is taken as an id, and capture starts once the server is there.
  if (inputs.isEmpty()) return name;
  for (const CaptureInput& input : inputs)
    if (input.description == name || input.id == name) return input.id;
  for (const CaptureInput& input : inputs)
    if (input.description.contains(name, Qt::CaseInsensitive) || input.id.contains(name, Qt::CaseInsensitive))
      return input.id;
  QStringList names;
  for (const CaptureInput& input : inputs)
    names << input.description + " (" + input.id + ")";
  throw usageError("no input device matches '" + name.toStdString() +
                   "'; inputs: " + names.join(", ").toStdString());
}

struct SecondReport
{
  double frequencyHz = 0, levelDbfs = -240;
};

// The strongest frequency of one second of audio: the mean magnitude spectrum of its frames (hop N/2,
// Hann), peak bin skipping DC, parabolic interpolation on dB.
SecondReport analyse(Engine& engine, std::size_t fft, const std::vector<float>& second, int rate)
{
  audio::StftSettings s;
  s.frameLength = fft;
  s.hop = fft / 2;
  audio::Stft stft(engine, s);
  const std::size_t frames = audio::Stft::frameCount(second.size(), s);
  if (frames == 0) return {};
  std::vector<float> magnitudes(frames * stft.binCount()), mean(stft.binCount(), 0.0f);
  stft.magnitudes(second, frames, magnitudes);
  for (std::size_t f = 0; f < frames; ++f)
    for (std::size_t k = 0; k < mean.size(); ++k)
      mean[k] += magnitudes[f * mean.size() + k] / float(frames);
  for (float& v : mean)
    v = audio::Stft::toDecibels(v);
  const auto peak = audio::interpolatePeak(mean, audio::strongestBin(mean, 1));
  return {peak.bin * rate / double(fft), peak.value};
}

} // namespace

QString ListenCommand::summary() const
{
  return QStringLiteral("Capture from an input device and print the strongest frequency each second.");
}

int ListenCommand::run(const QStringList& arguments)
{
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral(
      "Captures from an audio input through Qt Multimedia (as the GUI does) for S seconds and prints, per\n"
      "second, the strongest frequency (parabolic interpolation between bins) and its level in dBFS\n"
      "(amplitude-corrected: a full-scale sine reads 0). A lost device or audio server is reported on\n"
      "standard error and tried again; exit code 1 when no audio arrives for --patience seconds."));
  parser.addOptions({
      QCommandLineOption(QStringLiteral("device"),
                         QStringLiteral("Input device: description or id, or a part of one (default: the "
                                        "system's default input)."),
                         QStringLiteral("NAME")),
      QCommandLineOption(QStringLiteral("seconds"), QStringLiteral("How long to listen (default 3)."),
                         QStringLiteral("S"), QStringLiteral("3")),
      QCommandLineOption(QStringLiteral("fft"), QStringLiteral("FFT size (default 8192)."),
                         QStringLiteral("N"), QStringLiteral("8192")),
      QCommandLineOption(
          QStringLiteral("patience"),
          QStringLiteral("Give up (exit code 1) after S seconds without audio; until then a lost "
                         "device or audio server is tried again (default 15)."),
          QStringLiteral("S"), QStringLiteral("15")),
      QCommandLineOption(QStringLiteral("json"),
                         QStringLiteral("One JSON object per line: {\"t\": 1, \"frequency_hz\": 440.1, "
                                        "\"level_dbfs\": -6.2, \"wall_s\": 1.3} (wall_s: when it was "
                                        "printed, in seconds since the start).")),
  });
  if (auto done = parse(parser, arguments, QString())) return *done;
  if (!parser.positionalArguments().isEmpty()) throw usageError("listen takes no file names");
  bool ok = false;
  const int seconds = parser.value(QStringLiteral("seconds")).toInt(&ok);
  if (!ok || seconds < 1 || seconds > 3600) throw usageError("--seconds needs a whole number from 1 to 3600");
  const int fft = parser.value(QStringLiteral("fft")).toInt(&ok);
  if (!ok || fft < 64 || fft > 65536) throw usageError("--fft needs a whole number from 64 to 65536");
  const bool json = parser.isSet(QStringLiteral("json"));

  bool patienceOk = false;
  const int patience = parser.value(QStringLiteral("patience")).toInt(&patienceOk);
  if (!patienceOk || patience < 1 || patience > 3600)
    throw usageError("--patience needs a whole number from 1 to 3600");

  QElapsedTimer wall;
  wall.start();
  const auto now = [&wall] { return double(wall.elapsed()) / 1000.0; };
  CaptureSupervisor supervisor;
  ui::CaptureRequest request;
  request.deviceId = findDevice(supervisor, parser.value(QStringLiteral("device")));

  Engine engine("fftw");
  std::vector<float> second;
  int t = 1, rate = 0;
  QElapsedTimer withoutAudio; // since capture last ran
  withoutAudio.start();
  QEventLoop loop;
  std::optional<CliError> failure;
  supervisor.setSampleSink([&](const float* samples, std::size_t count) {
    second.insert(second.end(), samples, samples + count);
    while (t <= seconds && rate > 0 && second.size() >= std::size_t(rate)) {
      const std::vector<float> chunk(second.begin(), second.begin() + rate);
      second.erase(second.begin(), second.begin() + rate);
      const SecondReport r = analyse(engine, std::size_t(fft), chunk, rate);
      char line[200];
      if (json)
        std::snprintf(line, sizeof line,
                      "{\"t\": %d, \"frequency_hz\": %.1f, \"level_dbfs\": %.1f, \"wall_s\": %.2f}\n", t,
                      r.frequencyHz, r.levelDbfs, now());
      else
        std::snprintf(line, sizeof line, "%3d s  %9.1f Hz  %6.1f dBFS\n", t, r.frequencyHz, r.levelDbfs);
      std::fputs(line, stdout);
      std::fflush(stdout);
      if (++t > seconds) loop.quit();
    }
  });
  QObject::connect(&supervisor, &CaptureSupervisor::started, [&](const QString& description, int sampleRate) {
    // A new stream: a second is never made of audio from both sides of a gap.
    second.clear();
    rate = sampleRate;
    std::fprintf(stderr, "%.1f s: capturing from %s\n", now(), qPrintable(description));
  });
  QObject::connect(&supervisor, &CaptureSupervisor::faulted,
                   [&](const QString& heading, const QString& detail) {
                     std::fprintf(stderr, "%.1f s: %s: %s\n", now(), qPrintable(heading), qPrintable(detail));
                     withoutAudio.restart();
                   });
  QObject::connect(&supervisor, &CaptureSupervisor::retrying, [&](const QString& what) {
    std::fprintf(stderr, "%.1f s: %s\n", now(), qPrintable(what));
  });
  QObject::connect(&supervisor, &CaptureSupervisor::silenceChanged, [&](bool silent) {
    std::fprintf(stderr, "%.1f s: %s\n", now(), silent ? "the input is silent" : "sound again");
  });
  QTimer patienceCheck;
  QObject::connect(&patienceCheck, &QTimer::timeout, [&] {
    if (supervisor.state() == CaptureSupervisor::State::Capturing) {
      withoutAudio.restart();
      return;
    }
    if (withoutAudio.elapsed() < qint64(patience) * 1000) return;
    const std::string why = supervisor.faultHeading().isEmpty()
                                ? std::string("the device did not open")
                                : (supervisor.faultHeading() + ": " + supervisor.faultDetail()).toStdString();
    failure = runtimeFailure("no audio for " + std::to_string(patience) + " s (" + why + ")");
    loop.quit();
  });
  patienceCheck.start(250);
  supervisor.start(request);
  loop.exec();
  supervisor.stop();
  if (failure) throw *failure;
  // This process never opened Qt's audio backend itself (the capture process did), so it leaves the
  // ordinary way: nothing of libpulse is torn down here.
  return Success;
}

} // namespace spectrascope::cli
