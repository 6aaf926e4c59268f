#include "spectrascope/ui/PlaceholderPage.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace spectrascope::ui {

PlaceholderPage::PlaceholderPage(const QString& title, const QString& sentence, QWidget* parent)
    : QWidget(parent)
{
  auto* heading = new QLabel(title);
  QFont headingFont = heading->font();
  // Relative to the platform font, so it scales with the user's font and DPI settings.
  headingFont.setPointSizeF(headingFont.pointSizeF() * 1.6);
  headingFont.setBold(true);
  heading->setFont(headingFont);
  heading->setAlignment(Qt::AlignCenter);

  auto* text = new QLabel(sentence);
  text->setObjectName(QStringLiteral("placeholderText"));
  text->setWordWrap(true);
  text->setAlignment(Qt::AlignCenter);

  // The text column is as wide as the page up to a readable line length (about 70 characters). The
  // labels get their width from the layout, not from an alignment flag, so word wrap can size their
  // height for it.
  auto* column = new QWidget;
  column->setMaximumWidth(text->fontMetrics().averageCharWidth() * 70);
  auto* columnLayout = new QVBoxLayout(column);
  columnLayout->addStretch();
  columnLayout->addWidget(heading);
  columnLayout->addWidget(text);
  columnLayout->addStretch();

  auto* layout = new QHBoxLayout(this);
  layout->addStretch(1);
  layout->addWidget(column, 100); // takes all it may; the stretches share what is left
  layout->addStretch(1);
}

} // namespace spectrascope::ui
