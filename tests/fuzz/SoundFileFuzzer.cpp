// The sound-file reader (libsndfile behind the header checks) under libFuzzer: open, read every frame in
// chunks as the spectrogram does, seek. A refusal (InvalidArgument) is the expected outcome for most
// inputs; sanitizer reports, aborts and runaway allocations are findings.

#include "MemoryFile.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/audio/SoundFileReader.h"

#include <cstdint>
#include <vector>

namespace {
spectrascope::fuzz::MemoryFile* input = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
  input = new spectrascope::fuzz::MemoryFile;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size > (1 << 20) || !input->assign(data, size)) return 0;
  try {
    spectrascope::audio::SoundFileReader reader(input->path());
    std::vector<float> samples;
    // A few chunks are enough to reach the decoder's paths; a header's claim must not make this loop long.
    for (int chunk = 0; chunk < 64; ++chunk) {
      samples.clear();
      if (reader.readMono(samples, 4096) == 0) break;
    }
    reader.seek(reader.framesHint() / 2);
    samples.clear();
    reader.read(samples, 1024);
  } catch (const spectrascope::EngineError&) {
  }
  return 0;
}
