#include "spectrascope/ui/audio/FilePlaybackSource.h"

#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/engine/audio/SoundFileReader.h"

#include <QTimer>

#include <algorithm>

namespace spectrascope::ui {
namespace {
constexpr int kBlockMs = 5;
// After a stall (a suspended laptop, a debugger) jump ahead rather than analyse a backlog.
constexpr std::int64_t kMaxCatchUpFrames = 1 << 16;
// The longest window the Audio tab offers (65536 samples): at least one whole frame.
constexpr std::size_t kPreviewFrames = 1 << 16;
} // namespace

FilePlaybackSource::FilePlaybackSource(std::shared_ptr<audio::SampleRingBuffer> analysis,
                                       std::shared_ptr<audio::SampleRingBuffer> output, QObject* parent)
    : QObject(parent), analysis_(std::move(analysis)), output_(std::move(output))
{
}

FilePlaybackSource::~FilePlaybackSource() = default;

void FilePlaybackSource::open(const QString& path, int channel)
{
  pause();
  try {
    reader_ = std::make_unique<audio::SoundFileReader>(path.toStdString(), audio::ChannelChoice{channel});
  } catch (const std::exception& e) {
    reader_.reset();
    emit failed(tr("Cannot play the file"), QString::fromStdString(e.what()));
    return;
  }
  sampleRate_ = reader_->sampleRate();
  position_ = 0;
}

void FilePlaybackSource::play()
{
  if (!reader_) return;
  if (!timer_) {
    timer_ = new QTimer(this);
    timer_->setTimerType(Qt::PreciseTimer);
    connect(timer_, &QTimer::timeout, this, &FilePlaybackSource::produce);
  }
  analysis_->reset(sampleRate_);
  output_->reset(sampleRate_);
  restartClock();
  playing_ = true;
  timer_->start(kBlockMs);
}

void FilePlaybackSource::pause()
{
  playing_ = false;
  if (timer_) timer_->stop();
}

void FilePlaybackSource::seek(qint64 frame)
{
  struct Count
  {
    std::atomic<std::uint64_t>& done;
    ~Count() { ++done; } // after the position moved (or could not)
  } count{seeksDone_};
  if (!reader_ || !reader_->seek(frame)) return;
  position_ = std::max<qint64>(0, frame);
  // A jump in time: the analysis starts a new stream so no frame straddles the cut.
  analysis_->reset(sampleRate_);
  output_->reset(sampleRate_);
  restartClock();
  if (!playing_) preview();
}

void FilePlaybackSource::setFrameLength(int samples)
{
  frameLength_ = std::max(1, samples);
}

// Stopped, a seek still shows where it landed: the analysis gets the samples leading up to there, the
// last of its frames centred on the position (half a window past it), so the spectrum, its averages
// and its peak hold describe the sound at the cursor rather than what follows it. Near the file's ends
// the frame stays inside the file; a file shorter than the window is followed by zeros up to a whole
// frame (as Sonic Visualiser and Audacity pad a file), so its spectrum shows wherever the cursor is.
// The output gets nothing and the position stays.
void FilePlaybackSource::preview()
{
  const std::int64_t half = frameLength_ / 2;
  const std::int64_t from = std::max<std::int64_t>(0, position_ + half - std::int64_t(kPreviewFrames));
  const std::int64_t to = std::max<std::int64_t>(from + frameLength_, position_ + half);
  block_.clear();
  try {
    if (reader_->seek(from)) {
      reader_->read(block_, std::size_t(to - from));
      if (from == 0 && block_.size() < std::size_t(frameLength_))
        block_.resize(std::size_t(frameLength_), 0.0f); // the whole file is less than one frame
      analysis_->write(block_.data(), block_.size());
    }
    reader_->seek(position_);
  } catch (const std::exception& e) {
    emit failed(tr("Cannot show this part of the file"), QString::fromStdString(e.what()));
  }
}

void FilePlaybackSource::restartClock()
{
  clockStartFrame_ = position_;
  clock_.start();
}

void FilePlaybackSource::produce()
{
  const std::int64_t due =
      clockStartFrame_ + std::int64_t(double(clock_.nsecsElapsed()) * 1e-9 * sampleRate_);
  std::int64_t count = due - position_;
  if (count <= 0) return;
  if (count > kMaxCatchUpFrames) {
    reader_->seek(due - kMaxCatchUpFrames);
    position_ = due - kMaxCatchUpFrames;
    count = kMaxCatchUpFrames;
  }
  block_.clear();
  std::size_t got = 0;
  try {
    got = reader_->read(block_, std::size_t(count));
  } catch (const std::exception& e) {
    pause();
    emit failed(tr("Playback stopped"), QString::fromStdString(e.what()));
    return;
  }
  analysis_->write(block_.data(), got);
  output_->write(block_.data(), got);
  position_ += std::int64_t(got);
  if (got < std::size_t(count)) { // the end of the file
    pause();
    emit finished();
  }
}

} // namespace spectrascope::ui
