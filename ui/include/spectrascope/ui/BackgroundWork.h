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

} // namespace spectrascope::ui
