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
