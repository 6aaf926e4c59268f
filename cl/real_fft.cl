// Real transforms through a complex transform of half the length (even row length n = 2h); odd row
// lengths through one complex row for every two real rows (below).
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

#include "real_pairs.cl"

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

// Odd row lengths n have no half-length form. Two real rows a, b go through one complex row instead,
// z = a + i b: the DFT is linear and a real row's DFT is Hermitian, so with Z = DFT_n(z),
// A[k] = (Z[k] + conj Z[n-k]) / 2 and B[k] = (Z[k] - conj Z[n-k]) / (2i), k in [0, n/2] (Z[n] = Z[0]).
// That is half as many complex rows as real ones; the last row of an odd count pairs with a zero row
// whose spectrum is not written. The inverse merges two half spectra into Z[k] = A[k] + i B[k] over the
// whole row (A[n-k] = conj A[k]), and the inverse DFT_n leaves a in the real parts and b in the
// imaginary ones. The complex rows are a buffer of their own (pitch n), so every kernel here reads one
// buffer and writes another: the plan may run in place. Flat launches over pairs x values, the value
// index fastest, so consecutive work-items touch consecutive addresses (the mirrored Z[n-k] runs
// backwards through them).

// The pack and unpack move little per value (two floats and one complex value), so each work-item takes
// VALUES_PER_ITEM values of the flat index, a group's work-items adjacent in each round, to keep enough
// loads in flight per work-item (the host launches items / VALUES_PER_ITEM work-items in groups of 64).
#define VALUES_PER_ITEM 4
#define FLAT_GROUP 64
#define FOR_EACH_VALUE(f)                                                                                       \
  for (uint round = 0, f = get_group_id(0) * (FLAT_GROUP * VALUES_PER_ITEM) + get_local_id(0);               \
       round < VALUES_PER_ITEM; ++round, f += FLAT_GROUP)

// z[j] = a[j] + i b[j]; b = 0 for the last row of an odd count.
__kernel void pack_real_pairs(__global const float* in, __global cfloat* out, const uint n, const uint inPitch,
                              const uint rows)
{
  const uint pairs = (rows + 1) / 2;
  FOR_EACH_VALUE(f)
  {
    const uint j = f % n, pair = f / n;
    if (pair >= pairs) return;
    out[(size_t)pair * n + j] = loadRealPair(in, inPitch, rows, pair, j);
  }
}

// The two half spectra of a pair, each row at `outPitch`. A[0] and B[0] come out exactly real.
__kernel void split_real_pairs(__global const cfloat* in, __global cfloat* out, const uint n,
                               const uint outPitch, const uint rows)
{
  const uint kept = n / 2 + 1, pairs = (rows + 1) / 2;
  const uint id = get_global_id(0), k = id % kept, pair = id / kept;
  if (pair >= pairs) return;
  __global const cfloat* z = in + (size_t)pair * n;
  storeSplitPair(out, outPitch, rows, pair, k, z[k], z[k == 0 ? 0 : n - k], 1.0f);
}

// Z[k] = (A[k] + i B[k]) * scale and Z[n-k] = (conj A[k] + i conj B[k]) * scale from the half spectra
// (pitch inPitch); B = 0 for the last row of an odd count. The imaginary parts of A[0] and B[0] are
// ignored, as FFTW does: the DC term of a real signal is real.
__kernel void merge_real_pairs(__global const cfloat* in, __global cfloat* out, const uint n,
                               const uint inPitch, const uint rows, const float scale)
{
  const uint kept = n / 2 + 1, pairs = (rows + 1) / 2;
  const uint id = get_global_id(0), k = id % kept, pair = id / kept;
  if (pair >= pairs) return;
  __global cfloat* z = out + (size_t)pair * n;
  z[k] = mergedPair(in, inPitch, rows, n, pair, k) * scale;
  if (k > 0) z[n - k] = mergedPair(in, inPitch, rows, n, pair, n - k) * scale;
}

// a[j] = Re z[j], b[j] = Im z[j]; nothing for the missing row of an odd count.
__kernel void unpack_real_pairs(__global const cfloat* in, __global float* out, const uint n,
                                const uint outPitch, const uint rows)
{
  const uint pairs = (rows + 1) / 2;
  FOR_EACH_VALUE(f)
  {
    const uint j = f % n, pair = f / n;
    if (pair >= pairs) return;
    storeRealPair(out, outPitch, rows, pair, j, in[(size_t)pair * n + j]);
  }
}
