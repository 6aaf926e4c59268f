#include "spectrascope/ui/PlaceholderPage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace spectrascope::ui {

PlaceholderPage::PlaceholderPage(const QString& title, const QString& sentence, QWidget* parent)
    : QWidget(parent)
{
  auto* heading = new QLabel(title, this);
  QFont headingFont = heading->font();
  // Relative to the platform font, so it scales with the user's font and DPI settings.
  headingFont.setPointSizeF(headingFont.pointSizeF() * 1.6);
  headingFont.setBold(true);
  heading->setFont(headingFont);
  heading->setAlignment(Qt::AlignCenter);

  auto* text = new QLabel(sentence, this);
  text->setObjectName(QStringLiteral("placeholderText"));
  text->setWordWrap(true);
  text->setAlignment(Qt::AlignCenter);
  text->setMaximumWidth(text->fontMetrics().averageCharWidth() * 70); // a readable line length

  auto* layout = new QVBoxLayout(this);
  layout->addStretch();
  layout->addWidget(heading);
  layout->addWidget(text, 0, Qt::AlignHCenter);
  layout->addStretch();
}

} // namespace spectrascope::ui
