#include "spectrascope/ui/ErrorReport.h"

#include <QMessageBox>

namespace spectrascope::ui {

ErrorReport::ErrorReport(QWidget* window) : QObject(window), window_(window) {}

void ErrorReport::report(Origin origin, const QString& heading, const QString& detail)
{
  // The same failure twice (a device retried) is one entry, brought to the end.
  entries_.removeIf([&](const Entry& e) { return e.heading == heading && e.detail == detail; });
  entries_.append({origin, heading, detail});
  refresh();
}

void ErrorReport::withdraw(Origin origin)
{
  if (entries_.removeIf([&](const Entry& e) { return e.origin == origin; }) > 0) refresh();
}

void ErrorReport::refresh()
{
  if (entries_.isEmpty()) {
    if (box_) box_->close();
    return;
  }
  if (!box_) {
    box_ =
        new QMessageBox(QMessageBox::Warning, QStringLiteral("Spectrascope"), {}, QMessageBox::Ok, window_);
    box_->setObjectName(QStringLiteral("engineErrorBox"));
    box_->setAttribute(Qt::WA_DeleteOnClose);
    box_->setModal(false);
    // Read and dismissed: what it said is gone from the box (the status bar said it too).
    connect(box_, &QMessageBox::finished, this, [this] { entries_.clear(); });
  }
  if (entries_.size() == 1) {
    box_->setText(entries_.front().heading);
    box_->setInformativeText(entries_.front().detail);
  } else {
    box_->setText(tr("%n problems", nullptr, int(entries_.size())));
    QStringList parts;
    for (const Entry& e : entries_)
      parts << QStringLiteral("<b>%1</b><br>%2")
                   .arg(e.heading.toHtmlEscaped(),
                        e.detail.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    box_->setInformativeText(parts.join(QStringLiteral("<br><br>")));
  }
  box_->show();
}

} // namespace spectrascope::ui
