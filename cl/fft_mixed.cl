// Mixed-radix Stockham FFT pass for lengths that are not powers of two (radices 2..16, the odd primes
// up to 61, and the composites 9, 15, 21, 25 and 27 of the length-specialised programs; and as their first
// pass, one prime from 67 to 89 shared by a team of work-items: TEAM_PRIME below).
//
// The global step is exactly that of cl/fft_stockham.cl (see its header): one launch does the
// sub-transforms of length LEN of one "big-radix" step along one axis, with the pass twiddle and the
// Stockham reordering folded into its one global read and one global write.
//
// Local pass i has radix R_i and stride ns_i = R_0 * ... * R_(i-1): butterfly b (of LEN / R_i) takes
// elements b + r*LEN/R_i, multiplies them by W_{ns_i R_i}^(k r) (k = b mod ns_i), and writes element
// (b - k)*R_i + k + q*ns_i. Work-item t of a line does butterflies t, t + THREADS, ... so the radices may
// be mixed freely and LEN need not be a multiple of the work-group size. The first pass reads its inputs
// straight from global memory and the last writes its outputs straight to global memory (both
// coalesced: adjacent work-items take adjacent butterflies, or adjacent lines for column passes); the
// passes in between go through local memory, where the line lives between passes.
//
// Local twiddles: one table for all passes, pass after pass, p-major rows so adjacent work-items read
// adjacent entries: localTwiddles[(ns_i - 1) + (r - 1)*ns_i + k] = W_{ns_i R_i}^(k r), r in [1, R_i),
// k in [0, ns_i) (pass i's rows start at ns_i - 1: the earlier passes hold sum (R - 1)*ns entries).
//
// Bluestein's algorithm (engine/src/BluesteinStage.cpp) fuses its chirp and filter multiplies into the
// first and last launches of its two convolution FFTs, which run in place on a work buffer of lines of
// length m; line b of the work buffer is line b of the axis being transformed (length n < m), whose
// element E sits at axisData[(b / hookInner)*hookDist + b % hookInner + E*hookStride]:
//   LOAD_CHIRP (first launch of the forward FFT): element E is axisData[...] * loadTable[E] (the chirp)
//     for E < n and zero beyond; the work buffer is not read;
//   STORE_HOOK 1 (last launch of the forward FFT): output element Q is multiplied by storeTable[Q] (the
//     convolution filter);
//   STORE_HOOK 2 (last launch of the inverse FFT): output elements Q < n, times storeTable[Q] (the chirp)
//     and the scale, go to axisData instead of the work buffer.
// Rader's algorithm (engine/src/RaderStage.cpp) fuses its permutations and the x[0] terms the same way;
// there hookLength is p - 1, the length of the cyclic convolution (the work line may be longer: padded):
//   LOAD_GATHER (first launch of the forward FFT): element E is axisData[... + hookIndex[E]*hookStride]
//     (x[g^E mod p]) for E < p - 1 and zero beyond; with STAGED_GATHER (a launch that holds whole lines)
//     each line is first read in order into local memory and permuted from there (gatherPass);
//   STORE_HOOK 3 (last launch of the forward FFT): output element Q is multiplied by storeTable[Q] (the
//     filter); Q = 0, the sum of the gathered values, also gives X[0] = x[0] + that sum to hookSums[b],
//     and gets x[0] added after the multiply, so the unscaled inverse FFT adds x[0] to every output;
//   STORE_HOOK 4 (last launch of the inverse FFT): output elements Q < p - 1, times the scale, go to
//     axisData[... + hookIndex[Q]*hookStride] (X[g^-Q mod p]); Q = 0 also writes X[0] from hookSums[b].
//     A launch that holds whole lines (one launch per FFT) does its last pass into local memory instead
//     and writes X in order, X[P] from local element hookIndex[p - 1 + P - 1] (the inverse permutation),
//     so its global writes are coalesced rather than scattered.
//   The axis is only read by the forward FFT and only written by the inverse one, so it may be one buffer.
//   FUSED_RADER (whole lines, ns = nOverL = 1, with LOAD_GATHER and STAGED_GATHER): both FFTs in one
//     launch. After the forward FFT's last pass into local memory, raderFilter multiplies by the filter,
//     adds x[0] to output 0 and writes X[0], and conjugates, so the inverse FFT runs as the forward one
//     on the same twiddles (IFFT(y) = conj(FFT(conj y)), unscaled); fusedOutInOrder conjugates back as it
//     writes X in order to `out`, line b at (b / outInner)*outDist + b % outInner, elements outStride
//     apart (the axis' output side, which for a factor is not where its input lines lie). hookIndex holds
//     the gather table, then the scatter's inverse. The axis is read once and written once, with no work
//     buffer between: one launch instead of two. Odd real rows in pairs (below) come in through its gather
//     (PAIRS_LOAD) and go out through its store (PAIRS_STORE), the rows outDist apart.
//   FILTER_INVERSE 1 (Bluestein) or 3 (Rader): the forward FFT's last launch of two (ns = nOverL > 1) also
//     does the inverse FFT's first launch. The inverse takes the forward's two lengths in reverse order, so
//     its first launch's line j reads elements j + e*ns of the work line: exactly the forward outputs
//     Q = j + q*ns this group holds after its last pass (into local memory). filterForInverse multiplies
//     them by the filter (STORE_HOOK 1 or 3's, x[0] and X[0] included) and conjugates; the second FFT runs
//     forward on the conjugates (as FUSED_RADER's) and inverseStartOut writes output q of line j,
//     conjugated back, at j*LEN + q of the work line (the Stockham step of stride 1), where the inverse's
//     last launch reads it. One launch and one pass over the work buffer instead of two.
//   RADER_REST (with FUSED_RADER, on a prime factor p = LEN + 1 of rows n = ROW_LEN = p * REST_M, stride 1):
//     the launch also does the rest of the rows. Its groups hold whole rows (LINES a multiple of REST_M,
//     sub-line j of a row being line row * REST_M + j); each row is read whole (gatherPass), and after
//     the second FFT X_j[P] goes to element j*p + P of the row in local memory, where the axis' first
//     Stockham step of radix p leaves it. The rest's local passes (REST_RADIX_0.., from stride p on)
//     run there on the twiddles of the mixed program for radices p, REST_RADIX_0, ... (passed as
//     passTwiddlesHi), and the rows are stored whole at outDist apart. The convolution always runs
//     forward; an inverse axis (REST_CONJ) runs the rest forward on conjugates and conjugates back on
//     store. Each group reads and writes only its own rows, so the stage may run in place.
// PLANE_WIDTH (ns = nOverL = 1): the line is a whole plane of a 2D or 3D transform's first two axes, rows
// of PLANE_WIDTH values, LEN / PLANE_WIDTH of them, contiguous. The radices of the columns' length come
// first: the Stockham passes combine the slowest index first, so they transform the columns, and the
// rest the rows. The host's twiddle table leaves the 1D transform's cross twiddles out (TwiddleTables.h's
// planePassTwiddles). The last pass then leaves X[k1 + height*k0] (k1 the columns' frequency, k0 the
// rows') in local memory, and planeOut stores it row-major, x fastest: one launch for both axes.
// Odd rows of a real transform (engine/src/RaderStage.h): line b of Rader's axis is the complex row
// z = a + i b of real rows 2b and 2b+1 (pairRows real rows in all; the last pair of an odd count has no
// b), and the hooks read or write the real side, at hookDist between rows (floats for real rows,
// complex values for half spectra), instead of a complex axis:
//   PAIRS_LOAD 1 (R2C, with LOAD_GATHER and STORE_HOOK 3, or FUSED_RADER): z[P] = (a[P], b[P]) from the
//     real rows;
//   PAIRS_LOAD 2 (C2R): Z[P] = A[P] + i B[P] from the two half spectra (A[p-P] = conj A[P] past the
//     middle; the imaginary parts of A[0] and B[0] ignored, as FFTW does);
//   PAIRS_STORE 1 (R2C, whole lines only: STORE_HOOK 4's, or FUSED_RADER's store, the rows at outDist):
//     A[k] = (Z[k] + conj Z[p-k]) / 2 and
//     B[k] = (Z[k] - conj Z[p-k]) / 2i for k in [0, (p-1)/2], to the two half spectra;
//   PAIRS_STORE 2 (C2R): a[P] = Re X[P], b[P] = Im X[P] to the two real rows.
// DIRECT_PAIRS (1 R2C, 2 C2R, with PAIRS_LOAD the same) does the same for odd real rows that are one launch
// of this kernel without hooks (ns = nOverL = 1): it loads the pairs from `in` (passed as axisData too,
// hookLength = n - 1, hookDist its pitch) and stores to `out` at pairPitchOut, R2C's split from the whole
// line in local memory after the last pass.
// REAL_ROWS (R2C rows of even length, the pairwise step of cl/real_fft.cl fused into the rows' launch): 1
// where a row is one launch (ns = nOverL = 1, realPostOut); 3 in the last launch of rows longer than one
// (ns = nOverL, even), whose lines come in mirrored pairs (splitLine, mirroredPostOut). storeTable then
// holds W_{2H}^k, k in [0, H/2], H the row's half length.
//
// Compile-time options (-D): LEN, THREADS (work-items per line), LINES, VMAX (register values per
// work-item in the busiest pass), NUM_RADICES and RADIX_0.. (the local passes, in order),
// LOAD_LINES_FASTEST, STORE_LINES_FASTEST, PASS_TWIDDLE, TWIDDLE_ONTHEFLY, DIR (-1 forward, +1 inverse),
// LOAD_CHIRP, LOAD_GATHER, STAGED_GATHER, STORE_HOOK, MAX_RADIX (32, or the largest radix above it),
// TEAM_PRIME with TEAM_SPAN and its tables (a team pass as local pass 0). With
// GENERIC_SHAPE the length, work-items per line and radices come as kernel arguments instead, so
// one program serves every length (no compile per size, at some speed cost); the exchange buffer is
// then a __local argument sized by the host.
//
// The pass functions are always inlined: inlined early, their loops see the constant radix of each call
// site and unroll completely, so the register arrays stay in registers.

#if GENERIC_SHAPE
#define LEN_OF(len) (len)
#define THREADS_OF(threads) (threads)
#define VMAX 32 // the planner keeps every pass within it (kGenericRegisterValues in LaunchShapes.cpp)
#else
#define LEN_OF(len) LEN
#define THREADS_OF(threads) THREADS
#endif
// LINE_ROUNDS (columns: plain launches that load and store adjacent lines, two passes or more): the
// exchange buffer holds BUFFER_LINES = LINES / LINE_ROUNDS of the group's lines, each exchange taking
// LINE_ROUNDS rounds of a barrier pair. A warp then reads and writes LINES adjacent columns (8: two 32-byte
// sectors a row) where local memory holds only 4 long lines. Work-items keep their butterflies in
// registers from pass to pass (columnsInRounds).
#ifndef LINE_ROUNDS
#define LINE_ROUNDS 1
#endif
#define BUFFER_LINES (LINES / LINE_ROUNDS)
// One pad slot every 16 elements. Lines apart so that lanes walking adjacent lines spread over the
// banks (as in cl/fft_stockham.cl): with 2 to 15 lines in the buffer, a multiple of 16 float2 plus 16 /
// BUFFER_LINES; else an odd stride. The generic program keeps the odd stride (the host sizes its buffer).
#define PADDED(e) ((e) + ((e) >> 4))
#if GENERIC_SHAPE
#define LINE_STRIDE_OF(len) (PADDED(len) | 1)
#else
#ifndef SPREAD_LINES
#define SPREAD_LINES 1 // 0: the odd stride alone, for comparison
#endif
#define LINE_STRIDE_OF(len)                                                                           \
  (SPREAD_LINES && BUFFER_LINES > 1 && BUFFER_LINES < 16 ? (PADDED(len) + 15) / 16 * 16 + 16 / BUFFER_LINES \
                                                         : (PADDED(len) | 1))
#endif
#ifndef LOAD_CHIRP
#define LOAD_CHIRP 0
#endif
#ifndef LOAD_GATHER
#define LOAD_GATHER 0
#endif
#ifndef STORE_HOOK
#define STORE_HOOK 0
#endif
#ifndef PAIRS_LOAD
#define PAIRS_LOAD 0
#endif
#ifndef PAIRS_STORE
#define PAIRS_STORE 0
#endif
#ifndef DIRECT_PAIRS
#define DIRECT_PAIRS 0
#endif
#ifndef PLANE_WIDTH
#define PLANE_WIDTH 0
#endif
#ifndef FUSED_RADER
#define FUSED_RADER 0
#endif
#ifndef RADER_REST
#define RADER_REST 0
#endif
#ifndef FILTER_INVERSE
#define FILTER_INVERSE 0
#endif
#ifndef REAL_ROWS
#define REAL_ROWS 0
#endif
#if RADER_REST
// RADER_REST's rows (header): ROWS whole rows per group, each ROW_PITCH apart, ROW_THREADS work-items a row;
// the exchange buffer holds the group's lines or its rows, whichever is larger.
#define ROWS (LINES / REST_M)
#define ROW_PITCH (PADDED(ROW_LEN) | 1)
#define ROW_THREADS (THREADS * REST_M)
#define MAX_OF(a, b) ((a) > (b) ? (a) : (b))
#endif

#include "fft_codelets.cl"
#include "real_pairs.cl"

// The largest radix of a local pass: 16 (powers of two) or a prime up to 61. The length-specialised
// programs size their register arrays and pass-twiddle rows for MAX_RADIX, which the host passes: 32, or
// their own largest prime where that is larger. The generic program stops at 16 (primes up to 13,
// StockhamPlanner's largestPrimeRadix): it holds every codelet in one kernel, which then needs the
// registers and private memory of the largest in every launch, and with the 17- to 31-point DFTs its
// larger work-groups no longer launched on NVIDIA (CL_OUT_OF_RESOURCES).
#if GENERIC_SHAPE
#define MAX_RADIX 16
#define MAX_PRIME_RADIX 13
#else
#ifndef MAX_RADIX
#define MAX_RADIX 32
#endif
#define MAX_PRIME_RADIX 61
#endif

inline cfloat mulI(cfloat a) { return (cfloat)(-a.y, a.x); }

#include "odd_prime_dft.cl"

INLINE void dftRadix(cfloat* u, const int radix)
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
#if !GENERIC_SHAPE
  case 9: dftTwoPrimes(u, 3, 3, kCosW9, kSinW9); break;
  case 15: dftTwoPrimes(u, 3, 5, kCosW15, kSinW15); break;
  case 21: dftTwoPrimes(u, 3, 7, kCosW21, kSinW21); break;
  case 25: dftTwoPrimes(u, 5, 5, kCosW25, kSinW25); break;
  case 27: dft27(u); break;
  case 22: dftTwoPrimes(u, 2, 11, kCosW22, kSinW22); break;
  case 6: dftTwoPrimes(u, 2, 3, kCosW6, kSinW6); break;
  case 10: dftTwoPrimes(u, 2, 5, kCosW10, kSinW10); break;
  case 14: dftTwoPrimes(u, 2, 7, kCosW14, kSinW14); break;
  case 12: dft12(u); break;
  case 20: dft20(u); break;
  case 24: dft24(u); break;
  case 26: dftTwoPrimes(u, 2, 13, kCosW26, kSinW26); break;
  case 33: dftTwoPrimes(u, 3, 11, kCosW33, kSinW33); break;
  case 39: dftTwoPrimes(u, 3, 13, kCosW39, kSinW39); break;
  case 17: dftOddPrime(u, 17, kCos17, kSin17); break;
  case 19: dftOddPrime(u, 19, kCos19, kSin19); break;
  case 23: dftOddPrime(u, 23, kCos23, kSin23); break;
  case 29: dftOddPrime(u, 29, kCos29, kSin29); break;
  case 31: dftPrime31(u); break;
  case 37: dftOddPrime(u, 37, kCos37, kSin37); break;
  case 41: dftOddPrime(u, 41, kCos41, kSin41); break;
  case 43: dftPrime43(u); break;
  case 47: dftOddPrime(u, 47, kCos47, kSin47); break;
  case 53: dftOddPrime(u, 53, kCos53, kSin53); break;
  case 59: dftOddPrime(u, 59, kCos59, kSin59); break;
  case 61: dftOddPrime(u, 61, kCos61, kSin61); break;
#endif
  }
}

// W_{ns*R}^(k*r) for the local pass with stride ns and radix R (table layout in the header).
INLINE cfloat localTwiddle(__global const cfloat* restrict table, const uint ns, const int R, const uint k, const int r)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)(k * r) / (float)(ns * R);
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  return table[(ns - 1) + (r - 1) * ns + k];
#endif
}

// W_M^m, m < M, as hi[m >> loBits] * lo[m & (2^loBits - 1)] (two correctly rounded factors).
inline cfloat passTwiddle(__global const cfloat* restrict hi, __global const cfloat* restrict lo, uint loBits, uint m,
                          uint M)
{
#if TWIDDLE_ONTHEFLY
  const float turns = 2.0f * (float)m / (float)M;
  return (cfloat)(cospi(turns), DIR * sinpi(turns));
#else
  return cmul(hi[m >> loBits], lo[m & ((1u << loBits) - 1u)]);
#endif
}

// Twiddles the butterfly's inputs (stride ns > 1) and returns where its output q goes: (b - k)*R + k + q*ns.
INLINE uint twiddleInputs(cfloat* u, __global const cfloat* restrict twiddles, const uint b, const uint ns,
                          const int R)
{
  const uint k = b % ns;
  if (ns > 1) {
    UNROLL
    for (int r = 1; r < R; ++r) u[r] = cmul(u[r], localTwiddle(twiddles, ns, R, k, r));
  }
  return (b - k) * R + k;
}

// The same, and transforms them.
INLINE uint butterfly(cfloat* u, __global const cfloat* restrict twiddles, const uint b, const uint ns, const int R)
{
  const uint base = twiddleInputs(u, twiddles, b, ns, R);
  dftRadix(u, R);
  return base;
}

// Transforms u (radix R) and hands output q to EMIT(q, value). TRANSFORM_AFTER: the transform, then its
// outputs. TRANSFORM_EMIT: a prime from 29 up emits each output as it computes it (ODD_PRIME_DFT), so the
// pass holds the prime's sums and differences in registers but not its outputs as well (H100: 999 =
// 27 x 37 0.267 -> 0.240 ms, 767 = 13 x 59 0.340 -> 0.278, 3481 = 59 x 59 1.025 -> 0.891, 1023 = 33 x 31
// 0.220 -> 0.207). Not below 29 (1088 = 17 x 64 0.197 -> 0.213) nor in local passes of launches with
// hooks (Rader's fused stage: 683 0.63 -> 0.70 ms, 1366 x 768 1.07 -> 1.97).
#define TRANSFORM_AFTER(u, R, EMIT)                                                                            \
  {                                                                                                            \
    dftRadix(u, R);                                                                                            \
    UNROLL                                                                                                     \
    for (int q_ = 0; q_ < (R); ++q_) EMIT(q_, u[q_]);                                                          \
  }
#define EMITTING_PRIME(R)                                                                                      \
  ((R) == 29 || (R) == 31 || (R) == 37 || (R) == 41 || (R) == 43 || (R) == 47 || (R) == 53 || (R) == 59 ||     \
   (R) == 61)
// Only programs with such a radix carry the codelet (a PoCL build of the others stays as short as before).
// The generic program's primes stop at 13.
#if GENERIC_SHAPE || !(EMITTING_PRIME(RADIX_0) || EMITTING_PRIME(RADIX_1) || EMITTING_PRIME(RADIX_2) ||        \
                       EMITTING_PRIME(RADIX_3) || EMITTING_PRIME(RADIX_4) || EMITTING_PRIME(RADIX_5) ||        \
                       EMITTING_PRIME(RADIX_6) || EMITTING_PRIME(RADIX_7) || EMITTING_PRIME(RADIX_8) ||        \
                       EMITTING_PRIME(RADIX_9) || EMITTING_PRIME(RADIX_10) || EMITTING_PRIME(RADIX_11))
#define TRANSFORM_EMIT TRANSFORM_AFTER
#else
// A codelet in its convolution form is only named where its tables exist (CONV_CODELET_31 / _43).
#if CONV_CODELET_31
#define CONV_EMIT_31(u, R, EMIT)                                                                               \
  if ((R) == 31)                                                                                               \
    ODD_PRIME_CONV_DFT(u, 31, 5, kConvPow31, kConvInv31, kConvCos31, kConvSin31, EMIT)                         \
  else
#else
#define CONV_EMIT_31(u, R, EMIT)
#endif
#if CONV_CODELET_43
#define CONV_EMIT_43(u, R, EMIT)                                                                               \
  if ((R) == 43)                                                                                               \
    ODD_PRIME_CONV_DFT(u, 43, 7, kConvPow43, kConvInv43, kConvCos43, kConvSin43, EMIT)                         \
  else
#else
#define CONV_EMIT_43(u, R, EMIT)
#endif
// R stays a parameter here, not a case per prime: the codelet unrolls only where its pass is inlined with
// a constant radix, rather than every prime's codelet in every pass function before inlining.
#define TRANSFORM_EMIT(u, R, EMIT)                                                                             \
  CONV_EMIT_31(u, R, EMIT)                                                                                     \
  CONV_EMIT_43(u, R, EMIT)                                                                                     \
  if (EMITTING_PRIME(R))                                                                                       \
    ODD_PRIME_DFT(u, R, primeCos(R), primeSin(R), EMIT)                                                        \
  else                                                                                                         \
    TRANSFORM_AFTER(u, R, EMIT)
INLINE __constant const float* primeCos(const int P)
{
  switch (P) {
  case 29: return kCos29;
  case 31: return kCos31;
  case 37: return kCos37;
  case 41: return kCos41;
  case 43: return kCos43;
  case 47: return kCos47;
  case 53: return kCos53;
  case 59: return kCos59;
  default: return kCos61;
  }
}
INLINE __constant const float* primeSin(const int P)
{
  switch (P) {
  case 29: return kSin29;
  case 31: return kSin31;
  case 37: return kSin37;
  case 41: return kSin41;
  case 43: return kSin43;
  case 47: return kSin47;
  case 53: return kSin53;
  case 59: return kSin59;
  default: return kSin61;
  }
}
#endif
// Launches without hooks on their local passes (Rader's, Bluestein's and the real rows' have them).
#define PLAIN_LAUNCH                                                                                           \
  (!(FUSED_RADER || FILTER_INVERSE || RADER_REST || REAL_ROWS || DIRECT_PAIRS || PAIRS_LOAD || PAIRS_STORE ||  \
     LOAD_GATHER || STORE_HOOK || LOAD_CHIRP))

// Work-item t's butterflies of a radix-R pass over a line of len (t, t + threads, ...) into registers: v[s*R + r]
// is element b + r*len/R of butterfly b = t + s*threads.
INLINE void readButterflies(cfloat* v, __local const cfloat* line, const uint t, const int R, const uint len,
                            const uint threads)
{
  const uint butterflies = len / R;
  const uint perThread = (butterflies + threads - 1) / threads;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * threads;
    if (b < butterflies) {
      UNROLL
      for (int r = 0; r < R; ++r) v[s * R + r] = line[PADDED(b + r * butterflies)];
    }
  }
}

// A pass in local memory: the line is read into registers, and after everyone has read, each butterfly's
// outputs go to EMIT(q, value) (`base` and `ns` in scope), then a barrier. localPass and Rader's
// filteredLastPass differ only in EMIT and TRANSFORM.
#define LOCAL_PASS(line, twiddles, t, ns, R, len, threads, TRANSFORM, EMIT)                                    \
  {                                                                                                            \
    const uint butterflies_ = (len) / (R);                                                                     \
    const uint perThread_ = (butterflies_ + (threads) - 1) / (threads);                                        \
    cfloat v_[VMAX];                                                                                           \
    readButterflies(v_, line, t, R, len, threads);                                                             \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                              \
    UNROLL                                                                                                     \
    for (uint s_ = 0; s_ < perThread_; ++s_) {                                                                 \
      const uint b_ = (t) + s_ * (threads);                                                                    \
      if (b_ >= butterflies_) continue;                                                                        \
      cfloat* u_ = v_ + s_ * (R);                                                                              \
      const uint base = twiddleInputs(u_, twiddles, b_, ns, R);                                                \
      TRANSFORM(u_, R, EMIT)                                                                                   \
    }                                                                                                          \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                              \
  }

// A pass between the first and the last: the outputs written back to the line.
INLINE void localPass(__local cfloat* line, __global const cfloat* restrict twiddles, const uint t, const uint ns,
                      const int R, const uint len, const uint threads)
{
#define EMIT_LINE(q, value) line[PADDED(base + (q) * ns)] = (value)
#if PLAIN_LAUNCH
  LOCAL_PASS(line, twiddles, t, ns, R, len, threads, TRANSFORM_EMIT, EMIT_LINE)
#else
  LOCAL_PASS(line, twiddles, t, ns, R, len, threads, TRANSFORM_AFTER, EMIT_LINE)
#endif
#undef EMIT_LINE
}

// Where line g's element e sits: (b, i, j) from g as in fft_stockham.cl. REAL_ROWS 3 (the last launch of
// R2C rows longer than one launch, inner = 1, nOverL = ns even) takes its lines in mirrored pairs: slots 2p
// and 2p+1 hold lines p and nOverL-p (pair 0: lines 0 and nOverL/2, each its own partner), so that each
// value meets its partner in local memory (mirroredPostOut).
inline void splitLine(uint g, uint inner, uint nOverL, uint* i, uint* j, uint* b)
{
#if REAL_ROWS == 3
  const uint pairs = nOverL / 2, pair = g / 2, p = pair % pairs;
  *i = 0;
  *j = (g & 1) == 0 ? p : (p == 0 ? pairs : nOverL - p);
  *b = pair / pairs;
#else
  *i = g % inner;
  const uint rest = g / inner;
  *j = rest % nOverL;
  *b = rest / nOverL;
#endif
}

inline void lineOf(const uint lid, const int linesFastest, const uint threads, uint* m, uint* t)
{
  *m = linesFastest ? lid % LINES : lid / threads;
  *t = linesFastest ? lid / LINES : lid % threads;
}

// How a group walks its lines where each line's place is worked out once (Rader's staged gather and
// in-order store): lines [firstM, endM) of the group, elements firstP, firstP + stepP, ... of each. Rows:
// the group on one line at a time, adjacent work-items on adjacent elements. A strided axis (columns):
// each work-item keeps one line, adjacent work-items on adjacent lines.
typedef struct {
  uint firstM, endM, firstP, stepP;
} LineWalk;

inline LineWalk lineWalk(const bool linesFastest, const uint lid, const uint groupSize)
{
  LineWalk w;
  w.firstM = linesFastest ? lid % LINES : 0;
  w.endM = linesFastest ? w.firstM + 1 : LINES;
  w.firstP = linesFastest ? lid / LINES : lid;
  w.stepP = linesFastest ? groupSize / LINES : groupSize;
  return w;
}

// The global step's geometry, shared by the first and last pass.
typedef struct {
  __global const cfloat* restrict passHi;
  __global const cfloat* restrict passLo;
  uint passLoBits, ns, nOverL, stride, inner, dist, distOut, totalLines, firstLine;
  float scale;
  // Bluestein's fused multiplies and Rader's permutations (header).
  __global cfloat* axisData;
  __global const cfloat* loadTable;
  __global const cfloat* storeTable;
  uint hookLength, hookStride, hookInner, hookDist;
  __global const uint* hookIndex;
  __global cfloat* hookSums;
  uint pairRows, pairPitchOut;
  uint outStride, outInner, outDist; // FUSED_RADER's output side (header)
} Step;

// Where line b of the axis a convolution stage transforms starts.
inline uint axisLineStart(const Step* step, const uint b)
{
  return (b / step->hookInner) * step->hookDist + b % step->hookInner;
}

// Element P of the axis' line b, as the forward FFT's hooks read it (a complex axis, or the real side of
// a pair of real rows: header).
inline cfloat axisValue(const Step* step, const uint b, const uint P)
{
#if PAIRS_LOAD == 1
  return loadRealPair((__global const float*)step->axisData, step->hookDist, step->pairRows, b, P);
#elif PAIRS_LOAD == 2
  return mergedPair(step->axisData, step->hookDist, step->pairRows, step->hookLength + 1, b, P);
#else
  return step->axisData[axisLineStart(step, b) + P * step->hookStride];
#endif
}

// Input element e of the launch's sub-line (j, b): at base + e*elementStride, or for LOAD_CHIRP element
// E = j + e*nOverL of the axis line b times the chirp.
inline cfloat loadInput(__global const cfloat* in, const Step* step, const uint base, const uint elementStride,
                        const uint e, const uint j, const uint b)
{
#if LOAD_CHIRP
  const uint E = j + e * step->nOverL;
  if (E >= step->hookLength) return (cfloat)(0.0f);
  return cmul(step->axisData[axisLineStart(step, b) + E * step->hookStride], step->loadTable[E]);
#elif LOAD_GATHER
  const uint E = j + e * step->nOverL;
  if (E >= step->hookLength) return (cfloat)(0.0f);
  return axisValue(step, b, step->hookIndex[E]);
#elif DIRECT_PAIRS
  return axisValue(step, b, j + e * step->nOverL); // axisData is `in`: the real side
#else
  return in[base + e * elementStride];
#endif
}

// Stores local element q of line g (times the scale, and the STORE_HOOK factor).
inline void storeOutput(__global cfloat* out, const Step* step, const uint g, const uint q, const uint len,
                        cfloat value)
{
  uint i, j, b;
  splitLine(g, step->inner, step->nOverL, &i, &j, &b);
  const uint k = j % step->ns;
  const uint Q = (j - k) * len + k + q * step->ns; // element of the whole line
#if STORE_HOOK == 2
  if (Q < step->hookLength)
    step->axisData[axisLineStart(step, b) + Q * step->hookStride] = cmul(value, step->storeTable[Q]) * step->scale;
#elif STORE_HOOK == 4 && PAIRS_STORE == 2
  __global float* rows = (__global float*)step->axisData;
  if (Q < step->hookLength) storeRealPair(rows, step->hookDist, step->pairRows, b, step->hookIndex[Q], value * step->scale);
  if (Q == 0) storeRealPair(rows, step->hookDist, step->pairRows, b, 0, step->hookSums[b] * step->scale);
#elif STORE_HOOK == 4 && PAIRS_STORE == 0
  const uint start = axisLineStart(step, b);
  if (Q < step->hookLength) step->axisData[start + step->hookIndex[Q] * step->hookStride] = value * step->scale;
  if (Q == 0) step->axisData[start] = step->hookSums[b] * step->scale;
#elif STORE_HOOK == 4
  // PAIRS_STORE 1 splits whole lines only (raderOutInOrder); the host never launches this path with it.
#elif DIRECT_PAIRS == 2
  storeRealPair((__global float*)out, step->pairPitchOut, step->pairRows, b, Q, value * step->scale);
#elif DIRECT_PAIRS == 1
  // R2C's split takes whole lines from local memory (splitPairsOut); the host never launches this with it.
#else
#if STORE_HOOK == 1
  value = cmul(value, step->storeTable[Q]);
#elif STORE_HOOK == 3
  const cfloat sum = value;
  value = cmul(value, step->storeTable[Q]);
  if (Q == 0) {
    const cfloat x0 = axisValue(step, b, 0);
    step->hookSums[b] = x0 + sum;
    value += x0;
  }
#endif
  out[b * step->distOut + i + Q * step->stride] = value * step->scale;
#endif
}

#if PASS_TWIDDLE
// Rows of pass twiddles, one per line (radix <= MAX_RADIX), padded by one slot so lanes holding different
// lines (adjacent columns) do not all read one bank (StockhamPlanner's rowTwiddleBytes budgets the same).
#define ROW_STRIDE (MAX_RADIX + 1)

// rowTwiddles[m*ROW_STRIDE + r] = W_M^(k_m * butterflies * r) for each line m of the group: the part of
// the pass twiddle W_M^(k*e), e = b + r*butterflies, that depends only on the line and r.
inline void fillRowTwiddles(__local cfloat* rowTwiddles, const Step* step, const uint lid, const uint groupSize,
                            const int R, const uint butterflies, const uint M)
{
  for (uint slot = lid; slot < LINES * R; slot += groupSize) {
    const uint line = slot / R, r = slot % R;
    uint i, j, b;
    splitLine(step->firstLine + line, step->inner, step->nOverL, &i, &j, &b);
    const uint k = j % step->ns;
    rowTwiddles[line * ROW_STRIDE + r] = passTwiddle(step->passHi, step->passLo, step->passLoBits, k * butterflies * r, M);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

// First local pass, straight from global memory: work-item t of line m reads the inputs of its
// butterflies (times the pass twiddle W_M^(k*e), M = ns*LEN), transforms them and leaves the outputs
// in local memory.
// With `keep` (columnsInRounds), butterfly s's outputs stay in keep[s*R ..] instead.
INLINE void firstPass(__global const cfloat* in, __local cfloat* lines, __local cfloat* rowTwiddles,
                      const uint lineStride, __global const cfloat* restrict twiddles, const Step* step,
                      const uint lid, const uint groupSize, const int R, const uint len, const uint threads,
                      cfloat* keep)
{
  uint m, t;
  lineOf(lid, LOAD_LINES_FASTEST, threads, &m, &t);
  const uint g = step->firstLine + m;
  const bool active = g < step->totalLines;
  uint i, j, b;
  splitLine(g, step->inner, step->nOverL, &i, &j, &b);
  const uint base = b * step->dist + i + j * step->stride, elementStride = step->nOverL * step->stride;
  const uint butterflies = len / R;
  const uint perThread = (butterflies + threads - 1) / threads;
#if PASS_TWIDDLE
  const uint k = j % step->ns, M = step->ns * len;
  fillRowTwiddles(rowTwiddles, step, lid, groupSize, R, butterflies, M);
#endif
  __local cfloat* line = lines + m * lineStride;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint bf = t + s * threads;
    if (bf >= butterflies) continue;
#if PASS_TWIDDLE
    const cfloat own = passTwiddle(step->passHi, step->passLo, step->passLoBits, k * bf, M);
#endif
    cfloat u[MAX_RADIX];
    UNROLL
    for (int r = 0; r < R; ++r) {
      u[r] = active ? loadInput(in, step, base, elementStride, bf + r * butterflies, j, b) : (cfloat)(0.0f);
#if PASS_TWIDDLE
      u[r] = cmul(u[r], cmul(own, rowTwiddles[m * ROW_STRIDE + r]));
#endif
    }
    twiddleInputs(u, twiddles, bf, 1, R);
#define EMIT_FIRST(q, value)                                                                                   \
  if (keep)                                                                                                    \
    keep[s * R + (q)] = (value);                                                                               \
  else                                                                                                         \
    line[PADDED(bf * R + (q))] = (value)
    TRANSFORM_EMIT(u, R, EMIT_FIRST)
#undef EMIT_FIRST
  }
  if (!keep) barrier(CLK_LOCAL_MEM_FENCE);
}

#ifndef STAGED_GATHER
#define STAGED_GATHER 0
#endif
#if STAGED_GATHER
// Rader's gather where the launch holds whole lines (ns = nOverL = 1): each line's x[1..p-1] is read in
// order into local memory (coalesced), and the first pass takes x[g^E] from there. Read straight from
// global memory, the permuted reads touch a different sector for each element.
INLINE void gatherPass(__local cfloat* lines, const uint lineStride, __global const cfloat* restrict twiddles,
                       const Step* step, const uint lid, const uint groupSize, const int R)
{
  const uint n = step->hookLength; // p - 1
#if RADER_REST
  // Whole rows, read in order: element e of a row is x[E] of its sub-line e % REST_M, E = e / REST_M (x[0]
  // is read by raderFilter).
  for (uint idx = lid; idx < ROWS * ROW_LEN; idx += groupSize) {
    const uint r = idx / ROW_LEN, e = idx % ROW_LEN, E = e / REST_M;
    const uint g = step->firstLine + r * REST_M;
    if (g >= step->totalLines) break;
    if (E > 0)
      lines[(r * REST_M + e % REST_M) * lineStride + PADDED(E - 1)] =
          step->axisData[(g / REST_M) * step->hookDist + e];
  }
#else
  const LineWalk walk = lineWalk(LOAD_LINES_FASTEST, lid, groupSize);
  for (uint m = walk.firstM; m < walk.endM; ++m) {
    const uint g = step->firstLine + m;
    if (g >= step->totalLines) break;
    uint i, j, b;
    splitLine(g, step->inner, step->nOverL, &i, &j, &b);
    __local cfloat* staged = lines + m * lineStride;
    for (uint P = walk.firstP; P < n; P += walk.stepP) staged[PADDED(P)] = axisValue(step, b, P + 1);
  }
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint t = lid % THREADS, butterflies = LEN / R, perThread = (butterflies + THREADS - 1) / THREADS;
  __local cfloat* line = lines + (lid / THREADS) * lineStride;
  cfloat v[VMAX];
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint bf = t + s * THREADS;
    if (bf < butterflies) {
      UNROLL
      for (int r = 0; r < R; ++r) {
        const uint E = bf + r * butterflies;
        v[s * R + r] = E < n ? line[PADDED(step->hookIndex[E] - 1)] : (cfloat)(0.0f);
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint bf = t + s * THREADS;
    if (bf >= butterflies) continue;
    butterfly(v + s * R, twiddles, bf, 1, R);
    UNROLL
    for (int q = 0; q < R; ++q) line[PADDED(bf * R + q)] = v[s * R + q];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

#ifndef TEAM_PRIME
#define TEAM_PRIME 0
#endif
#ifndef TEAM_CONV
#define TEAM_CONV 0
#endif
#if TEAM_PRIME
// A team pass: local pass 0 of radix TEAM_PRIME, a prime above the codelets' 61, as a direct DFT that a
// team of work-items shares (a codelet of 67 values in one work-item's registers ran slower than Rader's
// stage: odd_prime_dft.cl). With H = (P - 1) / 2 and r = g^a (g a generator mod P, a in [0, H)), the
// mirrored inputs give s(a) = x[r] + x[P-r] and d(a) = x[r] - x[P-r], and output q = g^-c and its mirror
// P - q are
//   X[q], X[P-q] = x[0] + A(c) +- DIR i B(c),  A(c) = sum_j C(j) s(c+j),  B(c) = sum_j S(j) d(c+j),
// C(j) = cos(2 pi g^j / P), S(j) = sin(2 pi g^j / P), over j in [0, H): g^H = -1 makes C periodic in H and
// S antiperiodic, so s is stored twice over and d once and then negated, and c + j never wraps. The
// coefficients are the same for every work-item at each j (constants, no lookups), and a work-item
// computes TEAM_SPAN adjacent c, reading the s and d values the span shares once: H / TEAM_SPAN work-items
// a butterfly, P^2 real multiply-adds and about 2 H (1 + H / TEAM_SPAN) local reads per butterfly.
// The host passes the tables (TEAM_POW: g^a mod P, TEAM_INV_POW: g^-c mod P, TEAM_COS and TEAM_SIN, from
// double). The lines are first read whole into local memory (through loadInput, so odd real rows come in
// pairs as in firstPass), and the passes after it run as usual from stride P on. The planner makes a team
// pass only the first pass of an axis' one launch (ns = 1): there is no pass twiddle to apply.
#if PASS_TWIDDLE
#error "a team pass is the first pass of an axis' one launch (StockhamPlanner's planAxis): no pass twiddle"
#endif
#define TEAM_HALF ((TEAM_PRIME - 1) / 2)
#define TEAM_BUTTERFLIES (LEN / TEAM_PRIME)
__constant uint kTeamPow[TEAM_HALF] = {TEAM_POW};
__constant uint kTeamInvPow[TEAM_HALF] = {TEAM_INV_POW};

// The lines in order, every load of a work-item issued at once (as firstPass's); and the two index tables
// where every lane may read them.
INLINE void teamLoadLines(__global const cfloat* in, __local cfloat* lines, __local uint* powers,
                          __local uint* inversePowers, const uint lineStride, const Step* step, const uint lid,
                          const uint groupSize)
{
  for (uint c = lid; c < TEAM_HALF; c += groupSize) {
    powers[c] = kTeamPow[c];
    inversePowers[c] = kTeamInvPow[c];
  }
  uint m, t;
  lineOf(lid, LOAD_LINES_FASTEST, THREADS, &m, &t);
  const uint g = step->firstLine + m;
  uint i, j, b;
  splitLine(g, step->inner, step->nOverL, &i, &j, &b);
  const uint base = b * step->dist + i + j * step->stride, elementStride = step->nOverL * step->stride;
  if (g < step->totalLines) {
    UNROLL
    for (uint s = 0; s < (LEN + THREADS - 1) / THREADS; ++s) {
      const uint e = t + s * THREADS;
      if (e < LEN) lines[m * lineStride + PADDED(e)] = loadInput(in, step, base, elementStride, e, j, b);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

#if TEAM_CONV
// The correlations by a fast cyclic convolution (TEAM_CONV; the host's teamConvolutionOptions), where H =
// 3 Q with Q odd and prime to 3 (67: 3 x 11, 79: 3 x 13). B's antiperiodic correlation becomes a periodic
// one by the signs (-1)^a of its inputs, kernel and outputs (H odd), folded into the index tables: d(a)
// (-1)^a is x[r'] - x[P-r'] with r' = P - r for odd a, and an output's sign swaps q and P - q. Writing
// a = (a mod 3, a mod Q) (the Chinese remainder) makes both correlations two-dimensional, 3 by Q, and over
// the 3 they are a DFT of length 3, a product and its inverse: five correlations of length Q in registers,
// 5 Q^2 multiply-adds a sequence instead of 9 Q^2, and shorter sums than the direct form's, so no less
// accurate. (Winograd's four products, over x - 1 and x^2 + x + 1, lost a third in accuracy: the sums
// of Karatsuba's third product cancel.) With x_n1, h_n1 and y_n1 the rows of length Q of the inputs,
// the kernel and the outputs at n1, and * a correlation of length Q:
//   u0 = x0 + x1 + x2, u = x0 - (x1 + x2) / 2, v = x1 - x2, h = h0 - (h1 + h2) / 2, e = h1 - h2,
//   m0 = u0 * (h0 + h1 + h2) / 3, A = u * h / 3 + v * e / 4, B = u * e / 2 - v * h / 2,
//   y0 = m0 + 2 A, y1 = m0 - A - B, y2 = m0 - A + B.
// The five correlations are the products, one work-item a butterfly each (TEAM_PRODUCT_ITEMS, the
// butterflies). The tables are in that order: TEAM_POW[n1 Q + n2] is r' of the a with those remainders,
// TEAM_INV_POW q' of output c, and TEAM_CONV_S / TEAM_CONV_D the five kernels of length Q of each
// sequence (from double). H100: 1809 = 67 x 27 0.348 -> 0.283 ms, its error 1.46e-7 -> 1.30e-7 (the
// planner's teamProductItems says where).
#define TEAM_Q (TEAM_HALF / 3)
#define TEAM_PRODUCTS 5
#define TEAM_ROWS (TEAM_PRODUCTS * TEAM_Q * TEAM_BUTTERFLIES) // one sequence's rows of every butterfly
#define TEAM_ITEMS ((TEAM_BUTTERFLIES * TEAM_Q + THREADS - 1) / THREADS) // (n2, butterfly) pairs a work-item
// Each line's d rows, then x[0] and the sum of the s values of each butterfly (the s rows take the
// exchange buffer: 5 Q < P).
#define TEAM_SCRATCH (TEAM_ROWS + 2 * TEAM_BUTTERFLIES)
#define TEAM_AT(k, n2, bf) (((k) * TEAM_Q + (n2)) * TEAM_BUTTERFLIES + (bf))
__constant float kTeamConvS[TEAM_PRODUCTS * TEAM_Q] = {TEAM_CONV_S};
__constant float kTeamConvD[TEAM_PRODUCTS * TEAM_Q] = {TEAM_CONV_D};

// One product's correlations of both sequences, in place: out(c) = sum_j k(j) u(c + j mod Q).
INLINE void teamCorrelate(cfloat* us, cfloat* ud, const float* ks, const float* kd)
{
  cfloat outS[TEAM_Q], outD[TEAM_Q];
  UNROLL
  for (int c = 0; c < TEAM_Q; ++c) {
    cfloat a = (cfloat)(0.0f), b = (cfloat)(0.0f);
    UNROLL
    for (int j = 0; j < TEAM_Q; ++j) {
      const int n = c + j < TEAM_Q ? c + j : c + j - TEAM_Q;
      a += ks[j] * us[n];
      b += kd[j] * ud[n];
    }
    outS[c] = a;
    outD[c] = b;
  }
  UNROLL
  for (int c = 0; c < TEAM_Q; ++c) {
    us[c] = outS[c];
    ud[c] = outD[c];
  }
}

INLINE void teamFirstPass(__global const cfloat* in, __local cfloat* lines, __local cfloat* scratch,
                          __local uint* powers, __local uint* inversePowers, const uint lineStride, const Step* step,
                          const uint lid, const uint groupSize)
{
  teamLoadLines(in, lines, powers, inversePowers, lineStride, step, lid, groupSize);
  const uint t = lid % THREADS;
  __local cfloat* line = lines + (lid / THREADS) * lineStride;
  __local cfloat* dRows = scratch + (lid / THREADS) * TEAM_SCRATCH;
  __local cfloat* firstValues = dRows + TEAM_ROWS;
  __local cfloat* sTotals = firstValues + TEAM_BUTTERFLIES;

  // The inputs u0, u and v of both sequences at each (n2, butterfly), adjacent work-items on adjacent
  // butterflies; row (k, n2) of a sequence holds product k's input at n2 for every butterfly.
  cfloat inputs[TEAM_ITEMS][6];
  UNROLL
  for (uint s = 0; s < TEAM_ITEMS; ++s) {
    const uint item = t + s * THREADS, n2 = item / TEAM_BUTTERFLIES, bf = item % TEAM_BUTTERFLIES;
    if (n2 < TEAM_Q) {
      cfloat xs[3], xd[3];
      UNROLL
      for (int n1 = 0; n1 < 3; ++n1) {
        const uint r = powers[n1 * TEAM_Q + n2];
        const cfloat x = line[PADDED(bf + r * TEAM_BUTTERFLIES)];
        const cfloat y = line[PADDED(bf + (TEAM_PRIME - r) * TEAM_BUTTERFLIES)];
        xs[n1] = x + y;
        xd[n1] = x - y;
      }
      inputs[s][0] = xs[0] + xs[1] + xs[2];
      inputs[s][1] = xs[0] - 0.5f * (xs[1] + xs[2]);
      inputs[s][2] = xs[1] - xs[2];
      inputs[s][3] = xd[0] + xd[1] + xd[2];
      inputs[s][4] = xd[0] - 0.5f * (xd[1] + xd[2]);
      inputs[s][5] = xd[1] - xd[2];
      if (n2 == 0) firstValues[bf] = line[PADDED(bf)];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (uint s = 0; s < TEAM_ITEMS; ++s) {
    const uint item = t + s * THREADS, n2 = item / TEAM_BUTTERFLIES, bf = item % TEAM_BUTTERFLIES;
    if (n2 < TEAM_Q) {
      // Products 1 and 3 correlate u, 2 and 4 v: each its own copy, so that each writes over its input.
      UNROLL
      for (int k = 0; k < TEAM_PRODUCTS; ++k) {
        const int from = k == 0 ? 0 : 2 - k % 2;
        line[TEAM_AT(k, n2, bf)] = inputs[s][from];
        dRows[TEAM_AT(k, n2, bf)] = inputs[s][3 + from];
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  // The products: work-item t takes product t / TEAM_PRODUCT_ITEMS of butterfly t % TEAM_PRODUCT_ITEMS,
  // reads its rows into registers and writes the correlations back over them.
  {
    const uint k = t / TEAM_PRODUCT_ITEMS, bf = t % TEAM_PRODUCT_ITEMS;
    if (k < TEAM_PRODUCTS) {
      cfloat us[TEAM_Q], ud[TEAM_Q];
      UNROLL
      for (int n2 = 0; n2 < TEAM_Q; ++n2) {
        us[n2] = line[TEAM_AT(k, n2, bf)];
        ud[n2] = dRows[TEAM_AT(k, n2, bf)];
      }
      if (k == 0) {
        cfloat total = (cfloat)(0.0f);
        UNROLL
        for (int n2 = 0; n2 < TEAM_Q; ++n2) total += us[n2];
        sTotals[bf] = total;
      }
      // The product's coefficients in registers: one code path for all five (a branch a product, each
      // with its coefficients as constants, ran slower on the H100: 1809 0.362 against 0.285 ms).
      float ks[TEAM_Q], kd[TEAM_Q];
      UNROLL
      for (int j = 0; j < TEAM_Q; ++j) {
        ks[j] = kTeamConvS[k * TEAM_Q + j];
        kd[j] = kTeamConvD[k * TEAM_Q + j];
      }
      teamCorrelate(us, ud, ks, kd);
      UNROLL
      for (int n2 = 0; n2 < TEAM_Q; ++n2) {
        line[TEAM_AT(k, n2, bf)] = us[n2];
        dRows[TEAM_AT(k, n2, bf)] = ud[n2];
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  // The outputs of each (n2, butterfly): its three rows n1 of both sequences from the five products, then
  // X[q'] and X[P - q'], held until every product is read.
  cfloat outputs[TEAM_ITEMS][6];
  uint places[TEAM_ITEMS][3];
  cfloat zeroth[TEAM_ITEMS];
  UNROLL
  for (uint s = 0; s < TEAM_ITEMS; ++s) {
    const uint item = t + s * THREADS, n2 = item / TEAM_BUTTERFLIES, bf = item % TEAM_BUTTERFLIES;
    if (n2 < TEAM_Q) {
      cfloat ms[TEAM_PRODUCTS], md[TEAM_PRODUCTS];
      UNROLL
      for (int k = 0; k < TEAM_PRODUCTS; ++k) {
        ms[k] = line[TEAM_AT(k, n2, bf)];
        md[k] = dRows[TEAM_AT(k, n2, bf)];
      }
      const cfloat as = ms[1] + ms[2], bs = ms[3] + ms[4], ad = md[1] + md[2], bd = md[3] + md[4];
      const cfloat ys[3] = {ms[0] + 2.0f * as, ms[0] - as - bs, ms[0] - as + bs};
      const cfloat yd[3] = {md[0] + 2.0f * ad, md[0] - ad - bd, md[0] - ad + bd};
      const cfloat x0 = firstValues[bf];
      UNROLL
      for (int n1 = 0; n1 < 3; ++n1) {
        const cfloat even = x0 + ys[n1], odd = (float)DIR * mulI(yd[n1]);
        outputs[s][2 * n1] = even + odd;
        outputs[s][2 * n1 + 1] = even - odd;
        places[s][n1] = inversePowers[n1 * TEAM_Q + n2];
      }
      if (n2 == 0) zeroth[s] = x0 + sTotals[bf];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (uint s = 0; s < TEAM_ITEMS; ++s) {
    const uint item = t + s * THREADS, n2 = item / TEAM_BUTTERFLIES, bf = item % TEAM_BUTTERFLIES;
    if (n2 < TEAM_Q) {
      UNROLL
      for (int n1 = 0; n1 < 3; ++n1) {
        const uint q = places[s][n1];
        line[PADDED(bf * TEAM_PRIME + q)] = outputs[s][2 * n1];
        line[PADDED(bf * TEAM_PRIME + TEAM_PRIME - q)] = outputs[s][2 * n1 + 1];
      }
      if (n2 == 0) line[PADDED(bf * TEAM_PRIME)] = zeroth[s];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#else // the direct form
#define TEAM_SIZE ((TEAM_HALF + TEAM_SPAN - 1) / TEAM_SPAN)
#define TEAM_ROW (2 * TEAM_HALF + 1) // one butterfly's s (or d) values: 2H, and an odd stride
#define TEAM_PREP_ITEMS ((TEAM_BUTTERFLIES * TEAM_HALF + THREADS - 1) / THREADS) // (a, butterfly) pairs
// Each line's d values and x[0]s, beside the exchange buffer (which holds the s values), and room for the
// reads of a last work-item whose span runs past H (their sums are not stored).
#define TEAM_SCRATCH (TEAM_BUTTERFLIES * (TEAM_ROW + 1) + TEAM_SPAN)
__constant float kTeamCos[TEAM_HALF] = {TEAM_COS};
__constant float kTeamSin[TEAM_HALF] = {TEAM_SIN};

INLINE void teamFirstPass(__global const cfloat* in, __local cfloat* lines, __local cfloat* scratch,
                          __local uint* powers, __local uint* inversePowers, const uint lineStride, const Step* step,
                          const uint lid, const uint groupSize)
{
  teamLoadLines(in, lines, powers, inversePowers, lineStride, step, lid, groupSize);

  // s and d of every butterfly (adjacent work-items on adjacent butterflies, one a at a time).
  const uint t = lid % THREADS;
  __local cfloat* line = lines + (lid / THREADS) * lineStride;
  __local cfloat* diffs = scratch + (lid / THREADS) * TEAM_SCRATCH;
  cfloat sums[TEAM_PREP_ITEMS], differences[TEAM_PREP_ITEMS];
  UNROLL
  for (uint s = 0; s < TEAM_PREP_ITEMS; ++s) {
    const uint item = t + s * THREADS, a = item / TEAM_BUTTERFLIES, bf = item % TEAM_BUTTERFLIES;
    if (a < TEAM_HALF) {
      const uint r = powers[a];
      const cfloat x = line[PADDED(bf + r * TEAM_BUTTERFLIES)];
      const cfloat y = line[PADDED(bf + (TEAM_PRIME - r) * TEAM_BUTTERFLIES)];
      sums[s] = x + y;
      differences[s] = x - y;
      if (a == 0) diffs[TEAM_BUTTERFLIES * TEAM_ROW + bf] = line[PADDED(bf)];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  UNROLL
  for (uint s = 0; s < TEAM_PREP_ITEMS; ++s) {
    const uint item = t + s * THREADS, a = item / TEAM_BUTTERFLIES, bf = item % TEAM_BUTTERFLIES;
    if (a < TEAM_HALF) {
      line[bf * TEAM_ROW + a] = sums[s];
      line[bf * TEAM_ROW + a + TEAM_HALF] = sums[s];
      diffs[bf * TEAM_ROW + a] = differences[s];
      diffs[bf * TEAM_ROW + a + TEAM_HALF] = -differences[s];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  // The team's sums over j: work-item t of the line takes butterfly t / TEAM_SIZE, c from c0 on.
  const uint bf = t / TEAM_SIZE, c0 = (t % TEAM_SIZE) * TEAM_SPAN;
  const bool member = t < TEAM_BUTTERFLIES * TEAM_SIZE;
  cfloat A[TEAM_SPAN], B[TEAM_SPAN], total = (cfloat)(0.0f);
  UNROLL
  for (int k = 0; k < TEAM_SPAN; ++k) A[k] = B[k] = (cfloat)(0.0f);
  if (member) {
    __local const cfloat* sRow = line + bf * TEAM_ROW + c0;
    __local const cfloat* dRow = diffs + bf * TEAM_ROW + c0;
    UNROLL
    for (int j = 0; j < TEAM_HALF; ++j) {
      UNROLL
      for (int k = 0; k < TEAM_SPAN; ++k) {
        A[k] += kTeamCos[j] * sRow[k + j];
        B[k] += kTeamSin[j] * dRow[k + j];
      }
    }
    if (c0 == 0) {
      UNROLL
      for (int a = 0; a < TEAM_HALF; ++a) total += sRow[a];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE); // every s read before the outputs take their place
  if (member) {
    const cfloat x0 = diffs[TEAM_BUTTERFLIES * TEAM_ROW + bf];
    UNROLL
    for (int k = 0; k < TEAM_SPAN; ++k) {
      if (c0 + k >= TEAM_HALF) break; // the last work-item of a team where TEAM_SPAN does not divide H
      const uint q = inversePowers[c0 + k];
      const cfloat even = x0 + A[k], odd = (float)DIR * mulI(B[k]);
      line[PADDED(bf * TEAM_PRIME + q)] = even + odd;
      line[PADDED(bf * TEAM_PRIME + TEAM_PRIME - q)] = even - odd;
    }
    if (c0 == 0) line[PADDED(bf * TEAM_PRIME)] = x0 + total;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#endif // TEAM_CONV
#endif

// Last local pass (stride ns = LEN / R, so butterfly b writes elements b + q*ns), straight to global
// memory.
INLINE void lastPass(__global cfloat* out, __local cfloat* lines, const uint lineStride,
                     __global const cfloat* restrict twiddles, const Step* step, const uint lid, const uint ns,
                     const int R, const uint len, const uint threads)
{
  uint m, t;
  lineOf(lid, STORE_LINES_FASTEST, threads, &m, &t);
  const uint g = step->firstLine + m;
  const uint butterflies = len / R;
  const uint perThread = (butterflies + threads - 1) / threads;
  __local cfloat* line = lines + m * lineStride;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint bf = t + s * threads;
    if (bf >= butterflies || g >= step->totalLines) continue;
    cfloat u[MAX_RADIX];
    UNROLL
    for (int r = 0; r < R; ++r) u[r] = line[PADDED(bf + r * butterflies)];
    twiddleInputs(u, twiddles, bf, ns, R);
#define EMIT_OUT(q, value) storeOutput(out, step, g, bf + (q) * ns, len, (value))
    TRANSFORM_EMIT(u, R, EMIT_OUT)
#undef EMIT_OUT
  }
}

// A transform of a single local pass: its outputs go from local memory to global memory.
inline void copyOut(__global cfloat* out, __local cfloat* lines, const uint lineStride, const Step* step,
                    const uint lid, const uint len, const uint groupSize)
{
  for (uint idx = lid; idx < LINES * len; idx += groupSize) {
    const uint m = STORE_LINES_FASTEST ? idx % LINES : idx / len;
    const uint q = STORE_LINES_FASTEST ? idx / LINES : idx % len;
    const uint g = step->firstLine + m;
    if (g < step->totalLines) storeOutput(out, step, g, q, len, lines[m * lineStride + PADDED(q)]);
  }
}

#if PLANE_WIDTH
// PLANE_WIDTH's store (header): position P = k0 + PLANE_WIDTH*k1 of the plane from local element
// k1 + height*k0, adjacent work-items on adjacent P (whole sectors written).
inline void planeOut(__global cfloat* out, __local const cfloat* lines, const uint lineStride, const Step* step,
                     const uint lid, const uint groupSize)
{
  const uint height = LEN / PLANE_WIDTH;
  for (uint idx = lid; idx < LINES * LEN; idx += groupSize) {
    const uint m = idx / LEN, P = idx % LEN;
    const uint g = step->firstLine + m;
    if (g < step->totalLines)
      storeOutput(out, step, g, P, LEN, lines[m * lineStride + PADDED(P / PLANE_WIDTH + height * (P % PLANE_WIDTH))]);
  }
}
#endif

#if FUSED_RADER
// Between the two FFTs of FUSED_RADER (header): line Q times the filter, x[0] added to Q = 0 and X[0] =
// x[0] + sum written (the forward FFT's output 0 is the sum of the gathered values), all conjugated for
// the second FFT; where each line's output starts goes to lineStarts (with RADER_REST, X[0] conjugated to
// firstValues instead: the rows are stored later, whole). Each group read its whole lines
// before this, so writing X[0] in place is safe. raderFiltered does it for output Q of line m (`sum` its
// value), filteredLastPass as the forward FFT's last pass leaves each output in registers.
inline cfloat raderFiltered(const cfloat sum, const uint Q, const uint m, __global cfloat* out,
                            __local uint* lineStarts, __local cfloat* firstValues, const Step* step)
{
  cfloat value = cmul(sum, step->storeTable[Q]);
  const uint g = step->firstLine + m;
  if (Q == 0 && g < step->totalLines) {
    uint i, j, b;
    splitLine(g, step->inner, step->nOverL, &i, &j, &b);
    const cfloat x0 = axisValue(step, b, 0);
    value += x0;
#if RADER_REST
    firstValues[m] = (cfloat)(x0.x + sum.x, -(x0.y + sum.y)); // conjugated, as the second FFT's outputs
#elif PAIRS_STORE == 1
    // R2C's pair b: A[0] and B[0] from X[0] alone (its own partner); the store finds b in lineStarts.
    storeSplitPair(out, step->outDist, step->pairRows, b, 0, x0 + sum, x0 + sum, step->scale);
    lineStarts[m] = b;
#elif PAIRS_STORE == 2
    storeRealPair((__global float*)out, step->outDist, step->pairRows, b, 0, (x0 + sum) * step->scale);
    lineStarts[m] = b;
#else
    const uint start = (b / step->outInner) * step->outDist + b % step->outInner;
    out[start] = (x0 + sum) * step->scale;
    lineStarts[m] = start;
#endif
  }
  return (cfloat)(value.x, -value.y);
}

inline void raderFilter(__global cfloat* out, __local cfloat* lines, __local uint* lineStarts,
                        __local cfloat* firstValues, const uint lineStride, const Step* step, const uint lid,
                        const uint groupSize)
{
  for (uint idx = lid; idx < LINES * LEN; idx += groupSize) {
    const uint m = idx / LEN, Q = idx % LEN;
    if (step->firstLine + m >= step->totalLines) continue;
    __local cfloat* slot = lines + m * lineStride + PADDED(Q);
    *slot = raderFiltered(*slot, Q, m, out, lineStarts, firstValues, step);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

// The forward FFT's last pass with raderFilter's work done on its outputs in registers, before they go to
// local memory: one sweep through the lines and one barrier fewer. H100, ms per 2^25 values, two rounds:
// 683 0.554 -> 0.537, 1009 0.418 -> 0.398, 4801 0.512 -> 0.472, 64 x 1009 0.656 -> 0.639, R2C 4801 0.268
// -> 0.253. Not with RADER_REST: there the launch went from 128 registers to 160 and 1366 from 0.698 to
// 0.800; the host fuses them there unless every radix is 22 or more (OpenClFftPlan.cpp: restFilterOption).
// RADER_FILTER_APART 1 keeps the two steps apart everywhere (a comparison).
#ifndef RADER_FILTER_APART
#define RADER_FILTER_APART RADER_REST
#endif
INLINE void filteredLastPass(__local cfloat* line, __global const cfloat* restrict twiddles, const uint t,
                             const uint ns, const int R, __global cfloat* out, __local uint* lineStarts,
                             __local cfloat* firstValues, const Step* step, const uint m)
{
#define EMIT_FILTERED(q, value)                                                                                \
  line[PADDED(base + (q) * ns)] = raderFiltered(value, base + (q) * ns, m, out, lineStarts, firstValues, step)
  LOCAL_PASS(line, twiddles, t, ns, R, LEN, THREADS, TRANSFORM_AFTER, EMIT_FILTERED)
#undef EMIT_FILTERED
}

// FUSED_RADER's store (header): X[P], P = 1..p-1, from local element hookIndex[p - 1 + P - 1],
// conjugated back, to line m's output from lineStarts[m]. Flat over the group's lines, so short lines
// keep every work-item busy: adjacent work-items on adjacent P, or on adjacent lines where the output is
// strided; LEN + 1 >= p slots per line keep the divisions constant. Odd real rows in pairs (header; line m
// is pair lineStarts[m], the rows outDist apart): R2C's split into the two half spectra, A[k] and B[k]
// from X[k] and X[p-k] for k = 1..(p-1)/2 (k = 0 went with X[0]); C2R's X[P] to the two real rows.
inline void fusedOutInOrder(__global cfloat* out, __local const cfloat* lines, __local const uint* lineStarts,
                            const uint lineStride, const Step* step, const uint lid, const uint groupSize)
{
  const uint p = step->hookLength + 1;
#if PAIRS_STORE == 1
  const uint kept = (p + 1) / 2;
  for (uint idx = lid; idx < LINES * kept; idx += groupSize) {
    const uint m = idx / kept, k = idx % kept;
    if (k == 0 || step->firstLine + m >= step->totalLines) continue;
    __local const cfloat* line = lines + m * lineStride;
    const cfloat held = line[PADDED(step->hookIndex[step->hookLength + k - 1])];
    const cfloat mirror = line[PADDED(step->hookIndex[step->hookLength + p - k - 1])];
    storeSplitPair(out, step->outDist, step->pairRows, lineStarts[m], k, (cfloat)(held.x, -held.y),
                   (cfloat)(mirror.x, -mirror.y), step->scale);
  }
  return;
#elif PAIRS_STORE == 2
  for (uint idx = lid; idx < LINES * (LEN + 1); idx += groupSize) {
    const uint m = idx / (LEN + 1), P = idx % (LEN + 1);
    if (P == 0 || P >= p || step->firstLine + m >= step->totalLines) continue;
    const cfloat held = lines[m * lineStride + PADDED(step->hookIndex[step->hookLength + P - 1])];
    storeRealPair((__global float*)out, step->outDist, step->pairRows, lineStarts[m], P,
                  (cfloat)(held.x, -held.y) * step->scale);
  }
  return;
#endif
  const bool linesFastest = step->outStride != 1;
  for (uint idx = lid; idx < LINES * (LEN + 1); idx += groupSize) {
    const uint m = linesFastest ? idx % LINES : idx / (LEN + 1);
    const uint P = linesFastest ? idx / LINES : idx % (LEN + 1);
    if (P == 0 || P >= p || step->firstLine + m >= step->totalLines) continue;
    const cfloat held = lines[m * lineStride + PADDED(step->hookIndex[step->hookLength + P - 1])];
    out[lineStarts[m] + P * step->outStride] = (cfloat)(held.x, -held.y) * step->scale;
  }
}

#if RADER_REST
#define REST_RADIX_AT(i)                                                                                       \
  ((i) == 0   ? REST_RADIX_0                                                                                   \
   : (i) == 1 ? REST_RADIX_1                                                                                   \
   : (i) == 2 ? REST_RADIX_2                                                                                   \
   : (i) == 3 ? REST_RADIX_3                                                                                   \
   : (i) == 4 ? REST_RADIX_4                                                                                   \
   : (i) == 5 ? REST_RADIX_5                                                                                   \
   : (i) == 6 ? REST_RADIX_6                                                                                   \
              : REST_RADIX_7)
#define REST_PASS(i)                                                                                           \
  if (i < REST_NUM_RADICES - 1) {                                                                              \
    localPass(row, restTwiddles, t, ns, REST_RADIX_AT(i), ROW_LEN, ROW_THREADS);                               \
    ns *= REST_RADIX_AT(i);                                                                                    \
  }
// RADER_REST: the second FFT's last pass writes its outputs straight to the rows (header): output Q of line
// m is X_j[P], P = g^-Q = hookIndex[(LEN - Q) % LEN] (the gather table), j = m % REST_M, at element j*p + P;
// X_j[0] comes from firstValues. Every line is read before anything is written, so the rows may overlap
// the lines.
INLINE void secondFftIntoRows(__local cfloat* lines, const uint lineStride, __global const cfloat* restrict twiddles,
                              const uint t, const uint ns, const int R, __local const cfloat* firstValues,
                              const Step* step, const uint lid)
{
  const uint m = lid / THREADS, p = LEN + 1, butterflies = LEN / R;
  const uint perThread = (butterflies + THREADS - 1) / THREADS;
  cfloat v[VMAX];
  readButterflies(v, lines + m * lineStride, t, R, LEN, THREADS);
  barrier(CLK_LOCAL_MEM_FENCE);
  // Held conjugated: the second FFT ran on conjugates.
  __local cfloat* row = lines + (m / REST_M) * ROW_PITCH;
  const uint first = (m % REST_M) * p;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * THREADS;
    if (b >= butterflies) continue;
    const uint base = butterfly(v + s * R, twiddles, b, ns, R);
    UNROLL
    for (int q = 0; q < R; ++q) {
      const uint Q = base + q * ns;
      const cfloat held = v[s * R + q];
      row[PADDED(first + step->hookIndex[(LEN - Q) % LEN])] = REST_CONJ ? held : (cfloat)(held.x, -held.y);
    }
  }
  if (t == 0) {
    const cfloat held = firstValues[m];
    row[PADDED(first)] = REST_CONJ ? held : (cfloat)(held.x, -held.y);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

// RADER_REST's end (header): the rest's passes on the rows, and the rows out whole, adjacent work-items on
// adjacent elements.
INLINE void restOfRows(__global cfloat* out, __local cfloat* lines, __global const cfloat* restTwiddles,
                       const Step* step, const uint lid)
{
  const uint t = lid % ROW_THREADS;
  __local cfloat* row = lines + (lid / ROW_THREADS) * ROW_PITCH;
  uint ns = LEN + 1;
  REST_PASS(0)
  REST_PASS(1)
  REST_PASS(2)
  REST_PASS(3)
  REST_PASS(4)
  REST_PASS(5)
  REST_PASS(6)
  // The last pass straight to the output (stride ns = ROW_LEN / R: butterfly b writes elements b + q*ns,
  // adjacent work-items on adjacent elements).
  const int R = REST_RADIX_AT(REST_NUM_RADICES - 1);
  const uint butterflies = ROW_LEN / R, perThread = (butterflies + ROW_THREADS - 1) / ROW_THREADS;
  const uint g = step->firstLine + (lid / ROW_THREADS) * REST_M;
  __global cfloat* rowOut = out + (g / REST_M) * step->outDist;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * ROW_THREADS;
    if (b >= butterflies || g >= step->totalLines) continue;
    cfloat u[VMAX];
    UNROLL
    for (int r = 0; r < R; ++r) u[r] = row[PADDED(b + r * butterflies)];
    butterfly(u, restTwiddles, b, ns, R);
    UNROLL
    for (int q = 0; q < R; ++q) rowOut[b + q * ns] = (REST_CONJ ? (cfloat)(u[q].x, -u[q].y) : u[q]) * step->scale;
  }
}
#endif
#endif

#if FILTER_INVERSE
#if !PASS_TWIDDLE
#error "FILTER_INVERSE: the forward FFT's last launch of two (ns > 1)"
#endif
// Where FILTER_INVERSE's lines sit: line m's sub-line j, its work line b, and where its outputs start.
// Worked out once per line (splitLine divides by the runtime geometry), into the row twiddles' local memory
// once firstPass is done with it (sizeof(FilterLine) <= ROW_STRIDE float2s a line).
typedef struct {
  uint j, b, outStart;
} FilterLine;

inline void placeFilterLines(__local FilterLine* placed, const Step* step, const uint lid)
{
  if (lid >= LINES) return;
  uint i, j, b;
  splitLine(step->firstLine + lid, step->inner, step->nOverL, &i, &j, &b);
  placed[lid].j = j;
  placed[lid].b = b;
  placed[lid].outStart = b * step->distOut + i + j * LEN * step->stride;
}

// FILTER_INVERSE's filter (header): element q of line m is the forward output Q = j + q*ns (j < ns: the
// axis' last launch); adjacent work-items on adjacent lines, so their filter reads are adjacent. Rader's
// Q = 0 also gives X[0] and takes x[0], as STORE_HOOK 3 does. All conjugated for the second FFT.
inline void filterForInverse(__local cfloat* lines, __local const FilterLine* placed, const uint lineStride,
                             const Step* step, const uint lid, const uint groupSize)
{
  for (uint idx = lid; idx < LINES * LEN; idx += groupSize) {
    const uint m = idx % LINES, q = idx / LINES;
    if (step->firstLine + m >= step->totalLines) continue;
    const uint Q = placed[m].j + q * step->ns;
    __local cfloat* slot = lines + m * lineStride + PADDED(q);
    const cfloat sum = *slot;
    cfloat value = cmul(sum, step->storeTable[Q]);
#if FILTER_INVERSE == 3
    if (Q == 0) {
      const uint b = placed[m].b;
      const cfloat x0 = axisValue(step, b, 0);
      step->hookSums[b] = x0 + sum;
      value += x0;
    }
#endif
    *slot = (cfloat)(value.x, -value.y);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

// FILTER_INVERSE's store (header): output q of line m, conjugated back, at j*LEN + q of its work line. The
// group's lines are adjacent sub-lines, so adjacent work-items on adjacent q write one run.
inline void inverseStartOut(__global cfloat* out, __local const cfloat* lines, __local const FilterLine* placed,
                            const uint lineStride, const Step* step, const uint lid, const uint groupSize)
{
  for (uint idx = lid; idx < LINES * LEN; idx += groupSize) {
    const uint m = idx / LEN, q = idx % LEN;
    if (step->firstLine + m >= step->totalLines) break;
    const cfloat held = lines[m * lineStride + PADDED(q)];
    out[placed[m].outStart + q * step->stride] = (cfloat)(held.x, -held.y);
  }
}
#endif

#if STORE_HOOK == 4
// Rader's output in order, from lines held whole in local memory (header): adjacent work-items write
// adjacent elements of X, or adjacent lines where the axis is strided (columns).
inline void raderOutInOrder(__local cfloat* lines, const uint lineStride, const Step* step, const uint lid,
                            const uint groupSize)
{
  // Where a line sits is worked out once per line, not per element: a division by the runtime p and
  // splitLine's divisions for every element had cost these launches a third of their time.
  const uint p = step->hookLength + 1;
#if PAIRS_STORE == 1
  // Two half spectra of (p + 1) / 2 values from each line: A[k] and B[k] from Z[k] and Z[p-k] (Z[0] is
  // its own partner), the group on one line at a time, adjacent work-items on adjacent k.
  const uint kept = (p + 1) / 2;
  for (uint m = 0; m < LINES; ++m) {
    const uint g = step->firstLine + m;
    if (g >= step->totalLines) break;
    uint i, j, b;
    splitLine(g, step->inner, step->nOverL, &i, &j, &b);
    __local cfloat* line = lines + m * lineStride;
    for (uint k = lid; k < kept; k += groupSize) {
      const cfloat z = k == 0 ? step->hookSums[b] : line[PADDED(step->hookIndex[step->hookLength + k - 1])];
      const cfloat partner = k == 0 ? z : line[PADDED(step->hookIndex[step->hookLength + p - k - 1])];
      storeSplitPair(step->axisData, step->hookDist, step->pairRows, b, k, z, partner, step->scale);
    }
  }
  return;
#endif
  const LineWalk walk = lineWalk(step->hookStride != 1, lid, groupSize);
  for (uint m = walk.firstM; m < walk.endM; ++m) {
    const uint g = step->firstLine + m;
    if (g >= step->totalLines) break;
    uint i, j, b;
    splitLine(g, step->inner, step->nOverL, &i, &j, &b);
    __local cfloat* line = lines + m * lineStride;
#if PAIRS_STORE != 2
    __global cfloat* axis = step->axisData + axisLineStart(step, b);
#endif
    for (uint P = walk.firstP; P < p; P += walk.stepP) {
      const cfloat value = P == 0 ? step->hookSums[b] : line[PADDED(step->hookIndex[step->hookLength + P - 1])];
#if PAIRS_STORE == 2
      storeRealPair((__global float*)step->axisData, step->hookDist, step->pairRows, b, P, value * step->scale);
#else
      axis[P * step->hookStride] = value * step->scale;
#endif
    }
  }
}
#endif

#if DIRECT_PAIRS == 1
// R2C of odd rows in pairs, one launch without hooks: the two half spectra from the whole line Z in
// local memory (natural order after the last pass), adjacent work-items on adjacent k.
inline void splitPairsOut(__global cfloat* out, __local cfloat* lines, const uint lineStride, const Step* step,
                          const uint lid, const uint len, const uint groupSize)
{
  const uint kept = len / 2 + 1;
  for (uint idx = lid; idx < LINES * kept; idx += groupSize) {
    const uint m = idx / kept, k = idx % kept;
    const uint g = step->firstLine + m;
    if (g >= step->totalLines) continue;
    __local cfloat* line = lines + m * lineStride;
    storeSplitPair(out, step->pairPitchOut, step->pairRows, g, k, line[PADDED(k)], line[PADDED(k == 0 ? 0 : len - k)],
                   step->scale);
  }
}
#endif

#if REAL_ROWS
// REAL_ROWS 1 (R2C rows in one launch, no hooks): the line is Z = DFT_H of a real row's pairs, H = len,
// and the launch stores X[0..H] of the row (cl/real_fft.cl has the formulas) instead of Z. The whole line
// is in local memory after the last local pass, so each X[k] finds Z[H-k] there. storeTable holds
// W_{2H}^k for k in [0, H/2], from double.
inline cfloat realStepTwiddle(__global const cfloat* table, const uint k, const uint halfLength)
{
  if (2 * k <= halfLength) return table[k];
  const cfloat w = table[halfLength - k];
  return (cfloat)(-w.x, w.y); // W^k = -conj(W^(H-k))
}

// X[k] of a real row of half length H from Z[k] and its mirror Z[H-k], 0 < k < H: E + W^k (-i) O.
inline cfloat realStepValue(const cfloat z, const cfloat mirror, const uint k, const uint halfLength,
                            __global const cfloat* table)
{
  const cfloat a = 0.5f * z, bc = 0.5f * (cfloat)(mirror.x, -mirror.y);
  const cfloat d = a - bc;
  return a + bc + cmul(realStepTwiddle(table, k, halfLength), (cfloat)(d.y, -d.x));
}

// The planner fuses it into whole rows only (ns = nOverL = stride = 1), so row g's X[k] is at
// g * distOut + k: worked out here rather than through storeOutput, which divides by the runtime geometry
// for every element (H100, R2C rows of 1920 x 1080: 0.190 -> 0.142 ms; of 3000 x 2000: 0.179 -> 0.149).
inline void realPostOut(__global cfloat* out, __local cfloat* lines, const uint lineStride, const Step* step,
                        const uint lid, const uint len, const uint groupSize)
{
  for (uint idx = lid; idx < LINES * len; idx += groupSize) {
    const uint m = idx / len, k = idx % len;
    const uint g = step->firstLine + m;
    if (g >= step->totalLines) continue;
    __local cfloat* line = lines + m * lineStride;
    __global cfloat* row = out + g * step->distOut;
    const cfloat z = line[PADDED(k)];
    if (k == 0) {
      row[0] = (cfloat)(z.x + z.y, 0.0f) * step->scale;
      row[len] = (cfloat)(z.x - z.y, 0.0f) * step->scale;
      continue;
    }
    row[k] = realStepValue(z, line[PADDED(len - k)], k, len, step->storeTable) * step->scale;
  }
}

#if REAL_ROWS == 3
// REAL_ROWS 3: after the last local pass, slot m's line j holds Z[j + q*ns] of its row (H = ns*LEN); the
// partner Z[H - j - q*ns] is element LEN-1-q of line ns-j (the pair's other slot; line ns/2 its own), and
// for line 0 element LEN-q of itself. The launch stores X[K], K = j + q*ns, adjacent work-items on
// adjacent slots (two runs of adjacent lines a group), and line 0 adds X[H] from Z[0].
inline void mirroredPostOut(__global cfloat* out, __local cfloat* lines, const uint lineStride, const Step* step,
                            const uint lid, const uint groupSize)
{
  // groupSize is THREADS * LINES: each work-item keeps its slot, so where the slot's line and its partner
  // sit is worked out once (splitLine divides by the runtime geometry).
  const uint m = lid % LINES, g = step->firstLine + m;
  if (g >= step->totalLines) return;
  uint i, j, b;
  splitLine(g, 1, step->nOverL, &i, &j, &b);
  const uint halfLength = step->ns * LEN;
  const bool ownPartner = j == 0 || 2 * j == step->nOverL;
  __local cfloat* line = lines + m * lineStride;
  __local cfloat* partnerLine = lines + (ownPartner ? m : (m ^ 1u)) * lineStride;
  __global cfloat* row = out + b * step->distOut;
  for (uint q = lid / LINES; q < LEN; q += groupSize / LINES) {
    const cfloat z = line[PADDED(q)];
    if (j == 0 && q == 0) {
      row[0] = (cfloat)(z.x + z.y, 0.0f) * step->scale;
      row[halfLength] = (cfloat)(z.x - z.y, 0.0f) * step->scale;
      continue;
    }
    const cfloat mirror = partnerLine[PADDED(j == 0 ? LEN - q : LEN - 1 - q)];
    const uint K = j + q * step->ns;
    row[K] = realStepValue(z, mirror, K, halfLength, step->storeTable) * step->scale;
  }
}
#endif
#endif

#ifndef NUM_RADICES
#define NUM_RADICES 1
#endif
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
// Radix of local pass i (a constant expression).
#define RADIX_AT(i)                                                                                            \
  ((i) == 0    ? RADIX_0                                                                                       \
   : (i) == 1  ? RADIX_1                                                                                       \
   : (i) == 2  ? RADIX_2                                                                                       \
   : (i) == 3  ? RADIX_3                                                                                       \
   : (i) == 4  ? RADIX_4                                                                                       \
   : (i) == 5  ? RADIX_5                                                                                       \
   : (i) == 6  ? RADIX_6                                                                                       \
   : (i) == 7  ? RADIX_7                                                                                       \
   : (i) == 8  ? RADIX_8                                                                                       \
   : (i) == 9  ? RADIX_9                                                                                       \
   : (i) == 10 ? RADIX_10                                                                                      \
               : RADIX_11)

// A middle pass of the specialised program: pass i, if it is neither the first nor the last.
#define MIDDLE_PASS(i)                                                                                         \
  if (i < NUM_RADICES - 1) {                                                                                   \
    localPass(line, localTwiddles, tLds, localNs, RADIX_AT(i), LEN, THREADS);                                  \
    localNs *= RADIX_AT(i);                                                                                    \
  }

#ifndef WHOLE_LINE_GATHER
#define WHOLE_LINE_GATHER 0
#endif
#if WHOLE_LINE_GATHER
#if GENERIC_SHAPE || !LOAD_GATHER || STORE_HOOK || FUSED_RADER || FILTER_INVERSE || TEAM_PRIME || REAL_ROWS ||        \
    DIRECT_PAIRS || PASS_TWIDDLE || LOAD_LINES_FASTEST || STORE_LINES_FASTEST || NUM_RADICES < 2 ||                  \
    LINES % LINE_ROUNDS
#error "WHOLE_LINE_GATHER: the first launch of Rader's forward FFT, a whole line a group, two local passes or more"
#endif
#elif LINE_ROUNDS > 1
#if GENERIC_SHAPE || LOAD_CHIRP || LOAD_GATHER || STORE_HOOK || FUSED_RADER || FILTER_INVERSE || TEAM_PRIME ||        \
    REAL_ROWS || DIRECT_PAIRS || !LOAD_LINES_FASTEST || !STORE_LINES_FASTEST || NUM_RADICES < 2 || LINES % LINE_ROUNDS
#error "LINE_ROUNDS: plain launches over adjacent lines, two local passes or more"
#endif
#endif
#if LINE_ROUNDS > 1 || WHOLE_LINE_GATHER
// The outputs of work-item t's butterflies of a pass (radix R, stride ns) from registers to the line:
// butterfly b's output q goes to (b - k)*R + k + q*ns.
INLINE void writeOutputs(__local cfloat* line, const cfloat* v, const uint t, const uint ns, const int R)
{
  const uint butterflies = LEN / R;
  const uint perThread = (butterflies + THREADS - 1) / THREADS;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * THREADS;
    if (b >= butterflies) continue;
    const uint k = b % ns, base = (b - k) * R + k;
    UNROLL
    for (int q = 0; q < R; ++q) line[PADDED(base + q * ns)] = v[s * R + q];
  }
}

// One exchange between passes: the outputs of the pass before (radixOut, stride nsOut) out, the inputs of
// the next (radixIn) in, each line in its round. The second barrier keeps the next round's writers off
// the buffer until this round's readers are done.
INLINE void exchangeInRounds(cfloat* v, __local cfloat* line, const uint round, const uint t, const uint nsOut,
                             const int radixOut, const int radixIn)
{
  UNROLL
  for (uint r = 0; r < LINE_ROUNDS; ++r) {
    if (r == round) writeOutputs(line, v, t, nsOut, radixOut);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (r == round) readButterflies(v, line, t, radixIn, LEN, THREADS);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

// Twiddles and transforms work-item t's butterflies of a pass (radix R, stride ns), in registers.
INLINE void transformButterflies(cfloat* v, __global const cfloat* restrict twiddles, const uint t, const uint ns,
                                 const int R)
{
  const uint butterflies = LEN / R;
  const uint perThread = (butterflies + THREADS - 1) / THREADS;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * THREADS;
    if (b < butterflies) butterfly(v + s * R, twiddles, b, ns, R);
  }
}

// Pass i of columnsInRounds: the exchange after pass i - 1, then pass i in registers.
#define ROUNDS_PASS(i)                                                                                         \
  if (i < NUM_RADICES) {                                                                                       \
    exchangeInRounds(v, line, round, t, ns, RADIX_AT(i - 1), RADIX_AT(i));                                     \
    ns *= RADIX_AT(i - 1);                                                                                     \
    transformButterflies(v, twiddles, t, ns, RADIX_AT(i));                                                     \
  }

#if WHOLE_LINE_GATHER
// Rader's gather where the first launch of a forward FFT of two launches holds a whole convolution line
// b (LINES = nOverL: its sub-lines j, whose element e is E = j + e*nOverL, x[g^E]): the line is too long
// for local memory, so the axis' x[1..p-1] pass through the exchange buffer in chunks, each read in order
// (coalesced), and every work-item takes the elements its first butterflies need from each chunk into
// registers. For odd real rows in pairs (PAIRS_LOAD), whose gather from global memory reads two scattered
// floats a value (H200, that launch for R2C 7681: 0.263 -> 0.183 ms, C2R 0.256 -> 0.190). Not for complex
// rows, where one scattered value is a sector and the whole-line groups (960 work-items for 7681) cost
// more than they save (7681 0.328 -> 0.348 ms, 13313 0.336 -> 0.394); through local memory on store
// too, or with half the work-items, it lost more.
INLINE void gatherInChunks(__local cfloat* buffer, const uint capacity, __global const cfloat* restrict twiddles,
                           const Step* step, const uint lid, const uint groupSize, const uint m, const uint t,
                           cfloat* v)
{
  const int R = RADIX_0;
  const uint n = step->hookLength, b = step->firstLine / step->nOverL;
  const uint butterflies = LEN / R, perThread = (butterflies + THREADS - 1) / THREADS;
  uint source[VMAX]; // where each value sits in x[1..p-1]; n: none (the padding's zeros)
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    UNROLL
    for (int r = 0; r < R; ++r) {
      const uint E = m + (t + s * THREADS + r * butterflies) * step->nOverL;
      source[s * R + r] = t + s * THREADS < butterflies && E < n ? step->hookIndex[E] - 1 : n;
      v[s * R + r] = (cfloat)(0.0f);
    }
  }
  for (uint start = 0; start < n; start += capacity) {
    const uint count = min(capacity, n - start);
    for (uint idx = lid; idx < count; idx += groupSize) buffer[idx] = axisValue(step, b, start + idx + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    UNROLL
    for (uint s = 0; s < perThread * R; ++s) {
      const uint offset = source[s] - start; // wraps above count for the chunks before
      if (offset < count) v[s] = buffer[offset];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint bf = t + s * THREADS;
    if (bf >= butterflies) continue;
    cfloat u[MAX_RADIX];
    UNROLL
    for (int r = 0; r < R; ++r) u[r] = v[s * R + r];
    twiddleInputs(u, twiddles, bf, 1, R);
#define EMIT_GATHERED(q, value) v[s * R + (q)] = (value)
    TRANSFORM_EMIT(u, R, EMIT_GATHERED)
#undef EMIT_GATHERED
  }
}
#endif

// The whole launch with LINE_ROUNDS (header): work-item t of line m (adjacent work-items on adjacent
// lines, for loads and stores alike) from its first pass's global reads to its last pass's global writes.
// WHOLE_LINE_GATHER: adjacent work-items on the same line instead, whose outputs are adjacent (ns = 1).
INLINE void columnsInRounds(__global const cfloat* in, __global cfloat* out, __local cfloat* buffer,
                            __local cfloat* rowTwiddles, const uint lineStride,
                            __global const cfloat* restrict twiddles, const Step* step, const uint lid,
                            const uint groupSize)
{
  uint m, t;
  lineOf(lid, !WHOLE_LINE_GATHER, THREADS, &m, &t);
  cfloat v[VMAX];
#if WHOLE_LINE_GATHER
  gatherInChunks(buffer, BUFFER_LINES * lineStride, twiddles, step, lid, groupSize, m, t, v);
#else
  firstPass(in, buffer, rowTwiddles, lineStride, twiddles, step, lid, groupSize, RADIX_0, LEN, THREADS, v);
#endif
  __local cfloat* line = buffer + (m % BUFFER_LINES) * lineStride;
  const uint round = m / BUFFER_LINES;
  uint ns = 1;
  ROUNDS_PASS(1)
  ROUNDS_PASS(2)
  ROUNDS_PASS(3)
  ROUNDS_PASS(4)
  ROUNDS_PASS(5)
  ROUNDS_PASS(6)
  ROUNDS_PASS(7)
  ROUNDS_PASS(8)
  ROUNDS_PASS(9)
  ROUNDS_PASS(10)
  ROUNDS_PASS(11)
  // The last pass's outputs (ns * R = LEN: butterfly b's output q is element b + q*ns) to global memory.
  const uint g = step->firstLine + m;
  const int R = RADIX_AT(NUM_RADICES - 1);
  const uint butterflies = LEN / R;
  const uint perThread = (butterflies + THREADS - 1) / THREADS;
  UNROLL
  for (uint s = 0; s < perThread; ++s) {
    const uint b = t + s * THREADS;
    if (b >= butterflies || g >= step->totalLines) continue;
    UNROLL
    for (int q = 0; q < R; ++q) storeOutput(out, step, g, b + q * ns, LEN, v[s * R + q]);
  }
}
#endif

#if GENERIC_SHAPE
__kernel void
#else
__kernel __attribute__((reqd_work_group_size(THREADS * LINES, 1, 1))) void
#endif
fft_mixed_pass(__global const cfloat* in, __global cfloat* out, __global const cfloat* restrict localTwiddles,
               __global const cfloat* restrict passTwiddlesHi, __global const cfloat* restrict passTwiddlesLo,
               const uint passLoBits, const uint ns, const uint nOverL, const uint stride, const uint inner,
               const uint dist, const uint totalLines, const float scale, const uint distOut, const uint len,
               const uint threads, __global const uint* radices, const uint radixCount,
               __local cfloat* sharedLines, __global cfloat* axisData, const uint hookLength, const uint hookStride,
               const uint hookInner, const uint hookDist, __global const cfloat* loadTable,
               __global const cfloat* storeTable, __global const uint* hookIndex, __global cfloat* hookSums,
               const uint pairRows, const uint pairPitchOut, const uint outStride, const uint outInner,
               const uint outDist)
{
#if GENERIC_SHAPE
  __local cfloat* lines = sharedLines;
#elif RADER_REST
  __local cfloat lines[MAX_OF(LINES * LINE_STRIDE_OF(LEN), ROWS * ROW_PITCH)];
#else
  __local cfloat lines[BUFFER_LINES * LINE_STRIDE_OF(LEN)];
#endif
#if PASS_TWIDDLE
  __local cfloat rowTwiddles[LINES * ROW_STRIDE];
#else
  __local cfloat* rowTwiddles = 0;
#endif
  const uint length = LEN_OF(len), lineThreads = THREADS_OF(threads);
  const uint lineStride = LINE_STRIDE_OF(length), groupSize = lineThreads * LINES;
  const uint lid = get_local_id(0);
  const Step step = {passTwiddlesHi, passTwiddlesLo, passLoBits, ns,         nOverL,     stride,
                     inner,          dist,           distOut,    totalLines, get_group_id(0) * LINES, scale,
                     axisData,       loadTable,      storeTable, hookLength, hookStride, hookInner,
                     hookDist,       hookIndex,      hookSums,   pairRows,   pairPitchOut,
                     outStride,      outInner,       outDist};

  // Middle passes use any mapping of work-items to lines: the line is in local memory.
  const uint tLds = lid % lineThreads;
  __local cfloat* line = lines + (lid / lineThreads) * lineStride;
#if GENERIC_SHAPE
  const uint count = radixCount;
  firstPass(in, lines, rowTwiddles, lineStride, localTwiddles, &step, lid, groupSize, (int)radices[0], length,
            lineThreads, 0);
  uint localNs = radices[0];
  for (uint p = 1; p + 1 < count; ++p) {
    localPass(line, localTwiddles, tLds, localNs, (int)radices[p], length, lineThreads);
    localNs *= radices[p];
  }
#if REAL_ROWS == 3
#error "REAL_ROWS 3: length-specialised programs only"
#elif REAL_ROWS
  if (count > 1) localPass(line, localTwiddles, tLds, localNs, (int)radices[count - 1], length, lineThreads);
  realPostOut(out, lines, lineStride, &step, lid, length, groupSize);
#else
  if (count > 1) lastPass(out, lines, lineStride, localTwiddles, &step, lid, localNs, (int)radices[count - 1], length,
                          lineThreads);
  else copyOut(out, lines, lineStride, &step, lid, length, groupSize);
#endif
#elif LINE_ROUNDS > 1 || WHOLE_LINE_GATHER
  columnsInRounds(in, out, lines, rowTwiddles, lineStride, localTwiddles, &step, lid, groupSize);
#else
#if FUSED_RADER
  // Where each line's output starts (raderFilter): row twiddles are not used here (ns = 1), and the
  // planner budgets them.
  __local uint lineStarts[LINES];
#if RADER_REST
  __local cfloat firstValues[LINES];
#else
  __local cfloat* firstValues = 0;
#endif
#endif
#if TEAM_PRIME
  __local cfloat teamScratch[LINES * TEAM_SCRATCH];
  __local uint teamPow[TEAM_HALF], teamInvPow[TEAM_HALF];
  teamFirstPass(in, lines, teamScratch, teamPow, teamInvPow, lineStride, &step, lid, groupSize);
#elif STAGED_GATHER
  gatherPass(lines, lineStride, localTwiddles, &step, lid, groupSize, RADIX_AT(0));
#else
  firstPass(in, lines, rowTwiddles, lineStride, localTwiddles, &step, lid, groupSize, RADIX_AT(0), LEN, THREADS, 0);
#endif
  {
    uint localNs = RADIX_AT(0);
    MIDDLE_PASS(1)
    MIDDLE_PASS(2)
    MIDDLE_PASS(3)
    MIDDLE_PASS(4)
    MIDDLE_PASS(5)
    MIDDLE_PASS(6)
    MIDDLE_PASS(7)
    MIDDLE_PASS(8)
    MIDDLE_PASS(9)
    MIDDLE_PASS(10)
#if REAL_ROWS
#if NUM_RADICES > 1
    // The last pass also into local memory, where each value meets its mirror.
    localPass(line, localTwiddles, tLds, localNs, RADIX_AT(NUM_RADICES - 1), LEN, THREADS);
#endif
#if REAL_ROWS == 3
    mirroredPostOut(out, lines, lineStride, &step, lid, groupSize);
#else
    realPostOut(out, lines, lineStride, &step, lid, LEN, groupSize);
#endif
#elif DIRECT_PAIRS == 1
#if NUM_RADICES > 1
    localPass(line, localTwiddles, tLds, localNs, RADIX_AT(NUM_RADICES - 1), LEN, THREADS);
#endif
    splitPairsOut(out, lines, lineStride, &step, lid, LEN, groupSize);
#elif FUSED_RADER || FILTER_INVERSE
#if FILTER_INVERSE
    // The row twiddles' local memory, which firstPass is done with, holds where the lines sit.
    __local FilterLine* filterLines = (__local FilterLine*)rowTwiddles;
    placeFilterLines(filterLines, &step, lid);
#if NUM_RADICES == 1
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
#endif
#if FUSED_RADER && NUM_RADICES > 1 && !RADER_FILTER_APART
    filteredLastPass(line, localTwiddles, tLds, localNs, RADIX_AT(NUM_RADICES - 1), out, lineStarts, firstValues,
                     &step, lid / lineThreads);
#else
#if NUM_RADICES > 1
    localPass(line, localTwiddles, tLds, localNs, RADIX_AT(NUM_RADICES - 1), LEN, THREADS);
#endif
#if FUSED_RADER
    raderFilter(out, lines, lineStarts, firstValues, lineStride, &step, lid, groupSize);
#endif
#endif
#if FUSED_RADER
    const uint one = step.ns;
#else
    filterForInverse(lines, filterLines, lineStride, &step, lid, groupSize);
    const uint one = step.ns / step.nOverL; // the axis' last launch: ns = nOverL
#endif
    // The second FFT, every pass in local memory (its first with stride 1, as firstPass). NVIDIA's
    // compiler kept what the first FFT had worked out in registers for the second, where both look the
    // same (1008: 63 registers in a launch of its own, 168 here): its twiddles come through loadTable,
    // the same table under another argument, and its work-item index is tLds times `one`, which is 1
    // but not known to the compiler.
    const uint tSecond = tLds * one;
    localPass(line, loadTable, tSecond, 1, RADIX_AT(0), LEN, THREADS);
    localNs = RADIX_AT(0);
#define SECOND_PASS(i)                                                                                         \
  if (i < NUM_RADICES - 1) {                                                                                   \
    localPass(line, loadTable, tSecond, localNs, RADIX_AT(i), LEN, THREADS);                                   \
    localNs *= RADIX_AT(i);                                                                                    \
  }
    SECOND_PASS(1)
    SECOND_PASS(2)
    SECOND_PASS(3)
    SECOND_PASS(4)
    SECOND_PASS(5)
    SECOND_PASS(6)
    SECOND_PASS(7)
    SECOND_PASS(8)
    SECOND_PASS(9)
    SECOND_PASS(10)
#if RADER_REST // the host gives it two radices or more
    secondFftIntoRows(lines, lineStride, loadTable, tSecond, localNs, RADIX_AT(NUM_RADICES - 1), firstValues, &step,
                      lid);
    restOfRows(out, lines, passTwiddlesHi, &step, lid);
#else
#if NUM_RADICES > 1
    localPass(line, loadTable, tSecond, localNs, RADIX_AT(NUM_RADICES - 1), LEN, THREADS);
#endif
#if FUSED_RADER
    fusedOutInOrder(out, lines, lineStarts, lineStride, &step, lid, groupSize);
#else
    inverseStartOut(out, lines, filterLines, lineStride, &step, lid, groupSize);
#endif
#endif
#elif STORE_HOOK == 4
    if (step.ns == 1 && step.nOverL == 1) { // whole lines here: the permutation through local memory
#if NUM_RADICES > 1
      localPass(line, localTwiddles, tLds, localNs, RADIX_AT(NUM_RADICES - 1), LEN, THREADS);
#endif
      raderOutInOrder(lines, lineStride, &step, lid, groupSize);
    } else {
#if NUM_RADICES > 1
      lastPass(out, lines, lineStride, localTwiddles, &step, lid, localNs, RADIX_AT(NUM_RADICES - 1), LEN,
               THREADS);
#else
      copyOut(out, lines, lineStride, &step, lid, LEN, groupSize);
#endif
    }
#elif PLANE_WIDTH
#if NUM_RADICES > 1
    localPass(line, localTwiddles, tLds, localNs, RADIX_AT(NUM_RADICES - 1), LEN, THREADS);
#endif
    planeOut(out, lines, lineStride, &step, lid, groupSize);
#elif NUM_RADICES > 1
    lastPass(out, lines, lineStride, localTwiddles, &step, lid, localNs, RADIX_AT(NUM_RADICES - 1), LEN, THREADS);
#else
    copyOut(out, lines, lineStride, &step, lid, LEN, groupSize);
#endif
  }
#endif
}
