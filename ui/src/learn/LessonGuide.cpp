#include "spectrascope/ui/learn/LessonGuide.h"

#include <QScrollBar>

namespace spectrascope::ui {
namespace {

QString list(const QStringList& items)
{
  QString html = QStringLiteral("<ul style=\"margin-left: 0px; -qt-list-indent: 1;\">");
  for (const QString& item : items)
    html += QStringLiteral("<li>%1</li>").arg(item);
  return html + QStringLiteral("</ul>");
}

} // namespace

LessonGuide::LessonGuide(QWidget* parent) : QTextBrowser(parent)
{
  setObjectName(QStringLiteral("learnGuide"));
  setFrameShape(QFrame::NoFrame);
  setOpenExternalLinks(false);
  setLineWrapMode(QTextEdit::WidgetWidth);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // text wraps; nothing is wider than the panel
  setFocusPolicy(Qt::NoFocus);                          // the arrow keys keep stepping the stages
  // The page's background, so the guide reads as part of the page rather than an input field.
  QPalette p = palette();
  p.setColor(QPalette::Base, p.color(QPalette::Window));
  setPalette(p);
}

QString LessonGuide::toHtml(const Lesson& lesson)
{
  QString html = QStringLiteral("<h3>%1</h3><p>%2</p>").arg(lesson.title, lesson.intro);
  if (!lesson.tryThis.isEmpty()) html += tr("<p><b>Try this</b></p>") + list(lesson.tryThis);
  if (!lesson.lookAt.isEmpty()) html += tr("<p><b>What to look at</b></p>") + list(lesson.lookAt);
  if (!lesson.details.isEmpty()) html += lesson.details;
  return html;
}

void LessonGuide::setLesson(const Lesson& lesson)
{
  const int scroll = verticalScrollBar()->value();
  setHtml(toHtml(lesson));
  verticalScrollBar()->setValue(scroll); // a new algorithm's definition keeps the reader's place
}

} // namespace spectrascope::ui
