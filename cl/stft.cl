// The device half of the live spectrogram: frames are windowed into the batched R2C input, and after the
// transform the spectra become levels in dB (per display row, the loudest bin it covers) and a per-bin
// summary of every frame for the spectrum view, so only those come back to the host. The window already
// carries the amplitude correction (1 / (sum(w)/2)).

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

// One level per (row, frame): the loudest bin of the row's span [first, last], in dB. Frame after frame,
// rows in the caller's order. Taking the maximum (not the mean) keeps a one-bin line at its level however
// many bins share the row.
__kernel void stft_levels(__global const float2* spectra, __global const uint2* rowBins, __global float* levels,
                          const uint bins, const uint rows, const uint count)
{
  const uint row = get_global_id(0), f = get_global_id(1);
  if (row >= rows || f >= count) return;
  const uint2 span = rowBins[row];
  __global const float2* x = spectra + (size_t)f * bins;
  float loudest = 0.0f;
  for (uint k = span.x; k <= span.y; ++k)
    loudest = fmax(loudest, dot(x[k], x[k]));
  levels[(size_t)f * rows + row] = powerToDb(loudest);
}

// Every frame of the batch, per bin, for the spectrum view's peak hold and averages: summary holds
// [newest frame's dB | loudest frame's dB | sum of the frames' power], bins values each.
__kernel void stft_summary(__global const float2* spectra, __global float* summary, const uint bins,
                           const uint count)
{
  const uint k = get_global_id(0);
  if (k >= bins || count == 0) return;
  float loudest = 0.0f, sum = 0.0f, power = 0.0f;
  for (uint f = 0; f < count; ++f) {
    const float2 x = spectra[(size_t)f * bins + k];
    power = dot(x, x);
    loudest = fmax(loudest, power);
    sum += power;
  }
  summary[k] = powerToDb(power);
  summary[bins + k] = powerToDb(loudest);
  summary[2 * bins + k] = sum;
}
