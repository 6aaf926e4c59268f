#pragma once
// Layout checks shared by the UI tests: does a window fit a given screen without hiding anything?
//
//   spectrascope::test::showAsOnScreen(window, QSize(1366, 768)); // or QSize(1920, 1080) at scale 2
//   const QStringList problems = spectrascope::test::layoutProblems(window);
//   spectrascope::test::saveScreenshot(window, QStringLiteral("image-tab-1366x768"));
//   QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
//
// A problem is anything a user would have to look for: a toolbar whose "»" extension button shows (its
// last controls are hidden behind it), a horizontal scroll bar, a window that cannot shrink to the screen.
// Only visible widgets count, so a check covers the tab in front; switch tabs and check again for the
// others. Screenshots go to $SPECTRASCOPE_TEST_SCREENSHOTS when it is set (nothing is written otherwise),
// so that a failing layout can be looked at.

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QDir>
#include <QScrollBar>
#include <QString>
#include <QStringList>
#include <QTest>
#include <QToolBar>
#include <QWidget>
#include <QWindow>

namespace spectrascope::test {

// Shows `window` maximised on a screen of `screenPixels` physical pixels (as a desktop would, less a
// panel of 40 pixels), at the current device pixel ratio (QT_SCALE_FACTOR=2 halves the logical size).
// Returns the logical size given to the window.
inline QSize showAsOnScreen(QWidget& window, QSize screenPixels, int panelPixels = 40)
{
  window.show();
  const double ratio = window.devicePixelRatioF();
  const QSize logical(int(screenPixels.width() / ratio), int((screenPixels.height() - panelPixels) / ratio));
  window.resize(logical);
  // Offscreen and Xvfb expose at once; were it late, the layout checks that follow would say what is wrong.
  static_cast<void>(QTest::qWaitForWindowExposed(&window));
  // Layouts settle over a few posted events (toolbars re-lay out once their widgets have their sizes).
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QTest::qWait(20);
  }
  return window.size();
}

inline QString nameOf(const QWidget* widget)
{
  QString path;
  for (const QWidget* w = widget; w && !w->isWindow(); w = w->parentWidget())
    if (!w->objectName().isEmpty()) {
      path = path.isEmpty() ? w->objectName() : w->objectName() + QLatin1Char('/') + path;
      break;
    }
  return (path.isEmpty() ? QString() : path + QLatin1Char(' ')) +
         QString::fromLatin1(widget->metaObject()->className());
}

// Every way in which the visible part of `window` does not fit its current size, in words; empty if it fits.
inline QStringList layoutProblems(const QWidget& window)
{
  QStringList problems;
  for (const QToolBar* bar : window.findChildren<QToolBar*>()) {
    if (!bar->isVisible()) continue;
    const auto* extension = bar->findChild<QWidget*>(QStringLiteral("qt_toolbar_ext_button"));
    if (extension && extension->isVisible()) {
      QStringList hidden;
      for (QAction* action : bar->actions()) {
        const QWidget* shown = bar->widgetForAction(action);
        if (!action->isSeparator() && action->isVisible() && (!shown || !shown->isVisible()))
          hidden << (action->text().isEmpty() && shown ? nameOf(shown) : action->text());
      }
      problems << QStringLiteral("%1 hides %2 behind »").arg(nameOf(bar), hidden.join(QStringLiteral(", ")));
    }
  }
  for (const QAbstractScrollArea* area : window.findChildren<QAbstractScrollArea*>()) {
    if (!area->isVisible()) continue;
    const QScrollBar* bar = area->horizontalScrollBar();
    // Scroll bars that are always on are the widget's choice (a long table), not an overflow.
    if (bar->isVisible() && area->horizontalScrollBarPolicy() == Qt::ScrollBarAsNeeded)
      problems << QStringLiteral("%1 scrolls sideways (%2 px more than its %3)")
                      .arg(nameOf(area))
                      .arg(bar->maximum())
                      .arg(area->viewport()->width());
  }
  const QSize least = window.minimumSizeHint().expandedTo(window.minimumSize());
  if (least.width() > window.width() || least.height() > window.height())
    problems << QStringLiteral("the window needs %1 x %2, more than its %3 x %4")
                    .arg(least.width())
                    .arg(least.height())
                    .arg(window.width())
                    .arg(window.height());
  return problems;
}

// Saves the window as `name`.png under $SPECTRASCOPE_TEST_SCREENSHOTS; returns the path, or an empty string
// when the variable is unset or the file could not be written.
inline QString saveScreenshot(QWidget& window, const QString& name)
{
  const QString dir = qEnvironmentVariable("SPECTRASCOPE_TEST_SCREENSHOTS");
  if (dir.isEmpty() || !QDir().mkpath(dir)) return {};
  const QString path = QDir(dir).filePath(name + QStringLiteral(".png"));
  return window.grab().save(path) ? path : QString();
}

} // namespace spectrascope::test
