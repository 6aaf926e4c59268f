#pragma once
// spectrascope-bench --variants: every kernel-gallery variant and the production kernels against FFTW
// over N = 2^4..2^24, time and effective bandwidth vs N, as in Scarpaci's plots.

namespace spectrascope::bench {

// True when the command line asks for the variants sweep.
bool wantsVariants(int argc, char** argv);
// Parses the sweep's own options and runs it; returns the process exit code.
int runVariants(int argc, char** argv);

} // namespace spectrascope::bench
