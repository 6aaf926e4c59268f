// Real transforms through a complex transform of half the length (even row length n = 2h).
// Forward: the n reals of a row are read as h complex values z[j] = x[2j] + i x[2j+1] (no copy: that is
// their memory layout), Z = DFT_h(z) along the rows, then r2c_post turns Z into the Hermitian half
// X[0..h] in place. Inverse: c2r_pre turns X[0..h] into Z (with the overall scale), then the inverse
// DFT_h along the rows leaves the real row in place. One work-item handles the pair (k, h - k), so both
// kernels may run in place. twiddles[k] = W_n^k = exp(-2 pi i k / n), k in [0, h/2], from double.
// The launch is flat over rows x pairs, so short rows do not leave most of a work-group idle.

typedef float2 cfloat;

inline cfloat cmul(cfloat a, cfloat b) { return (cfloat)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
inline cfloat conjugate(cfloat a) { return (cfloat)(a.x, -a.y); }
inline cfloat mulMinusI(cfloat a) { return (cfloat)(a.y, -a.x); }
inline cfloat mulI(cfloat a) { return (cfloat)(-a.y, a.x); }

// X[k] = E[k] + W^k O[k], E = (Z[k] + conj Z[h-k]) / 2, O = -i (Z[k] - conj Z[h-k]) / 2,
// and X[h-k] = conj(E - W^k O).
__kernel void r2c_post(__global cfloat* data, __global const cfloat* twiddles, const uint h, const uint pitch,
                       const uint rows)
{
  const uint pairs = h / 2 + 1;
  const uint id = get_global_id(0), k = id % pairs, row = id / pairs;
  if (row >= rows) return;
  __global cfloat* x = data + (size_t)row * pitch;
  if (k == 0) {
    const cfloat z0 = x[0];
    x[0] = (cfloat)(z0.x + z0.y, 0.0f);
    x[h] = (cfloat)(z0.x - z0.y, 0.0f);
    return;
  }
  const cfloat a = x[k], bc = conjugate(x[h - k]);
  const cfloat even = 0.5f * (a + bc);
  const cfloat odd = cmul(twiddles[k], mulMinusI(0.5f * (a - bc)));
  x[k] = even + odd;
  x[h - k] = conjugate(even - odd);
}

// Z[k] = (E + i O) * scale, E = X[k] + conj X[h-k], O = (X[k] - conj X[h-k]) conj(W^k),
// and Z[h-k] = conj(E - i O) * scale. Reads `in` (pitch inPitch), writes `out` (pitch outPitch).
__kernel void c2r_pre(__global const cfloat* in, __global cfloat* out, __global const cfloat* twiddles,
                      const uint h, const uint inPitch, const uint outPitch, const uint rows, const float scale)
{
  const uint pairs = h / 2 + 1;
  const uint id = get_global_id(0), k = id % pairs, row = id / pairs;
  if (row >= rows) return;
  __global const cfloat* x = in + (size_t)row * inPitch;
  __global cfloat* z = out + (size_t)row * outPitch;
  if (k == 0) {
    const float x0 = x[0].x, xh = x[h].x;
    z[0] = (cfloat)(x0 + xh, x0 - xh) * scale;
    return;
  }
  const cfloat a = x[k], bc = conjugate(x[h - k]);
  const cfloat even = a + bc;
  const cfloat odd = cmul(a - bc, conjugate(twiddles[k]));
  z[k] = (even + mulI(odd)) * scale;
  z[h - k] = conjugate(even - mulI(odd)) * scale;
}

// Odd row lengths have no half-length form: R2C promotes each row to complex, transforms it whole and
// keeps the first n/2 + 1 values; C2R rebuilds each row's upper half from Hermitian symmetry (after the
// other axes are done), transforms it whole and keeps the real parts. Flat launches over rows x n.
__kernel void promote_real(__global const float* in, __global cfloat* out, const uint n, const uint inPitch,
                           const uint rows)
{
  const uint id = get_global_id(0), e = id % n, row = id / n;
  if (row >= rows) return;
  out[(size_t)row * n + e] = (cfloat)(in[(size_t)row * inPitch + e], 0.0f);
}

__kernel void keep_half(__global const cfloat* in, __global cfloat* out, const uint n, const uint outPitch,
                        const uint rows)
{
  const uint kept = n / 2 + 1, id = get_global_id(0), k = id % kept, row = id / kept;
  if (row >= rows) return;
  out[(size_t)row * outPitch + k] = in[(size_t)row * n + k];
}

__kernel void expand_hermitian(__global const cfloat* in, __global cfloat* out, const uint n, const uint inPitch,
                               const uint rows, const float scale)
{
  const uint id = get_global_id(0), e = id % n, row = id / n;
  if (row >= rows) return;
  const bool upper = e > n / 2;
  cfloat v = in[(size_t)row * inPitch + (upper ? n - e : e)];
  if (upper) v = conjugate(v);
  if (e == 0) v.y = 0.0f; // the DC term of a real signal is real; its imaginary part is ignored, as FFTW does
  out[(size_t)row * n + e] = v * scale;
}

__kernel void keep_real(__global const cfloat* in, __global float* out, const uint n, const uint outPitch,
                        const uint rows)
{
  const uint id = get_global_id(0), e = id % n, row = id / n;
  if (row >= rows) return;
  out[(size_t)row * outPitch + e] = in[(size_t)row * n + e].x;
}
