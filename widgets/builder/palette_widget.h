#pragma once
// The block palette: every catalog block grouped by category, filtered by a search field, with
// the block's doc line as tooltip. Drag a block onto the canvas, or double-click to add it.

#include <QWidget>

class QLineEdit;
class QTreeWidget;

namespace convstudio {

class PaletteWidget : public QWidget {
  Q_OBJECT

 public:
  explicit PaletteWidget(QWidget* parent = nullptr);

 signals:
  // Double-click or Enter on a block type.
  void blockRequested(const QString& type);

 private:
  void filter(const QString& text);

  QLineEdit* search_ = nullptr;
  QTreeWidget* tree_ = nullptr;
};

}  // namespace convstudio
