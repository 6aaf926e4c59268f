// The microphone's banner while capture keeps failing (no audio server: PULSE_SERVER points nowhere):
// its second line must stay true. "Trying again in 1.5 s…" shown for longer than 1.5 s, or shown again
// and again unchanged, tells the user nothing is happening; the countdown counts down, and each time
// it shows agrees with when the next try starts. Judged from the banner's text alone (found by name),
// so the same file builds against the older tab and shows how it failed.
#include "spectrascope/ui/AudioTab.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <optional>

using namespace spectrascope::ui;

namespace {

constexpr int kTimeoutMs = 20000;
constexpr int kWatchMs = 8000;
// How far the moment a countdown promises may drift while it counts (polling, a busy machine).
constexpr double kAgreementS = 0.35;

QString attemptLine(const AudioTab& tab)
{
  const auto* label = tab.findChild<QLabel*>(QStringLiteral("captureAttempt"));
  return label ? label->text() : QString();
}

// The seconds a "Trying again in 1.2 s…" line promises, if it is one.
std::optional<double> promisedSeconds(const QString& line)
{
  static const QRegularExpression countdown(QStringLiteral("Trying again in ([0-9.]+) s"));
  const QRegularExpressionMatch match = countdown.match(line);
  if (!match.hasMatch()) return std::nullopt;
  return match.captured(1).toDouble();
}

} // namespace

class CaptureRetryCountdownTest : public QObject
{
  Q_OBJECT

private slots:
  void retryCountdownCountsDown();
};

void CaptureRetryCountdownTest::retryCountdownCountsDown()
{
  AudioTab tab;
  tab.resize(900, 600);
  tab.show();
  tab.setSource(AudioTab::Source::Microphone);
  QTRY_VERIFY_WITH_TIMEOUT(tab.isMicrophoneLost(), kTimeoutMs);
  // Every 50 ms, the line and the moment it promises the next try: within one wait every line must
  // promise the same moment. A wait ends with another line (a try under way), or, where a try failed
  // between two looks, with a countdown that starts again from a larger number.
  QElapsedTimer clock;
  clock.start();
  std::optional<double> due, lastSeconds;
  int waits = 0, countdownLines = 0;
  QString previous;
  while (clock.elapsed() < kWatchMs) {
    const QString line = attemptLine(tab);
    const double now = clock.elapsed() / 1000.0;
    if (const std::optional<double> seconds = promisedSeconds(line)) {
      ++countdownLines;
      if (lastSeconds && *seconds > *lastSeconds) due.reset();
      lastSeconds = seconds;
      if (!due) {
        due = now + *seconds;
        ++waits;
      }
      QVERIFY2(
          std::abs(now + *seconds - *due) <= kAgreementS,
          qPrintable(QStringLiteral("at %1 s the banner says \"%2\", but the try it waits for was due at "
                                    "%3 s (its countdown began saying so)")
                         .arg(now, 0, 'f', 2)
                         .arg(line)
                         .arg(*due, 0, 'f', 2)));
    } else {
      due.reset(); // a try under way: the next wait promises afresh
      lastSeconds.reset();
    }
    if (line != previous) qInfo("%.2f s: %s", now, qPrintable(line));
    previous = line;
    QTest::qWait(50);
  }
  QVERIFY2(waits >= 2 && countdownLines >= 10,
           qPrintable(QStringLiteral("%1 waits, %2 countdown lines").arg(waits).arg(countdownLines)));
}

QTEST_MAIN(CaptureRetryCountdownTest)
#include "CaptureRetryCountdownTest.moc"
