#include "spectrascope/ui/audio/GeneratorSource.h"

#include "spectrascope/engine/audio/SampleRingBuffer.h"

namespace spectrascope::ui {
namespace {
constexpr int kBlockMs = 5;
// After a stall (a suspended laptop, a debugger) do not try to catch up more than this.
constexpr std::int64_t kMaxCatchUpSamples = 1 << 16;
} // namespace

GeneratorSource::GeneratorSource(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent)
    : QObject(parent), ring_(std::move(ring))
{
}

void GeneratorSource::setSettings(const audio::GeneratorSettings& settings)
{
  std::lock_guard lock(mutex_);
  settings_ = settings;
  settingsChanged_ = true;
}

void GeneratorSource::start()
{
  {
    std::lock_guard lock(mutex_);
    generator_.setSettings(settings_);
    settingsChanged_ = false;
  }
  ring_->reset(generator_.settings().sampleRate);
  if (!timer_) {
    timer_ = new QTimer(this);
    timer_->setTimerType(Qt::PreciseTimer);
    connect(timer_, &QTimer::timeout, this, &GeneratorSource::produce);
  }
  produced_ = 0;
  clock_.start();
  timer_->start(kBlockMs);
}

void GeneratorSource::stop()
{
  if (timer_) timer_->stop();
}

void GeneratorSource::produce()
{
  {
    std::lock_guard lock(mutex_);
    if (settingsChanged_) {
      const bool rateChanged = settings_.sampleRate != generator_.settings().sampleRate;
      generator_.setSettings(settings_);
      settingsChanged_ = false;
      if (rateChanged) {
        ring_->reset(settings_.sampleRate);
        produced_ = 0;
        clock_.restart();
      }
    }
  }
  const double rate = generator_.settings().sampleRate;
  const std::int64_t due = std::int64_t(double(clock_.nsecsElapsed()) * 1e-9 * rate);
  std::int64_t count = due - produced_;
  if (count <= 0) return;
  if (count > kMaxCatchUpSamples) {
    produced_ = due - kMaxCatchUpSamples;
    count = kMaxCatchUpSamples;
  }
  block_.resize(std::size_t(count));
  generator_.generate(block_);
  ring_->write(block_.data(), block_.size());
  produced_ += count;
}

} // namespace spectrascope::ui
