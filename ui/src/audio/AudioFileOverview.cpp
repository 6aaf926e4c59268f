#include "spectrascope/ui/audio/AudioFileOverview.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/SoundFileReader.h"
#include "spectrascope/engine/audio/Stft.h"

#include <QCoreApplication>

#include <algorithm>

namespace spectrascope::ui {
namespace {
constexpr std::size_t kChunkFrames = 1 << 16;

class OverviewBuilder
{
public:
  OverviewBuilder(AudioFileOverview& overview, audio::Stft& stft) : o_(overview), stft_(stft)
  {
    o_.samplesPerColumn = int(stft.settings().hop);
  }

  // Transforms every whole frame in `samples` and drops the samples no later frame needs.
  void consume(std::vector<float>& samples)
  {
    const auto& s = stft_.settings();
    const std::size_t frames = audio::Stft::frameCount(samples.size(), s);
    if (frames == 0) return;
    frameDb_.resize(frames * std::size_t(o_.bins));
    stft_.decibels(samples, frames, frameDb_);
    for (std::size_t f = 0; f < frames; ++f)
      addFrame(&frameDb_[f * std::size_t(o_.bins)]);
    samples.erase(samples.begin(), samples.begin() + std::ptrdiff_t(frames * s.hop));
  }

private:
  void addFrame(const float* db)
  {
    const std::size_t bins = std::size_t(o_.bins);
    const int framesPerColumn = o_.samplesPerColumn / int(stft_.settings().hop);
    if (framesInColumn_ == 0) {
      o_.db.insert(o_.db.end(), db, db + bins);
      ++o_.columns;
    } else {
      float* column = o_.db.data() + std::size_t(o_.columns - 1) * bins;
      for (std::size_t k = 0; k < bins; ++k)
        column[k] = std::max(column[k], db[k]); // max-pool, so short events survive
    }
    framesInColumn_ = (framesInColumn_ + 1) % framesPerColumn;
    if (framesInColumn_ == 0 && o_.columns == 2 * AudioFileOverview::kMaxColumns) mergeNeighbours();
  }

  void mergeNeighbours()
  {
    const std::size_t bins = std::size_t(o_.bins);
    for (int c = 0; c < o_.columns / 2; ++c)
      for (std::size_t k = 0; k < bins; ++k)
        o_.db[std::size_t(c) * bins + k] =
            std::max(o_.db[std::size_t(2 * c) * bins + k], o_.db[std::size_t(2 * c + 1) * bins + k]);
    o_.columns /= 2;
    o_.db.resize(std::size_t(o_.columns) * bins);
    o_.samplesPerColumn *= 2;
  }

  AudioFileOverview& o_;
  audio::Stft& stft_;
  std::vector<float> frameDb_;
  int framesInColumn_ = 0;
};

QString tr(const char* text)
{
  return QCoreApplication::translate("AudioFileOverview", text);
}

void readAll(QPromise<AudioFileOverview>& promise, AudioFileOverview& o, audio::SoundFileReader& reader,
             OverviewBuilder& builder)
{
  std::vector<float> samples;
  const std::int64_t maxFrames = std::int64_t(AudioFileOverview::kMaxSeconds * o.sampleRate);
  while (!promise.isCanceled()) {
    const std::size_t got = reader.read(samples, kChunkFrames);
    if (got == 0) break;
    o.frames += std::int64_t(got);
    if (o.frames > maxFrames) {
      o.error = tr("%1 is longer than %2 hours; such a file is refused.").arg(o.path).arg(
          AudioFileOverview::kMaxSeconds / 3600);
      return;
    }
    builder.consume(samples);
    if (reader.framesHint() > 0)
      promise.setProgressValue(int(std::min<std::int64_t>(1000, o.frames * 1000 / reader.framesHint())));
  }
}
} // namespace

void loadAudioFileOverview(QPromise<AudioFileOverview>& promise, const QString& path, int channel,
                           std::shared_ptr<Engine> engine)
{
  promise.setProgressRange(0, 1000);
  AudioFileOverview o;
  o.path = path;
  try {
    if (channel >= audio::SoundFileReader(path.toStdString()).channels()) channel = audio::ChannelChoice::kMix;
    audio::SoundFileReader reader(path.toStdString(), audio::ChannelChoice{channel});
    o.channel = channel;
    o.sampleRate = reader.sampleRate();
    o.channels = reader.channels();
    o.formatName = QString::fromStdString(reader.formatName());
    if (!engine) engine = std::make_shared<Engine>("fftw");
    audio::StftSettings settings;
    settings.frameLength = AudioFileOverview::kFftSize;
    settings.hop = AudioFileOverview::kFftSize; // an overview: adjacent frames, no overlap
    audio::Stft stft(*engine, settings);
    OverviewBuilder builder(o, stft);
    readAll(promise, o, reader, builder);
    if (o.error.isEmpty() && o.columns == 0 && !promise.isCanceled())
      o.error = tr("%1 holds less audio than one analysis frame (%2 samples).")
                    .arg(path)
                    .arg(AudioFileOverview::kFftSize);
  } catch (const std::bad_alloc&) {
    o.error = tr("%1: not enough memory to read it.").arg(path);
  } catch (const std::exception& e) {
    o.error = QString::fromStdString(e.what());
  }
  if (!o.error.isEmpty()) o.db.clear();
  promise.addResult(std::move(o));
}

} // namespace spectrascope::ui
