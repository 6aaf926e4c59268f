// The capture process's messages survive any cutting of the pipe's bytes, input lists round-trip, and a
// stream that announces an impossible message is refused rather than read as audio.
#include "spectrascope/ui/capture/CaptureProtocol.h"

#include <QTest>

#include <vector>

using namespace spectrascope::ui;

class CaptureProtocolTest : public QObject
{
  Q_OBJECT

private slots:
  void messagesSurviveAnyCut();
  void inputsRoundTrip();
  void anImpossibleLengthMarksTheStreamCorrupt();
};

void CaptureProtocolTest::messagesSurviveAnyCut()
{
  std::vector<float> samples(1000);
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = float(i) / 1000.0f - 0.5f;
  const QByteArray audio(reinterpret_cast<const char*>(samples.data()), qsizetype(samples.size() * 4));
  QByteArray stream = encodeCaptureMessage(CaptureMessageKind::Started, "48000\nA microphone");
  for (int i = 0; i < 200; ++i)
    stream += encodeCaptureMessage(CaptureMessageKind::Samples, audio);
  stream += encodeCaptureMessage(CaptureMessageKind::Failed, "Gone\nThe server went away.");
  for (qsizetype piece : {1, 3, 5, 4096, 65536}) {
    CaptureMessageReader reader;
    std::vector<CaptureMessage> messages;
    for (qsizetype at = 0; at < stream.size(); at += piece) {
      reader.append(stream.mid(at, piece));
      while (auto message = reader.next())
        messages.push_back(*message);
    }
    QCOMPARE(messages.size(), std::size_t(202));
    QCOMPARE(messages.front().kind, CaptureMessageKind::Started);
    QCOMPARE(messages.front().payload, QByteArray("48000\nA microphone"));
    for (std::size_t i = 1; i <= 200; ++i)
      QCOMPARE(messages[i].payload, audio);
    QCOMPARE(messages.back().kind, CaptureMessageKind::Failed);
    QVERIFY(!reader.corrupt());
  }
}

void CaptureProtocolTest::inputsRoundTrip()
{
  const QList<CaptureInput> inputs{{QStringLiteral("alsa_input.usb"), QStringLiteral("USB Mic"), true},
                                   {QStringLiteral("virtual_mic"), QStringLiteral("Sine\tsource"), false}};
  const QList<CaptureInput> back = decodeCaptureInputs(encodeCaptureInputs(inputs));
  QCOMPARE(back.size(), 2);
  QCOMPARE(back[0], inputs[0]);
  QCOMPARE(back[1].description, QStringLiteral("Sine source")); // a tab would have split the fields
  QVERIFY(!back[1].isDefault);
  QVERIFY(decodeCaptureInputs(QByteArray()).isEmpty());
}

void CaptureProtocolTest::anImpossibleLengthMarksTheStreamCorrupt()
{
  CaptureMessageReader reader;
  reader.append(QByteArray("A\xff\xff\xff\x7f", 5));
  QVERIFY(!reader.next());
  QVERIFY(reader.corrupt());
  CaptureMessageReader unknown;
  unknown.append(QByteArray("Z\x00\x00\x00\x00", 5));
  QVERIFY(!unknown.next());
  QVERIFY(unknown.corrupt());
}

QTEST_MAIN(CaptureProtocolTest)
#include "CaptureProtocolTest.moc"
