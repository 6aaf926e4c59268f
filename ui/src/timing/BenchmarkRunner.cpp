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
  std::unique_ptr<Backend> device;
  if (r.openClDevice && !r.variants.empty())
    device = createBackend("opencl:" + std::to_string(*r.openClDevice));
  auto* openCl = dynamic_cast<OpenClBackend*>(device.get());
  std::unique_ptr<Backend> fftw = r.fftw && r.workGroupSizes.empty() ? createBackend("fftw") : nullptr;

  const std::size_t perSize = (fftw ? 1 : 0) + (openCl ? r.variants.size() : 0);
  const int total = int(r.workGroupSizes.empty() ? perSize * r.sizes.size() : r.workGroupSizes.size());
  int done = 0;
  emit progress(done, total);
  const auto report = [&](const gallery::SweepPoint& p) {
    emit pointMeasured(p);
    emit progress(++done, total);
  };
  if (!r.workGroupSizes.empty()) {
    if (!openCl || r.variants.empty() || r.sizes.empty())
      throw invalidArgument("the work-group sweep needs an OpenCL device and a variant");
    for (std::size_t size : r.workGroupSizes)
      report(gallery::measureVariant(r.variants.front(), *openCl, r.sizes.front(), 1, {size}, settings));
    return;
  }
  for (std::size_t n : r.sizes) {
    if (fftw) report(gallery::measureHost(*fftw, n, 1, settings));
    if (openCl)
      for (gallery::Variant v : r.variants)
        report(gallery::measureVariant(v, *openCl, n, 1, {}, settings));
  }
}

} // namespace spectrascope::ui
