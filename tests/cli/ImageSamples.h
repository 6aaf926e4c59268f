#pragma once
// Small encoded images for the hostile-input tests and the fuzzers' seeds: deterministic noise (which
// compresses badly, so a cut lands inside the pixel data) in each format Qt reads here.

#include <QByteArray>

namespace spectrascope::test::samples {

// A noise image (64 x 48 unless given) encoded as `format` (png, bmp, gif, jpg, pgm, ppm, tif, webp);
// empty if this installation cannot write it. GIF is encoded here (Qt reads GIF but does not write it).
QByteArray encodedNoise(const char* format, int width = 64, int height = 48);
// Offset of the first LZW code byte of the first image in a GIF written by encodedNoise("gif").
int gifFirstDataSubBlock(const QByteArray& gif);
// 105 bytes: a valid 8 x 8 PNG header whose next chunk, tEXt, claims 0x7FFFFFF0 bytes.
QByteArray pngWithHugeTextChunk();

} // namespace spectrascope::test::samples
