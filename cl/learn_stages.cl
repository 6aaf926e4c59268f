// The Learn tab's step-by-step FFTs, one launch per stage so the host can read the array after each
// (engine/src/learn/OpenClStages.cpp). The stage definitions are in engine/src/learn/Algorithm.cpp.
// Radix-2 DIT runs the kernel gallery's book kernels (cl/gallery_book.cl) instead, and radix 4's last
// radix-2 stage of an odd log2 N is the book's butterfly over the whole array.
// Work-item g does butterfly g of its stage. Twiddles come from a table w[k] = exp(-2 pi i k / N)
// computed in double on the host, as the book's spinFact table: exp(-2 pi i j / L) = w[j * N / L].

float2 complex_mul(float2 a, float2 b)
{
  return (float2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// -i * a
float2 times_minus_i(float2 a)
{
  return (float2)(a.y, -a.x);
}

// Stage 0 of radix4: position p takes the input whose base-4 digits (the last one base `last_radix`)
// are p's read in reverse. `stages` counts the DFT stages.
__kernel void learn_digit_reverse(__global float2* dst, __global const float2* src, int stages, int last_radix)
{
  const int p = get_global_id(0);
  int rest = p, index = 0, weight = 1;
  for (int s = stages; s >= 1; --s) {
    const int below = 1 << (2 * (s - 1)); // length after stage s-1: 4^(s-1)
    index += rest / below * weight;
    rest %= below;
    weight *= s == stages ? last_radix : 4;
  }
  dst[p] = src[index];
}

// Radix-2 decimation in frequency, stage `stage` (1..log2 N), in place: span h = N / 2^stage.
__kernel void learn_dif_radix2(__global float2* x, __global const float2* w, int n, int stage)
{
  const int g = get_global_id(0);
  const int h = n >> stage;
  const int k = g & (h - 1);
  const int a = ((g - k) << 1) + k;
  const float2 u = x[a];
  const float2 v = x[a + h];
  x[a] = u + v;
  x[a + h] = complex_mul(u - v, w[k * (n / (2 * h))]);
}

// Stockham radix 2, stage `stage`, out of place: reads x[j], x[j + N/2], writes y[2j - k], y[2j - k + m].
__kernel void learn_stockham_radix2(__global const float2* x, __global float2* y, __global const float2* w,
                                    int n, int stage)
{
  const int j = get_global_id(0);
  const int m = 1 << (stage - 1);
  const int k = j & (m - 1);
  const float2 a = x[j];
  const float2 b = complex_mul(w[k * (n >> stage)], x[j + n / 2]);
  const int d = 2 * j - k;
  y[d] = a + b;
  y[d + m] = a - b;
}

// Radix-4 decimation in time, stage `stage`, in place: blocks of 4L, L = 4^(stage-1).
__kernel void learn_dit_radix4(__global float2* x, __global const float2* w, int n, int stage)
{
  const int g = get_global_id(0);
  const int L = 1 << (2 * (stage - 1));
  const int k = g & (L - 1);
  const int a = ((g - k) << 2) + k;
  const int step = k * (n / (4 * L));
  const float2 v0 = x[a];
  const float2 v1 = complex_mul(w[step], x[a + L]);
  const float2 v2 = complex_mul(w[2 * step], x[a + 2 * L]);
  const float2 v3 = complex_mul(w[3 * step], x[a + 3 * L]);
  const float2 s02 = v0 + v2, d02 = v0 - v2;
  const float2 s13 = v1 + v3, d13 = times_minus_i(v1 - v3);
  x[a] = s02 + s13;
  x[a + L] = d02 + d13;
  x[a + 2 * L] = s02 - s13;
  x[a + 3 * L] = d02 - d13;
}
