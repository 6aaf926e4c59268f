// File playback in the Audio tab when the audio server appears while the file plays: Play with no server
// plays for the pictures and says the file is not heard; a PulseAudio server then starts (the wrapper,
// tests/ui/audio/playback_late_server.sh, starts a private one when this test asks), and the sound must
// come by itself, without Pause and Play: the server gets the tab's playback stream and the status line
// goes from "not heard" to "Playing …". The judgements use what the user sees (the status line, the Play
// button) and what the server sees (its clients' playback streams).
#include "PulseServerChecks.h"
#include "spectrascope/ui/AudioTab.h"

#include <QFile>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace spectrascope::ui;
using namespace spectrascope::test;

namespace {

constexpr int kTimeoutMs = 10000;
// A server starting on a loaded two-core machine, then the tab's next try and its output process
// starting there: far longer than either takes on an idle one.
constexpr int kServerStartMs = 30000;
constexpr int kHeardMs = 30000;

// The file whose creation asks the wrapper to start the server (empty: not run by the wrapper).
QString serverRequestPath()
{
  return qEnvironmentVariable("SPECTRASCOPE_TEST_SERVER_REQUEST");
}

bool requestServer()
{
  QFile request(serverRequestPath());
  return request.open(QIODevice::WriteOnly);
}

} // namespace

class PlaybackLateServerTest : public QObject
{
  Q_OBJECT

private slots:
  void aServerStartedDuringPlayIsHeard();
};

void PlaybackLateServerTest::aServerStartedDuringPlayIsHeard()
{
  if (serverRequestPath().isEmpty())
    QSKIP("needs tests/ui/audio/playback_late_server.sh (a private PulseAudio server started on request)");
  QVERIFY2(!serverAnswers(), "a server answers before the test asked for one");
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("tone.wav"));
  QVERIFY(writeToneWav(path, 60));
  AudioTab tab;
  tab.resize(1000, 700);
  tab.show();
  tab.openFile(path);
  QTRY_COMPARE_WITH_TIMEOUT(tab.source(), AudioTab::Source::File, kTimeoutMs);
  auto* play = tab.findChild<QPushButton*>(QStringLiteral("playButton"));
  QVERIFY(play && play->isVisible());

  // Play with no server: the file plays for the pictures, and the line says it is not heard.
  QTest::mouseClick(play, Qt::LeftButton);
  QCOMPARE(play->text(), QStringLiteral("Pause"));
  QTRY_VERIFY2_WITH_TIMEOUT(tab.statusText().contains(QStringLiteral("not heard")),
                            qPrintable(tab.statusText()), kTimeoutMs);
  qInfo("Play without a server: %s", qPrintable(tab.statusText()));
  QTRY_VERIFY_WITH_TIMEOUT(tab.playPositionSeconds() > 0.5, kTimeoutMs);

  // The server starts while the file plays: the sound comes without Pause and Play, and the line says
  // "Playing" with nothing against it.
  QVERIFY(requestServer());
  QTRY_VERIFY2_WITH_TIMEOUT(serverAnswers(), "the private server did not start", kServerStartMs);
  QTRY_VERIFY2_WITH_TIMEOUT(
      tab.statusText().startsWith(QStringLiteral("Playing")) &&
          !tab.statusText().contains(QStringLiteral("not heard")),
      qPrintable(QStringLiteral("%1 s after the server started, the status line still says \"%2\"")
                     .arg(kHeardMs / 1000)
                     .arg(tab.statusText())),
      kHeardMs);
  qInfo("after the server started: %s", qPrintable(tab.statusText()));
  QTRY_COMPARE_WITH_TIMEOUT(playbackStreams(), 1, kTimeoutMs);
  QCOMPARE(play->text(), QStringLiteral("Pause"));
  QVERIFY(tab.isPlaying());

  // Paused, nothing is left open on the server.
  QTest::mouseClick(play, Qt::LeftButton);
  QCOMPARE(play->text(), QStringLiteral("Play"));
  QTRY_COMPARE_WITH_TIMEOUT(playbackStreams(), 0, kTimeoutMs);
}

QTEST_MAIN(PlaybackLateServerTest)
#include "PlaybackLateServerTest.moc"
