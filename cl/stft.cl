// The device half of the live spectrogram: frames are windowed into the batched R2C input, and after the
// transform the spectra become display pixels (and one dB column for the spectrum view) here, so only
// those come back to the host. The window already carries the amplitude correction (1 / (sum(w)/2)).

// Frame f of the batch covers samples [f * hop, f * hop + frameLength), zero-padded to fftSize. Rows past
// `count` (the batch is rounded up to a planned size) are zeros, so their transforms stay finite.
__kernel void stft_frames(__global const float* samples, __global const float* window, __global float* frames,
                          const uint frameLength, const uint fftSize, const uint hop, const uint count)
{
  const uint i = get_global_id(0), f = get_global_id(1);
  if (i >= fftSize) return;
  float value = 0.0f;
  if (f < count && i < frameLength) value = samples[(size_t)f * hop + i] * window[i];
  frames[(size_t)f * fftSize + i] = value;
}

// -240 dB (magnitude 1e-12) stands for silence, as on the host (Stft::kFloorDb).
inline float powerToDb(float power) { return power > 1e-24f ? 10.0f * log10(power) : -240.0f; }

// One pixel per (display row, frame): the loudest bin of the row's span [first, last], in dB, scaled to
// [minDb, minDb + rangeDb] and looked up in the 256-entry colormap. Frame after frame, top row first.
__kernel void stft_pixels(__global const float2* spectra, __global const uint2* rowBins,
                          __global const uint* colormap, __global uint* pixels, const uint bins, const uint rows,
                          const uint count, const float minDb, const float rangeDb)
{
  const uint row = get_global_id(0), f = get_global_id(1);
  if (row >= rows || f >= count) return;
  const uint2 span = rowBins[row];
  __global const float2* x = spectra + (size_t)f * bins;
  float loudest = 0.0f;
  for (uint k = span.x; k <= span.y; ++k)
    loudest = fmax(loudest, dot(x[k], x[k]));
  const float t = (powerToDb(loudest) - minDb) / rangeDb;
  const uint index = t > 0.0f ? (t >= 1.0f ? 255u : (uint)(t * 255.0f + 0.5f)) : 0u;
  pixels[(size_t)f * rows + row] = colormap[index];
}

// dB of every bin of one frame of the batch (the spectrum view's trace).
__kernel void stft_decibels(__global const float2* spectra, __global float* db, const uint bins, const uint frame)
{
  const uint k = get_global_id(0);
  if (k >= bins) return;
  const float2 x = spectra[(size_t)frame * bins + k];
  db[k] = powerToDb(dot(x, x));
}
