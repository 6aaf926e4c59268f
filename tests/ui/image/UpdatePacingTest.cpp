// When mask edits get previews and when the full result: edits in quick succession or within a gesture
// preview; the full update comes once the input has been still for the idle interval, or at the gesture's
// end, and never mid-gesture however long the hand pauses.
#include "spectrascope/ui/image/UpdatePacing.h"
#include "spectrascope/ui/image/MaskEditor.h"

#include <QSignalSpy>
#include <QTest>

using spectrascope::ui::image::MaskEditor;
using spectrascope::ui::image::MaskState;
using spectrascope::ui::image::UpdatePacing;

class UpdatePacingTest : public QObject
{
  Q_OBJECT

private slots:
  void aLoneEditIsFullSize();
  void rapidEditsPreviewThenOneFullUpdate();
  void aGesturePreviewsUntilItEnds();
};

namespace {

void nudge(MaskEditor& editor, double cutoff)
{
  editor.edit(QStringLiteral("cutoff"), [cutoff](MaskState& s) { s.spec.cutoff = cutoff; });
}

} // namespace

void UpdatePacingTest::aLoneEditIsFullSize()
{
  MaskEditor editor;
  UpdatePacing pacing(&editor, nullptr);
  QSignalSpy due(&pacing, &UpdatePacing::fullUpdateDue);
  nudge(editor, 0.1);
  pacing.maskChanged();
  QVERIFY(!pacing.previewing());
  QTest::qWait(UpdatePacing::kIdleMs * 3);
  QCOMPARE(due.count(), 0); // it was full size already: nothing follows
}

void UpdatePacingTest::rapidEditsPreviewThenOneFullUpdate()
{
  MaskEditor editor;
  UpdatePacing pacing(&editor, nullptr);
  QSignalSpy due(&pacing, &UpdatePacing::fullUpdateDue);
  pacing.maskChanged();
  for (int i = 0; i < 4; ++i) {
    pacing.maskChanged(); // keys or the wheel: closer together than the idle interval
    QVERIFY(pacing.previewing());
  }
  QCOMPARE(due.count(), 0);
  QTRY_COMPARE_WITH_TIMEOUT(due.count(), 1, UpdatePacing::kIdleMs * 10);
  QVERIFY(!pacing.previewing());
  QTest::qWait(UpdatePacing::kIdleMs * 3);
  QCOMPARE(due.count(), 1);
}

void UpdatePacingTest::aGesturePreviewsUntilItEnds()
{
  MaskEditor editor;
  UpdatePacing pacing(&editor, nullptr);
  QSignalSpy due(&pacing, &UpdatePacing::fullUpdateDue);
  editor.beginGesture();
  for (double cutoff : {0.1, 0.2}) {
    editor.updateGesture([cutoff](MaskState& s) { s.spec.cutoff = cutoff; });
    pacing.maskChanged();
    QVERIFY(pacing.previewing());
    QTest::qWait(UpdatePacing::kIdleMs * 3); // a slow hand
  }
  QCOMPARE(due.count(), 0);
  QVERIFY(pacing.previewing());
  editor.endGesture(QStringLiteral("cutoff"));
  QCOMPARE(due.count(), 1);
  QVERIFY(!pacing.previewing());
}

QTEST_GUILESS_MAIN(UpdatePacingTest)
#include "UpdatePacingTest.moc"
