// Rader's output in order, for an inverse convolution FFT of several launches (engine/src/RaderStage.h):
// that FFT leaves its output r in natural order in the work buffer (lines of workLength), and this writes
// X[P] = work[Q(P)] * scale for P = 1..p-1 (Q(P) = inverse[p - 1 + P - 1], the inverse of the scatter
// g^-Q) and X[0] = sums * scale. Adjacent work-items take adjacent P (rows) or adjacent lines (a strided
// axis: columns, or a factor's interleaved lines), so the writes are whole sectors; the scattered reads
// stay within the lines the groups in flight share, in the L2 cache. Scattering straight to X[g^-r] from
// the FFT's last launch wrote a sector per element.
// Line b of the axis starts at (b / inner)*dist + b % inner, its elements `stride` apart.

__kernel void rader_in_order(__global const float2* work, __global float2* axis, __global const uint* inverse,
                             __global const float2* sums, const uint p, const uint workLength,
                             const uint stride, const uint inner, const uint dist, const uint lines,
                             const float scale)
{
  const uint linesFastest = stride != 1;
  const uint P = linesFastest ? get_global_id(1) : get_global_id(0);
  const uint b = linesFastest ? get_global_id(0) : get_global_id(1);
  if (P >= p || b >= lines) return;
  const float2 value = P == 0 ? sums[b] : work[b * workLength + inverse[p - 1 + P - 1]];
  axis[(b / inner) * dist + b % inner + P * stride] = value * scale;
}

#ifdef STAGED_GROUP
// The same for rows whose whole line a group holds in registers (p - 1 <= STAGED_GROUP * STAGED_VALUES):
// the work line read in order, then in rounds of STAGED_CHUNK outputs each value goes to its place through
// local memory (P(Q) = forward[Q], the scatter g^-Q) and the round's outputs go out in order. Reads and
// writes are whole sectors, and the scatter stays in local memory instead of reading a sector per value
// (H100, 7681: this pass 0.33 -> 0.19 ms, a copy's time). One group a line; X[0] = sums * scale.
// Its arguments are rader_in_order's, so the host sets both alike: rows only (stride 1), one group a line.
__kernel __attribute__((reqd_work_group_size(STAGED_GROUP, 1, 1))) void
rader_in_order_staged(__global const float2* work, __global float2* axis, __global const uint* forward,
                      __global const float2* sums, const uint p, const uint workLength, const uint stride,
                      const uint inner, const uint dist, const uint lines, const float scale)
{
  __local float2 chunk[STAGED_CHUNK];
  const uint b = get_group_id(0), lid = get_local_id(0), n = p - 1;
  __global const float2* line = work + b * workLength;
  float2 values[STAGED_VALUES];
  uint places[STAGED_VALUES];
  for (uint k = 0; k < STAGED_VALUES; ++k) {
    const uint Q = lid + k * STAGED_GROUP;
    places[k] = Q < n ? forward[Q] : 0xffffffffu; // P from 1 to p - 1; none for the rest
    values[k] = Q < n ? line[Q] : (float2)(0.0f);
  }
  __global float2* out = axis + (b / inner) * dist + b % inner;
  for (uint first = 0; first < p; first += STAGED_CHUNK) {
    for (uint k = 0; k < STAGED_VALUES; ++k)
      if (places[k] - first < STAGED_CHUNK) chunk[places[k] - first] = values[k];
    if (first == 0 && lid == 0) chunk[0] = sums[b];
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint count = min((uint)STAGED_CHUNK, p - first);
    for (uint P = lid; P < count; P += STAGED_GROUP) out[(first + P) * stride] = chunk[P] * scale;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
#endif
