#pragma once
// The single-thread pools for the GUI's background jobs that must not overlap one another. Each pool waits
// for its jobs when the application object is destroyed (as Qt does for its global pool): an OpenCL kernel
// build cannot be interrupted, and one still running while the process exits has the compiler's static
// objects torn down under it (PoCL's LLVM crashed so when the app was closed during a first start).

class QThreadPool;

namespace spectrascope::ui {

// Backend listing and engine creation, one after another: setup is rare, and a second request (a backend
// chosen while the first engine is still building its kernels) then finds what the first one built.
QThreadPool& engineSetupPool();
// The Learn tab's stage-by-stage runs, one at a time, on whichever backend they use.
QThreadPool& learnStepsPool();
// Writing files the user asked for (saved pictures): never cut short, also at exit.
QThreadPool& fileWritingPool();

// Whether a background job of the GUI (these pools or Qt's global one) is still running.
bool backgroundWorkRunning();
// For the end of main(), once the last window has closed and everything the user keeps is written: when
// a job still runs (a kernel build of up to a minute cannot be interrupted), waiting for it would keep
// the process alive long after its window went away. Leaves at once, skipping the static destructors
// that crashed under a running build (files being saved are finished and settings synced first); otherwise
// returns, for a normal exit.
void leavePromptlyIfBusy(int exitCode);

} // namespace spectrascope::ui
