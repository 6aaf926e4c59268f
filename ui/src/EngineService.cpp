#include "spectrascope/ui/EngineService.h"

#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"

#include "spectrascope/ui/BackgroundWork.h"
#include <QSettings>

#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace spectrascope::ui {
EngineService::EngineService(QObject* parent) : QObject(parent)
{
  connect(&creation_, &QFutureWatcher<Creation>::finished, this, &EngineService::onEngineCreated);
  connect(&listing_, &QFutureWatcher<BackendOptions>::finished, this,
          [this] { emit backendsAvailable(listing_.result()); });
}

// A running job is not waited for: it holds no pointer to us, and waiting could block quitting for the
// seconds a driver takes to open a context.
EngineService::~EngineService() = default;

void EngineService::start(const QString& sessionOverride)
{
  QString name = sessionOverride;
  if (name.isEmpty()) name = qEnvironmentVariable("SPECTRASCOPE_BACKEND");
  if (name.isEmpty()) name = QSettings().value(settingsKey()).toString();
  if (name.isEmpty()) name = QStringLiteral("auto");
  request({name, false});
  refreshBackends();
}

void EngineService::selectBackend(const QString& name)
{
  if (!busy_ && engine_ && name == requested_) {
    QSettings().setValue(settingsKey(), name); // already in use: nothing to rebuild, only to remember
    return;
  }
  request({name, true});
}

void EngineService::refreshBackends()
{
  if (listing_.isRunning()) return;
  listing_.setFuture(QtConcurrent::run(&engineSetupPool(), &EngineService::listBackends));
}

QString EngineService::backendName() const
{
  return engine_ ? QString::fromStdString(engine_->backendName()) : QString();
}

QString EngineService::deviceName() const
{
  return engine_ ? QString::fromStdString(engine_->deviceName()) : QString();
}

QString EngineService::fallbackReason() const
{
  return engine_ ? QString::fromStdString(engine_->fallbackReason()) : QString();
}

EngineService::Creation EngineService::createEngine(Request request, std::function<void(Engine&)> warmUp)
{
  Creation created{request, nullptr, {}, false};
  try {
    created.engine = std::make_shared<Engine>(request.name.toStdString());
    if (warmUp) {
      try {
        warmUp(*created.engine);
      } catch (const std::exception&) {
        // Best effort: the view that plans this for real reports what went wrong.
      }
    }
  } catch (const EngineError& e) {
    created.error = QString::fromStdString(e.what());
    created.badName = e.kind() == EngineError::Kind::InvalidArgument;
  } catch (const std::exception& e) {
    created.error = QString::fromStdString(e.what());
  }
  return created;
}

BackendOptions EngineService::listBackends()
{
  BackendOptions options;
  for (const BackendChoice& choice : availableBackends())
    options.append({QString::fromStdString(choice.name), QString::fromStdString(choice.description)});
  return options;
}

void EngineService::request(Request request)
{
  if (busy_) {
    pending_ = std::move(request); // replaces any older pending request
    return;
  }
  launch(std::move(request));
}

void EngineService::launch(Request request)
{
  opening_ = request.name;
  if (!busy_) {
    busy_ = true;
    emit busyChanged(true);
  }
  creation_.setFuture(
      QtConcurrent::run(&engineSetupPool(), &EngineService::createEngine, std::move(request), warmUp_));
}

void EngineService::onEngineCreated()
{
  const Creation created = creation_.result();
  if (created.engine)
    adopt(created);
  else
    reportFailure(created);
  if (pending_) {
    Request next = std::move(*pending_);
    pending_.reset();
    launch(std::move(next));
    return;
  }
  busy_ = false;
  emit busyChanged(false);
}

void EngineService::adopt(const Creation& created)
{
  engine_ = created.engine;
  requested_ = created.request.name;
  if (created.request.remember) QSettings().setValue(settingsKey(), created.request.name);
  emit backendChanged(backendName(), deviceName(), fallbackReason());
}

void EngineService::reportFailure(const Creation& failed)
{
  const QString name = failed.request.name;
  if (failed.badName && name != QLatin1String("auto") && !pending_) {
    // A mistyped --backend, SPECTRASCOPE_BACKEND or stale saved choice should not leave the app without
    // an engine: say so once, forget it if it was saved, and let the registry pick.
    QSettings settings;
    if (settings.value(settingsKey()).toString() == name) settings.remove(settingsKey());
    emit errorMessage(tr("Backend \"%1\" not used").arg(name),
                      failed.error + tr("\nUsing automatic selection."));
    pending_ = Request{QStringLiteral("auto"), failed.request.remember};
    return;
  }
  emit errorMessage(tr("Cannot use backend \"%1\"").arg(name), failed.error);
}

} // namespace spectrascope::ui
