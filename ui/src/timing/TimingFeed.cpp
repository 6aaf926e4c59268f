#include "spectrascope/ui/timing/TimingFeed.h"

namespace spectrascope::ui {

TimingFeed::TimingFeed(QObject* parent) : QObject(parent)
{
  qRegisterMetaType<spectrascope::ExecutionReport>();
}

void TimingFeed::publish(const QString& source, const ExecutionReport& report)
{
  emit reportPublished(source, report);
}

} // namespace spectrascope::ui
