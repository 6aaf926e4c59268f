#pragma once
// The words of the Learn pages, for a student who has never met an FFT: each page's introduction, what
// to try, what to look at, and the exact stage definitions, with the maths typeset (Unicode and HTML:
// W₈³, e^(−2πik/N) as a superscript). Kept apart from the pages so the wording can be read and reviewed
// in one place, and so the pages hold only layout and behaviour.

#include "spectrascope/engine/learn/Algorithm.h"
#include "spectrascope/ui/learn/LessonGuide.h"

namespace spectrascope::ui {

Lesson stagesLesson(spectrascope::learn::Algorithm algorithm);
Lesson rowColumnLesson();
Lesson phaseLesson();
Lesson accuracyLesson();

// What each stage of `algorithm` holds, as one HTML paragraph.
QString stageDefinitionHtml(spectrascope::learn::Algorithm algorithm);
// The fixed rule for which device computes the stages, in one sentence.
QString stagesDeviceRule();
// The same rule in a line, for beside the device's name.
QString stagesDeviceRuleShort();
// e<sup>exponent</sup>, the twiddle notation W<sub>m</sub><sup>k</sup>.
QString exponential(const QString& exponent);

} // namespace spectrascope::ui
