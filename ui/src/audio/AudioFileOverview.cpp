#include "spectrascope/ui/audio/AudioFileOverview.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/Overview.h"
#include "spectrascope/engine/audio/SoundFilePrefetcher.h"
#include "spectrascope/engine/audio/SoundFileReader.h"

#include <QCoreApplication>

#include <algorithm>

namespace spectrascope::ui {
namespace {
constexpr std::size_t kChunkFrames = audio::OverviewBuilder::kChunkFrames;

QString tr(const char* text)
{
  return QCoreApplication::translate("AudioFileOverview", text);
}

void readAll(QPromise<AudioFileOverview>& promise, AudioFileOverview& o, audio::SoundFileReader& reader,
             audio::OverviewBuilder& builder)
{
  std::vector<float> samples;
  const std::int64_t maxFrames = std::int64_t(AudioFileOverview::kMaxSeconds * o.sampleRate);
  audio::SoundFilePrefetcher ahead(reader, kChunkFrames); // reads the next chunk while this one is analysed
  while (!promise.isCanceled()) {
    const std::size_t got = ahead.next(samples);
    if (got == 0) break;
    o.frames += std::int64_t(got);
    if (o.frames > maxFrames) {
      o.error = tr("%1 is longer than %2 hours; such a file is refused.")
                    .arg(o.path)
                    .arg(AudioFileOverview::kMaxSeconds / 3600);
      return;
    }
    builder.consume(samples);
    if (reader.framesHint() > 0)
      promise.setProgressValue(int(std::min<std::int64_t>(1000, o.frames * 1000 / reader.framesHint())));
  }
}
} // namespace

QString shortFileNote(const AudioFileOverview& file)
{
  if (!file.isShorterThanOneFrame()) return {};
  const QString samples = file.frames == 1 ? tr("1 sample") : tr("%1 samples").arg(file.frames);
  return tr("The whole file, %1, is shorter than one %2-point frame: one spectrum, its samples centred "
            "between zeros")
      .arg(samples)
      .arg(AudioFileOverview::kFftSize);
}

QString shortFileCaption(const AudioFileOverview& file)
{
  if (!file.isShorterThanOneFrame()) return {};
  // About 40 characters: one line in the narrowest pane (300 pixels).
  constexpr int kFrame = AudioFileOverview::kFftSize;
  return file.frames == 1 ? tr("1 sample in one %1-point frame").arg(kFrame)
                          : tr("All %1 samples in one %2-point frame").arg(file.frames).arg(kFrame);
}

void loadAudioFileOverview(QPromise<AudioFileOverview>& promise, const QString& path, int channel,
                           std::shared_ptr<Engine> engine)
{
  promise.setProgressRange(0, 1000);
  AudioFileOverview o;
  o.path = path;
  try {
    if (channel >= audio::SoundFileReader(path.toStdString()).channels())
      channel = audio::ChannelChoice::kMix;
    audio::SoundFileReader reader(path.toStdString(), audio::ChannelChoice{channel});
    o.channel = channel;
    o.sampleRate = reader.sampleRate();
    o.channels = reader.channels();
    o.formatName = QString::fromStdString(reader.formatName());
    if (!engine) engine = std::make_shared<Engine>("fftw");
    audio::OverviewBuilder builder(*engine, AudioFileOverview::kFftSize, AudioFileOverview::kMaxColumns);
    readAll(promise, o, reader, builder);
    if (o.error.isEmpty() && !promise.isCanceled()) builder.finish(); // the end: no sample left out
    o.note = QString::fromStdString(reader.note()); // after reading: a stream that breaks off says so then
    o.bins = int(builder.bins());
    o.columns = int(builder.columns());
    o.samplesPerColumn = int(builder.samplesPerColumn());
    o.db = builder.takeDb();
    if (o.error.isEmpty() && o.columns == 0 && !promise.isCanceled())
      o.error = tr("%1 holds no audio.").arg(path);
  } catch (const std::bad_alloc&) {
    o.error = tr("%1: not enough memory to read it.").arg(path);
  } catch (const std::exception& e) {
    o.error = QString::fromStdString(e.what());
  }
  if (!o.error.isEmpty()) o.db.clear();
  promise.addResult(std::move(o));
}

} // namespace spectrascope::ui
