#include "spectrascope/ui/audio/AudioAnalysisWorker.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/engine/audio/Stft.h"
#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <QElapsedTimer>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace spectrascope::ui {
namespace {
// 5 ms keeps the latency well inside the 50 ms budget and costs nothing when no samples arrived.
constexpr int kPollMs = 5;
// At most this many frames per poll; older frames beyond it are skipped (the display cannot show them
// in time anyway), which bounds the worker's backlog after a stall.
constexpr std::size_t kMaxFramesPerPoll = 512;
// Per-kernel records are gathered (which waits on the device's events) about once a second: enough for
// the Timings panel, and no profiling cost on every call.
constexpr std::int64_t kReportIntervalNs = 1'000'000'000;

std::int64_t steadyNs()
{
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
} // namespace

AudioAnalysisWorker::AudioAnalysisWorker(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent)
    : QObject(parent), ring_(std::move(ring))
{
}

AudioAnalysisWorker::~AudioAnalysisWorker() = default;

void AudioAnalysisWorker::start()
{
  if (!timer_) {
    timer_ = new QTimer(this);
    timer_->setTimerType(Qt::PreciseTimer);
    connect(timer_, &QTimer::timeout, this, &AudioAnalysisWorker::poll);
  }
  timer_->start(kPollMs);
}

void AudioAnalysisWorker::stop()
{
  if (timer_) timer_->stop();
  pipeline_.reset();
  engine_.reset();
}

void AudioAnalysisWorker::setPolling(bool on)
{
  if (!timer_) return;
  if (on)
    timer_->start(kPollMs);
  else
    timer_->stop();
}

void AudioAnalysisWorker::useEngine(std::shared_ptr<Engine> engine)
{
  if (!engine || engine == engine_) return;
  pipeline_.reset(); // its plans belong to the old engine
  engine_ = std::move(engine);
  dirty_ = true;
}

void AudioAnalysisWorker::configure(const AnalysisSettings& settings)
{
  settings_ = settings;
  dirty_ = true;
}

void AudioAnalysisWorker::rebuild()
{
  dirty_ = false;
  pipeline_.reset();
  try {
    // Only until the service's engine arrives: "fftw" needs no OpenCL device enumeration, which must
    // not run on this thread while the engine service may be enumerating on its own.
    if (!engine_) engine_ = std::make_shared<Engine>("fftw");
    audio::StftSettings s;
    s.frameLength = std::size_t(settings_.fftSize);
    s.hop = std::size_t(std::max(1, settings_.hop));
    s.zeroPadding = std::size_t(std::max(1, settings_.zeroPadding));
    s.window = settings_.window;
    pipeline_ = std::make_unique<audio::SpectrogramPipeline>(*engine_, s);
    pipeline_->setRows(SpectrogramRenderer::storedRowsFor(pipeline_->binCount()));
    summary_.clear();
  } catch (const std::exception& e) {
    emit errorMessage(tr("Audio analysis failed"), QString::fromStdString(e.what()));
  }
}

void AudioAnalysisWorker::poll()
{
  if (ring_->generation() != generation_) { // a new stream: forget the old one's samples
    generation_ = ring_->generation();
    pending_.clear();
    pendingFirst_ = 0;
    if (held_) ++droppedResults_, held_.reset();
  }
  if (held_ && inFlight_ < kMaxResultsInFlight) {
    send(std::move(*held_));
    held_.reset();
  }
  const std::size_t before = pending_.size();
  const std::int64_t first = ring_->readAll(pending_);
  if (before == 0) pendingFirst_ = first;
  if (pending_.size() > before) {
    arrivalNs_ = ring_->lastWriteNs();
    accumulateLevel(std::span<const float>(pending_).subspan(before));
  }
  if (dirty_) rebuild();
  if (!pipeline_) return;
  const audio::StftSettings& s = pipeline_->settings();
  std::size_t frames = audio::Stft::frameCount(pending_.size(), s);
  if (frames == 0) return;
  if (frames > kMaxFramesPerPoll) { // skip what we cannot show in time
    const std::size_t skip = (frames - kMaxFramesPerPoll) * s.hop;
    pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(skip));
    pendingFirst_ += std::int64_t(skip);
    frames = kMaxFramesPerPoll;
  }
  SpectrumColumns columns;
  if (!analyse(frames, columns)) return;
  const std::size_t used = frames * s.hop;
  pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(std::min(used, pending_.size())));
  pendingFirst_ += std::int64_t(used);
  if (held_ || inFlight_ >= kMaxResultsInFlight) {
    hold(std::move(columns));
    return;
  }
  send(std::move(columns));
}

void AudioAnalysisWorker::hold(SpectrumColumns columns)
{
  if (!held_) {
    held_ = std::move(columns);
    return;
  }
  SpectrumColumns& waiting = *held_;
  const bool continues =
      columns.bins == waiting.bins && columns.fftSize == waiting.fftSize && columns.hop == waiting.hop &&
      columns.rows == waiting.rows && columns.sampleRate == waiting.sampleRate &&
      columns.firstSample == waiting.firstSample + std::int64_t(waiting.frames) * waiting.hop;
  if (!continues) { // other settings, or frames skipped between them: the older columns cannot join
    ++droppedResults_;
    held_ = std::move(columns);
    return;
  }
  // RMS over both spans of samples, weighted by their frames; the peak is the larger.
  const auto power = [](float dbfs) { return std::pow(10.0, double(dbfs) / 10); };
  const double meanPower =
      (power(waiting.rmsDbfs) * waiting.frames + power(columns.rmsDbfs) * columns.frames) /
      double(waiting.frames + columns.frames);
  waiting.rmsDbfs = meanPower > 1e-20 ? float(10 * std::log10(meanPower)) : -200.0f;
  waiting.peakDbfs = std::max(waiting.peakDbfs, columns.peakDbfs);
  waiting.levels.insert(waiting.levels.end(), columns.levels.begin(), columns.levels.end());
  waiting.frames += columns.frames;
  waiting.analysisMs += columns.analysisMs;
  waiting.arrivalNs = columns.arrivalNs;
  waiting.backend = columns.backend;
  if (columns.report) waiting.report = std::move(columns.report);
  if (waiting.frames > kMaxHeldFrames) { // a long stall: the oldest go, the views leave their gap
    const int excess = waiting.frames - kMaxHeldFrames;
    waiting.levels.erase(waiting.levels.begin(),
                         waiting.levels.begin() + std::ptrdiff_t(excess) * waiting.rows);
    waiting.frames = kMaxHeldFrames;
    waiting.firstSample += std::int64_t(excess) * waiting.hop;
    ++droppedResults_;
  }
}

void AudioAnalysisWorker::send(SpectrumColumns columns)
{
  ++inFlight_;
  columns.summary = std::move(summary_);
  summary_.clear();
  emit columnsReady(columns);
}

bool AudioAnalysisWorker::analyse(std::size_t frames, SpectrumColumns& columns)
{
  const audio::StftSettings& s = pipeline_->settings();
  QElapsedTimer clock;
  clock.start();
  columns.bins = int(pipeline_->binCount());
  columns.frames = int(frames);
  columns.fftSize = int(s.fftSize());
  columns.hop = int(s.hop);
  columns.sampleRate = ring_->sampleRate();
  columns.firstSample = pendingFirst_;
  columns.rows = int(pipeline_->levelsPerFrame());
  columns.levels.resize(frames * pipeline_->levelsPerFrame());
  const std::int64_t now = steadyNs();
  const bool wantReport = now - lastReportNs_ >= kReportIntervalNs;
  auto report = wantReport ? std::make_shared<ExecutionReport>() : nullptr;
  try {
    pipeline_->levels(pending_, frames, columns.levels, &summary_, report.get());
  } catch (const std::exception& e) {
    emit errorMessage(tr("Audio analysis failed"), QString::fromStdString(e.what()));
    pipeline_.reset();
    return false;
  }
  if (wantReport) lastReportNs_ = now, columns.report = std::move(report);
  columns.analysisMs = double(clock.nsecsElapsed()) * 1e-6;
  columns.backend = QString::fromStdString(pipeline_->backendName());
  columns.arrivalNs = arrivalNs_;
  takeLevel(columns);
  return true;
}

void AudioAnalysisWorker::accumulateLevel(std::span<const float> fresh)
{
  for (float v : fresh) {
    levelSquares_ += double(v) * v;
    levelPeak_ = std::max(levelPeak_, std::abs(v));
  }
  levelCount_ += fresh.size();
}

void AudioAnalysisWorker::takeLevel(SpectrumColumns& columns)
{
  auto dbfs = [](double amplitude) {
    return amplitude > 1e-10 ? float(20 * std::log10(amplitude)) : -200.0f;
  };
  // A full-scale sine reads 0 dBFS peak and -3 dBFS RMS, as level meters conventionally show it.
  columns.rmsDbfs = levelCount_ ? dbfs(std::sqrt(levelSquares_ / double(levelCount_))) : -200.0f;
  columns.peakDbfs = dbfs(levelPeak_);
  levelSquares_ = 0;
  levelPeak_ = 0;
  levelCount_ = 0;
}

} // namespace spectrascope::ui
