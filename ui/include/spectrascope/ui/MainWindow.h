#pragma once
// The main window: the Image, Audio and Learn tabs, the menus (File, Engine, Help) and a status bar that
// names the backend in use. It shows what EngineService reports and asks it for backend switches; it
// never touches the engine itself. All connections to the service are made in connectEngine().

#include "spectrascope/ui/ErrorReport.h"

#include <QMainWindow>
#include <QPointer>

class QDockWidget;
class QTabWidget;

namespace spectrascope::ui {

class BackendMenu;
class AudioTab;
class ImageTab;
class LearnTab;
class BackendStatusLabel;
class EngineService;
class BenchmarkWindow;
class TimingFeed;
class StatusMessage;

class MainWindow : public QMainWindow
{
  Q_OBJECT

public:
  explicit MainWindow(EngineService& engine, QWidget* parent = nullptr);

  QTabWidget* tabs() const { return tabs_; }
  LearnTab* learnTab() const { return learnTab_; }
  BackendMenu* backendMenu() const { return backendMenu_; }
  BackendStatusLabel* backendLabel() const { return backendLabel_; }
  TimingFeed* timingFeed() const { return timingFeed_; }
  QDockWidget* timingDock() const { return timingDock_; }

public slots:
  void showAbout();
  void showShortcuts();
  void showStatusMessage(const QString& text);
  void showBenchmark();

protected:
  void closeEvent(QCloseEvent* event) override;

private:
  static QWidget* scrollable(QWidget* content);
  void createTabs();
  void connectLearnInputs();
  void createMenus();
  void createStatusBar();
  void connectEngine();
  void createTimingViews();
  void showError(ErrorReport::Origin origin, const QString& heading, const QString& detail);
  void restoreWindowGeometry();
  void saveWindowGeometry() const;
  void showFileInTitle();

  EngineService& engine_;
  QTabWidget* tabs_ = nullptr;
  ImageTab* imageTab_ = nullptr;
  AudioTab* audioTab_ = nullptr;
  LearnTab* learnTab_ = nullptr;
  BackendMenu* backendMenu_ = nullptr;
  BackendStatusLabel* backendLabel_ = nullptr;
  TimingFeed* timingFeed_ = nullptr;    // tabs publish their engine calls' timings here
  QDockWidget* timingDock_ = nullptr;   // the Timings panel, toggled from the View menu
  QPointer<BenchmarkWindow> benchmark_; // Tools > Benchmark…, one at a time
  ErrorReport* errors_ = nullptr;       // the one non-modal box for failures
  StatusMessage* statusMessage_ = nullptr; // the status bar's message, fitted left of backendLabel_
  QString imageName_;              // the Image tab's picture, for the title
};

} // namespace spectrascope::ui
