#pragma once
// Analysis windows exactly as scipy.signal.get_window defines them with its default fftbins=True, i.e.
// periodic: the symmetric window of length N+1 with its last sample dropped. For example Hann is
// w[n] = 0.5 - 0.5 cos(2 pi n / N), n = 0..N-1.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace spectrascope::audio {

enum class WindowType { Rectangular, Hann, Hamming, Blackman, BlackmanHarris, FlatTop, Kaiser, Gaussian };

struct WindowSpec
{
  WindowType type = WindowType::Hann;
  // Kaiser: beta (scipy's default in get_window is required; 8.6 is a common choice, close to Blackman).
  // Gaussian: sigma in samples (scipy's std).
  double parameter = 0;

  bool operator==(const WindowSpec&) const = default;
};

// The parameters a double can compute. Kaiser: I0(beta) overflows just above beta = 713. Gaussian: below
// 0.1 samples only the centre sample is not 0 (and below about 1e-154, 2 sigma^2 underflows and the centre
// is 0/0), which is no window; above 1e9 samples it is rectangular for any frame.
constexpr double kMaxKaiserBeta = 700;
constexpr double kMinGaussianSigma = 0.1, kMaxGaussianSigma = 1e9;

// InvalidArgument naming the valid range if `spec`'s parameter is outside it (0 means the default).
void checkWindowParameter(const WindowSpec& spec);

// The window's samples, length n >= 1, in double precision. Checks the parameter as above.
std::vector<double> makeWindow(const WindowSpec& spec, std::size_t n);

// One-sided amplitude correction: a sine of amplitude A at a bin centre gives |X[k]| = A * sum(w) / 2,
// so dividing the magnitude by sum(w)/2 makes a full-scale sine read 1 (0 dBFS) in every window.
double amplitudeCorrection(const std::vector<double>& window);

// Names as the CLI and the GUI spell them: "rectangular" (also "boxcar"), "hann", "hamming", "blackman",
// "blackmanharris", "flattop", "kaiser" or "kaiser:BETA", "gaussian" or "gaussian:SIGMA". A Gaussian's
// default sigma is N/8 (given as 0 here and resolved against N by makeWindow); Kaiser's default beta is 8.6.
// Nothing on an unknown name.
std::optional<WindowSpec> parseWindow(const std::string& name);
std::string windowName(const WindowSpec& spec);
// All names, for help texts and pickers.
std::vector<std::string> windowNames();

} // namespace spectrascope::audio
