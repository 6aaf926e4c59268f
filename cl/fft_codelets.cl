// Complex arithmetic and the power-of-two DFT codelets shared by the FFT pass kernels (included by
// cl/fft_stockham.cl and cl/fft_mixed.cl). Codelets take and return natural order:
// u[k] <- sum_n u[n] W^(nk), W = exp(DIR * 2 pi i / size); DIR is -1 forward, +1 inverse.

typedef float2 cfloat;

// Full unrolling of a loop with a constant trip count. Clang (PoCL) reads a plain "#pragma unroll" as a
// hint and may unroll partly, which leaves register arrays indexed at run time (private memory).
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("unroll")
#endif

// Functions whose loops must see their callers' constants (inlined before loops are unrolled), or that
// are too large for a compiler to inline on its own.
#define INLINE __attribute__((always_inline)) inline

inline cfloat cmul(cfloat a, cfloat b) { return (cfloat)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

// Multiply by W_4 = exp(DIR * i * pi / 2): -i forward, +i inverse.
inline cfloat mulW4(cfloat a) { return (cfloat)(-DIR * a.y, DIR * a.x); }

// W_n^k with W_n = exp(DIR * 2 pi i / n), for the constant twiddles inside the codelets.
#define C8 0.70710678118654752f
#define C16 0.92387953251128676f
#define S16 0.38268343236508977f
#define C32 0.98078528040323045f // cos(pi/16)
#define S32 0.19509032201612826f
#define C32_3 0.83146961230254524f // cos(3 pi/16)
#define S32_3 0.55557023301960222f

inline void dft2(cfloat* u)
{
  const cfloat t = u[0] - u[1];
  u[0] = u[0] + u[1];
  u[1] = t;
}

// Codelets take and return natural order: u[k] <- sum_n u[n] W^(nk). Each splits into even and odd halves.
inline void dft4(cfloat* u)
{
  cfloat e[2] = {u[0], u[2]}, o[2] = {u[1], u[3]};
  dft2(e);
  dft2(o);
  o[1] = mulW4(o[1]);
  u[0] = e[0] + o[0];
  u[2] = e[0] - o[0];
  u[1] = e[1] + o[1];
  u[3] = e[1] - o[1];
}

inline void dft8(cfloat* u)
{
  cfloat e[4] = {u[0], u[2], u[4], u[6]}, o[4] = {u[1], u[3], u[5], u[7]};
  dft4(e);
  dft4(o);
  o[1] = cmul(o[1], (cfloat)(C8, DIR * C8));
  o[2] = mulW4(o[2]);
  o[3] = cmul(o[3], (cfloat)(-C8, DIR * C8));
  for (int k = 0; k < 4; ++k) {
    u[k] = e[k] + o[k];
    u[k + 4] = e[k] - o[k];
  }
}

inline void dft16(cfloat* u)
{
  cfloat e[8], o[8];
  for (int k = 0; k < 8; ++k) {
    e[k] = u[2 * k];
    o[k] = u[2 * k + 1];
  }
  dft8(e);
  dft8(o);
  o[1] = cmul(o[1], (cfloat)(C16, DIR * S16));
  o[2] = cmul(o[2], (cfloat)(C8, DIR * C8));
  o[3] = cmul(o[3], (cfloat)(S16, DIR * C16));
  o[4] = mulW4(o[4]);
  o[5] = cmul(o[5], (cfloat)(-S16, DIR * C16));
  o[6] = cmul(o[6], (cfloat)(-C8, DIR * C8));
  o[7] = cmul(o[7], (cfloat)(-C16, DIR * S16));
  for (int k = 0; k < 8; ++k) {
    u[k] = e[k] + o[k];
    u[k + 8] = e[k] - o[k];
  }
}

inline void dft32(cfloat* u)
{
  cfloat e[16], o[16];
  UNROLL
  for (int k = 0; k < 16; ++k) {
    e[k] = u[2 * k];
    o[k] = u[2 * k + 1];
  }
  dft16(e);
  dft16(o);
  o[1] = cmul(o[1], (cfloat)(C32, DIR * S32));
  o[2] = cmul(o[2], (cfloat)(C16, DIR * S16));
  o[3] = cmul(o[3], (cfloat)(C32_3, DIR * S32_3));
  o[4] = cmul(o[4], (cfloat)(C8, DIR * C8));
  o[5] = cmul(o[5], (cfloat)(S32_3, DIR * C32_3));
  o[6] = cmul(o[6], (cfloat)(S16, DIR * C16));
  o[7] = cmul(o[7], (cfloat)(S32, DIR * C32));
  o[8] = mulW4(o[8]);
  o[9] = cmul(o[9], (cfloat)(-S32, DIR * C32));
  o[10] = cmul(o[10], (cfloat)(-S16, DIR * C16));
  o[11] = cmul(o[11], (cfloat)(-S32_3, DIR * C32_3));
  o[12] = cmul(o[12], (cfloat)(-C8, DIR * C8));
  o[13] = cmul(o[13], (cfloat)(-C32_3, DIR * S32_3));
  o[14] = cmul(o[14], (cfloat)(-C16, DIR * S16));
  o[15] = cmul(o[15], (cfloat)(-C32, DIR * S32));
  UNROLL
  for (int k = 0; k < 16; ++k) {
    u[k] = e[k] + o[k];
    u[k + 16] = e[k] - o[k];
  }
}
