// The CLI's image loading path under libFuzzer: the file checks, the structural checks that run before
// Qt reads a header, the claimed-size and memory checks, and Qt's decoders and plugins. Refusals
// (usage errors) are the expected outcome for most inputs; anything a sanitizer reports, an abort or an
// allocation beyond -rss_limit_mb is a finding.

#include "CliError.h"
#include "ImageFile.h"
#include "MemoryFile.h"

#include <QCoreApplication>
#include <QImage>

#include <algorithm>
#include <cstdint>

namespace {
spectrascope::fuzz::MemoryFile* input = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
  // Qt finds its image plugins through the application's library paths.
  static QCoreApplication application(*argc, *argv);
  input = new spectrascope::fuzz::MemoryFile;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size > (1 << 20) || !input->assign(data, size)) return 0;
  try {
    const QImage image = spectrascope::cli::readImage(QString::fromStdString(input->path()));
    // Read every pixel: an image that holds memory never written shows up under MemorySanitizer, and a
    // buffer shorter than the image claims under AddressSanitizer.
    // The first 4 MiB of rows only: a small file may legitimately decode to 2^28 pixels, and reading a
    // GiB under the sanitizers takes longer than the fuzzer's timeout.
    std::uint32_t sum = 0;
    const int rows = int(std::min<qsizetype>(
        image.height(), (qsizetype(4) << 20) / std::max<qsizetype>(1, image.bytesPerLine())));
    for (int y = 0; y < rows; ++y) {
      const uchar* line = image.constScanLine(y);
      for (qsizetype x = 0; x < image.bytesPerLine(); ++x)
        sum += line[x];
    }
    if (sum == 0xdeadbeef) std::fputs("", stderr); // keeps the loop
  } catch (const spectrascope::cli::CliError&) {
  }
  return 0;
}
