#pragma once
// The plain-language guide beside each Learn page: what the page shows, what to try, what to look at,
// and the exact definition below. Rich text (typeset maths), wrapped to the panel's width; it scrolls
// rather than cut anything off when the window is small.

#include <QStringList>
#include <QTextBrowser>

namespace spectrascope::ui {

struct Lesson
{
  QString title;
  QString intro;       // HTML: a short paragraph
  QStringList tryThis; // HTML items
  QStringList lookAt;  // HTML items
  QString details;     // HTML: the exact definition, may be empty
};

class LessonGuide : public QTextBrowser
{
  Q_OBJECT

public:
  explicit LessonGuide(QWidget* parent = nullptr);

  void setLesson(const Lesson& lesson);
  QSize sizeHint() const override { return {300, 400}; }
  QSize minimumSizeHint() const override { return {170, 120}; }

  static QString toHtml(const Lesson& lesson);
};

} // namespace spectrascope::ui
