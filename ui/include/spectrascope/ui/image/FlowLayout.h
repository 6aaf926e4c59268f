#pragma once
// A layout that places its items left to right and starts a new line when the next one would not fit,
// like words in a paragraph. Control rows laid out with it never hide anything behind a toolbar's "»"
// menu and never make the window wider than the screen: on a narrow or scaled screen they take another
// line instead. Heights follow from the width (heightForWidth).

#include <QLayout>
#include <QList>

namespace spectrascope::ui::image {

class FlowLayout : public QLayout
{
public:
  explicit FlowLayout(QWidget* parent = nullptr, int spacing = 4);
  ~FlowLayout() override;

  void addItem(QLayoutItem* item) override;
  int count() const override { return int(items_.size()); }
  QLayoutItem* itemAt(int index) const override { return items_.value(index); }
  QLayoutItem* takeAt(int index) override;
  Qt::Orientations expandingDirections() const override { return {}; }
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
  QSize minimumSize() const override;
  QSize sizeHint() const override;
  void setGeometry(const QRect& rect) override;

private:
  // Places the items in `rect` (or only measures, when !apply); returns the height used.
  int arrange(const QRect& rect, bool apply) const;

  QList<QLayoutItem*> items_;
};

} // namespace spectrascope::ui::image
