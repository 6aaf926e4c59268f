#pragma once
// Whether a file to open is a picture or a sound. File managers and scripts hand over names whatever
// their extension (a recording saved as .dat, a photo without one), so the content decides; only a file
// that cannot be read falls back to its name, so that the tab it goes to can say what is wrong with it.

#include <QString>

namespace spectrascope::gui {

enum class FileKind { Image, Sound };

FileKind fileKindOf(const QString& path);

} // namespace spectrascope::gui
