#pragma once
// The timings of the last engine call, from whichever tab made it. MainWindow owns one feed and hands it
// to the tabs; a tab calls publish() after each engine call it wants shown, and the Timings panel
// listens. publish() may be called from any thread: the signal reaches GUI-thread receivers queued.

#include "spectrascope/engine/Timing.h"

#include <QMetaType>
#include <QObject>
#include <QString>

Q_DECLARE_METATYPE(spectrascope::ExecutionReport)

namespace spectrascope::ui {

class TimingFeed : public QObject
{
  Q_OBJECT

public:
  explicit TimingFeed(QObject* parent = nullptr);

  // `source` names the tab or tool ("Image", "Audio", "Benchmark").
  void publish(const QString& source, const ExecutionReport& report);

signals:
  void reportPublished(const QString& source, const spectrascope::ExecutionReport& report);
};

} // namespace spectrascope::ui
