// The Image tab's per-update steps on the device (engine/src/imaging/DeviceFilter.cpp): the forward
// half-spectra stay resident; each mask change multiplies them by the mask, runs the C2R plan, and turns
// the real planes into 8-bit pixels here, so only the display bytes come back to the host.
// The rounding matches the host path (PixelRange.cpp): round half to even, clamp to 0..255.
// A padded image's planes are `stride` wide and `plane` values long; the min/max and the bytes cover only
// the image's own top-left `width` x (count / width) pixels.

// Index into a plane of pixel i of the image's part, counted row by row.
inline size_t crop_index(const uint i, const uint stride, const uint width)
{
  return (size_t)(i / width) * stride + i % width;
}

// The parametric masks of engine/src/imaging/FrequencyMask.cpp, evaluated here so that a slider update
// uploads a few numbers instead of a (W/2+1) x H mask. Same formulas, in float (the host evaluates in
// double and rounds to float; the two differ by float rounding only).
inline float low_pass(const int profile, const float f, const float cutoff, const int order)
{
  if (f == 0.0f) return 1.0f; // DC passes whole: a cutoff below float's range would make it 0/0 = NaN
  if (profile == 0) return f <= cutoff ? 1.0f : 0.0f; // ideal
  if (profile == 1) return exp(-(f * f) / (2.0f * cutoff * cutoff)); // Gaussian
  return 1.0f / (1.0f + pown(f / cutoff, 2 * order)); // Butterworth
}

inline int centred_index(const uint k, const uint n)
{
  return k < (n + 1) / 2 ? (int)k : (int)k - (int)n;
}

// mask[y][x] of the R2C half-plane ((W/2+1) x H, unshifted; u = centred(x, W), as the host's halfPlaneMask
// does, so the last column of an even W is u = -W/2). kind: 0 low-pass, 1 high-pass, 2 band-pass,
// 3 band-stop, 4 and 5 all-pass; notches (u, v, r) zero their disks and their twins'; then 1 - m if
// inverted.
__kernel void parametric_mask(__global float* mask, const uint width, const uint height, const int kind,
                              const int profile, const float cutoff, const float cutoff2, const int order,
                              __global const float4* notches, const uint notch_count, const uint inverted)
{
  const uint x = get_global_id(0), y = get_global_id(1), row = width / 2 + 1;
  if (x >= row || y >= height) return;
  const float u = (float)centred_index(x, width), v = (float)centred_index(y, height);
  float m = 1.0f;
  bool notched = false;
  for (uint i = 0; i < notch_count; ++i) {
    const float4 n = notches[i];
    const float r2 = n.z * n.z;
    const float a = (u - n.x) * (u - n.x) + (v - n.y) * (v - n.y);
    const float b = (u + n.x) * (u + n.x) + (v + n.y) * (v + n.y);
    notched = notched || a <= r2 || b <= r2;
  }
  if (notched) {
    m = 0.0f;
  } else if (kind <= 3) {
    const float fu = u / (float)width, fv = v / (float)height;
    const float f = sqrt(fu * fu + fv * fv);
    const float low = low_pass(profile, f, kind >= 2 ? cutoff2 : cutoff, order);
    const float high = 1.0f - low_pass(profile, f, cutoff, order);
    m = kind == 0 ? low : kind == 1 ? high : kind == 2 ? low * high : 1.0f - low * high;
  }
  mask[(size_t)y * row + x] = inverted ? 1.0f - m : m;
}

// out[c][i] = spectrum[c][i] * mask[i] for every channel's half-plane (bins values each).
__kernel void mask_multiply(__global const float2* spectrum, __global const float* mask, __global float2* out,
                            const uint bins, const uint channels)
{
  const uint i = get_global_id(0), c = get_global_id(1);
  if (i >= bins || c >= channels) return;
  const size_t at = (size_t)c * bins + i;
  out[at] = spectrum[at] * mask[i];
}

// First half of the min/max of each plane: group g of plane c strides over the plane and leaves its
// (min, max) in partial[c * get_num_groups(0) + g]. The local size is a power of two.
__kernel void minmax_partial(__global const float* values, const uint plane_size, const uint stride,
                             const uint width, const uint count, __global float2* partial,
                             __local float2* scratch)
{
  const uint lid = get_local_id(0), c = get_global_id(1);
  __global const float* plane = values + (size_t)c * plane_size;
  float lo = INFINITY, hi = -INFINITY;
  for (uint i = get_global_id(0); i < count; i += get_global_size(0)) {
    const float v = plane[crop_index(i, stride, width)];
    lo = fmin(lo, v);
    hi = fmax(hi, v);
  }
  scratch[lid] = (float2)(lo, hi);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
    if (lid < stride) {
      const float2 other = scratch[lid + stride];
      scratch[lid] = (float2)(fmin(scratch[lid].x, other.x), fmax(scratch[lid].y, other.y));
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[(size_t)c * get_num_groups(0) + get_group_id(0)] = scratch[0];
}

// Second half: one work-group per plane folds its `groups` partials into range[c] = (min, max).
__kernel void minmax_final(__global const float2* partial, const uint groups, __global float2* range,
                           __local float2* scratch)
{
  const uint lid = get_local_id(0), c = get_group_id(1);
  float lo = INFINITY, hi = -INFINITY;
  for (uint g = lid; g < groups; g += get_local_size(0)) {
    const float2 p = partial[(size_t)c * groups + g];
    lo = fmin(lo, p.x);
    hi = fmax(hi, p.y);
  }
  scratch[lid] = (float2)(lo, hi);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
    if (lid < stride) {
      const float2 other = scratch[lid + stride];
      scratch[lid] = (float2)(fmin(scratch[lid].x, other.x), fmax(scratch[lid].y, other.y));
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) range[c] = scratch[0];
}

// Clamp and round; NaN lands on 0 like the host's std::max(0, NaN).
inline uchar clamp_round(float v)
{
  return (uchar)rint(fmin(fmax(isnan(v) ? 0.0f : v, 0.0f), 255.0f));
}

// mode 0: clamp, 1: normalize (min-max from range[c], the host's arithmetic), 2: abs.
__kernel void to_bytes(__global const float* values, const uint plane_size, const uint stride, const uint width,
                       const uint count, const uint mode, __global const float2* range, __global uchar* out)
{
  const uint i = get_global_id(0), c = get_global_id(1);
  if (i >= count) return;
  const size_t at = (size_t)c * count + i;
  float v = values[(size_t)c * plane_size + crop_index(i, stride, width)];
  if (mode == 1) {
    const float2 r = range[c];
    const float span = r.y - r.x;
    const float scale = span > 0.0f ? 255.0f / span : 0.0f;
    v = (v - r.x) * scale;
  } else if (mode == 2) {
    v = fabs(v);
  }
  out[at] = clamp_round(v);
}
