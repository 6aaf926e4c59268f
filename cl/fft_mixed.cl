// Mixed-radix Stockham FFT pass for lengths that are not powers of two (radices 2..16, 3, 5, 7, 11, 13).
//
// The global step is exactly that of cl/fft_stockham.cl (see its header): one launch does the
// sub-transforms of length LEN of one "big-radix" step along one axis, with the pass twiddle and the
// Stockham reordering folded into its one global read and one global write.
//
// Inside the work-group the line lives in local memory. Each local pass of radix R reads its butterflies'
// inputs into registers, waits, and writes the outputs back in Stockham order, so the radices may be
// mixed freely and LEN need not be a multiple of the work-group size. Loads and stores walk the
// group's lines flat, adjacent work-items on adjacent addresses (adjacent lines for column passes).
//
// Compile-time options (-D): LEN, THREADS (work-items per line), LINES, VMAX (register values per
// work-item in the busiest pass), NUM_RADICES and RADIX_0.. (the local passes, in order),
// LOAD_LINES_FASTEST, STORE_LINES_FASTEST, PASS_TWIDDLE, TWIDDLE_ONTHEFLY, DIR (-1 forward, +1 inverse).
// With GENERIC_SHAPE the length, work-items per line and radices come as kernel arguments instead, so
// one program serves every length (no compile per size, at some speed cost); the exchange buffer is
// then a __local argument sized by the host.

#if GENERIC_SHAPE
#define LEN_OF(len) (len)
#define THREADS_OF(threads) (threads)
#define VMAX 32 // ceil(maxR / R) * R < 2 * 16 when THREADS = LEN / maxR
#else
#define LEN_OF(len) LEN
#define THREADS_OF(threads) THREADS
#endif
#define PADDED(e) ((e) + ((e) >> 4))
#define LINE_STRIDE_OF(len) (PADDED(len) + 1)

#include "fft_codelets.cl"

inline cfloat mulI(cfloat a) { return (cfloat)(-a.y, a.x); }

// cos and sin of 2 pi k / P for k = 1 .. (P-1)/2, rounded once from double.
__constant float kCos3[] = {-0.5f};
__constant float kSin3[] = {0.86602540378443865f};
__constant float kCos5[] = {0.30901699437494745f, -0.80901699437494742f};
__constant float kSin5[] = {0.95105651629515357f, 0.58778525229247314f};
__constant float kCos7[] = {0.62348980185873353f, -0.22252093395631440f, -0.90096886790241913f};
__constant float kSin7[] = {0.78183148246802981f, 0.97492791218182361f, 0.43388373911755812f};
__constant float kCos11[] = {0.84125353283118117f, 0.41541501300188643f, -0.14231483827328514f,
                             -0.65486073394528506f, -0.95949297361449739f};
__constant float kSin11[] = {0.54064081745559756f, 0.90963199535451837f, 0.98982144188093273f,
                             0.75574957435425828f, 0.28173255684142969f};
__constant float kCos13[] = {0.88545602565320989f, 0.56806474673115581f, 0.12053668025532305f,
                             -0.35460488704253562f, -0.74851074817110109f, -0.97094181742605202f};
__constant float kSin13[] = {0.46472317204376854f, 0.82298386589365639f, 0.99270887409805397f,
                             0.93501624268541483f, 0.66312265824079520f, 0.23931566428755777f};

// Odd prime P: pairs u[m], u[P-m] share |twiddle|, so X[k] and X[P-k] come from the same sums.
inline void dftOddPrime(cfloat* u, const int P, __constant const float* c, __constant const float* s)
{
  const int H = (P - 1) / 2;
  cfloat sums[6], diffs[6];
  cfloat total = u[0];
  for (int m = 1; m <= H; ++m) {
    sums[m - 1] = u[m] + u[P - m];
    diffs[m - 1] = u[m] - u[P - m];
    total += sums[m - 1];
  }
  const cfloat x0 = u[0];
  for (int k = 1; k <= H; ++k) {
    cfloat re = x0, im = (cfloat)(0.0f);
    for (int m = 1; m <= H; ++m) {
      const int km = (k * m) % P;
      const bool low = km <= H;
      const float cosv = low ? c[km - 1] : c[P - km - 1];
      const float sinv = low ? s[km - 1] : -s[P - km - 1];
      re += sums[m - 1] * cosv;
      im += diffs[m - 1] * sinv;
    }
    const cfloat rotated = (float)DIR * mulI(im);
    u[k] = re + rotated;
    u[P - k] = re - rotated;
  }
  u[0] = total;
}

inline void dftRadix(cfloat* u, const int radix)
{
  switch (radix) {
  case 2: dft2(u); break;
  case 3: dftOddPrime(u, 3, kCos3, kSin3); break;
  case 4: dft4(u); break;
  case 5: dftOddPrime(u, 5, kCos5, kSin5); break;
  case 7: dftOddPrime(u, 7, kCos7, kSin7); break;
  case 8: dft8(u); break;
  case 11: dftOddPrime(u, 11, kCos11, kSin11); break;
  case 13: dftOddPrime(u, 13, kCos13, kSin13); break;
  case 16: dft16(u); break;
  }
}

inline cfloat localTwiddle(__global const cfloat* table, uint index, uint len)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)index / (float)len;
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  return table[index];
#endif
}

inline cfloat passTwiddle(__global const cfloat* hi, __global const cfloat* lo, uint loBits, uint m, uint M)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)(m % M) / (float)M;
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  m %= M;
  return cmul(hi[m >> loBits], lo[m & ((1u << loBits) - 1u)]);
#endif
}

// One local Stockham pass of radix R with stride ns: butterfly b takes elements b + r*LEN/R and writes
// element (b - b%ns)*R + b%ns + q*ns. Every work-item reads all its inputs before any output is written.
inline void localPass(__local cfloat* line, __global const cfloat* twiddles, const uint t, const uint ns,
                      const int R, const uint len, const uint threads)
{
  const uint butterflies = len / R;
  const uint perThread = (butterflies + threads - 1) / threads;
  cfloat v[VMAX];
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * threads;
    if (b < butterflies)
      for (int r = 0; r < R; ++r) v[s * R + r] = line[PADDED(b + r * butterflies)];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * threads;
    if (b >= butterflies) continue;
    const uint k = b % ns;
    cfloat u[16];
    for (int r = 0; r < R; ++r) u[r] = v[s * R + r];
    if (ns > 1) {
      const uint step = len / (ns * R);
      for (int r = 1; r < R; ++r) u[r] = cmul(u[r], localTwiddle(twiddles, k * r * step, len));
    }
    dftRadix(u, R);
    const uint base = (b - k) * R + k;
    for (int q = 0; q < R; ++q) line[PADDED(base + q * ns)] = u[q];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

#ifndef RADIX_0
#define RADIX_0 1
#endif
#ifndef RADIX_1
#define RADIX_1 1
#endif
#ifndef RADIX_2
#define RADIX_2 1
#endif
#ifndef RADIX_3
#define RADIX_3 1
#endif
#ifndef RADIX_4
#define RADIX_4 1
#endif
#ifndef RADIX_5
#define RADIX_5 1
#endif
#ifndef RADIX_6
#define RADIX_6 1
#endif
#ifndef RADIX_7
#define RADIX_7 1
#endif
#ifndef RADIX_8
#define RADIX_8 1
#endif
#ifndef RADIX_9
#define RADIX_9 1
#endif
#ifndef RADIX_10
#define RADIX_10 1
#endif
#ifndef RADIX_11
#define RADIX_11 1
#endif

#define LOCAL_PASS(i)                                                                                            \
  if (NUM_RADICES > i) {                                                                                         \
    localPass(line, localTwiddles, t, ns, RADIX_##i, LEN, THREADS);                                              \
    ns *= RADIX_##i;                                                                                             \
  }

// Where line g's element e sits: (b, i, j) from g as in fft_stockham.cl.
inline void splitLine(uint g, uint inner, uint nOverL, uint* i, uint* j, uint* b)
{
  *i = g % inner;
  const uint rest = g / inner;
  *j = rest % nOverL;
  *b = rest / nOverL;
}

#if GENERIC_SHAPE
__kernel void
#else
__kernel __attribute__((reqd_work_group_size(THREADS * LINES, 1, 1))) void
#endif
fft_mixed_pass(__global const cfloat* in, __global cfloat* out, __global const cfloat* localTwiddles,
               __global const cfloat* passTwiddlesHi, __global const cfloat* passTwiddlesLo, const uint passLoBits,
               const uint ns, const uint nOverL, const uint stride, const uint inner, const uint dist,
               const uint totalLines, const float scale, const uint distOut, const uint len, const uint threads,
               __global const uint* radices, const uint radixCount, __local cfloat* sharedLines)
{
#if GENERIC_SHAPE
  __local cfloat* lines = sharedLines;
#else
  __local cfloat lines[LINES * LINE_STRIDE_OF(LEN)];
#endif
  const uint length = LEN_OF(len), lineThreads = THREADS_OF(threads);
  const uint lineStride = LINE_STRIDE_OF(length), groupSize = lineThreads * LINES;
  const uint lid = get_local_id(0);
  const uint firstLine = get_group_id(0) * LINES;
  const uint count = LINES * length;

  for (uint idx = lid; idx < count; idx += groupSize) {
    const uint m = LOAD_LINES_FASTEST ? idx % LINES : idx / length;
    const uint e = LOAD_LINES_FASTEST ? idx / LINES : idx % length;
    const uint g = firstLine + m;
    if (g >= totalLines) continue;
    uint i, j, b;
    splitLine(g, inner, nOverL, &i, &j, &b);
    cfloat x = in[b * dist + i + (j + e * nOverL) * stride];
#if PASS_TWIDDLE
    x = cmul(x, passTwiddle(passTwiddlesHi, passTwiddlesLo, passLoBits, (j % ns) * e, ns * length));
#endif
    lines[m * lineStride + PADDED(e)] = x;
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  {
    const uint t = lid % lineThreads;
    __local cfloat* line = lines + (lid / lineThreads) * lineStride;
    uint ns = 1;
#if GENERIC_SHAPE
    for (uint p = 0; p < radixCount; ++p) {
      localPass(line, localTwiddles, t, ns, (int)radices[p], length, lineThreads);
      ns *= radices[p];
    }
#else
    LOCAL_PASS(0)
    LOCAL_PASS(1)
    LOCAL_PASS(2)
    LOCAL_PASS(3)
    LOCAL_PASS(4)
    LOCAL_PASS(5)
    LOCAL_PASS(6)
    LOCAL_PASS(7)
    LOCAL_PASS(8)
    LOCAL_PASS(9)
    LOCAL_PASS(10)
    LOCAL_PASS(11)
#endif
  }

  for (uint idx = lid; idx < count; idx += groupSize) {
    const uint m = STORE_LINES_FASTEST ? idx % LINES : idx / length;
    const uint q = STORE_LINES_FASTEST ? idx / LINES : idx % length;
    const uint g = firstLine + m;
    if (g >= totalLines) continue;
    uint i, j, b;
    splitLine(g, inner, nOverL, &i, &j, &b);
    const uint k = j % ns;
    out[b * distOut + i + ((j - k) * length + k + q * ns) * stride] = lines[m * lineStride + PADDED(q)] * scale;
  }
}
