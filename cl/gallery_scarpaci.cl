// Kernel gallery: Scarpaci's GPU radix-2 variants ("FFT GPGPU", 2022), decimation in time, one
// work-item per butterfly, each stage a separate out-of-place launch unless said otherwise.
//   FFT1    bit reversal folded into every stage: inputs and outputs are addressed through the permuted
//           index, so reads and writes scatter at every stage (the last stage writes natural order).
//   FFT3    one bit-reversal launch first, then stages that address contiguous blocks.
//   compact one work-group per transform: bit-reversed load into local memory, every stage between
//           barriers, one store. No launch per stage, but N is bounded by the work-group and local memory.
//   FFT4    FFT3 plus a reordering launch before each stage, so each work-item reads two neighbours
//           (coalesced reads) and writes to the stage's natural positions.
// Batches run along the second NDRange dimension; transform b starts at element b * 2^log2n.
//
// Twiddles are computed on the fly as in the paper, but as sinpi/cospi of the exact float 2j/N instead of
// sin/cos of a rounded float angle 2 pi j / N, whose error grows with N (j < 2^24 is exact in a float).

typedef float2 cfloat;

inline cfloat cmul(cfloat a, cfloat b) { return (cfloat)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

// exp(-2 pi i j / 2^log2n)
inline cfloat scarpaci_twiddle(uint j, uint log2n)
{
  const float halfTurns = -ldexp((float)j, 1 - (int)log2n);
  return (cfloat)(cospi(halfTurns), sinpi(halfTurns));
}

inline uint scarpaci_reverse(uint index, uint log2n)
{
  uint reversed = 0;
  for (uint bit = 0; bit < log2n; ++bit) {
    reversed = (reversed << 1) | (index & 1u);
    index >>= 1;
  }
  return reversed;
}

// The first input of butterfly gid at `stage`: blocks of 2^stage, offset gid mod 2^(stage-1).
inline uint scarpaci_even_index(uint gid, uint stage)
{
  return ((gid >> (stage - 1)) << stage) + (gid & ((1u << (stage - 1)) - 1u));
}

// W_{2^stage}^(gid mod 2^(stage-1)), written as a power of W_N as in the paper.
inline uint scarpaci_twiddle_exponent(uint gid, uint stage, uint log2n)
{
  return (gid & ((1u << (stage - 1)) - 1u)) << (log2n - stage);
}

inline void scarpaci_butterfly(cfloat* even, cfloat* odd, uint exponent, uint log2n)
{
  const cfloat t = cmul(scarpaci_twiddle(exponent, log2n), *odd);
  *odd = *even - t;
  *even = *even + t;
}

__kernel void fft1_stage(__global const cfloat* src, __global cfloat* dst, uint log2n, uint stage)
{
  const uint gid = get_global_id(0);
  const size_t line = get_global_id(1) << log2n;
  const uint id = scarpaci_even_index(gid, stage);
  const uint idStrided = id + (1u << (stage - 1));
  const uint from = scarpaci_reverse(id, log2n), fromStrided = scarpaci_reverse(idStrided, log2n);
  cfloat even = src[line + from], odd = src[line + fromStrided];
  scarpaci_butterfly(&even, &odd, scarpaci_twiddle_exponent(gid, stage, log2n), log2n);
  const bool last = stage == log2n;
  dst[line + (last ? id : from)] = even;
  dst[line + (last ? idStrided : fromStrided)] = odd;
}

// Gather form: writes are coalesced, reads scatter.
__kernel void scarpaci_bit_reverse(__global const cfloat* src, __global cfloat* dst, uint log2n)
{
  const uint gid = get_global_id(0);
  const size_t line = get_global_id(1) << log2n;
  dst[line + gid] = src[line + scarpaci_reverse(gid, log2n)];
}

__kernel void fft3_stage(__global const cfloat* src, __global cfloat* dst, uint log2n, uint stage)
{
  const uint gid = get_global_id(0);
  const size_t line = get_global_id(1) << log2n;
  const uint id = scarpaci_even_index(gid, stage);
  const uint idStrided = id + (1u << (stage - 1));
  cfloat even = src[line + id], odd = src[line + idStrided];
  scarpaci_butterfly(&even, &odd, scarpaci_twiddle_exponent(gid, stage, log2n), log2n);
  dst[line + id] = even;
  dst[line + idStrided] = odd;
}

// Local size N/2, one work-group per transform; `values` holds N complex values.
__kernel void compact_fft(__global const cfloat* src, __global cfloat* dst, uint log2n, __local cfloat* values)
{
  const uint gid = get_local_id(0);
  const uint halfN = 1u << (log2n - 1);
  const size_t line = get_global_id(1) << log2n;
  values[gid] = src[line + scarpaci_reverse(gid, log2n)];
  values[gid + halfN] = src[line + scarpaci_reverse(gid + halfN, log2n)];
  for (uint stage = 1; stage <= log2n; ++stage) {
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint id = scarpaci_even_index(gid, stage);
    const uint idStrided = id + (1u << (stage - 1));
    cfloat even = values[id], odd = values[idStrided];
    scarpaci_butterfly(&even, &odd, scarpaci_twiddle_exponent(gid, stage, log2n), log2n);
    values[id] = even;
    values[idStrided] = odd;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  dst[line + gid] = values[gid];
  dst[line + gid + halfN] = values[gid + halfN];
}

// Moves the two inputs of butterfly gid of `stage` next to each other: dst[2 gid], dst[2 gid + 1].
__kernel void fft4_permute(__global const cfloat* src, __global cfloat* dst, uint log2n, uint stage)
{
  const uint gid = get_global_id(0);
  const size_t line = get_global_id(1) << log2n;
  const uint id = scarpaci_even_index(gid, stage);
  dst[line + 2 * gid] = src[line + id];
  dst[line + 2 * gid + 1] = src[line + id + (1u << (stage - 1))];
}

// Reads the neighbours a permute launch prepared; writes the stage's natural positions.
__kernel void fft4_stage(__global const cfloat* src, __global cfloat* dst, uint log2n, uint stage)
{
  const uint gid = get_global_id(0);
  const size_t line = get_global_id(1) << log2n;
  cfloat even = src[line + 2 * gid], odd = src[line + 2 * gid + 1];
  scarpaci_butterfly(&even, &odd, scarpaci_twiddle_exponent(gid, stage, log2n), log2n);
  const uint id = scarpaci_even_index(gid, stage);
  dst[line + id] = even;
  dst[line + id + (1u << (stage - 1))] = odd;
}
