#pragma once
// Which device computes the Learn tab's stages: one fixed rule, whatever backend the other tabs use.
//
// The stages are the OpenCL kernels themselves, stopped after each launch, so they always run on an
// OpenCL device: the Engine menu's device when the engine uses one, else the first OpenCL device of this
// machine (a GPU before a CPU driver such as PoCL). FFTW has no stages to stop between, so choosing it
// does not move the stages to the CPU. Only a machine without any OpenCL device computes them on the CPU
// (StepRunner's single-precision path), and says so.

#include <string>

namespace spectrascope::learn {

// The StepRunner backend name for the stages, given the backend the engine uses now ("fftw",
// "opencl:0", ...; empty while the engine is still being created).
std::string stagesBackend(const std::string& engineBackendInUse);

} // namespace spectrascope::learn
