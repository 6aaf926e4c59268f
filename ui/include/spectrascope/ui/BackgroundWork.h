#pragma once
// The GUI's background work: the single-thread pools for jobs that must not overlap one another, and the
// wait for every job when the application quits.

class QThreadPool;

namespace spectrascope::ui {

// OpenCL enumeration and engine creation, one job at a time: PoCL 3.1 crashes when two threads
// enumerate OpenCL devices at once.
QThreadPool& engineSetupPool();
// The Learn tab's stage-by-stage runs, one at a time, on whichever backend they use.
QThreadPool& learnStepsPool();

// Waits for the jobs of these pools and of Qt's global pool, once the window is gone. An OpenCL kernel
// build cannot be interrupted, and one still running while the process exits has the compiler's static
// objects torn down under it (PoCL's LLVM crashed so when the app was closed during a first start).
void waitForBackgroundWork();

} // namespace spectrascope::ui
