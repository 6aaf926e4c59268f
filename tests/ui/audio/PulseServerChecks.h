#pragma once
// What the playback tests ask of a private PulseAudio server (tests/support/virtual_microphone.sh starts
// one; PULSE_SERVER points at it): whether it answers, and how many playback streams its clients hold
// (one while the Audio tab is heard). And a file to play that outlasts the test.

#include <QByteArray>
#include <QDataStream>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <cmath>
#include <numbers>

namespace spectrascope::test {

// `seconds` of a 440 Hz tone at half scale, 48 kHz mono 16-bit PCM.
inline bool writeToneWav(const QString& path, int seconds)
{
  constexpr int kRate = 48000;
  const quint32 frames = quint32(seconds) * kRate, dataBytes = frames * 2;
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  QDataStream out(&file);
  out.setByteOrder(QDataStream::LittleEndian);
  out.writeRawData("RIFF", 4);
  out << quint32(36 + dataBytes);
  out.writeRawData("WAVEfmt ", 8);
  out << quint32(16) << quint16(1) << quint16(1) << quint32(kRate) << quint32(kRate * 2) << quint16(2)
      << quint16(16);
  out.writeRawData("data", 4);
  out << quint32(dataBytes);
  for (quint32 i = 0; i < frames; ++i)
    out << qint16(std::lround(16384 * std::sin(2 * std::numbers::pi * 440.0 * i / kRate)));
  return out.status() == QDataStream::Ok;
}

// What the server says (-1: it does not answer).
inline QByteArray pactl(const QStringList& arguments)
{
  QProcess process;
  process.start(QStringLiteral("pactl"), arguments);
  if (!process.waitForFinished(5000) || process.exitCode() != 0) return "-1";
  return process.readAllStandardOutput();
}

inline bool serverAnswers()
{
  return pactl({QStringLiteral("info")}) != "-1";
}

// Clients' playback streams on the server: one while the tab is heard; -1 when it does not answer.
inline int playbackStreams()
{
  const QByteArray listing =
      pactl({QStringLiteral("list"), QStringLiteral("short"), QStringLiteral("sink-inputs")});
  return listing == "-1" ? -1 : int(listing.count("protocol-native"));
}

} // namespace spectrascope::test
