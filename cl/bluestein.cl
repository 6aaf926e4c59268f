// Bluestein's algorithm for axis lengths with a prime factor above 13: the length-n DFT becomes a
// circular convolution of length m (smooth, m >= 2n - 1) done by the engine's own smooth-length FFTs.
//   X[k] = c[k] * sum_e (x[e] c[e]) conj(c[k - e]),   c[e] = exp(DIR i pi e^2 / n)
// gather:   work[line][e] = x[e] c[e] for e < n, 0 up to m        (the line read from its strided place)
// multiply: work *= filter, filter = FFT_m(conj(c) wrapped) / m   (precomputed on the host in double)
// scatter:  out[e] = work[line][e] c[e] * scale                    (after the inverse FFT of work)
// Lines are enumerated as in fft_stockham.cl: line g has i = g % inner, b = g / inner; element e of
// line g sits at b*dist + i + e*stride.

typedef float2 cfloat;

inline cfloat cmul(cfloat a, cfloat b) { return (cfloat)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

__kernel void bluestein_gather(__global const cfloat* in, __global cfloat* work, __global const cfloat* chirp,
                               const uint n, const uint m, const uint stride, const uint inner, const uint dist,
                               const uint totalLines)
{
  const uint e = get_global_id(0), g = get_global_id(1);
  if (e >= m || g >= totalLines) return;
  const uint i = g % inner, b = g / inner;
  work[(size_t)g * m + e] = e < n ? cmul(in[b * dist + i + e * stride], chirp[e]) : (cfloat)(0.0f);
}

__kernel void bluestein_multiply(__global cfloat* work, __global const cfloat* filter, const uint m,
                                 const uint totalLines)
{
  const uint e = get_global_id(0), g = get_global_id(1);
  if (e >= m || g >= totalLines) return;
  const size_t at = (size_t)g * m + e;
  work[at] = cmul(work[at], filter[e]);
}

__kernel void bluestein_scatter(__global const cfloat* work, __global cfloat* out, __global const cfloat* chirp,
                                const uint n, const uint m, const uint stride, const uint inner,
                                const uint distOut, const uint totalLines, const float scale)
{
  const uint e = get_global_id(0), g = get_global_id(1);
  if (e >= n || g >= totalLines) return;
  const uint i = g % inner, b = g / inner;
  out[b * distOut + i + e * stride] = cmul(work[(size_t)g * m + e], chirp[e]) * scale;
}
