#pragma once
// Saving what the user asked for without ever costing them what the path held. The bytes go to a
// temporary beside the target (QSaveFile), every write is checked, and only a complete, flushed file
// replaces it; on any failure the target is as it was and no temporary remains. Images are encoded in
// memory first, so an encoder never meets a full disk half way (libpng then says only "Write Error").
//
// Thread-safe: meant for the worker threads that save in the background.

#include <QByteArray>
#include <QString>

class QImage;

namespace spectrascope::ui {

// Writes `bytes` to `path`; empty on success, otherwise why not, in the system's words where it has
// them ("No space left on device").
QString saveFile(const QString& path, const QByteArray& bytes);

// Encodes `image` as `format` ("png", "jpg", ...) and saves it as above.
QString saveImage(const QString& path, const QImage& image, const QByteArray& format);

} // namespace spectrascope::ui
