#pragma once

class QObject;
class QProcess;

namespace spectrascope::ui {

// Ends a spectrascope-capture process at once, whether it captures or plays: SIGKILL, since a clean
// teardown of Qt 6.4's PulseAudio backend can abort inside libpulse, and the audio server closes a dead
// client's stream by itself. `owner` hears nothing more from it; it is deleted once it has ended.
void endHelperProcessNow(QProcess* process, const QObject* owner);

} // namespace spectrascope::ui
