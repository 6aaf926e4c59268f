#pragma once
// The image file formats the Image tab and the CLI open, and which of them this installation can read.
//
// Qt decodes PNG, BMP, GIF, PBM/PGM/PPM and JPEG with plugins shipped with Qt Gui itself; TIFF and WebP
// come from separate plugins (Debian: qt6-image-formats-plugins) that may be missing. Everything that
// names formats to a person (open and save dialogs, error messages) asks here, so it never claims a format
// that QImageReader cannot read on this machine, and a file in a known format whose plugin is missing is
// refused with the format's name and the package to install. QtGui only (the CLI uses it); thread-safe.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace spectrascope::ui::image {

struct ImageFormat
{
  QString name;         // as people say it: "TIFF"
  QByteArrayList keys;  // QImageReader's format names: "tif", "tiff"
  QStringList suffixes; // file name suffixes, lower case
  QString package;      // the Debian package whose Qt plugin reads it
};

// The formats named in the open dialog and the messages, readable here or not.
const std::vector<ImageFormat>& knownImageFormats();

bool canRead(const ImageFormat& format);
bool canWrite(const ImageFormat& format);

// The known format the file's first bytes say it is, else the one its suffix names; none if neither.
std::optional<ImageFormat> guessImageFormat(const QString& path);

// "PNG, JPEG, BMP, …": the known formats QImageReader reads here.
QString readableFormatNames();

// Why QImageReader cannot read `path` when it reports an unsupported format: the format and the missing
// plugin's package when the file is in a known format that this installation cannot read, otherwise
// that the file is in none of the readable formats (listed).
QString unsupportedFormatReason(const QString& path);

// Why a file that starts as a JPEG is cut short, or empty if it is not a JPEG or not cut short. Qt's JPEG
// reader only warns about a missing end and fills the rest grey, so the file's segments and scans are
// walked to its end-of-image marker (what follows that marker, a phone's trailer say, does not matter).
QString truncatedJpegReason(const QString& path);

// File dialog filters built from what can be read here, "Images (*.png *.jpg …);;PNG (*.png);;…;;All
// files (*)", and written here, "PNG (*.png);;JPEG (*.jpg *.jpeg);;…" (PNG first: the default).
QString openDialogFilter();
QString saveDialogFilter();

} // namespace spectrascope::ui::image
