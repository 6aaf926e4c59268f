// The pair step of odd real rows, shared by cl/real_fft.cl's pair kernels and cl/fft_mixed.cl's launches
// that take the pairs themselves: two real rows a, b (rows 2p and 2p+1, `pitch` apart; the last pair of
// an odd count of `rows` has no b) travel as one complex row z = a + i b. With Z = DFT_n(z),
// A[k] = (Z[k] + conj Z[n-k]) / 2 and B[k] = (Z[k] - conj Z[n-k]) / 2i; the inverse merges
// Z[k] = A[k] + i B[k], with A[n-k] = conj A[k]. The includer defines cfloat.

// z[P] of pair p from the real rows (floats).
inline cfloat loadRealPair(__global const float* reals, const uint pitch, const uint rows, const uint p,
                           const uint P)
{
  const uint a = 2 * p;
  const float second = a + 1 < rows ? reals[(size_t)(a + 1) * pitch + P] : 0.0f;
  return (cfloat)(reals[(size_t)a * pitch + P], second);
}

// Re and Im of z[P] of pair p to the real rows (floats).
inline void storeRealPair(__global float* reals, const uint pitch, const uint rows, const uint p, const uint P,
                          const cfloat value)
{
  const uint a = 2 * p;
  reals[(size_t)a * pitch + P] = value.x;
  if (a + 1 < rows) reals[(size_t)(a + 1) * pitch + P] = value.y;
}

// A[k] and B[k] of pair p, times `scale`, to the half spectra (complex values); `partner` is Z[n-k] (Z[0]
// for k = 0, so A[0] and B[0] come out exactly real).
inline void storeSplitPair(__global cfloat* spectra, const uint pitch, const uint rows, const uint p, const uint k,
                           const cfloat z, const cfloat partner, const float scale)
{
  const cfloat mirror = (cfloat)(partner.x, -partner.y);
  const cfloat even = 0.5f * (z + mirror), odd = 0.5f * (z - mirror);
  const uint a = 2 * p;
  spectra[(size_t)a * pitch + k] = even * scale;
  if (a + 1 < rows) spectra[(size_t)(a + 1) * pitch + k] = (cfloat)(odd.y, -odd.x) * scale; // -i odd
}

// Z[P] of pair p (0 <= P < n) from the half spectra (complex values): A[k] + i B[k] with k = P, or with
// k = n - P and both conjugated past the middle. The imaginary parts of A[0] and B[0] are ignored, as
// FFTW does: the DC term of a real signal is real.
inline cfloat mergedPair(__global const cfloat* spectra, const uint pitch, const uint rows, const uint n,
                         const uint p, const uint P)
{
  const uint a = 2 * p;
  const bool mirrored = 2 * P > n;
  const uint k = mirrored ? n - P : P;
  cfloat x = spectra[(size_t)a * pitch + k];
  cfloat y = a + 1 < rows ? spectra[(size_t)(a + 1) * pitch + k] : (cfloat)(0.0f, 0.0f);
  if (P == 0) return (cfloat)(x.x, y.x);
  if (mirrored) {
    x.y = -x.y;
    y.y = -y.y;
  }
  return (cfloat)(x.x - y.y, x.y + y.x); // x + i y
}
