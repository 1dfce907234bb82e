#pragma once
// The Problems dock: every error of the model, one row each; activating a row focuses the block.

#include <QTreeWidget>

namespace convstudio {

class GraphDocument;

class ProblemsWidget : public QTreeWidget {
  Q_OBJECT

 public:
  explicit ProblemsWidget(GraphDocument* document, QWidget* parent = nullptr);

 signals:
  void blockActivated(const QString& id);
  void problemCountChanged(int count);

 private:
  void refresh();

  GraphDocument* document_;
};

}  // namespace convstudio
