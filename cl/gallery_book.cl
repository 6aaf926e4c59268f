// Kernel gallery: the OpenCL book's radix-2 FFT (chapter 6, "FFT and image filtering").
//
// Decimation in time: one launch reorders each transform into bit-reversed order, then one launch per
// stage s = 1..log2 N does N/2 butterflies in place, pairing element a with a + 2^(s-1) inside blocks of
// 2^s. Twiddles come from a table w[l] = exp(-2 pi i l / N), l < N/2, computed once by the host in double
// precision (the book builds the same table on the device; a double table keeps the gallery's accuracy
// comparable to the production kernels). Batches run along the second NDRange dimension, as in the book.

typedef float2 cfloat;

inline cfloat cmul(cfloat a, cfloat b) { return (cfloat)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

// Reverses the low log2n bits of i: swap neighbouring bits, pairs, nibbles, bytes and halves of the
// 32-bit word, then shift the reversed value down to log2n bits.
inline uint book_reverse_bits(uint i, uint log2n)
{
  uint j = i;
  j = (j & 0x55555555u) << 1 | (j & 0xAAAAAAAAu) >> 1;
  j = (j & 0x33333333u) << 2 | (j & 0xCCCCCCCCu) >> 2;
  j = (j & 0x0F0F0F0Fu) << 4 | (j & 0xF0F0F0F0u) >> 4;
  j = (j & 0x00FF00FFu) << 8 | (j & 0xFF00FF00u) >> 8;
  j = (j & 0x0000FFFFu) << 16 | (j & 0xFFFF0000u) >> 16;
  return j >> (32u - log2n);
}

// One work-item per element: reads are coalesced, writes scatter to the bit-reversed position.
__kernel void book_bit_reverse(__global const cfloat* src, __global cfloat* dst, uint log2n)
{
  const uint i = get_global_id(0);
  const size_t line = get_global_id(1) << log2n;
  dst[line + book_reverse_bits(i, log2n)] = src[line + i];
}

// One work-item per butterfly of stage `stage` (1-based), in place.
__kernel void book_butterfly(__global cfloat* x, __global const cfloat* w, uint log2n, uint stage)
{
  const uint gid = get_global_id(0);
  const size_t line = get_global_id(1) << log2n;
  const uint span = 1u << (stage - 1);               // distance between the two inputs
  const uint offset = gid & (span - 1);              // position inside the butterfly group
  const uint a = ((gid >> (stage - 1)) << stage) + offset;
  const uint twiddleIndex = offset << (log2n - stage); // W_{2^stage}^offset = W_N^(offset * N / 2^stage)
  const cfloat xa = x[line + a];
  const cfloat t = cmul(w[twiddleIndex], x[line + a + span]);
  x[line + a] = xa + t;
  x[line + a + span] = xa - t;
}
