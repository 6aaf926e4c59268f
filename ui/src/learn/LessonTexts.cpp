#include "spectrascope/ui/learn/LessonTexts.h"

#include <QCoreApplication>

namespace spectrascope::ui {
namespace {

using spectrascope::learn::Algorithm;

QString tr(const char* text)
{
  return QCoreApplication::translate("LessonTexts", text);
}

} // namespace

QString exponential(const QString& exponent)
{
  return QStringLiteral("<i>e</i><sup>%1</sup>").arg(exponent);
}

QString stagesDeviceRule()
{
  return tr("The stages always run as OpenCL kernels: on the Engine menu's device when it is an OpenCL "
            "one, otherwise on this machine's first OpenCL device (a GPU before the CPU). FFTW has no "
            "stages to stop between, so choosing it does not change where the stages run. Only without "
            "any OpenCL device do they come from the CPU reference.");
}

QString stagesDeviceRuleShort()
{
  return tr("Rule: the stages always run as OpenCL kernels, on the Engine menu's device if it is one, else "
            "on this machine's first OpenCL device; on the CPU only without any.");
}

QString stageDefinitionHtml(Algorithm algorithm)
{
  const QString turn2s = exponential(QStringLiteral("−2π<i>ik</i>/2ˢ"));
  const QString turn2h = exponential(QStringLiteral("−2π<i>ik</i>/2<i>h</i>"));
  const QString turn2m = exponential(QStringLiteral("−2π<i>ik</i>/2<i>m</i>"));
  switch (algorithm) {
  case Algorithm::Radix2Dit:
    return tr("<p><b>What a stage holds.</b> Stage 0 is the input in bit-reversed order (position 1 = 001 "
              "takes sample 4 = 100 when <i>N</i> = 8). Stage <i>s</i> (1 … log₂<i>N</i>) combines pairs "
              "2ˢ⁻¹ apart inside blocks of 2ˢ: with <i>w</i> = %1, <i>k</i> = <i>i</i> mod 2ˢ⁻¹, the "
              "pair (<i>a</i>, <i>b</i>) becomes (<i>a</i> + <i>wb</i>, <i>a</i> − <i>wb</i>). The last "
              "stage is <i>X</i> in natural order.</p>")
        .arg(turn2s);
  case Algorithm::Radix2Dif:
    return tr("<p><b>What a stage holds.</b> Stage 0 is the input. Stage <i>s</i> (1 … log₂<i>N</i>) pairs "
              "element <i>i</i> with <i>i</i> + <i>h</i>, <i>h</i> = <i>N</i>/2ˢ, inside blocks of "
              "2<i>h</i>: with <i>w</i> = %1, <i>k</i> = <i>i</i> mod <i>h</i>, (<i>a</i>, <i>b</i>) "
              "becomes (<i>a</i> + <i>b</i>, (<i>a</i> − <i>b</i>)·<i>w</i>). The last stage holds "
              "<i>X</i> in bit-reversed order; the output puts it back in order.</p>")
        .arg(turn2h);
  case Algorithm::Stockham:
    return tr("<p><b>What a stage holds.</b> Stage 0 is the input. Stage <i>s</i>, with <i>m</i> = 2ˢ⁻¹, "
              "reads one buffer and writes the other: for <i>j</i> = 0 … <i>N</i>/2 − 1 and <i>k</i> = "
              "<i>j</i> mod <i>m</i>, <i>a</i> = <i>x</i>[<i>j</i>], <i>b</i> = <i>w</i>·<i>x</i>[<i>j</i> "
              "+ <i>N</i>/2] with <i>w</i> = %1; then <i>y</i>[2<i>j</i> − <i>k</i>] = <i>a</i> + "
              "<i>b</i> and <i>y</i>[2<i>j</i> − <i>k</i> + <i>m</i>] = <i>a</i> − <i>b</i>. Nothing is "
              "reordered: the last stage is <i>X</i> in natural order.</p>")
        .arg(turn2m);
  case Algorithm::Radix4:
    return tr("<p><b>What a stage holds.</b> Stage 0 is the input in base-4 digit-reversed order. Stage "
              "<i>s</i>, with <i>L</i> = 4ˢ⁻¹, works inside blocks of 4<i>L</i>: for <i>k</i> = 0 … "
              "<i>L</i> − 1 the four elements <i>k</i> + <i>qL</i> (<i>q</i> = 0 … 3) are multiplied by "
              "%1 and replaced by their 4-point DFT. When log₂<i>N</i> is odd the last stage is radix 2 "
              "over the whole array: <i>j</i> pairs with <i>j</i> + <i>N</i>/2, <i>w</i> = %2. The last "
              "stage is <i>X</i> in natural order.</p>")
        .arg(exponential(QStringLiteral("−2π<i>ikq</i>/4<i>L</i>")),
             exponential(QStringLiteral("−2π<i>ij</i>/<i>N</i>")));
  case Algorithm::RegisterExchange:
    return tr("<p><b>What a stage holds.</b> One work-group of <i>T</i> work-items (the Work-items box; "
              "by default <i>N</i>/2, at most 256), each holding <i>R</i> = <i>N</i>/<i>T</i> values in "
              "registers. The stages are those of radix-2 DIF (stage <i>s</i> pairs <i>i</i> with "
              "<i>i</i> + <i>N</i>/2ˢ), each butterfly done by the work-item that holds both values. "
              "Stage 0 is the input as loaded: work-item <i>t</i> holds positions <i>t</i> + <i>T</i>·"
              "<i>m</i>, <i>m</i> = 0 … <i>R</i> − 1. Every log₂<i>R</i> stages the work-items trade "
              "values: those that change work-item pass through local memory (orange rings), the others "
              "stay in registers. The last stage holds <i>X</i> in bit-reversed order; the output puts "
              "it back in order.</p>");
  }
  return {};
}

Lesson stagesLesson(Algorithm algorithm)
{
  Lesson lesson;
  lesson.title = tr("An FFT, one stage at a time");
  lesson.intro =
      tr("Any list of <i>N</i> samples is a sum of waves. The discrete Fourier transform (DFT) says how "
         "much of each wave <i>k</i> = 0 … <i>N</i> − 1 (<i>k</i> whole turns over the <i>N</i> samples) it "
         "holds: <i>X</i>[<i>k</i>] = Σ<sub><i>n</i></sub> <i>x</i>[<i>n</i>]·%1. Done directly that is "
         "<i>N</i>² multiplications. The fast Fourier transform (FFT) gets the same numbers in "
         "<i>N</i>·log₂<i>N</i> by working in log₂<i>N</i> stages; each stage combines values in pairs "
         "(<i>butterflies</i>, the crossing lines), turning one of them first by a <i>twiddle factor</i> "
         "W<sub><i>m</i></sub><sup><i>k</i></sup> = %2, a turn of <i>k</i>/<i>m</i> of a circle.")
          .arg(exponential(QStringLiteral("−2π<i>ikn</i>/<i>N</i>")),
               exponential(QStringLiteral("−2π<i>ik</i>/<i>m</i>")));
  lesson.tryThis = {
      tr("Press <b>Play</b> (Space) or the arrows (← →) and watch the orange butterflies of each stage."),
      tr("Input <b>Impulse</b>: a single 1. Step to the last stage: every <i>X</i>[<i>k</i>] is 1, because "
         "an impulse holds every wave equally."),
      tr("Input <b>Sine</b> with <i>k</i> = 2: at the last stage only <i>X</i>[2] and <i>X</i>[<i>N</i> − 2] "
         "stand out, the wave and its mirror."),
      tr("Change the <b>Algorithm</b>: the paths differ, the last stage does not."),
      tr("Hover a value to read it; switch <b>Values as</b> to Phasors to see each value as an arrow."),
  };
  lesson.lookAt = {
      tr("<b>Bars</b>: the length is the size |<i>x</i>|, the colour the phase, the angle of the value "
         "as an arrow (key under the diagram: 0° points right, +90° up)."),
      tr("<b>Unit circle</b> (right): the twiddle factors this stage turns values by; W₈² is a quarter "
         "turn clockwise, −<i>i</i>."),
      tr("<b>✓ under the buttons</b>: this stage equals the same stage computed in double precision "
         "on the CPU."),
      tr("<b>Last stage</b>: the FFT's bars beside the dots of the direct DFT sum: the same numbers."),
  };
  lesson.details = stageDefinitionHtml(algorithm) +
                   tr("<p><b>Which device computes the stages.</b> %1</p>").arg(stagesDeviceRule());
  return lesson;
}

Lesson rowColumnLesson()
{
  Lesson lesson;
  lesson.title = tr("A picture's 2D FFT: rows, then columns");
  lesson.intro = tr("A picture's spectrum says which stripes (waves across the picture, of every direction "
                    "and spacing) make it up. The 2D transform is done as 1D FFTs: first along every row, "
                    "then along every column of the result.");
  lesson.tryThis = {
      tr("Step with → from the picture to the rows pass to the columns pass."),
      tr("Load a picture in the Image tab: it appears here too."),
      tr("Try a larger size: finer stripes show further from the centre."),
  };
  lesson.lookAt = {
      tr("After the rows pass each row holds its own spectrum; the columns are still the picture's."),
      tr("After the columns pass: the 2D spectrum, slow changes in the middle, fine detail outside."),
      tr("The ✓: the passes equal FFTW's 2D transform of the same picture, computed in double precision."),
  };
  return lesson;
}

Lesson phaseLesson()
{
  Lesson lesson;
  lesson.title = tr("Magnitude or phase: which one holds the picture?");
  lesson.intro =
      tr("Each value of a spectrum is an arrow: its <b>magnitude</b> (length) says how strong a stripe "
         "pattern is, its <b>phase</b> (angle) says where the stripes sit. Here the engine transforms the "
         "picture, keeps only one of the two, and transforms back.");
  lesson.tryThis = {
      tr("Compare <b>magnitude only</b> (every angle set to 0) with <b>phase only</b> (every length set "
         "to 1)."),
      tr("Choose a <b>second picture</b> (Open…, or drop a file on it) and look at the swaps."),
  };
  lesson.lookAt = {
      tr("Magnitude only is a bright blur in the middle: the strengths are there, but with every stripe "
         "at the same place they pile up instead of forming edges."),
      tr("Phase only keeps the outlines: edges are where many stripes line up, and the phase says where."),
      tr("A swap looks like the picture whose <b>phase</b> it has: the phase carries the structure."),
  };
  lesson.details = tr("<p><b>Exactly.</b> With <i>F</i> = FFT2(picture): magnitude only = IFFT2(|<i>F</i>|), "
                      "phase only = IFFT2(<i>F</i>/|<i>F</i>|), swap = IFFT2(|<i>A</i>|·%1). Pictures are "
                      "shown with their darkest and brightest 1 % clipped; magnitude only is shown "
                      "centred, since its peak sits at the corner (0, 0).</p>")
                       .arg(exponential(QStringLiteral("<i>i</i>·arg <i>B</i>")));
  return lesson;
}

Lesson accuracyLesson()
{
  Lesson lesson;
  lesson.title = tr("How exact are the transforms?");
  lesson.intro = tr("Floats hold about 7 decimal digits, so every FFT in single precision is slightly off. "
                    "Here each transform the app runs is computed by the selected engine on random input "
                    "and compared with FFTW in double precision (about 16 digits).");
  lesson.lookAt = {
      tr("<b>Relative error</b> = ‖result − exact‖ / ‖exact‖. 1 × 10⁻⁷ means the first 7 digits are "
         "right."),
      tr("It grows slowly with <i>N</i> (like √log <i>N</i>): each stage adds a little rounding."),
      tr("The reference libraries' figures were measured the same way on an NVIDIA H200, at "
         "<i>N</i> = 64 and <i>N</i> = 2²⁴."),
  };
  return lesson;
}

} // namespace spectrascope::ui
