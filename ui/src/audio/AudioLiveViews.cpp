#include "spectrascope/ui/audio/AudioLiveViews.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumView.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace spectrascope::ui {

AudioLiveViews::AudioLiveViews(QWidget* parent) : QSplitter(Qt::Vertical, parent)
{
  spectrum_ = new SpectrumView(this);
  spectrogram_ = new SpectrogramView(this);
  addWidget(spectrum_);
  addWidget(spectrogram_);
  // Both grow with the window, the spectrogram twice as much: with the spectrum's stretch left at 0 it
  // kept its smallest height on any screen, its level labels 14 pixels apart.
  setStretchFactor(0, 1);
  setStretchFactor(1, 2);
}

void AudioLiveViews::addColumns(const SpectrumColumns& columns)
{
  SpectrogramParameters p = spectrogram_->renderer().parameters();
  p.fftSize = columns.fftSize;
  p.sampleRate = columns.sampleRate;
  p.hop = columns.hop;
  spectrogram_->renderer().setParameters(p);
  const bool sameStream = columns.firstSample > lastFirstSample_ && columns.hop == lastHop_;
  if (sameStream && columns.firstSample > nextFirstSample_) {
    const std::int64_t lost = (columns.firstSample - nextFirstSample_ + columns.hop / 2) / columns.hop;
    spectrogram_->renderer().appendGap(int(std::min<std::int64_t>(lost, p.columns)));
  }
  if (columns.firstSample <= lastFirstSample_ && lastArrivalNs_ > 0 && columns.arrivalNs > lastArrivalNs_) {
    // A new stream: the time since the last one's newest samples, less this result's own audio, had no
    // sound. A quarter of a second or more is drawn as a gap (a seek while playing leaves none).
    const double audioSeconds = double(columns.frames) * columns.hop / columns.sampleRate;
    const double idleSeconds = double(columns.arrivalNs - lastArrivalNs_) * 1e-9 - audioSeconds;
    if (idleSeconds >= 0.25)
      spectrogram_->renderer().appendGap(
          int(std::min(double(p.columns), std::round(idleSeconds * columns.sampleRate / columns.hop))));
  }
  lastArrivalNs_ = columns.arrivalNs;
  nextFirstSample_ = columns.firstSample + std::int64_t(columns.frames) * columns.hop;
  lastHop_ = columns.hop;
  const std::size_t rows = std::size_t(columns.rows);
  for (int f = 0; f < columns.frames; ++f)
    spectrogram_->renderer().appendLevels(
        std::span<const float>(columns.levels).subspan(std::size_t(f) * rows, rows), columns.fftSize,
        columns.hop, columns.sampleRate);
  spectrogram_->noteArrival(columns.arrivalNs);
  // Within a stream every result starts later than the one before; a new stream starts again at 0.
  if (columns.firstSample <= lastFirstSample_) spectrum_->restartAverages();
  lastFirstSample_ = columns.firstSample;
  latestFrame_ = columns.summary.lastDb;
  latestRate_ = columns.sampleRate;
  latestFftSize_ = columns.fftSize;
  // Every frame analysed since the last result (those of dropped results too) reaches the averages and
  // peak hold.
  spectrum_->addFrames(columns.summary, columns.sampleRate, columns.fftSize,
                       double(columns.hop) / columns.sampleRate);
  lastAnalysisMs_ += columns.analysisMs;
  lastAudioMs_ += 1000.0 * columns.frames * columns.hop / columns.sampleRate;
}

void AudioLiveViews::repaintViews()
{
  spectrum_->update();
  spectrogram_->update();
}

QString AudioLiveViews::takeFigures(const QString& backend, const AnalysisSettings& settings,
                                    std::uint64_t droppedResults)
{
  if (lastAudioMs_ < 1000) return {};
  const PaintStatistics stats = spectrogram_->statistics();
  const QString text = tr("%1 · FFT %2, hop %3 · analysis %4 ms per s of audio · latency %5 ms (max %6) · "
                          "%7 frames/s · %8 results dropped")
                           .arg(backend.isEmpty() ? tr("engine starting") : backend)
                           .arg(settings.fftSize)
                           .arg(settings.hop)
                           .arg(lastAnalysisMs_ / lastAudioMs_ * 1000.0, 0, 'f', 1)
                           .arg(stats.meanLatencyMs, 0, 'f', 0)
                           .arg(stats.maxLatencyMs, 0, 'f', 0)
                           .arg(stats.paintsPerSecond(), 0, 'f', 0)
                           .arg(droppedResults);
  lastAnalysisMs_ = lastAudioMs_ = 0;
  spectrogram_->resetStatistics();
  return text;
}

double AudioLiveViews::peakFrequencyHz() const
{
  if (latestFrame_.size() < 3 || latestFftSize_ <= 0) return 0;
  const auto peak = audio::interpolatePeak(latestFrame_, audio::strongestBin(latestFrame_, 1));
  return peak.bin * latestRate_ / latestFftSize_;
}

void AudioLiveViews::showWholeFile(const AudioFileOverview* file)
{
  spectrum_->setNote(file ? shortFileCaption(*file) : QString());
  if (!file || file->columns < 1 || file->bins < 1) return;
  const std::span<const float> column(file->db.data(), std::size_t(file->bins));
  spectrum_->restartAverages();
  spectrum_->addFrame(column, file->sampleRate, AudioFileOverview::kFftSize, file->seconds());
  latestFrame_.assign(column.begin(), column.end());
  latestRate_ = file->sampleRate;
  latestFftSize_ = AudioFileOverview::kFftSize;
  spectrum_->update();
}

} // namespace spectrascope::ui
