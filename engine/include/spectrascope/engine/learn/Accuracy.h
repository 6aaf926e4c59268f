#pragma once
// How exact the app's transforms are on the device in use: the relative L2 error of the engine's result
// against FFTW in double precision (reference::transform), on seeded uniform random input in
// [-0.5, 0.5), the measure every accuracy figure of the project uses. Beside it, the reference
// libraries' figures measured the same way on the GPU machine (docs: TARGETS).

#include "spectrascope/engine/TransformDescriptor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spectrascope {
class Engine;
}

namespace spectrascope::learn {

struct AccuracyCase
{
  std::string label;  // "1D complex, N = 4096"
  std::string usedBy; // where the app runs this transform: "Learn tab", "Image tab", ...
  TransformDescriptor descriptor;
};

// The transforms the app runs, smallest first: the Learn tab's and the benchmark's 1D complex sizes,
// the Audio tab's real frames and the Image tab's real 2D pictures.
std::vector<AccuracyCase> appTransforms();

struct AccuracyMeasurement
{
  AccuracyCase which;
  double relativeError = 0; // ||engine - reference|| / ||reference||
  std::string backend;      // the plan's backend: "opencl:0", "fftw", ...
  std::string device;
  std::string fallbackReason; // when the engine's backend handed this transform to FFTW
};

// Plans `c` on `engine`, runs it once on randomSignal(seed) and compares with the double reference.
// Throws EngineError when no backend can plan it.
AccuracyMeasurement measureAccuracy(Engine& engine, const AccuracyCase& c, std::uint64_t seed = 1);

// One reference library's figure, measured on the GPU machine (NVIDIA H200), 1D complex transforms.
struct PeerAccuracy
{
  std::string library; // "cuFFT", "VkFFT", "clFFT"
  std::size_t n;       // transform length
  double relativeError;
};

// The figures at the smallest and largest measured length (N = 64 and N = 2^24) of each library.
const std::vector<PeerAccuracy>& peerAccuracy();
// The peer figures for one library, smallest N first.
std::vector<PeerAccuracy> peerAccuracy(const std::string& library);
std::vector<std::string> peerLibraries();

} // namespace spectrascope::learn
