#include "spectrascope/ui/timing/TuningRunner.h"

#include "spectrascope/engine/OpenClBackend.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrent>

namespace spectrascope::ui {
namespace {

TransformDescriptor real2d(std::size_t width, std::size_t height, std::size_t batch)
{
  TransformDescriptor d = TransformDescriptor::complex2d(width, height, batch);
  d.kind = TransformKind::RealToComplex;
  return d;
}

TransformDescriptor real1d(std::size_t n, std::size_t batch)
{
  TransformDescriptor d = TransformDescriptor::complex1d(n, batch);
  d.kind = TransformKind::RealToComplex;
  return d;
}

QString times(std::size_t batch)
{
  return batch > 1 ? QStringLiteral(" × %1").arg(batch) : QString();
}

} // namespace

std::vector<TuningCase> standardTuningCases(const TuningInputs& inputs, bool cpuDevice)
{
  // Batches: enough lines to fill a GPU; a few on a CPU device, where every call takes milliseconds.
  const std::size_t lines1d = cpuDevice ? 8 : 256;
  std::vector<TuningCase> cases;
  // R2C and C2R of one size share a tuned shape (the same complex passes, mirrored): one search serves
  // the Image tab's forward and inverse transforms.
  if (inputs.imageSize.isValid() && !inputs.imageSize.isEmpty()) {
    const std::size_t channels = std::size_t(std::clamp(inputs.imageChannels, 1, 4));
    cases.push_back(
        {QStringLiteral("Image %1 × %2%3: 2D R2C and C2R")
             .arg(inputs.imageSize.width())
             .arg(inputs.imageSize.height())
             .arg(channels > 1 ? QStringLiteral(" (%1 channels)").arg(channels) : QString()),
         real2d(std::size_t(inputs.imageSize.width()), std::size_t(inputs.imageSize.height()), channels)});
  }
  if (inputs.audioFftSize > 1) {
    const std::size_t frames = cpuDevice ? 8 : 64;
    cases.push_back({QStringLiteral("Audio FFT %1%2: 1D R2C").arg(inputs.audioFftSize).arg(times(frames)),
                     real1d(std::size_t(inputs.audioFftSize), frames)});
  }
  for (std::size_t n : {std::size_t{1024}, std::size_t{4096}})
    cases.push_back({QStringLiteral("1D C2C %1%2").arg(n).arg(times(lines1d)),
                     TransformDescriptor::complex1d(n, lines1d)});
  for (std::size_t side : {std::size_t{1024}, std::size_t{2048}})
    cases.push_back({QStringLiteral("2D R2C %1 × %1").arg(side), real2d(side, side, 1)});
  return cases;
}

QString TuningRow::shapeText(const QString& shape)
{
  // The cache file's form names every knob, 0 for the planner's default: only the others are news.
  QStringList set;
  for (const QString& knob : shape.split(QLatin1Char(' '), Qt::SkipEmptyParts))
    if (!knob.endsWith(QLatin1String("=0"))) set << knob;
  return set.isEmpty() ? QStringLiteral("heuristic") : set.join(QLatin1Char(' '));
}

// The job's way back to the GUI thread. It lives there; the runner detaches from it when destroyed, so
// whatever the job still posts is dropped. The last owner, on whichever thread, deletes it there.
struct TuningRunner::Channel : QObject
{
  TuningRunner* runner = nullptr;
};

namespace {

// The queued call names the channel by plain pointer: Qt drops a call whose object is gone, and the call
// must not own the channel (an undelivered call destroyed at exit would otherwise delete it from inside
// Qt's event-list cleanup).
template <typename Channel, typename Report> void post(const std::shared_ptr<Channel>& channel, Report report)
{
  Channel* target = channel.get();
  QMetaObject::invokeMethod(
      target,
      [target, report] {
        if (target->runner) report(*target->runner);
      },
      Qt::QueuedConnection);
}

} // namespace

TuningRunner::TuningRunner(QObject* parent) : QObject(parent)
{
  qRegisterMetaType<spectrascope::ui::TuningRow>();
}

TuningRunner::~TuningRunner()
{
  cancel();
  if (channel_) channel_->runner = nullptr;
}

void TuningRunner::start(const TuningRequest& request)
{
  if (running_) return;
  if (channel_) channel_->runner = nullptr; // a finished job's late reports, if any, are not this run's
  channel_ = std::shared_ptr<Channel>(new Channel, [](Channel* c) { c->deleteLater(); });
  channel_->runner = this;
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  running_ = true;
  std::shared_ptr<Channel> channel = channel_;
  std::shared_ptr<std::atomic<bool>> cancelled = cancel_;
  // Worker thread: touches nothing of the runner; reports through the channel.
  (void)QtConcurrent::run([request, channel, cancelled] {
    int total = 0, done = 0;
    for (const TuningRequest::Job& job : request.jobs)
      total += int(job.cases.size());
    post(channel, [total](TuningRunner& r) { emit r.progress(0, total); });
    for (std::size_t j = 0; j < request.jobs.size() && !*cancelled; ++j) {
      const TuningRequest::Job& job = request.jobs[j];
      std::unique_ptr<OpenClBackend> device;
      QString deviceName = QStringLiteral("opencl:%1").arg(job.device);
      QString openError;
      try {
        device = std::make_unique<OpenClBackend>(job.device);
        deviceName = QString::fromStdString(device->deviceName());
        const QString file = QString::fromStdString(device->tuningCache().file().string());
        post(channel,
             [j, deviceName, file](TuningRunner& r) { emit r.deviceOpened(int(j), deviceName, file); });
      } catch (const std::exception& e) {
        openError = QString::fromStdString(e.what()).section(QLatin1Char('\n'), 0, 0);
      }
      for (std::size_t i = 0; i < job.cases.size() && !*cancelled; ++i) {
        post(channel, [j, i](TuningRunner& r) { emit r.caseStarted(int(j), int(i)); });
        TuningRow row;
        row.job = int(j);
        row.item = int(i);
        row.device = deviceName;
        row.caseLabel = job.cases[i].label;
        if (!device) {
          row.error = QStringLiteral("the device could not be opened: %1").arg(openError);
        } else {
          QElapsedTimer timer;
          timer.start();
          try {
            const TuningOutcome outcome = device->tune(job.cases[i].descriptor);
            row.heuristicMs = outcome.heuristicMs;
            row.tunedMs = outcome.chosenMs;
            row.shape = TuningRow::shapeText(QString::fromStdString(outcome.chosen.toString()));
            row.measured = outcome.candidatesMeasured;
            row.skipped = outcome.candidatesSkipped;
            if (outcome.candidatesMeasured == 0)
              row.error = QStringLiteral("no shape of this transform could run");
          } catch (const std::exception& e) {
            row.error = QString::fromStdString(e.what()).section(QLatin1Char('\n'), 0, 0);
          }
          row.seconds = double(timer.elapsed()) / 1000;
        }
        ++done;
        post(channel, [row, done, total](TuningRunner& r) {
          emit r.caseTuned(row);
          emit r.progress(done, total);
        });
      }
    }
    const bool stopped = cancelled->load() && done < total;
    post(channel, [stopped](TuningRunner& r) {
      r.running_ = false;
      emit r.finished(stopped);
    });
  });
}

void TuningRunner::cancel()
{
  if (cancel_) cancel_->store(true);
}

} // namespace spectrascope::ui
