#pragma once
// Numbers as a person reads them on the Learn pages: about three significant digits, a Unicode minus,
// and no single-precision rounding noise. A part of a complex value smaller than 1e-4 of its magnitude
// is noise from float arithmetic (8 − 2.9×10⁻⁸ i is 8), so it is dropped.
//   readableComplex({8, -2.94e-8})  -> "8"
//   readableComplex({0.7071, -0.7071}) -> "0.707 − 0.707i"
//   readableComplex({0, -1})        -> "−i"
//   scientific(2.3e-7)              -> "2.3 × 10⁻⁷"

#include <QString>

#include <complex>

namespace spectrascope::ui {

// A real value: whole numbers from 100 up, three significant digits below, powers of ten below 0.001
// and from a million up.
QString readableReal(double value);
QString readableComplex(std::complex<double> value);
// An angle in degrees, whole: "−45°".
QString readableDegrees(double radians);
// An error or other small figure: "2.3 × 10⁻⁷" (`significant` digits), "0" for zero.
QString scientific(double value, int significant = 2);
// Two figures on the larger one's power of ten: "0.8–2.0 × 10⁻⁷".
QString scientificRange(double low, double high);

} // namespace spectrascope::ui
