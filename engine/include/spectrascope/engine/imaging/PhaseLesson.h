#pragma once
// The phase lesson: what the magnitude and the phase of an image's 2D spectrum each carry.
//
// F = FFT2(image). The magnitude-only reconstruction is IFFT2(|F|) (every phase set to zero), the
// phase-only one IFFT2(F / |F|) (every magnitude set to one), and a swap IFFT2(|A| e^(i arg B)) takes the
// magnitude of one picture and the phase of another. The phase-only picture keeps the edges and the
// swap looks like the picture whose phase it has: where things are is written in the phase.
//
// Transforms run through the engine's 2D complex plans (whichever backend the engine uses). Images are
// one plane (luminance) of the same size; results are the real part of the inverse transform, unscaled
// beyond the transform's own 1/N (the spectra of real images are Hermitian, so the imaginary part is
// rounding noise). forDisplay() turns a result into 8-bit pixels.

#include "spectrascope/engine/imaging/PlanarImage.h"

#include <complex>
#include <vector>

namespace spectrascope {
class Engine;
}

namespace spectrascope::imaging {

struct PhaseLessonResult
{
  PlanarImage magnitudeOnly;    // IFFT2(|A|)
  PlanarImage phaseOnly;        // IFFT2(A / |A|)
  PlanarImage magnitudeAPhaseB; // IFFT2(|A| e^(i arg B)); empty without a second image
  PlanarImage magnitudeBPhaseA; // IFFT2(|B| e^(i arg A)); empty without a second image
};

class PhaseLesson
{
public:
  explicit PhaseLesson(Engine& engine) : engine_(engine) {}

  // One-plane images only; throws EngineError (InvalidArgument) for an empty or multi-plane image.
  PlanarImage magnitudeOnly(const PlanarImage& image) const;
  PlanarImage phaseOnly(const PlanarImage& image) const;
  // Throws InvalidArgument when the two differ in size.
  PlanarImage swapped(const PlanarImage& magnitudeFrom, const PlanarImage& phaseFrom) const;
  // All four at once, each spectrum computed once; `b` may be empty (no swaps then).
  PhaseLessonResult all(const PlanarImage& a, const PlanarImage& b) const;

private:
  using Spectrum = std::vector<std::complex<float>>;
  Spectrum spectrum(const PlanarImage& image) const;
  PlanarImage inverse(Spectrum spectrum, std::size_t width, std::size_t height) const;
  static Spectrum magnitudes(const Spectrum& s);
  static Spectrum unitPhasors(const Spectrum& s);
  static Spectrum combined(const Spectrum& magnitudeFrom, const Spectrum& phaseFrom);

  Engine& engine_;
};

enum class PhaseLessonDisplay {
  Stretched, // the 1st to 99th percentile spread over 0..255
  Centred,   // the same, shifted by half the size so (0, 0) sits in the middle: IFFT2(|F|) is a peak there
};

// 8-bit grey pixels of a result. Percentiles rather than min/max: one bright peak would leave the rest
// black.
PlanarBytes forDisplay(const PlanarImage& result, PhaseLessonDisplay display);

} // namespace spectrascope::imaging
