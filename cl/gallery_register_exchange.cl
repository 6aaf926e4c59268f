// Kernel gallery: Bainville's "one DFT2 per work-item" register exchange (OpenCL FFT, 2010).
//
// One launch is one Stockham step of radix R = 2 * HALF: work-group g of a transform of length N owns the
// R values x[g + m G], m < R (G = N / R groups), twiddles them by W_{R p}^(k m) (p = product of the
// earlier radices, k = g mod p), computes their DFT_R and writes X[q] to y[(g - k) R + k + q p].
//
// Inside the group each work-item i keeps two values in registers and computes radix-2 steps
// (decimation in frequency, spans HALF, HALF/2, ..., 1). Before the step of span h, work-item i holds
// the elements whose index is i with a zero bit inserted at h (and that index + h). Between steps one
// value per work-item travels through local memory: the partner i ^ h/2 sends r0 or r1 depending on
// bit h/2, which re-establishes the invariant for the next span with one write and one read each.
// After the last step work-item i holds X[rev(i)] and X[rev(i) + HALF] (rev over log2 HALF bits).
//
// Compile-time options: HALF (work-items per group, a power of two), LOG2_HALF.
// Twiddles: sinpi/cospi of exact float fractions (j < 2^24), not a recurrence, so no error accumulates.

typedef float2 cfloat;

inline cfloat cmul(cfloat a, cfloat b) { return (cfloat)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

// exp(-2 pi i j / m), m a power of two, j < m
inline cfloat exchange_twiddle(uint j, uint m)
{
  const float halfTurns = -2.0f * (float)j / (float)m;
  return (cfloat)(cospi(halfTurns), sinpi(halfTurns));
}

inline uint exchange_reverse(uint index)
{
  uint reversed = 0;
  for (uint bit = 0; bit < LOG2_HALF; ++bit) {
    reversed = (reversed << 1) | (index & 1u);
    index >>= 1;
  }
  return reversed;
}

// Radix-2 decimation-in-frequency butterfly of span h: (a, b) -> (a + b, (a - b) W_{2h}^(i mod h)).
inline void exchange_butterfly(cfloat* r0, cfloat* r1, uint i, uint h)
{
  const cfloat difference = *r0 - *r1;
  *r0 = *r0 + *r1;
  *r1 = h > 1 ? cmul(difference, exchange_twiddle(i & (h - 1), 2 * h)) : difference;
}

__kernel __attribute__((reqd_work_group_size(HALF, 1, 1))) void register_exchange_pass(
    __global const cfloat* src, __global cfloat* dst, uint n, uint p)
{
  __local cfloat exchange[HALF];
  const uint i = get_local_id(0);
  const uint g = get_group_id(0);
  const uint groups = get_num_groups(0);
  const size_t line = get_global_id(1) * (size_t)n;
  const uint k = g & (p - 1);
  const uint radixTimesP = 2 * HALF * p;

  cfloat r0 = cmul(src[line + g + i * groups], exchange_twiddle(k * i, radixTimesP));
  cfloat r1 = cmul(src[line + g + (i + HALF) * groups], exchange_twiddle(k * (i + HALF), radixTimesP));
  exchange_butterfly(&r0, &r1, i, HALF);
  for (uint bit = HALF >> 1; bit > 0; bit >>= 1) {
    const bool upper = (i & bit) != 0;
    exchange[i] = upper ? r0 : r1;
    barrier(CLK_LOCAL_MEM_FENCE);
    const cfloat received = exchange[i ^ bit];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (upper) r0 = received;
    else r1 = received;
    exchange_butterfly(&r0, &r1, i, bit);
  }

  const uint q = exchange_reverse(i);
  const size_t base = line + (size_t)(g - k) * 2 * HALF + k;
  dst[base + q * p] = r0;
  dst[base + (q + HALF) * p] = r1;
}
