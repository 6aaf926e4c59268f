// Register-exchange Stockham FFT pass (after Bainville's "one work-group per DFT" kernels), radix 2 to 32.
//
// One launch performs one "big-radix" Stockham step of a transform of length N along one axis:
// every line is a sub-transform of length LEN = FIRST_RADIX * RADIX^a. A work-item keeps RADIX complex
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
// or adjacent elements of one line), EXCHANGE_PARTS (below), PASS_TWIDDLE (ns > 1), TWIDDLE_ONTHEFLY,
// DIR (-1 forward, +1 inverse), REAL_ROWS (below).
//
// EXCHANGE_PARTS (1, 2 or 4): an exchange through local memory moves the line in that many rounds, a
// part of LEN / EXCHANGE_PARTS elements per round, so a line up to four times the buffer fits (8192 and
// 16384 in one launch within 48 KB). Each round is a barrier pair. H100, 8192: moving float2 halves took
// 0.206 ms where moving re, then im, of the whole line (the same local memory and barriers, twice the
// local-memory instructions, and 170 registers against 128) took 0.306.
//
// Everything that depends on the local pass (its stride, twiddle offsets, exchange addresses) is a
// compile-time constant: the passes are unrolled, so the values stay in registers (a loop over passes
// with a run-time stride indexes the register arrays dynamically, which puts them in slow private memory)
// and the index arithmetic folds away.
//
// Twiddle tables are laid out for the way a warp reads them. Local pass with stride ns (> 1) reads
// W_{ns*RADIX}^(k*p) for its k = t mod ns and p in [1, RADIX); the table holds, pass after pass (the
// first pass too, although it needs none), p-major rows of ns values, so for each p adjacent work-items
// read adjacent entries (one or two cache lines per warp instead of one per work-item):
//   localTwiddles[(ns - 1) + (p - 1)*ns + k] = W_{ns*RADIX}^(k*p)
// (the passes before hold sum (R - 1)*ns = ns - 1 entries; cl/fft_mixed.cl uses the same layout).
// The pass twiddle W_M^(k*e) (M = ns*LEN) of element e = t + r*THREADS splits into W_M^(k*t), read once
// per work-item from the two-level table (passTwiddlesHi/Lo), times W_M^(k*THREADS*r), which depends only
// on the line and r: the work-group computes that row once per line into local memory.
//
// REAL_ROWS fuses the pairwise step of a real transform (cl/real_fft.cl has the formulas) into a row
// launch that does whole rows of the half-length complex transform (ns == 1, nOverL == 1), saving one
// read and one write of the half spectrum. 1 (R2C): after the DFT the line goes through local memory
// once more, so each work-item can pair Z[k] with Z[LEN-k] and store X[k] (and X[LEN] from Z[0]).
// 2 (C2R): each work-item forms Z[e] from X[e] and X[LEN-e] as it loads; rows of `in` hold LEN+1 values.
// 3 (R2C, rows longer than one launch): the last launch of the rows' four-step (ns > 1, nOverL == ns,
// half length REAL_HALF = ns*LEN) does the pairwise step. Its line j holds Z[j + q*ns], whose partners
// Z[REAL_HALF - j - q*ns] are element LEN-1-q of line ns-j; so a work-group takes its lines in pairs,
// slots 2p and 2p+1 holding lines p and ns-p (pair 0: lines 0 and ns/2, each its own partner), and
// after the DFT both lines of a pair meet in local memory.
// 4 (C2R, rows longer than one launch): the first launch of the rows' four-step (ns == 1, half length
// REAL_HALF = nOverL*LEN) forms each Z[j + e*nOverL] as it loads, reading X[K] and X[REAL_HALF-K] (the
// mirror belongs to another line, so it is read from global memory; the launch never runs in place).
// realTwiddles gives W_{2 REAL_HALF}^k for k in [0, REAL_HALF/2] (realTwiddle below).

#ifndef REAL_ROWS
#define REAL_ROWS 0
#endif
#ifndef REAL_HALF
#define REAL_HALF LEN
#endif
#ifndef EXCHANGE_PARTS
#define EXCHANGE_PARTS 1
#endif
#if (REAL_ROWS == 1 || REAL_ROWS == 2) && EXCHANGE_PARTS > 1
#error "the fused real step of single-launch rows needs the whole line in the exchange buffer"
#endif
#if REAL_ROWS == 3 && EXCHANGE_PARTS > 2
#error "the mirrored pairs of REAL_ROWS 3 take at most two rounds"
#endif
// REAL_ROWS 3 pairs element q with element LEN-1-q of another line, which lies in the other half: its
// two rounds move the real parts of whole lines, then the imaginary parts.
#define REIM_EXCHANGE (REAL_ROWS == 3 && EXCHANGE_PARTS == 2)

#define THREADS (LEN / RADIX)
#define GROUP_SIZE (THREADS * LINES)

// log2 of a power of two up to 2^27, as a constant expression.
#define ILOG2(n)                                                                                               \
  (((n) >= 2u) + ((n) >= 4u) + ((n) >= 8u) + ((n) >= 16u) + ((n) >= 32u) + ((n) >= 64u) + ((n) >= 128u) +     \
   ((n) >= 256u) + ((n) >= 512u) + ((n) >= 1024u) + ((n) >= 2048u) + ((n) >= 4096u) + ((n) >= 8192u) +        \
   ((n) >= 16384u) + ((n) >= 32768u) + ((n) >= 65536u) + ((n) >= 131072u) + ((n) >= 262144u) +                 \
   ((n) >= 524288u) + ((n) >= 1048576u) + ((n) >= 2097152u) + ((n) >= 4194304u) + ((n) >= 8388608u) +         \
   ((n) >= 16777216u) + ((n) >= 33554432u) + ((n) >= 67108864u) + ((n) >= 134217728u))
#define LOG2_RADIX ILOG2(RADIX)
// Local passes after the first (radix FIRST_RADIX, stride 1): each of radix RADIX.
#define LATER_PASSES ((ILOG2(LEN) - ILOG2(FIRST_RADIX)) / LOG2_RADIX)

// Local-memory layout of the exchange buffer. One pad slot every 16 elements (32 at radix 32) breaks the
// stride-RADIX writes of the first local pass into distinct banks; the line stride (below) keeps lanes
// that hold different lines (adjacent columns) off each other's banks.
#define PAD_SHIFT (RADIX == 32 ? 5 : 4)
#define PADDED(e) ((e) + ((e) >> PAD_SHIFT))
#define PART_LEN (LEN / EXCHANGE_PARTS)
// Lanes that walk adjacent lines (LOAD_ or STORE_LINES_FASTEST) hold, within a 128-byte wavefront of local
// memory (16 float2 values, a half-warp's; 32 floats with REIM_EXCHANGE), min(LINES, 16) lines and the
// rest adjacent elements of each. With 2 to 15 lines, lines apart by a multiple of the wavefront plus its
// slots / LINES, and with 16 and more an odd stride, land those lanes on distinct banks; an odd stride
// alone put 4 lines of 8 elements on 11 banks. StockhamPlanner's exchangeSlots budgets the rounding.
#if REIM_EXCHANGE
#define BANK_SLOTS 32
#else
#define BANK_SLOTS 16
#endif
#ifndef SPREAD_LINES
#define SPREAD_LINES 1 // 0: the odd stride alone, for comparison
#endif
#define SPREAD_STRIDE(padded)                                                                         \
  (SPREAD_LINES && LINES > 1 && LINES < 16                                                            \
       ? ((padded) + BANK_SLOTS - 1) / BANK_SLOTS * BANK_SLOTS + BANK_SLOTS / LINES                   \
       : ((padded) | 1))
#if REIM_EXCHANGE
#define LINE_STRIDE SPREAD_STRIDE(PADDED(LEN))
#else
#define LINE_STRIDE SPREAD_STRIDE(PADDED(PART_LEN))
#endif

#include "fft_codelets.cl"

inline void dftRadix(cfloat* u, const int radix)
{
  if (radix == 2) dft2(u);
  else if (radix == 4) dft4(u);
  else if (radix == 8) dft8(u);
  else if (radix == 16) dft16(u);
  else if (radix == 32) dft32(u);
}

// W_{ns*RADIX}^(k*p) for the local pass with stride ns, from the p-major host table (header), or
// computed here for comparison.
inline cfloat localTwiddle(__global const cfloat* restrict table, const uint ns, const uint k, const int p)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)(k * p) / (float)(ns * RADIX);
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  return table[(ns - 1) + (p - 1) * ns + k];
#endif
}

// W_M^m for the global step (M = ns*LEN, up to 2^27): two small tables, hi and lo, so the table stays
// in cache instead of costing a second stream of global reads. Product of two correctly rounded values.
inline cfloat passTwiddle(__global const cfloat* restrict hi, __global const cfloat* restrict lo, uint loBits,
                          uint m, uint M)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)(m & (M - 1u)) / (float)M;
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  m &= M - 1u; // M is a power of two
  return cmul(hi[m >> loBits], lo[m & ((1u << loBits) - 1u)]);
#endif
}

#if REAL_ROWS
// W_{2 H}^k (H = REAL_HALF) for k in [0, H/2]. Rows of several launches (REAL_ROWS 3 and 4): the whole
// row's table would be megabytes read from memory, so the host gives two short ones (TwiddleTables'
// nearOneTwiddles), hi[k >> REAL_LO_BITS] and near = W^(k & mask) - 1, for hi + hi * near. Rows of one
// launch read their table of H/2 + 1 from cache (two tables there: C2R 8192 0.117 -> 0.136 ms).
inline cfloat realTwiddleToMiddle(__global const cfloat* table, uint k)
{
#if REAL_ROWS >= 3
  const cfloat hi = table[k >> REAL_LO_BITS];
  const cfloat near = table[REAL_HI_COUNT + (k & ((1u << REAL_LO_BITS) - 1u))];
  return hi + cmul(hi, near);
#else
  return table[k];
#endif
}

// W_{2 H}^k for k in [0, H): past the middle, W^k = -conj(W^(H-k)).
inline cfloat realTwiddle(__global const cfloat* table, uint k)
{
  if (k <= REAL_HALF / 2) return realTwiddleToMiddle(table, k);
  const cfloat w = realTwiddleToMiddle(table, REAL_HALF - k);
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

// Z[e] from the Hermitian half X[0..H] of a row (C2R), H = REAL_HALF.
inline cfloat realPre(__global const cfloat* x, uint e, __global const cfloat* table)
{
  if (e == 0) return (cfloat)(x[0].x + x[REAL_HALF].x, x[0].x - x[REAL_HALF].x);
  const cfloat a = x[e], bc = conjugate(x[REAL_HALF - e]);
  const cfloat odd = cmul(a - bc, conjugate(realTwiddle(table, e)));
  return a + bc + (cfloat)(-odd.y, odd.x); // E + i O
}
#endif

#if REIM_EXCHANGE
typedef float exchange_t;
#else
typedef cfloat exchange_t;
#endif

// Moves v[r] to position to[r] of this line's exchange buffer and reloads v[r] = element t + r*THREADS,
// one part of the line per round: round q stores the values with part[r] == q (to[r] / PART_LEN, which
// the callers give in a form the compiler sees as a constant or as uniform over a warp) and loads
// elements t + r*THREADS of that part, r in [q, q + 1) * RADIX / EXCHANGE_PARTS. With REIM_EXCHANGE the
// real and imaginary parts of the whole line travel in two rounds.
INLINE void exchange(cfloat* v, __local exchange_t* line, const uint* to, const uint* part, const uint t)
{
#if !REIM_EXCHANGE
  cfloat loaded[RADIX];
  UNROLL
  for (uint round = 0; round < EXCHANGE_PARTS; ++round) {
    UNROLL
    for (int r = 0; r < RADIX; ++r)
      if (part[r] == round) line[PADDED(to[r] - round * PART_LEN)] = v[r];
    barrier(CLK_LOCAL_MEM_FENCE);
    UNROLL
    for (int r = round * (RADIX / EXCHANGE_PARTS); r < (round + 1) * (RADIX / EXCHANGE_PARTS); ++r)
      loaded[r] = line[PADDED(t + r * THREADS - round * PART_LEN)];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  UNROLL
  for (int r = 0; r < RADIX; ++r) v[r] = loaded[r];
#else
  UNROLL
  for (int part = 0; part < 2; ++part) {
    UNROLL
    for (int r = 0; r < RADIX; ++r) line[PADDED(to[r])] = part ? v[r].y : v[r].x;
    barrier(CLK_LOCAL_MEM_FENCE);
    UNROLL
    for (int r = 0; r < RADIX; ++r) {
      if (part) v[r].y = line[PADDED(t + r * THREADS)];
      else v[r].x = line[PADDED(t + r * THREADS)];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#endif
}

// The local passes. Loop bounds are macros, never parameters: a compiler may unroll a callee's loops
// before inlining it, and a bound it cannot see yet leaves a partly unrolled loop that indexes v[]
// dynamically.
#define FIRST_PER_THREAD (RADIX / FIRST_RADIX)

// The part of the line that butterfly j = t + s*THREADS of the first pass writes (elements j*FIRST_RADIX
// + p, every p alike): j / (PART_LEN / FIRST_RADIX), written so that the compiler sees t < THREADS. Where a
// work-item has at least one butterfly per part, s alone tells, a constant after unrolling; else s and t.
inline uint firstPassPart(const int s, const uint t)
{
#if FIRST_PER_THREAD >= EXCHANGE_PARTS
  return (uint)s / (FIRST_PER_THREAD / EXCHANGE_PARTS);
#else
  return (uint)s * (EXCHANGE_PARTS / FIRST_PER_THREAD) + t / (THREADS * FIRST_PER_THREAD / EXCHANGE_PARTS);
#endif
}

// First local pass, radix FIRST_RADIX, stride 1, no twiddles. Work-item t does FIRST_PER_THREAD
// butterflies: butterfly j = t + s*THREADS uses elements j + p*LEN/FIRST_RADIX = v[s + p*FIRST_PER_THREAD]
// and writes elements j*FIRST_RADIX + p.
INLINE void firstLocalPass(cfloat* v, __local exchange_t* line, const uint t)
{
  uint to[RADIX], part[RADIX];
  UNROLL
  for (int s = 0; s < FIRST_PER_THREAD; ++s) {
    cfloat u[FIRST_RADIX];
    UNROLL
    for (int p = 0; p < FIRST_RADIX; ++p) u[p] = v[s + p * FIRST_PER_THREAD];
    dftRadix(u, FIRST_RADIX);
    const uint j = t + s * THREADS;
    UNROLL
    for (int p = 0; p < FIRST_RADIX; ++p) {
      v[s + p * FIRST_PER_THREAD] = u[p];
      to[s + p * FIRST_PER_THREAD] = j * FIRST_RADIX + p;
      part[s + p * FIRST_PER_THREAD] = firstPassPart(s, t);
    }
  }
  if (FIRST_RADIX < LEN) exchange(v, line, to, part, t);
}

// A later local pass, radix RADIX, stride ns (a power of two, a constant after unrolling): work-item t
// does butterfly t on elements t + p*THREADS = v[p] and writes elements (t - k)*RADIX + k + p*ns,
// k = t mod ns. After the last pass (ns*RADIX == LEN) element q = t + r*THREADS is already in v[r].
INLINE void laterLocalPass(cfloat* v, __local exchange_t* line, __global const cfloat* restrict twiddles,
                           const uint ns, const uint t)
{
  const uint k = t & (ns - 1);
  UNROLL
  for (int p = 1; p < RADIX; ++p) v[p] = cmul(v[p], localTwiddle(twiddles, ns, k, p));
  dftRadix(v, RADIX);
  uint to[RADIX], part[RADIX];
  UNROLL
  for (int p = 0; p < RADIX; ++p) {
    to[p] = (t - k) * RADIX + k + p * ns;
    // Where there is an exchange, ns*RADIX <= LEN/RADIX <= PART_LEN: the butterfly's outputs lie in one
    // part, and THREADS/EXCHANGE_PARTS is a multiple of ns, so t tells which.
    part[p] = t / (THREADS / EXCHANGE_PARTS);
  }
  if (ns * RADIX < LEN) exchange(v, line, to, part, t);
}

// Moves the finished values of every line from the load mapping to the store mapping of work-items.
INLINE void remap(cfloat* v, __local exchange_t* lines, const uint mFrom, const uint tFrom, const uint mTo,
                  const uint tTo)
{
#if !REIM_EXCHANGE
  // Element t + r*THREADS lies in part r / (RADIX / EXCHANGE_PARTS), whichever the mapping.
  UNROLL
  for (uint round = 0; round < EXCHANGE_PARTS; ++round) {
    UNROLL
    for (int r = round * (RADIX / EXCHANGE_PARTS); r < (round + 1) * (RADIX / EXCHANGE_PARTS); ++r)
      lines[mFrom * LINE_STRIDE + PADDED(tFrom + r * THREADS - round * PART_LEN)] = v[r];
    barrier(CLK_LOCAL_MEM_FENCE);
    UNROLL
    for (int r = round * (RADIX / EXCHANGE_PARTS); r < (round + 1) * (RADIX / EXCHANGE_PARTS); ++r)
      v[r] = lines[mTo * LINE_STRIDE + PADDED(tTo + r * THREADS - round * PART_LEN)];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#else
  UNROLL
  for (int part = 0; part < 2; ++part) {
    UNROLL
    for (int r = 0; r < RADIX; ++r) lines[mFrom * LINE_STRIDE + PADDED(tFrom + r * THREADS)] = part ? v[r].y : v[r].x;
    barrier(CLK_LOCAL_MEM_FENCE);
    UNROLL
    for (int r = 0; r < RADIX; ++r) {
      const float x = lines[mTo * LINE_STRIDE + PADDED(tTo + r * THREADS)];
      if (part) v[r].y = x;
      else v[r].x = x;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#endif
}

// Which line launch slot g holds: its inner index i, j in [0, nOverL) and batch b. Slot g is line g, but
// with REAL_ROWS 3 slots 2p and 2p+1 hold the mirrored lines p and ns-p (see the header).
inline void lineOfSlot(const uint g, const uint inner, const uint nOverL, uint* i, uint* j, uint* b)
{
#if REAL_ROWS == 3
  const uint pairs = nOverL / 2, pair = g / 2, p = pair % pairs;
  *i = 0;
  *j = (g & 1) == 0 ? p : (p == 0 ? pairs : nOverL - p);
  *b = pair / pairs;
#else
  *i = g % inner;
  *j = (g / inner) % nOverL;
  *b = g / inner / nOverL;
#endif
}

#if REAL_ROWS == 3
// Element q of line j's partner: element LEN-1-q of the line in slot mirrorSlot (line ns-j), or for
// line 0, element LEN-q of itself (q = 0 is Z[0], its own partner).
#define PARTNER_INDEX(q) (mirrorSlot * LINE_STRIDE + PADDED(j == 0 ? (LEN - (q)) % LEN : LEN - 1 - (q)))

// The pairwise step of the last launch: every work-item puts its values in its line's buffer, then turns
// each Z[K] (K = j + q*ns) into X[K] with its partner read back from the pair's other line (in two rounds,
// re then im, with REIM_EXCHANGE). Returns Z[0] to line 0's first work-item (X[H] comes from it).
INLINE cfloat pairAndPost(cfloat* v, __local exchange_t* lines, const uint m, const uint mirrorSlot, const uint t,
                          const uint j, const uint ns, __global const cfloat* realTwiddles)
{
  const uint base = m * LINE_STRIDE;
  const cfloat z0 = v[0];
#if REIM_EXCHANGE
  float partnerRe[RADIX];
  UNROLL
  for (int r = 0; r < RADIX; ++r) lines[base + PADDED(t + r * THREADS)] = v[r].x;
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (int r = 0; r < RADIX; ++r) partnerRe[r] = lines[PARTNER_INDEX(t + r * THREADS)];
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (int r = 0; r < RADIX; ++r) lines[base + PADDED(t + r * THREADS)] = v[r].y;
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (int r = 0; r < RADIX; ++r) {
    const uint q = t + r * THREADS;
    const cfloat partner = (cfloat)(partnerRe[r], lines[PARTNER_INDEX(q)]);
    v[r] = j == 0 && q == 0 ? (cfloat)(v[r].x + v[r].y, 0.0f) : realPost(v[r], partner, j + q * ns, realTwiddles);
  }
#else
  UNROLL
  for (int r = 0; r < RADIX; ++r) lines[base + PADDED(t + r * THREADS)] = v[r];
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (int r = 0; r < RADIX; ++r) {
    const uint q = t + r * THREADS;
    v[r] = j == 0 && q == 0 ? (cfloat)(v[r].x + v[r].y, 0.0f)
                            : realPost(v[r], lines[PARTNER_INDEX(q)], j + q * ns, realTwiddles);
  }
#endif
  return z0;
}
#undef PARTNER_INDEX
#endif

inline void lineOf(const uint lid, const int linesFastest, uint* m, uint* t)
{
  *m = linesFastest ? lid % LINES : lid / THREADS;
  *t = linesFastest ? lid / LINES : lid % THREADS;
}

#if PASS_TWIDDLE
// Rows of pass twiddles, one per line, padded by one slot: lanes that hold different lines (adjacent
// columns) read the same r, and an unpadded row stride of RADIX float2 would put them all in one bank.
#define ROW_STRIDE (RADIX + 1)

// v[r] *= W_M^(k*(t + r*THREADS)), M = ns*LEN. rowTwiddles[m*ROW_STRIDE + r] = W_M^(k_m*THREADS*r) is
// filled by the work-group for each of its lines (k_m = that line's k) before the barrier; the work-item
// then needs one table lookup of its own, W_M^(k*t).
INLINE void applyPassTwiddles(cfloat* v, __local cfloat* rowTwiddles, __global const cfloat* restrict hi,
                              __global const cfloat* restrict lo, const uint loBits, const uint firstLine,
                              const uint inner, const uint nOverL, const uint ns, const uint m, const uint t,
                              const uint k)
{
  const uint M = ns * LEN;
  const uint lid = get_local_id(0);
  for (uint slot = lid; slot < LINES * RADIX; slot += GROUP_SIZE) {
    const uint line = slot / RADIX, r = slot % RADIX;
    uint iLine, jLine, bLine;
    lineOfSlot(firstLine + line, inner, nOverL, &iLine, &jLine, &bLine);
    const uint kLine = jLine % ns;
    rowTwiddles[line * ROW_STRIDE + r] = passTwiddle(hi, lo, loBits, kLine * THREADS * r, M);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const cfloat own = passTwiddle(hi, lo, loBits, k * t, M);
  UNROLL
  for (int r = 0; r < RADIX; ++r) v[r] = cmul(v[r], cmul(own, rowTwiddles[m * ROW_STRIDE + r]));
}
#endif

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1))) void
fft_pass(__global const cfloat* in, __global cfloat* out, __global const cfloat* restrict localTwiddles,
         __global const cfloat* restrict passTwiddlesHi, __global const cfloat* restrict passTwiddlesLo,
         const uint passLoBits, const uint ns, const uint nOverL, const uint stride, const uint inner,
         const uint dist, const uint totalLines, const float scale, const uint distOut,
         __global const cfloat* realTwiddles)
{
  __local exchange_t lines[LINES * LINE_STRIDE];
#if PASS_TWIDDLE
  __local cfloat rowTwiddles[LINES * ROW_STRIDE];
#endif
  const uint lid = get_local_id(0);
  const uint firstLine = get_group_id(0) * LINES;

  uint m, t;
  lineOf(lid, LOAD_LINES_FASTEST, &m, &t);
  uint g = firstLine + m;
  const bool active = g < totalLines;
  uint i, j, b;
  lineOfSlot(g, inner, nOverL, &i, &j, &b);

  cfloat v[RADIX];
  const uint inBase = b * dist + i + j * stride;
  const uint elementStride = nOverL * stride;
#if REAL_ROWS == 2
  UNROLL
  for (int r = 0; r < RADIX; ++r) v[r] = active ? realPre(in + inBase, t + r * THREADS, realTwiddles) : (cfloat)(0.0f);
#elif REAL_ROWS == 4
  UNROLL
  for (int r = 0; r < RADIX; ++r)
    v[r] = active ? realPre(in + b * dist, j + (t + r * THREADS) * nOverL, realTwiddles) : (cfloat)(0.0f);
#else
  UNROLL
  for (int r = 0; r < RADIX; ++r) v[r] = active ? in[inBase + (t + r * THREADS) * elementStride] : (cfloat)(0.0f);
#endif
#if PASS_TWIDDLE
  applyPassTwiddles(v, rowTwiddles, passTwiddlesHi, passTwiddlesLo, passLoBits, firstLine, inner, nOverL, ns, m, t,
                    j % ns);
#endif

  __local exchange_t* line = lines + m * LINE_STRIDE;
  firstLocalPass(v, line, t);
  UNROLL
  for (int pass = 0; pass < LATER_PASSES; ++pass)
    laterLocalPass(v, line, localTwiddles, FIRST_RADIX << (LOG2_RADIX * pass), t);

#if LOAD_LINES_FASTEST != STORE_LINES_FASTEST
  uint m2, t2;
  lineOf(lid, STORE_LINES_FASTEST, &m2, &t2);
  remap(v, lines, m, t, m2, t2);
  m = m2;
  t = t2;
  g = firstLine + m;
  lineOfSlot(g, inner, nOverL, &i, &j, &b);
#endif
#if REAL_ROWS == 1
  // The last local pass ended without an exchange, so the line's buffer is free.
  UNROLL
  for (int r = 0; r < RADIX; ++r) line[PADDED(t + r * THREADS)] = v[r];
  barrier(CLK_LOCAL_MEM_FENCE);
  const cfloat z0 = line[0];
  UNROLL
  for (int r = 0; r < RADIX; ++r) {
    const uint k = t + r * THREADS;
    v[r] = k == 0 ? (cfloat)(z0.x + z0.y, 0.0f) : realPost(v[r], line[PADDED(LEN - k)], k, realTwiddles);
  }
#endif
#if REAL_ROWS == 3
  // The last local pass ended without an exchange, so the buffers are free: both lines of the pair go
  // there, and each value meets its partner (element LEN-1-q of the other line; line 0 pairs q with
  // LEN-q of itself and line ns/2 with LEN-1-q of itself).
  const uint mirrorSlot = j == 0 || j == ns / 2 ? m : (m ^ 1u);
  const cfloat z0 = pairAndPost(v, lines, m, mirrorSlot, t, j, ns, realTwiddles);
#endif
  if (g >= totalLines) return;
  const uint kOut = j % ns;
  const uint outBase = b * distOut + i + ((j - kOut) * LEN + kOut) * stride;
  UNROLL
  for (int r = 0; r < RADIX; ++r) out[outBase + (t + r * THREADS) * ns * stride] = v[r] * scale;
#if REAL_ROWS == 1
  if (t == 0) out[outBase + LEN] = (cfloat)(z0.x - z0.y, 0.0f) * scale;
#elif REAL_ROWS == 3
  if (t == 0 && j == 0) out[b * distOut + REAL_HALF] = (cfloat)(z0.x - z0.y, 0.0f) * scale;
#endif
}
