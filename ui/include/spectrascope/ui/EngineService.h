#pragma once
// EngineService: the GUI's one owner of the FFT engine. Views ask it for the engine (and, through the
// engine, for plans); the main window shows what it reports.
//
// Threading contract
//  - Create, call and destroy it on the GUI thread. Its signals are emitted on the GUI thread.
//  - Everything slow runs through QtConcurrent on one setup thread shared by the whole process and comes
//    back through a QFutureWatcher: creating an engine enumerates OpenCL devices and opens a context
//    (seconds on some drivers), and so does listing the backends. The GUI thread never waits for either.
//    Jobs run one after another because OpenCL drivers (PoCL 3.1) crash when two threads enumerate
//    devices at once; views that create their own engines must not do so concurrently with this service.
//  - engine() hands out a shared_ptr. A worker may keep the engine it got and call Engine::plan() and
//    Plan::execute() on its own thread (both are thread-safe) even after the user switched backends; the
//    old engine is destroyed with its last user, on whichever thread that is.
//  - At most one engine is being created at a time. Requests that arrive meanwhile collapse into one:
//    only the latest runs when the current one finishes (drop, never queue without bound).
//  - Background jobs capture no pointer to the service, so destroying it while a job runs is safe; the
//    job's result is discarded.
//
// Which backend is used at start: --backend (sessionOverride) > SPECTRASCOPE_BACKEND > the choice saved
// in QSettings > "auto". Only choices made with selectBackend() are saved.

#include "spectrascope/ui/BackendOption.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

class EngineService : public QObject
{
  Q_OBJECT

public:
  explicit EngineService(QObject* parent = nullptr);
  ~EngineService() override;

  // Creates the first engine in the background and lists the backends.
  void start(const QString& sessionOverride = {});
  // Switches to the backend the user picked and remembers it for the next start if it can be created.
  void selectBackend(const QString& name);
  // Lists the backends of this machine in the background; answered by backendsAvailable().
  void refreshBackends();

  bool isReady() const { return engine_ && !isBusy(); }
  bool isBusy() const { return busy_; }
  QString requestedBackend() const { return requested_; } // as asked for, e.g. "auto"
  // While busy: the backend being opened, as asked for (so the status can say what it waits for).
  QString openingBackend() const { return opening_; }
  QString backendName() const; // in use, e.g. "fftw"; empty before the first engine
  QString deviceName() const;
  QString fallbackReason() const;
  // Null until the first engine exists.
  std::shared_ptr<Engine> engine() const { return engine_; }

  // Work run on each new engine before it is announced, on the setup thread: building the kernels of the
  // plans the views will ask for first, so that they find them cached instead of waiting (a first start
  // on a device builds for tens of seconds). While it runs the service is busy and the views keep the
  // previous engine, so that what the status bar, the tabs and the Timings say stays the same. Failures
  // are ignored: the views will report them when they plan for real.
  void setWarmUp(std::function<void(Engine&)> warmUp) { warmUp_ = std::move(warmUp); }

  // The QSettings key of the saved backend choice.
  static QString settingsKey() { return QStringLiteral("engine/backend"); }

signals:
  void backendChanged(const QString& name, const QString& device, const QString& fallbackReason);
  void backendsAvailable(const spectrascope::ui::BackendOptions& options);
  // True while an engine is being created.
  void busyChanged(bool busy);
  // A real failure a person should read: the engine (or the backend list) could not be made as asked.
  void errorMessage(const QString& heading, const QString& detail);

private:
  struct Request
  {
    QString name;
    bool remember = false; // save in QSettings once it works
  };
  // What a background creation job hands back; holds no pointer into the service.
  struct Creation
  {
    Request request;
    std::shared_ptr<Engine> engine;
    QString error;
    bool badName = false; // the name itself was wrong, not the device
  };

  static Creation createEngine(Request request, std::function<void(Engine&)> warmUp);
  static BackendOptions listBackends();
  void request(Request request);
  void launch(Request request);
  void onEngineCreated();
  void adopt(const Creation& created);
  void reportFailure(const Creation& failed);

  std::shared_ptr<Engine> engine_;
  std::function<void(Engine&)> warmUp_;
  QString requested_;
  QString opening_;
  std::optional<Request> pending_;
  bool busy_ = false;
  QFutureWatcher<Creation> creation_;
  QFutureWatcher<BackendOptions> listing_;
};

} // namespace spectrascope::ui
