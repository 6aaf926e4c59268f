// File playback in the Audio tab against a real PulseAudio server (tests/ui/audio/playback_server_loss.sh
// starts a private one whose only sink is `silence`, and brings it back 6 s after it is killed): the
// server dies while a file plays, and the tab must say so where the user reads (the status line), pause
// where the sound stopped, and keep the file open; Play while the server is gone says the file is not
// heard; once the server is back, Play plays aloud again. The judgements use what the user sees (the status
// line, the Play button, the cursor) and what the server sees (its clients' playback streams), so the same
// file builds against the older tab and shows how it failed.
#include "PulseServerChecks.h"
#include "spectrascope/ui/AudioTab.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <csignal>

using namespace spectrascope::ui;
using namespace spectrascope::test;

namespace {

constexpr int kTimeoutMs = 10000;
// Longer than the gap the wrapper leaves before the server comes back (6 s), plus its start.
constexpr int kServerBackMs = 15000;

int serverPid()
{
  return qEnvironmentVariableIntValue("SPECTRASCOPE_TEST_PULSE_PID");
}

} // namespace

class PlaybackServerLossTest : public QObject
{
  Q_OBJECT

private slots:
  void lostServerPausesPlaybackAndPlayWorksWhenItIsBack();
};

void PlaybackServerLossTest::lostServerPausesPlaybackAndPlayWorksWhenItIsBack()
{
  if (serverPid() <= 0) QSKIP("needs tests/ui/audio/playback_server_loss.sh (a private PulseAudio server)");
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

  // Played aloud: the server has our stream, the cursor moves.
  QTest::mouseClick(play, Qt::LeftButton);
  QCOMPARE(play->text(), QStringLiteral("Pause"));
  QTRY_COMPARE_WITH_TIMEOUT(playbackStreams(), 1, kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(tab.playPositionSeconds() > 1.0, kTimeoutMs);
  QVERIFY2(!tab.statusText().contains(QStringLiteral("not heard")), qPrintable(tab.statusText()));

  // The server dies: the tab says so in words, offers Play again, and the cursor stays where the sound
  // stopped. The file stays open and shown.
  const double atKill = tab.playPositionSeconds();
  QVERIFY(::kill(pid_t(serverPid()), SIGKILL) == 0);
  QTRY_VERIFY2_WITH_TIMEOUT(
      tab.statusText().contains(QStringLiteral("Sound output lost")),
      qPrintable(QStringLiteral("status line: \"%1\", button: \"%2\"").arg(tab.statusText(), play->text())),
      kTimeoutMs);
  qInfo("after the kill: %s", qPrintable(tab.statusText()));
  QCOMPARE(play->text(), QStringLiteral("Play"));
  QVERIFY(!tab.isPlaying());
  const double stoppedAt = tab.playPositionSeconds();
  QVERIFY2(stoppedAt >= atKill && stoppedAt < atKill + 1.0,
           qPrintable(QStringLiteral("killed at %1 s, stopped at %2 s").arg(atKill).arg(stoppedAt)));
  QTest::qWait(1000);
  QCOMPARE(tab.playPositionSeconds(), stoppedAt);
  QCOMPARE(tab.source(), AudioTab::Source::File);
  QVERIFY(tab.showsFileView());
  QVERIFY(std::abs(tab.fileSeconds() - 60.0) < 1e-6);

  // Play while there is no server: the file plays for the pictures, and the line says it is not heard
  // and why, rather than promise sound. Paused again, it waits for the server.
  QVERIFY2(!serverAnswers(), "the server came back too early for this test");
  QTest::mouseClick(play, Qt::LeftButton);
  QCOMPARE(play->text(), QStringLiteral("Pause"));
  QTRY_VERIFY2_WITH_TIMEOUT(tab.statusText().contains(QStringLiteral("not heard")),
                            qPrintable(tab.statusText()), kTimeoutMs);
  qInfo("Play without a server: %s", qPrintable(tab.statusText()));
  QTRY_VERIFY_WITH_TIMEOUT(tab.playPositionSeconds() > stoppedAt + 0.2, kTimeoutMs);
  QTest::mouseClick(play, Qt::LeftButton);
  QCOMPARE(play->text(), QStringLiteral("Play"));
  const double resumeFrom = tab.playPositionSeconds();

  // The server is back: Play plays aloud again, from where it stopped.
  QTRY_VERIFY_WITH_TIMEOUT(serverAnswers(), kServerBackMs);
  QTest::mouseClick(play, Qt::LeftButton);
  QCOMPARE(play->text(), QStringLiteral("Pause"));
  QVERIFY2(tab.statusText().startsWith(QStringLiteral("Playing")), qPrintable(tab.statusText()));
  QTRY_COMPARE_WITH_TIMEOUT(playbackStreams(), 1, kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(tab.playPositionSeconds() > resumeFrom + 1.0, kTimeoutMs);
  QVERIFY2(tab.statusText().startsWith(QStringLiteral("Playing")) &&
               !tab.statusText().contains(QStringLiteral("not heard")),
           qPrintable(tab.statusText()));
  QTest::mouseClick(play, Qt::LeftButton);
  QCOMPARE(play->text(), QStringLiteral("Play"));
  QTRY_COMPARE_WITH_TIMEOUT(playbackStreams(), 0, kTimeoutMs); // paused, nothing left open on the server
}

QTEST_MAIN(PlaybackServerLossTest)
#include "PlaybackServerLossTest.moc"
