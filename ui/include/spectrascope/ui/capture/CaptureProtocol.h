#pragma once
// What the capture process (spectrascope-capture) tells the CaptureSupervisor over its standard output:
// a stream of messages, each a one-byte kind, a 4-byte little-endian payload length and the payload.
// Audio travels as raw 32-bit floats (one channel, the device's own rate), everything else as UTF-8
// text. A pipe of bytes needs framing because audio and reports share it; a length prefix keeps the
// reader simple (no escaping) and lets it resynchronise never: the writer is our own program.

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstddef>
#include <optional>

namespace spectrascope::ui {

enum class CaptureMessageKind : char {
  Started = 'S', // "sampleRate\ndescription": the stream is open, audio follows
  Samples = 'A', // float32 samples, native byte order (the reader is on the same machine)
  Failed = 'F',  // "heading\ndetail": the process gives up and exits
  Inputs = 'L',  // one line per input device: "id\tdescription\t1 if default else 0"
};

struct CaptureMessage
{
  CaptureMessageKind kind = CaptureMessageKind::Samples;
  QByteArray payload;
};

// An input device as the capture process sees it (the GUI's own Qt Multimedia may not see the audio
// server at all: one that started after the application is only visible to a newer process).
struct CaptureInput
{
  QString id;
  QString description;
  bool isDefault = false;
  friend bool operator==(const CaptureInput&, const CaptureInput&) = default;
};

QByteArray encodeCaptureMessage(CaptureMessageKind kind, const QByteArray& payload);
QByteArray encodeCaptureInputs(const QList<CaptureInput>& inputs);
QList<CaptureInput> decodeCaptureInputs(const QByteArray& payload);

// Splits the byte stream back into messages, however the pipe cut it.
class CaptureMessageReader
{
public:
  // Payloads larger than this are a broken stream, not a message (a second of 384 kHz audio fits).
  static constexpr std::size_t kMaxPayload = 4 << 20;

  void append(const QByteArray& bytes) { buffer_.append(bytes); }
  // The next whole message, if one has arrived.
  std::optional<CaptureMessage> next();
  // True once a header announced an impossible length: the stream cannot be trusted any more.
  bool corrupt() const { return corrupt_; }

private:
  QByteArray buffer_;
  qsizetype offset_ = 0;
  bool corrupt_ = false;
};

} // namespace spectrascope::ui
