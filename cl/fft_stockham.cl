// Register-exchange Stockham FFT pass (after Bainville's "one work-group per DFT" kernels).
//
// One launch performs one "big-radix" Stockham step of a transform of length N along one axis:
// every line is a sub-transform of length LEN = RADIX^a * FIRST_RADIX. A work-item keeps RADIX complex
// values in registers and computes DFT_RADIX in straight-line code; values move between work-items
// only through local memory, which is nothing but the exchange buffer. The local passes use Stockham
// ordering, so no bit-reversal step exists anywhere.
//
// Global step (ns = product of the LENs of earlier launches, N = LEN * nOverL):
//   for each line j in [0, nOverL), k = j mod ns:
//     x[e] = in[(j + e*nOverL)*stride] * W_{ns*LEN}^(k*e)           e in [0, LEN)
//     X    = DFT_LEN(x)
//     out[((j - k)*LEN + k + q*ns)*stride] = X[q] * scale           q in [0, LEN)
// With ns == 1 and nOverL == 1 this is a whole transform in one launch: one read, one write.
// Lines are enumerated inner index fastest (adjacent columns of a 2D array), then j, then batch.
// Batch b starts at b*dist in the input and b*distOut in the output (padded rows of real transforms).
//
// Compile-time options (-D): LEN, RADIX, FIRST_RADIX, LINES (lines per work-group), LOAD_LINES_FASTEST and
// STORE_LINES_FASTEST (which local id varies fastest across memory when loading/storing: adjacent lines,
// or adjacent elements of one line), SPLIT_EXCHANGE (exchange re and im separately: half the local
// memory, so longer lines fit), PASS_TWIDDLE (ns > 1), TWIDDLE_ONTHEFLY, DIR (-1 forward, +1 inverse),
// REAL_ROWS (below).
//
// REAL_ROWS fuses the pairwise step of a real transform (cl/real_fft.cl has the formulas) into a row
// launch that does whole rows of the half-length complex transform (ns == 1, nOverL == 1), saving one
// read and one write of the half spectrum. 1 (R2C): after the DFT the line goes through local memory
// once more, so each work-item can pair Z[k] with Z[LEN-k] and store X[k] (and X[LEN] from Z[0]).
// 2 (C2R): each work-item forms Z[e] from X[e] and X[LEN-e] as it loads; rows of `in` hold LEN+1 values.
// realTwiddles[k] = W_{2 LEN}^k for k in [0, LEN/2], from double.

#ifndef REAL_ROWS
#define REAL_ROWS 0
#endif
#if REAL_ROWS && SPLIT_EXCHANGE
#error "the fused real step needs the float2 exchange buffer"
#endif

#define THREADS (LEN / RADIX)
#define GROUP_SIZE (THREADS * LINES)

// Local-memory layout of the exchange buffer. One pad slot every 16 elements breaks the stride-RADIX
// writes of the first local pass into distinct banks; one more slot per line makes the line stride odd,
// so lanes that each hold a different line (adjacent columns) do not all hit the same bank.
#define PADDED(e) ((e) + ((e) >> 4))
#define LINE_STRIDE (PADDED(LEN) + 1)

#include "fft_codelets.cl"

inline void dftRadix(cfloat* u, const int radix)
{
  if (radix == 2) dft2(u);
  else if (radix == 4) dft4(u);
  else if (radix == 8) dft8(u);
  else if (radix == 16) dft16(u);
}

// W_LEN^index from the double-precision host table, or computed here for comparison.
inline cfloat localTwiddle(__global const cfloat* table, uint index)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)index / (float)LEN;
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  return table[index];
#endif
}

// W_M^m for the global step (M = ns*LEN, up to 2^27): two small tables, hi and lo, so the table stays
// in cache instead of costing a second stream of global reads. Product of two correctly rounded values.
inline cfloat passTwiddle(__global const cfloat* hi, __global const cfloat* lo, uint loBits, uint m, uint M)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)m / (float)M;
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  return cmul(hi[m >> loBits], lo[m & ((1u << loBits) - 1u)]);
#endif
}

#if REAL_ROWS
// W_{2 LEN}^k for k in [0, LEN): past the middle, W^k = -conj(W^(LEN-k)).
inline cfloat realTwiddle(__global const cfloat* table, uint k)
{
  if (k <= LEN / 2) return table[k];
  const cfloat w = table[LEN - k];
  return (cfloat)(-w.x, w.y);
}

inline cfloat conjugate(cfloat a) { return (cfloat)(a.x, -a.y); }

// X[k] of a real row from Z = DFT_LEN of its pairs, for 0 < k < LEN (mirror = Z[LEN-k]).
inline cfloat realPost(cfloat z, cfloat mirror, uint k, __global const cfloat* table)
{
  const cfloat a = 0.5f * z, bc = 0.5f * conjugate(mirror);
  const cfloat d = a - bc;
  return a + bc + cmul(realTwiddle(table, k), (cfloat)(d.y, -d.x)); // E + W^k (-i) O
}

// Z[e] from the Hermitian half X[0..LEN] of a row (C2R).
inline cfloat realPre(__global const cfloat* x, uint e, __global const cfloat* table)
{
  if (e == 0) return (cfloat)(x[0].x + x[LEN].x, x[0].x - x[LEN].x);
  const cfloat a = x[e], bc = conjugate(x[LEN - e]);
  const cfloat odd = cmul(a - bc, conjugate(realTwiddle(table, e)));
  return a + bc + (cfloat)(-odd.y, odd.x); // E + i O
}
#endif

#if SPLIT_EXCHANGE
typedef float exchange_t;
#else
typedef cfloat exchange_t;
#endif

// Moves v[s + p*(RADIX/P)] to position dst[s] + p*ns of this line's exchange buffer and reloads
// v[r] = element t + r*THREADS. With SPLIT_EXCHANGE the real and imaginary parts travel in two rounds.
inline void exchange(cfloat* v, __local exchange_t* line, const uint* dst, const uint ns, const int P,
                     const uint t)
{
  const int perThread = RADIX / P;
#if SPLIT_EXCHANGE
  for (int part = 0; part < 2; ++part) {
    for (int s = 0; s < perThread; ++s)
      for (int p = 0; p < P; ++p) line[PADDED(dst[s] + p * ns)] = part ? v[s + p * perThread].y : v[s + p * perThread].x;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 0; r < RADIX; ++r) {
      if (part) v[r].y = line[PADDED(t + r * THREADS)];
      else v[r].x = line[PADDED(t + r * THREADS)];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#else
  for (int s = 0; s < perThread; ++s)
    for (int p = 0; p < P; ++p) line[PADDED(dst[s] + p * ns)] = v[s + p * perThread];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int r = 0; r < RADIX; ++r) v[r] = line[PADDED(t + r * THREADS)];
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
}

// One local Stockham pass of radix P with stride ns over the LEN values of a line. Work-item t does
// RADIX/P butterflies: butterfly j = t + s*THREADS uses elements j + p*LEN/P, i.e. v[s + p*RADIX/P].
// After the last pass (ns*P == LEN) element q = t + r*THREADS is already in v[r]: no exchange.
inline void localPass(cfloat* v, __local exchange_t* line, __global const cfloat* twiddles, const uint ns,
                      const int P, const uint t)
{
  const int perThread = RADIX / P;
  uint dst[RADIX];
  for (int s = 0; s < perThread; ++s) {
    const uint j = t + s * THREADS;
    const uint k = j & (ns - 1); // ns is a power of two
    cfloat u[RADIX];
    for (int p = 0; p < P; ++p) u[p] = v[s + p * perThread];
    if (ns > 1) {
      const uint step = LEN / (ns * P);
      for (int p = 1; p < P; ++p) u[p] = cmul(u[p], localTwiddle(twiddles, k * p * step));
    }
    dftRadix(u, P);
    for (int p = 0; p < P; ++p) v[s + p * perThread] = u[p];
    dst[s] = (j - k) * P + k;
  }
  if (ns * P < LEN) exchange(v, line, dst, ns, P, t);
}

// Moves the finished values of every line from the load mapping to the store mapping of work-items.
inline void remap(cfloat* v, __local exchange_t* lines, const uint mFrom, const uint tFrom, const uint mTo,
                  const uint tTo)
{
#if SPLIT_EXCHANGE
  for (int part = 0; part < 2; ++part) {
    for (int r = 0; r < RADIX; ++r) lines[mFrom * LINE_STRIDE + PADDED(tFrom + r * THREADS)] = part ? v[r].y : v[r].x;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 0; r < RADIX; ++r) {
      const float x = lines[mTo * LINE_STRIDE + PADDED(tTo + r * THREADS)];
      if (part) v[r].y = x;
      else v[r].x = x;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#else
  for (int r = 0; r < RADIX; ++r) lines[mFrom * LINE_STRIDE + PADDED(tFrom + r * THREADS)] = v[r];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int r = 0; r < RADIX; ++r) v[r] = lines[mTo * LINE_STRIDE + PADDED(tTo + r * THREADS)];
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
}

inline void lineOf(const uint lid, const int linesFastest, uint* m, uint* t)
{
  *m = linesFastest ? lid % LINES : lid / THREADS;
  *t = linesFastest ? lid / LINES : lid % THREADS;
}

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1))) void
fft_pass(__global const cfloat* in, __global cfloat* out, __global const cfloat* localTwiddles,
         __global const cfloat* passTwiddlesHi, __global const cfloat* passTwiddlesLo, const uint passLoBits,
         const uint ns, const uint nOverL, const uint stride, const uint inner, const uint dist,
         const uint totalLines, const float scale, const uint distOut, __global const cfloat* realTwiddles)
{
  __local exchange_t lines[LINES * LINE_STRIDE];
  const uint lid = get_local_id(0);
  const uint firstLine = get_group_id(0) * LINES;

  uint m, t;
  lineOf(lid, LOAD_LINES_FASTEST, &m, &t);
  uint g = firstLine + m;
  const bool active = g < totalLines;
  uint i = g % inner, rest = g / inner;
  uint j = rest % nOverL, b = rest / nOverL;
  const uint k = j % ns;

  cfloat v[RADIX];
  const uint inBase = b * dist + i + j * stride;
  const uint elementStride = nOverL * stride;
#if REAL_ROWS == 2
  for (int r = 0; r < RADIX; ++r) v[r] = active ? realPre(in + inBase, t + r * THREADS, realTwiddles) : (cfloat)(0.0f);
#else
  for (int r = 0; r < RADIX; ++r) v[r] = active ? in[inBase + (t + r * THREADS) * elementStride] : (cfloat)(0.0f);
#endif
#if PASS_TWIDDLE
  for (int r = 0; r < RADIX; ++r)
    v[r] = cmul(v[r], passTwiddle(passTwiddlesHi, passTwiddlesLo, passLoBits, k * (t + r * THREADS), ns * LEN));
#endif

  __local exchange_t* line = lines + m * LINE_STRIDE;
  localPass(v, line, localTwiddles, 1, FIRST_RADIX, t);
  for (uint localNs = FIRST_RADIX; localNs < LEN; localNs *= RADIX) localPass(v, line, localTwiddles, localNs, RADIX, t);

#if LOAD_LINES_FASTEST != STORE_LINES_FASTEST
  uint m2, t2;
  lineOf(lid, STORE_LINES_FASTEST, &m2, &t2);
  remap(v, lines, m, t, m2, t2);
  m = m2;
  t = t2;
  g = firstLine + m;
  i = g % inner;
  rest = g / inner;
  j = rest % nOverL;
  b = rest / nOverL;
#endif
#if REAL_ROWS == 1
  // The last local pass ended without an exchange, so the line's buffer is free.
  for (int r = 0; r < RADIX; ++r) line[PADDED(t + r * THREADS)] = v[r];
  barrier(CLK_LOCAL_MEM_FENCE);
  const cfloat z0 = line[0];
  for (int r = 0; r < RADIX; ++r) {
    const uint k = t + r * THREADS;
    v[r] = k == 0 ? (cfloat)(z0.x + z0.y, 0.0f) : realPost(v[r], line[PADDED(LEN - k)], k, realTwiddles);
  }
#endif
  if (g >= totalLines) return;
  const uint kOut = j % ns;
  const uint outBase = b * distOut + i + ((j - kOut) * LEN + kOut) * stride;
  for (int r = 0; r < RADIX; ++r) out[outBase + (t + r * THREADS) * ns * stride] = v[r] * scale;
#if REAL_ROWS == 1
  if (t == 0) out[outBase + LEN] = (cfloat)(z0.x - z0.y, 0.0f) * scale;
#endif
}
