#include "spectrascope/ui/timing/BenchmarkRunner.h"

#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Errors.h"

#include <QtConcurrent/QtConcurrent>

namespace spectrascope::ui {

BenchmarkRunner::BenchmarkRunner(QObject* parent) : QObject(parent)
{
  qRegisterMetaType<spectrascope::gallery::SweepPoint>();
}

BenchmarkRunner::~BenchmarkRunner()
{
  cancel();
  future_.waitForFinished();
}

void BenchmarkRunner::start(const BenchmarkRequest& request)
{
  if (isRunning()) return;
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  future_ = QtConcurrent::run([this, request, cancel = cancel_] { run(request, cancel); });
}

void BenchmarkRunner::cancel()
{
  if (cancel_) cancel_->store(true);
}

// Worker thread. Signals go to GUI-thread receivers queued; the destructor waits for this to return.
void BenchmarkRunner::run(BenchmarkRequest request, std::shared_ptr<std::atomic<bool>> cancel)
{
  gallery::SweepSettings settings;
  settings.minSeconds = request.minSeconds;
  settings.cancel = cancel.get();
  try {
    measureAll(request, settings);
    emit finished(false, {});
  } catch (const gallery::SweepCancelled&) {
    emit finished(true, {});
  } catch (const std::exception& e) {
    emit finished(false, QString::fromStdString(e.what()));
  }
}

void BenchmarkRunner::measureAll(const BenchmarkRequest& r, const gallery::SweepSettings& settings)
{
  std::vector<std::unique_ptr<Backend>> devices; // opened before timing starts, so none is timed cold
  if (!r.variants.empty())
    for (int index : r.openClDevices)
      devices.push_back(createBackend("opencl:" + std::to_string(index)));
  std::unique_ptr<Backend> fftw = r.fftw && r.workGroupSizes.empty() ? createBackend("fftw") : nullptr;

  const std::size_t perSize = (fftw ? 1 : 0) + devices.size() * r.variants.size();
  const int total = int(r.workGroupSizes.empty() ? perSize * r.sizes.size() : r.workGroupSizes.size());
  int done = 0;
  emit progress(done, total);
  const auto report = [&](const gallery::SweepPoint& p) {
    emit pointMeasured(p);
    emit progress(++done, total);
  };
  if (!r.workGroupSizes.empty()) {
    if (devices.empty() || r.sizes.empty())
      throw invalidArgument("the work-group sweep needs an OpenCL device and a variant");
    auto& openCl = dynamic_cast<OpenClBackend&>(*devices.front());
    for (std::size_t size : r.workGroupSizes)
      report(gallery::measureVariant(r.variants.front(), openCl, r.sizes.front(), 1, {size}, settings));
    return;
  }
  // Size by size, so a cancelled sweep still compares every subject up to where it stopped.
  for (std::size_t n : r.sizes) {
    if (fftw) report(gallery::measureHost(*fftw, n, 1, settings));
    for (const auto& device : devices)
      for (gallery::Variant v : r.variants)
        report(gallery::measureVariant(v, dynamic_cast<OpenClBackend&>(*device), n, 1, {}, settings));
  }
}

} // namespace spectrascope::ui
