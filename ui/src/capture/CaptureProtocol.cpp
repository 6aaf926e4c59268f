#include "spectrascope/ui/capture/CaptureProtocol.h"

#include <QStringList>

namespace spectrascope::ui {
namespace {

constexpr qsizetype kHeaderBytes = 5;

bool knownKind(char kind)
{
  switch (CaptureMessageKind(kind)) {
  case CaptureMessageKind::Started:
  case CaptureMessageKind::Samples:
  case CaptureMessageKind::Failed:
  case CaptureMessageKind::Inputs:
    return true;
  }
  return false;
}

} // namespace

QByteArray encodeCaptureMessage(CaptureMessageKind kind, const QByteArray& payload)
{
  const auto length = quint32(payload.size());
  QByteArray message;
  message.reserve(kHeaderBytes + payload.size());
  message.append(char(kind));
  for (int shift = 0; shift < 32; shift += 8)
    message.append(char((length >> shift) & 0xff));
  message.append(payload);
  return message;
}

QByteArray encodeCaptureInputs(const QList<CaptureInput>& inputs)
{
  QByteArray payload;
  for (const CaptureInput& input : inputs) {
    // Tabs and line breaks separate the fields; a description holding one would shift them.
    QString description = input.description;
    description.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    payload += input.id.toUtf8() + '\t' + description.toUtf8() + '\t' + (input.isDefault ? '1' : '0') + '\n';
  }
  return payload;
}

QList<CaptureInput> decodeCaptureInputs(const QByteArray& payload)
{
  QList<CaptureInput> inputs;
  for (const QString& line : QString::fromUtf8(payload).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
    const QStringList fields = line.split(QLatin1Char('\t'));
    if (fields.size() != 3) continue;
    inputs.append({fields[0], fields[1], fields[2] == QLatin1String("1")});
  }
  return inputs;
}

std::optional<CaptureMessage> CaptureMessageReader::next()
{
  if (corrupt_ || buffer_.size() - offset_ < kHeaderBytes) return std::nullopt;
  const auto* header = reinterpret_cast<const unsigned char*>(buffer_.constData() + offset_);
  quint32 length = 0;
  for (int i = 0; i < 4; ++i)
    length |= quint32(header[1 + i]) << (8 * i);
  if (!knownKind(char(header[0])) || length > kMaxPayload) {
    corrupt_ = true;
    return std::nullopt;
  }
  if (buffer_.size() - offset_ < kHeaderBytes + qsizetype(length)) return std::nullopt;
  CaptureMessage message{CaptureMessageKind(header[0]), buffer_.mid(offset_ + kHeaderBytes, length)};
  offset_ += kHeaderBytes + qsizetype(length);
  // Compact once the consumed part dominates, so the buffer does not grow with the stream.
  if (offset_ > 65536 && offset_ * 2 > buffer_.size()) {
    buffer_.remove(0, offset_);
    offset_ = 0;
  }
  return message;
}

} // namespace spectrascope::ui
