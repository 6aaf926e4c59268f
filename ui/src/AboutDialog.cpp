#include "spectrascope/ui/AboutDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

#ifndef SPECTRASCOPE_VERSION
#error "SPECTRASCOPE_VERSION must be defined by the build (PROJECT_VERSION)"
#endif

namespace spectrascope::ui {

AboutDialog::AboutDialog(const QString& backendSummary, QWidget* parent) : QDialog(parent)
{
  setObjectName(QStringLiteral("aboutDialog"));
  setWindowTitle(tr("About Spectrascope"));

  auto* text = new QLabel(descriptionHtml(backendSummary) + attributionHtml(), this);
  text->setObjectName(QStringLiteral("aboutText"));
  text->setTextFormat(Qt::RichText);
  text->setWordWrap(true);
  text->setOpenExternalLinks(true);
  text->setTextInteractionFlags(Qt::TextBrowserInteraction);
  text->setMinimumWidth(text->fontMetrics().averageCharWidth() * 64);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text);
  layout->addWidget(buttons);
}

QString AboutDialog::version()
{
  return QStringLiteral(SPECTRASCOPE_VERSION);
}

QString AboutDialog::descriptionHtml(const QString& backendSummary)
{
  return tr("<h2>Spectrascope %1</h2>"
            "<p>An interactive spectrum visualizer: see the Fourier spectrum of images and sounds, "
            "filter them in the frequency domain, and learn how the fast Fourier transform works. "
            "Transforms run on an OpenCL GPU when there is one, otherwise on the CPU with FFTW.</p>"
            "<p><b>Engine:</b> %2<br><b>Qt:</b> %3</p>")
      .arg(version(), backendSummary.toHtmlEscaped(), QString::fromLatin1(qVersion()));
}

// Sample images and sounds that ship inside the app will be listed here with their origin and licence
// (see shared/data/README.md for the ones the project uses).
QString AboutDialog::attributionHtml()
{
  return tr("<h3>Sample data</h3>"
            "<p>Sample image shown on first start: <i>coffee.png</i>, a photo by Rachel Michetti, CC0, "
            "from the scikit-image sample data (Debian python3-skimage).</p>"
            "<h3>Third-party software</h3>"
            "<ul>"
            "<li>Qt %1 — LGPL-3.0</li>"
            "<li>FFTW 3 — GPL-2.0-or-later</li>"
            "<li>Khronos OpenCL C++ bindings — Apache-2.0</li>"
            "<li>libsndfile — LGPL-2.1-or-later (reads the Audio tab's files)</li>"
            "</ul>")
      .arg(QString::fromLatin1(qVersion()));
}

} // namespace spectrascope::ui
