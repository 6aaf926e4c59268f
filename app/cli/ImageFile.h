#pragma once
// Image files for the `spectrum` and `filter` commands: QImage decoding with the checks that turn bad input
// (directories, empty, truncated or corrupt files, unknown formats, decompression bombs) into usage errors
// before anything large is allocated, and the conversion to and from the engine's planar float images.

#include "spectrascope/engine/imaging/Padding.h"
#include "spectrascope/engine/imaging/PlanarImage.h"
#include "spectrascope/ui/PlanarImageConversion.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QImage>
#include <QString>

namespace spectrascope::cli {

// Largest image accepted: 2^28 pixels (16384 x 16384, or 12000 x 9000 with room to spare). Its float
// planes and half-spectra take a few GiB, which the memory check below also weighs.
constexpr qint64 kMaxImagePixels = qint64(1) << 28;

// Decodes `path` or throws a usage error that names the file and says what is wrong with it.
QImage readImage(const QString& path);

// The conversions to and from the engine's planar images are shared with the Image tab.
using ui::fromPlanar;
using ui::greyImage;
using ui::toPlanar;

// --pad none|zero|mirror, shared by `spectrum` and `filter`, and its value (a usage error if unknown).
QCommandLineOption padOption();
extern const char* const kPadHelp;
imaging::PadMode padMode(const QCommandLineParser& parser);
// Padding makes the transform about four times larger: a usage error if that does not fit in memory.
void checkPaddedSize(QSize size, imaging::PadMode mode);

// Writes `image` atomically (see OutputFile); the format follows the file name's suffix. A failure is a
// runtime failure with the system's reason, and OUT keeps what it held.
void writeImage(const QImage& image, const QString& path);
// A usage error, before any work, when the suffix of `path` names no format this installation writes.
void checkOutputImageName(const QString& path);

} // namespace spectrascope::cli
