#include "ListenCommand.h"

#include "CliError.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/PeakInterpolation.h"
#include "spectrascope/engine/audio/Stft.h"

#include <QAudioSource>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMediaDevices>
#include <QThread>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>

namespace spectrascope::cli {
namespace {

// Qt 6.4's PulseAudio backend can block forever in QAudioSource::start(); the capture starts on a
// thread of its own and the main thread gives up after this long.
constexpr int kStartTimeoutMs = 5000;
// No audio for this long after the start means the stream is dead.
constexpr int kSilenceTimeoutMs = 3000;

QAudioDevice findDevice(const QString& name)
{
  const QList<QAudioDevice> inputs = QMediaDevices::audioInputs();
  if (name.isEmpty()) return QMediaDevices::defaultAudioInput();
  for (const QAudioDevice& device : inputs)
    if (device.description() == name || QString::fromUtf8(device.id()) == name) return device;
  for (const QAudioDevice& device : inputs)
    if (device.description().contains(name, Qt::CaseInsensitive) ||
        QString::fromUtf8(device.id()).contains(name, Qt::CaseInsensitive))
      return device;
  QStringList names;
  for (const QAudioDevice& device : inputs)
    names << device.description() + " (" + QString::fromUtf8(device.id()) + ")";
  throw usageError("no input device matches '" + name.toStdString() +
                   "'; inputs: " + (names.isEmpty() ? std::string("none") : names.join(", ").toStdString()));
}

// Owns the QAudioSource on the capture thread and collects a mono mix for the main thread.
class Capture : public QObject
{
public:
  std::mutex mutex;
  std::vector<float> samples;
  std::atomic<bool> started{false}, failed{false};
  std::string error;
  int sampleRate = 0;

  void start(const QAudioDevice& device)
  {
    QAudioFormat format = device.preferredFormat();
    format.setSampleFormat(QAudioFormat::Float);
    if (!device.isFormatSupported(format)) format.setSampleFormat(QAudioFormat::Int16);
    if (!device.isFormatSupported(format)) format = device.preferredFormat();
    source_ = new QAudioSource(device, format, this);
    io_ = source_->start();
    if (!io_ || source_->error() != QAudio::NoError) {
      error = device.description().toStdString() + " could not be opened (Qt audio error " +
              std::to_string(int(source_->error())) + ")";
      failed = true;
      return;
    }
    sampleRate = format.sampleRate();
    connect(io_, &QIODevice::readyRead, this, [this] { read(); });
    started = true;
  }
  // Stops and destroys the source on the thread that owns it, so the audio backend's own thread never
  // sees a stream freed from elsewhere while it is still delivering a buffer.
  void stop()
  {
    if (!source_) return;
    if (io_) io_->disconnect(this);
    source_->stop();
    delete source_;
    source_ = nullptr;
    io_ = nullptr;
  }

private:
  void read()
  {
    const QByteArray bytes = io_->readAll();
    const QAudioFormat format = source_->format();
    const int channels = std::max(1, format.channelCount()), frameBytes = format.bytesPerFrame();
    if (frameBytes <= 0) return;
    std::lock_guard lock(mutex);
    for (qsizetype f = 0; f + frameBytes <= bytes.size(); f += frameBytes) {
      float sum = 0;
      for (int c = 0; c < channels; ++c)
        sum += format.normalizedSampleValue(bytes.constData() + f + c * format.bytesPerSample());
      samples.push_back(sum / float(channels));
    }
  }

  QAudioSource* source_ = nullptr;
  QIODevice* io_ = nullptr;
};

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
      "(amplitude-corrected: a full-scale sine reads 0). Exit code 1 when capture fails or no audio "
      "arrives."));
  parser.addOptions({
      QCommandLineOption(QStringLiteral("device"),
                         QStringLiteral("Input device: description or id, or a part of one (default: the "
                                        "system's default input)."),
                         QStringLiteral("NAME")),
      QCommandLineOption(QStringLiteral("seconds"), QStringLiteral("How long to listen (default 3)."),
                         QStringLiteral("S"), QStringLiteral("3")),
      QCommandLineOption(QStringLiteral("fft"), QStringLiteral("FFT size (default 8192)."),
                         QStringLiteral("N"), QStringLiteral("8192")),
      QCommandLineOption(QStringLiteral("json"),
                         QStringLiteral("One JSON object per line: {\"t\": 1, \"frequency_hz\": 440.1, "
                                        "\"level_dbfs\": -6.2}.")),
  });
  if (auto done = parse(parser, arguments, QString())) return *done;
  if (!parser.positionalArguments().isEmpty()) throw usageError("listen takes no file names");
  bool ok = false;
  const int seconds = parser.value(QStringLiteral("seconds")).toInt(&ok);
  if (!ok || seconds < 1 || seconds > 3600) throw usageError("--seconds needs a whole number from 1 to 3600");
  const int fft = parser.value(QStringLiteral("fft")).toInt(&ok);
  if (!ok || fft < 64 || fft > 65536) throw usageError("--fft needs a whole number from 64 to 65536");
  const bool json = parser.isSet(QStringLiteral("json"));

  const QAudioDevice device = findDevice(parser.value(QStringLiteral("device")));
  if (device.isNull()) throw runtimeFailure("no audio input device (is an audio server running?)");

  auto* thread = new QThread; // abandoned, not joined, if the audio server blocks it
  auto* capture = new Capture;
  capture->moveToThread(thread);
  thread->start();
  QMetaObject::invokeMethod(
      capture, [capture, device] { capture->start(device); }, Qt::QueuedConnection);
  QElapsedTimer clock;
  clock.start();
  while (!capture->started && !capture->failed) {
    if (clock.elapsed() > kStartTimeoutMs)
      throw runtimeFailure(device.description().toStdString() + " did not open within " +
                           std::to_string(kStartTimeoutMs / 1000) + " s (the audio server does not answer)");
    QThread::msleep(10);
  }
  if (capture->failed) throw runtimeFailure(capture->error);

  Engine engine("fftw");
  const int rate = capture->sampleRate;
  std::vector<float> second;
  QElapsedTimer lastData;
  lastData.start();
  for (int t = 1; t <= seconds;) {
    {
      std::lock_guard lock(capture->mutex);
      if (!capture->samples.empty()) lastData.restart();
      second.insert(second.end(), capture->samples.begin(), capture->samples.end());
      capture->samples.clear();
    }
    if (second.size() >= std::size_t(rate)) {
      const std::vector<float> chunk(second.begin(), second.begin() + rate);
      second.erase(second.begin(), second.begin() + rate);
      const SecondReport r = analyse(engine, std::size_t(fft), chunk, rate);
      char line[160];
      if (json)
        std::snprintf(line, sizeof line, "{\"t\": %d, \"frequency_hz\": %.1f, \"level_dbfs\": %.1f}\n", t,
                      r.frequencyHz, r.levelDbfs);
      else
        std::snprintf(line, sizeof line, "%3d s  %9.1f Hz  %6.1f dBFS\n", t, r.frequencyHz, r.levelDbfs);
      std::fputs(line, stdout);
      std::fflush(stdout);
      ++t;
      continue;
    }
    if (lastData.elapsed() > kSilenceTimeoutMs)
      throw runtimeFailure("no audio arrived from " + device.description().toStdString() + " for " +
                           std::to_string(kSilenceTimeoutMs / 1000) + " s");
    QThread::msleep(20);
  }
  QMetaObject::invokeMethod(
      capture, [capture] { capture->stop(); }, Qt::BlockingQueuedConnection);
  thread->quit();
  thread->wait();
  delete capture;
  delete thread;
  // Qt 6.4's PulseAudio engine is torn down with the application, and libpulse can abort there
  // ("Assertion 'pd' failed", pa_pdispatch_run: seen once in about 30 runs) although the stream is
  // closed. Everything is written by now, so the process leaves without that teardown.
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(Success);
}

} // namespace spectrascope::cli
