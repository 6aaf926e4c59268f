#pragma once
// Structural checks of an image file before Qt decodes it. Several of Qt's decoders are lenient: a BMP or
// GIF cut off, or a BMP whose pixel offset points past its end, decodes to an image whose missing rows are
// black or hold whatever memory held. These checks read the container's own fields (chunk lengths and
// checksums, row sizes, LZW codes, end markers), in bounded memory: nothing here allocates what a header
// claims, so a 105-byte PNG whose chunk claims 2 GiB costs nothing.

#include <QString>

namespace spectrascope::ui::image {

// Why the image file at `path` must not be decoded (truncated or corrupt, in words), or empty if its
// structure holds up or it is a format not checked here (TIFF and WebP: their libraries check themselves).
QString damagedImageReason(const QString& path);

// The same for bytes already in memory (the fuzzers feed these).
QString damagedImageReason(const uchar* data, qint64 size);

} // namespace spectrascope::ui::image
